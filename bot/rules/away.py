"""Days away: a member's clocks stop in their daily and 3-day matches until they are back.

Each such match keeps its away members as marks ({user id: back at}; bot/play/away_marks.py
keeps them on the match), so a table can say so and a turn that begins meanwhile waits for
them, after a restart too. Pure functions of plain values.
A stopped clock keeps what was left of the turn: the deadline is moved to the end of the
away time plus that rest; coming back early starts the rest from then."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from bot.rules.pace import PAUSABLE

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


def away_members(pace: str, marks: Mapping[str, float], now: float) -> dict[int, float]:
    """The members away at `now` among `marks` (user id -> back at), with when each is
    back, at a pace that pauses; at another pace nobody's clock stops."""
    if pace not in PAUSABLE:
        return {}
    return {int(user): float(end) for user, end in marks.items() if float(end) > now}


def still_away(marks: Mapping[str, float], now: float) -> dict[str, float]:
    """The marks of members not back yet at `now`."""
    return {user: end for user, end in marks.items() if float(end) > now}


def stopped_until(
    pace: str, marks: Mapping[str, float], waiting: Iterable[int], now: float
) -> float:
    """Until when the running turn's clock is stopped: the latest return of the members it
    waits on who are away (`now` when none is)."""
    away = away_members(pace, marks, now)
    return max((away[user] for user in waiting if user in away), default=now)


def moved_due(due_at: float, stopped_before: float, stopped_after: float) -> float:
    """The deadline once the clock's stop changes: the time the turn had left when it
    stopped (or now) runs from the new end of the stop."""
    return stopped_after + max(0.0, due_at - stopped_before)


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
