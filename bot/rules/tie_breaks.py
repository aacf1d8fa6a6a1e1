"""The strict finishing orders a result with ties stands for.

A tie says nothing about who of the tied finished ahead, so it is rated as the mean of
every order they could have finished in (in Elo's terms: half a win and half a loss
against each other). Interchangeable units (the same skills) are one kind, so an order is
a sequence of kinds per place and equal orders are counted once.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Hashable, Iterator, Sequence
from typing import TypeVar

# Exact up to this many orders (any tie of five different players, two ties of three and
# one of two); past it, this many drawn uniformly, with a fixed seed so a result rates the
# same every time. A 24-seat rating is about 0.25 ms, so this keeps one under 40 ms; drawn
# orders for a tie of six came within 0.01 of the exact mu (bench/rating_ties.py).
MAX_ORDERS = 120

K = TypeVar("K", bound=Hashable)
Order = tuple[tuple[K, ...], ...]  # each place's kinds, best first


def arrangements(kinds: Sequence[K]) -> Iterator[tuple[K, ...]]:
    """Every distinct order of a multiset of kinds, once each."""
    left = Counter(kinds)

    def build(size: int) -> Iterator[tuple[K, ...]]:
        if size == 0:
            yield ()
            return
        for kind in list(left):
            if left[kind]:
                left[kind] -= 1
                for rest in build(size - 1):
                    yield (kind, *rest)
                left[kind] += 1

    return build(len(kinds))


def arrangement_count(kinds: Sequence[Hashable]) -> int:
    """How many distinct orders `arrangements` yields, without listing them."""
    count = math.factorial(len(kinds))
    for same in Counter(kinds).values():
        count //= math.factorial(same)
    return count


def tie_breaks(places: Sequence[Sequence[K]], limit: int = MAX_ORDERS) -> list[Order[K]]:
    """The orders `places` (each place's kinds, best place first) stands for: every one,
    each equally likely, or `limit` of them drawn uniformly when there are more."""
    total = math.prod(arrangement_count(kinds) for kinds in places)
    if total <= limit:
        return list(itertools.product(*(list(arrangements(kinds)) for kinds in places)))
    draw = random.Random(0)
    return [
        tuple(tuple(draw.sample(list(kinds), len(kinds))) for kinds in places) for _ in range(limit)
    ]
