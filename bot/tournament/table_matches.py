"""A round's tables as matches: the rows that open them, and a finished table read back as
the formats count it (who sat where, in which place)."""

from __future__ import annotations

import random
from typing import Any

from bot.lobby import free_ai_names
from bot.sessions import load_game
from bot.storage import MatchRecord, NewMatch, Seat
from bot.storage.base import match_insert
from bot.storage.seat_results import LEFT_KEY, MOVED_KEY
from bot.storage.statements import Statement
from bot.tournament import formats
from bot.tournament.document import Document
from bot.tournament.formats import Played
from engines.base import GAMES

ROUND_KEY = "tournament_round"  # record.extra: the round a tournament table belongs to
TABLE_KEY = "tournament_table"  # record.extra: the table's number in its round, from 1
ROUNDS_KEY = "tournament_rounds"  # record.extra: the tournament's rounds as known then


def table_inserts(
    doc: Document, seats: tuple[tuple[int | None, ...], ...], now: float
) -> list[Statement]:
    """The INSERTs of a round's tables: each seats its entrants (None: an AI seat at the
    game's strongest level), is played in a thread of its own at the tournament's pace,
    and is unrated when the tournament is."""
    record, terms, names = doc.record, doc.terms, doc.names()
    rounds = max(formats.total_rounds(doc.progress()), doc.round)
    level = GAMES[record.game].ai_levels[-1]
    inserts = []
    for number, table in enumerate(seats):
        members = [names[user] for user in table if user is not None]
        ai_names = free_ai_names(members)
        placed = [
            Seat(names[user], user) if user is not None else Seat(next(ai_names), ai=level)
            for user in table
        ]
        # The formats list a table strongest first: who plays first (and, in team games,
        # who partners whom) is drawn instead, the same way again after a restart.
        random.Random(f"{record.id}:{doc.round}:{number}").shuffle(placed)
        host = next(user for user in table if user is not None)
        # The table names itself by these (its card, its thread), not by the game's rounds.
        extra: dict[str, Any] = {
            "where": "thread",
            ROUND_KEY: doc.round,
            TABLE_KEY: number + 1,
            ROUNDS_KEY: rounds,
        }
        if not terms.rated:
            extra["unrated"] = True
        inserts.append(
            match_insert(
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
        )
    return inserts


def seat_users(match: MatchRecord) -> tuple[int | None, ...]:
    """Whose each seat is: its member (also one who left, the AI playing on), or None for
    an AI seat."""
    left: dict[str, int] = match.extra.get(LEFT_KEY, {})
    return tuple(seat.user_id or left.get(str(i)) for i, seat in enumerate(match.seats))


def played_table(match: MatchRecord) -> Played:
    """A closed table as the formats count it. A table ended without a result (a reset)
    shares every place among its seats."""
    game = load_game(match) if match.status == "finished" else None
    outcome = game.outcome() if game is not None else None
    places = outcome.places if outcome is not None else (1,) * len(match.seats)
    return Played(int(match.extra.get(ROUND_KEY, 0)), seat_users(match), tuple(places))


def absent(match: MatchRecord) -> list[int]:
    """Members seated at the table who never made a move there themselves."""
    moved = set(match.extra.get(MOVED_KEY, []))
    return [
        user
        for seat, user in enumerate(seat_users(match))
        if user is not None and seat not in moved and match.seats[seat].user_id is not None
    ]
