"""A match's pace: how long a member has for a turn. Live follows the host's TURN_TIMEOUT;
the slower paces let a match last days, with turn notices and days away."""

from __future__ import annotations

PACES = ("live", "relaxed", "daily", "three_days")
PACE_SECONDS = {"relaxed": 600.0, "daily": 86_400.0, "three_days": 259_200.0}
SLOW = frozenset(("relaxed", "daily", "three_days"))  # members are told of their turn
PAUSABLE = frozenset(("daily", "three_days"))  # a member away stops their clock


def turn_seconds(pace: str, live_seconds: float) -> float:
    """The time a member has for one turn at this pace (live: `live_seconds`, the host's
    TURN_TIMEOUT; an unknown pace plays live)."""
    return PACE_SECONDS.get(pace, live_seconds)
