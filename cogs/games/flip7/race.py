"""The figures Flip 7's race picture draws: each seat's running total after every round, read
from the match's `round_end` events (each carries every seat's total then)."""

from __future__ import annotations

from collections.abc import Sequence

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
