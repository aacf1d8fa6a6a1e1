"""Round scoring (S6), kept apart from the game flow so the seed's example can be checked alone."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RoundScore:
    """One player's score for a round and why."""

    points: int
    belts: int
    eliminated: bool
    bonus: bool


def lowest_tide_seats(showing: list[int | None], eliminated: list[bool]) -> list[int]:
    """Seats still in the round that show the lowest tide; nothing showing counts as 0 (S6)."""
    levels = {seat: shown or 0 for seat, shown in enumerate(showing) if not eliminated[seat]}
    if not levels:
        return []
    lowest = min(levels.values())
    return [seat for seat, level in levels.items() if level == lowest]


def score_round(
    belts: list[int], eliminated: list[bool], showing: list[int | None]
) -> list[RoundScore]:
    """+1 per belt afloat, −1 when eliminated, +1 for the lowest tide still in the round (S6)."""
    bonus = set(lowest_tide_seats(showing, eliminated))
    scores = []
    for seat, afloat in enumerate(belts):
        out = eliminated[seat]
        points = afloat - (1 if out else 0) + (1 if seat in bonus else 0)
        scores.append(RoundScore(points, afloat, out, seat in bonus))
    return scores
