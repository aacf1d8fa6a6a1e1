"""A round's tables as matches: the rows that open them, and a finished table read back as
the formats count it (who sat where, in which place)."""

from __future__ import annotations

import random

from bot.errors import Refusal
from bot.play.lobby import free_ai_names
from bot.play.sessions import load_game
from bot.storage import MatchExtra, MatchRecord, MatchStatus, NewMatch, Seat, TournamentTable
from bot.storage.base import match_insert
from bot.storage.statements import Statement
from bot.tournament import formats
from bot.tournament.document import Document
from bot.tournament.formats import Played
from engines.base import GAMES


def table_of(match: MatchRecord) -> TournamentTable:
    """Which table of its tournament the match is (this module writes `extra.table`); a
    match that lost its mark counts as table 1 of round 0, which no round waits on."""
    return match.extra.table or TournamentTable(0, 1)


def table_inserts(
    doc: Document, seats: tuple[tuple[int | None, ...], ...], now: float
) -> list[Statement]:
    """The INSERTs of a round's tables: each seats its entrants (None: an AI seat at the
    game's strongest level), is played in a thread of its own at the tournament's pace,
    and is unrated when the tournament is."""
    inserts = []
    for number, table in enumerate(seats):
        placed = _placed(doc, table)
        # The formats list a table strongest first: who plays first (and, in team games,
        # who partners whom) is drawn instead, the same way again after a restart.
        random.Random(f"{doc.record.id}:{doc.round}:{number}").shuffle(placed)
        host = next(user for user in table if user is not None)
        inserts.append(_insert(doc, placed, host, (doc.round, number + 1), now))
    return inserts


def replay_insert(doc: Document, match: MatchRecord, now: float) -> Statement:
    """The INSERT of a table played again: the same round, number and seats in the same
    order; an entrant who plays no further is an AI seat now. Refused when no entrant
    at the table plays on."""
    still_in = {e.user_id for e in doc.still_in()}
    table = tuple(user if user in still_in else None for user in seat_users(match))
    if not any(user is not None for user in table):
        raise Refusal("tournament_replay_nobody")
    host = next(user for user in table if user is not None)
    where = (table_of(match).round, table_of(match).table)
    return _insert(doc, _placed(doc, table), host, where, now)


def _placed(doc: Document, table: tuple[int | None, ...]) -> list[Seat]:
    names = doc.names()
    members = [names[user] for user in table if user is not None]
    ai_names = free_ai_names(members)
    level = GAMES[doc.record.game].ai_levels[-1]
    return [
        Seat(names[user], user) if user is not None else Seat(next(ai_names), ai=level)
        for user in table
    ]


def _insert(
    doc: Document, placed: list[Seat], host: int, where: tuple[int, int], now: float
) -> Statement:
    """One table's INSERT; `where` is its round and its number in the round."""
    record, terms = doc.record, doc.terms
    rounds = max(formats.total_rounds(doc.progress()), doc.round)
    round_, number = where
    # The table names itself by these (its card, its thread), not by the game's rounds.
    extra = MatchExtra(
        where="thread", table=TournamentTable(round_, number, rounds), unrated=not terms.rated
    )
    return match_insert(
        NewMatch(
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            game=record.game,
            host_id=host,
            seats=placed,
            options=dict(terms.options),
            pace=terms.pace,
            extra=extra,
            tournament_id=record.id,
        ),
        now=now,
    )


def seat_users(match: MatchRecord) -> tuple[int | None, ...]:
    """Whose each seat is: its member (also one who left, the AI playing on), or None for
    an AI seat."""
    left = match.extra.left
    return tuple(seat.user_id or left.get(str(i)) for i, seat in enumerate(match.seats))


def has_result(match: MatchRecord) -> bool:
    """Whether a closed table was played to a result the formats can count."""
    return match.status == MatchStatus.FINISHED and match.quarantine is None


def played_table(match: MatchRecord) -> Played:
    """A table played to its result, as the formats count it."""
    game = load_game(match)
    outcome = game.outcome() if game is not None else None
    if outcome is None:  # a finished match always has one; never count what it lacks
        return unplayed_table(match)
    return Played(table_of(match).round, seat_users(match), tuple(outcome.places))


def unplayed_table(match: MatchRecord) -> Played:
    """A table counted as unplayed: its seats share the points of all its places."""
    seats = seat_users(match)
    return Played(table_of(match).round, seats, (1,) * len(seats), unplayed=True)


def absent(match: MatchRecord) -> list[int]:
    """Members seated at the table who never made a move there themselves."""
    moved = set(match.extra.moved)
    return [
        user
        for seat, user in enumerate(seat_users(match))
        if user is not None and seat not in moved and match.seats[seat].user_id is not None
    ]
