"""Sink or Swim's race picture: each seat's running score after every round (the belts it
kept, with any bonus), read from the match's `round_score` events (one per seat per round,
each carrying the seat's total then). The game has no goal: it ends after its rounds."""

from __future__ import annotations

from collections.abc import Sequence

from cogs.games.api import Race, RaceLine
from cogs.wording.i18n import _
from engines.base import Event


def totals_by_round(events: Sequence[Event], seats: int) -> list[list[int]]:
    """One list per seat of its total after each round, in round order."""
    series: list[list[int]] = [[] for _ in range(seats)]
    for event in events:
        seat = event.data.get("seat")
        if event.kind == "round_score" and isinstance(seat, int) and 0 <= seat < seats:
            series[seat].append(int(event.data["total"]))
    return series


def race(events: Sequence[Event], names: Sequence[str]) -> Race:
    """The scores by round, one line per seat named `names`."""
    series = totals_by_round(events, len(names))
    return Race(
        tuple(RaceLine(name, tuple(values)) for name, values in zip(names, series, strict=True)),
        across=_("Round"),
        up=_("Points"),
    )
