"""Flip 7's race picture: each seat's running total after every round, read from the
match's `round_end` events (each carries every seat's total then), with the goal."""

from __future__ import annotations

from collections.abc import Sequence

from cogs.games.api import Race, RaceLine
from cogs.wording.i18n import _, number
from engines.base import Event


def totals_by_round(events: Sequence[Event], seats: int) -> list[list[int]]:
    """One list per seat of its total after each round, in round order; empty lists when no
    round ended."""
    series: list[list[int]] = [[] for _ in range(seats)]
    for event in events:
        if event.kind != "round_end":
            continue
        totals = event.data.get("totals", [])
        for seat in range(min(seats, len(totals))):
            series[seat].append(int(totals[seat]))
    return series


def race(events: Sequence[Event], names: Sequence[str], goal: int) -> Race:
    """The totals by round, one line per seat named `names`, up to the goal."""
    series = totals_by_round(events, len(names))
    return Race(
        tuple(RaceLine(name, tuple(values)) for name, values in zip(names, series, strict=True)),
        # TRANSLATORS: the race picture's axis along the bottom: the rounds played.
        across=_("Round"),
        # TRANSLATORS: the race picture's axis up the side: each player's total.
        up=_("Points"),
        goal=goal,
        # TRANSLATORS: the words on the race picture's goal line, such as "Goal: 200".
        goal_words=_("Goal: {points}").format(points=number(goal)),
    )
