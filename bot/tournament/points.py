"""Points by place at one table: first takes 60, last takes 0, evenly spaced between."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

TOP = 60.0


def place_points(places: Sequence[int]) -> list[float]:
    """Each seat's points; seats sharing a place share the points of the places they cover.

    Places are read by their order only, so 1, 2, 2, 4 and 1, 2, 2, 3 both mean two seats
    tied second at a four-seat table (covering the second and third places)."""
    return list(table_points(tuple(places)))


@lru_cache(maxsize=4096)  # a tournament's tables repeat a few place patterns
def table_points(places: tuple[int, ...]) -> tuple[float, ...]:
    """place_points for a tuple of places, remembered."""
    count = len(places)
    if count < 2:
        return (0.0,) * count
    order = sorted(range(count), key=lambda seat: places[seat])
    points = [0.0] * count
    start = 0
    while start < count:
        end = start
        while end < count and places[order[end]] == places[order[start]]:
            end += 1
        covered = [TOP * (count - 1 - position) / (count - 1) for position in range(start, end)]
        for seat in order[start:end]:
            points[seat] = sum(covered) / len(covered)
        start = end
    return tuple(points)
