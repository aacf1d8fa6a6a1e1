"""What the ratings should be, straight from openskill's Plackett-Luce for the tests: a
result without a tie is one call of the library; a tie is the mean of the library's
calls on every strict order it stands for (each tied team first, second…)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest
from openskill.models import PlackettLuce

MODEL = PlackettLuce()

MuSigma = tuple[float, float]


def every_order(teams: Sequence[Sequence[MuSigma]], ranks: Sequence[float]) -> list[list[MuSigma]]:
    """Each team's members' (mu, sigma) after the match, in the order given."""
    tied = {rank: [t for t, r in enumerate(ranks) if r == rank] for rank in set(ranks)}
    sums = [[[0.0, 0.0] for _ in team] for team in teams]
    orders = list(itertools.product(*(itertools.permutations(tied[r]) for r in sorted(tied))))
    for order in orders:
        finish = [team for group in order for team in group]
        rated = MODEL.rate(
            [[MODEL.rating(mu, sigma) for mu, sigma in teams[t]] for t in finish],
            ranks=[float(rank) for rank in range(1, len(finish) + 1)],
        )
        for team, ratings in zip(finish, rated, strict=True):
            for total, rating in zip(sums[team], ratings, strict=True):
                total[0] += rating.mu
                total[1] += rating.sigma
    return [[(mu / len(orders), sigma / len(orders)) for mu, sigma in team] for team in sums]


def fresh(ranks: Sequence[float], sizes: Sequence[int] | None = None) -> list[list[MuSigma]]:
    """`every_order` for new players: one each, or teams of `sizes`."""
    start = (MODEL.rating().mu, MODEL.rating().sigma)
    return every_order([[start] * size for size in sizes or [1] * len(ranks)], ranks)


def near(value: MuSigma) -> object:
    """A (mu, sigma) compared as equal to this one up to the sums' rounding."""
    return pytest.approx(value, rel=1e-12, abs=1e-12)
