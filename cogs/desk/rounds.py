"""A match's events cut into rounds, for `/<game> log` and a finished match's story."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from engines.base import Event


def rounds_of(logged: Sequence[Event], start_kind: str | None) -> list[tuple[int, range]]:
    """The log cut into rounds at each `start_kind` event, with each round's number (its
    start event's "round"); a game without rounds is one round, numbered 1."""
    starts = [i for i, event in enumerate(logged) if event.kind == start_kind]
    if not starts:
        return [(1, range(len(logged)))]
    cuts = [*starts, len(logged)]
    rounds = [
        (int(logged[a].data.get("round", n + 1)), range(a, b))
        for n, (a, b) in enumerate(pairwise(cuts))
    ]
    if starts[0] > 0:  # the first round read began before the oldest event kept
        rounds.insert(0, (rounds[0][0] - 1, range(starts[0])))
    return rounds
