"""A match's away marks: its members away in daily and 3-day matches, kept on the record in
`extra.away` ({user id: back at}; this module owns the field), read and kept by the rules
of bot/rules/away.py."""

from __future__ import annotations

from collections.abc import Iterable

from bot.rules import away
from bot.storage import MatchRecord
from engines.base import Game


def marks_of(record: MatchRecord) -> dict[str, float]:
    return dict(record.extra.away)


def keep_marks(record: MatchRecord, marks: dict[str, float]) -> None:
    record.extra.away = dict(marks)


def away_members(record: MatchRecord, now: float) -> dict[int, float]:
    """The record's seated members away at `now`, with when each is back."""
    return away.away_members(record.pace, marks_of(record), now)


def waiting_members(record: MatchRecord, game: Game | None) -> list[int]:
    """The members (not AI seats) the game waits on now."""
    if game is None:
        return []
    seats = (record.seats[s] for s in game.to_act())
    return [seat.user_id for seat in seats if seat.ai is None and seat.user_id is not None]


def stopped_until(record: MatchRecord, waiting: Iterable[int], now: float) -> float:
    return away.stopped_until(record.pace, marks_of(record), waiting, now)


def turn_starts(record: MatchRecord, game: Game, now: float, due: float) -> float:
    """A new turn's deadline: when it waits on a member away, its whole time runs from
    their return. Marks of members already back are dropped here."""
    if record.extra.away:
        keep_marks(record, away.still_away(marks_of(record), now))
    waiting = waiting_members(record, game)
    return away.moved_due(due, now, stopped_until(record, waiting, now))
