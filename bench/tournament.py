"""Tournament formats at scale: pairing a Swiss round and ranking the standings.

    python -m bench.tournament [--entrants 1000] [--tournaments 20] [--rounds 5]

Each of `--tournaments` Swiss tournaments of `--entrants` (tables of 4, down to 3) plays
`--rounds` rounds with random places (ties included): every round's pairing is timed, then
the standings after the last round, `--tournaments` x 5 times. The formats are pure
functions of what has been played, as the runner calls them after each round.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from bench.harness import p50_p99, positive
from bot.tournament.formats import (
    Played,
    Progress,
    RoundPlan,
    TableSpec,
    next_round,
    standings,
)


def _places(seats: int, rng: random.Random) -> tuple[int, ...]:
    """Places from random small scores, so some places are shared."""
    scores = [rng.randrange(seats * 2) for _ in range(seats)]
    return tuple(1 + sum(other > score for other in scores) for score in scores)


def _played(plan: RoundPlan, round_: int, rng: random.Random) -> tuple[Played, ...]:
    return tuple(Played(round_, seats, _places(len(seats), rng)) for seats in plan.tables)


def _timed(call: Callable[[], object]) -> float:
    began = time.perf_counter()
    call()
    return (time.perf_counter() - began) * 1000


def _tournament(entrants: int, rounds: int, seed: int) -> tuple[list[float], list[float]]:
    """One tournament: its rounds' pairing times and its final standings' times (ms)."""
    rng = random.Random(seed)
    users = tuple(range(1, entrants + 1))
    ratings = {user: rng.uniform(0, 40) for user in users}
    progress = Progress("swiss", TableSpec(4, 3), rounds, users, frozenset(), ratings, ())
    pairing = []
    for round_ in range(1, rounds + 1):
        began = time.perf_counter()
        plan = next_round(progress)
        pairing.append((time.perf_counter() - began) * 1000)
        assert plan is not None
        progress = Progress(
            progress.format,
            progress.table,
            rounds,
            users,
            progress.dropped,
            ratings,
            progress.played + _played(plan, round_, rng),
        )
    final = progress
    ranking = [_timed(lambda: standings(final)) for _ in range(5)]
    return pairing, ranking


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--entrants", type=positive, default=1000)
    parser.add_argument("--tournaments", type=positive, default=20)
    parser.add_argument("--rounds", type=positive, default=5)
    args = parser.parse_args()
    pairing, ranking = [], []
    for seed in range(args.tournaments):
        times = _tournament(args.entrants, args.rounds, seed)
        pairing += times[0]
        ranking += times[1]
    p50, p99 = p50_p99(pairing)
    print(
        f"pairing a swiss round of {args.entrants:,} entrants: p50 {p50:.1f} ms, p99 {p99:.1f} ms"
    )
    p50, p99 = p50_p99(ranking)
    print(
        f"standings of a {args.entrants:,}-entrant tournament: p50 {p50:.1f} ms, p99 {p99:.1f} ms"
    )


if __name__ == "__main__":
    main()
