"""Days away: a member's clocks stop in their daily and 3-day matches until they are back.

Each such match keeps its away members in `extra["away"]` ({user id: back at}), so a
table can say so and a turn that begins meanwhile waits for them, after a restart too.
A stopped clock keeps what was left of the turn: the deadline is moved to the end of the
away time plus that rest; coming back early starts the rest from then."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.rules.pace import PAUSABLE
from bot.storage import MatchRecord
from engines.base import Game

AWAY_KEY = "away"
DAY = 86_400.0
MOST_DAYS = 14  # days away at most in any WINDOW_DAYS
WINDOW_DAYS = 30
LONGEST = 7  # days one `/games away` may ask for
Period = tuple[float, float]  # (starts at, ends at)


@dataclass(frozen=True, slots=True)
class AwayNow:
    """A member's current days away: since when and until when."""

    starts_at: float
    ends_at: float


def away_members(record: MatchRecord, now: float) -> dict[int, float]:
    """The record's seated members away at `now`, with when each is back (at a pace that
    pauses; at another pace nobody's clock stops)."""
    if record.pace not in PAUSABLE:
        return {}
    marks = record.extra.get(AWAY_KEY, {})
    return {int(user): float(end) for user, end in marks.items() if float(end) > now}


def waiting_members(record: MatchRecord, game: Game | None) -> list[int]:
    """The members (not AI seats) the game waits on now."""
    if game is None:
        return []
    seats = (record.seats[s] for s in game.to_act())
    return [seat.user_id for seat in seats if seat.ai is None and seat.user_id is not None]


def stopped_until(record: MatchRecord, waiting: Iterable[int], now: float) -> float:
    """Until when the running turn's clock is stopped: the latest return of the members it
    waits on who are away (`now` when none is)."""
    away = away_members(record, now)
    return max((away[user] for user in waiting if user in away), default=now)


def moved_due(due_at: float, stopped_before: float, stopped_after: float) -> float:
    """The deadline once the clock's stop changes: the time the turn had left when it
    stopped (or now) runs from the new end of the stop."""
    return stopped_after + max(0.0, due_at - stopped_before)


def turn_starts(record: MatchRecord, game: Game, now: float, due: float) -> float:
    """A new turn's deadline: when it waits on a member away, its whole time runs from
    their return. Marks of members already back are dropped here."""
    marks = record.extra.get(AWAY_KEY)
    if marks:
        kept = {user: end for user, end in marks.items() if float(end) > now}
        if kept:
            record.extra[AWAY_KEY] = kept
        else:
            del record.extra[AWAY_KEY]
    return moved_due(due, now, stopped_until(record, waiting_members(record, game), now))


def current(periods: Sequence[Period], now: float) -> AwayNow | None:
    """The period the member is away in at `now`, if any."""
    for start, end in periods:
        if start <= now < end:
            return AwayNow(start, end)
    return None


def _used(periods: Sequence[Period], now: float, window_end: float) -> float:
    """Seconds away up to `now` inside the WINDOW_DAYS that end at `window_end`."""
    window_start = window_end - WINDOW_DAYS * DAY
    return sum(max(0.0, min(end, now) - max(start, window_start)) for start, end in periods)


def days_left(periods: Sequence[Period], now: float) -> int:
    """The most whole days a period starting now may last and keep every WINDOW_DAYS
    within MOST_DAYS away (the current period counts up to now). The window that ends
    with the new period holds the most of it, so that window alone decides."""
    for days in range(MOST_DAYS, 0, -1):
        if _used(periods, now, now + days * DAY) + days * DAY <= MOST_DAYS * DAY + 1e-6:
            return days
    return 0
