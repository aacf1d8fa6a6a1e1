"""The figures Sequence Numbers' race picture draws: each seat's team's SEQUENCES after
every turn (from 0 before the first), read from the match's events. A turn ends with a
play (`play`, `plus`, `minus`) or a pass; the `sequence` events a play makes follow it and
carry the team's new total. Team-mates run the same line."""

from __future__ import annotations

from collections.abc import Sequence

from engines.base import Event

TURN_ENDS = ("play", "plus", "minus", "pass")


def sequences_by_turn(events: Sequence[Event], seats: int) -> list[list[int]]:
    """One list per seat: its team's SEQUENCE count before the first turn and after each."""
    team_of = {
        event.data["seat"]: event.data["team"]
        for event in events
        if isinstance(event.data.get("seat"), int) and isinstance(event.data.get("team"), int)
    }
    totals: dict[int, int] = {}
    series: list[list[int]] = [[0] for _ in range(seats)]
    for event in events:
        if event.kind in TURN_ENDS:
            for seat in range(seats):
                series[seat].append(totals.get(team_of.get(seat, -1), 0))
        elif event.kind == "sequence":
            team = int(event.data["team"])
            totals[team] = int(event.data["total"])
            for seat in range(seats):  # the play just made, whose turn is the last point
                if team_of.get(seat) == team:
                    series[seat][-1] = totals[team]
    return series
