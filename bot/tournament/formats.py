"""The tournament formats' entry points: pure functions of a tournament's progress (what
has been played so far), so the runner rebuilds everything from storage after a restart.

The rules are written out in docs/TOURNAMENTS.md."""

from __future__ import annotations

from collections.abc import Callable

from bot.tournament import knockout, round_robin, swiss
from bot.tournament.points import place_points
from bot.tournament.ranking import ranked
from bot.tournament.setup import check_setup
from bot.tournament.shapes import (
    FORMATS,
    Played,
    Progress,
    RoundPlan,
    Standing,
    TableSpec,
)

__all__ = [
    "FORMATS",
    "Played",
    "Progress",
    "RoundPlan",
    "Standing",
    "TableSpec",
    "check_setup",
    "next_round",
    "place_points",
    "standings",
    "total_rounds",
]

_NEXT: dict[str, Callable[[Progress], RoundPlan | None]] = {
    "swiss": swiss.next_round,
    "knockout": knockout.next_round,
    "round_robin": round_robin.next_round,
}


def standings(progress: Progress) -> list[Standing]:
    """Every entrant once, in the current order, rank 1 first."""
    if progress.format == "knockout":
        return knockout.standings(progress)
    return ranked(progress)


def next_round(progress: Progress) -> RoundPlan | None:
    """The tables of the next round, or None when the tournament is over. Called once
    every table of the previous round has finished; dropped entrants are never seated."""
    return _NEXT[progress.format](progress)


def total_rounds(progress: Progress) -> int:
    """How many rounds the tournament will have (swiss: as set; the others: computed from
    what has been played, if nobody else drops)."""
    if progress.format == "knockout":
        return knockout.total_rounds(progress)
    if progress.format == "round_robin":
        return round_robin.total_rounds(progress)
    return progress.rounds
