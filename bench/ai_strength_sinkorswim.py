"""Sink or Swim's part of the AI strength bench: the hard AI against the strong AI, two
seats each at a table of four.

Each game is dealt from its own seed (seed, seed + 1, ...); the levels alternate round the
table (hard, strong, hard, strong, shifted by one seat each game) so neither side keeps the
same neighbours, whose hands it receives (S7). A shared win counts a share to each winner;
the hard win share is the part of the wins the hard seats took (50 % is even), with its
95 % interval. Every hard pick is timed on its own, in
CPU time: what it costs the bot, whatever else the machine runs meanwhile.
"""

from __future__ import annotations

import time

from bench.harness import p50_p99, share_interval
from engines.sink_or_swim.ai import choose
from engines.sink_or_swim.game import new_game

SEATS = 4
ORDER = ("hard", "strong")


def play(seed: int, levels: list[str], timings: list[float]) -> float:
    """One game; the share of its win the hard seats took."""
    game = new_game([f"AI{seat + 1}" for seat in range(len(levels))], seed)
    while not game.is_over:
        for seat in game.to_act():
            started = time.process_time()
            pick = choose(game, seat, levels[seat])
            if levels[seat] == "hard":
                timings.append(time.process_time() - started)
            game.apply(seat, pick)
    outcome = game.outcome()
    assert outcome is not None
    return sum(levels[seat] == "hard" for seat in outcome.winners) / len(outcome.winners)


def run(games: int, seed: int) -> None:
    """Print the hard win share and the hard decision times."""
    pairs = SEATS // 2
    print(f"Sink or Swim, {pairs} hard seats + {pairs} strong, {games} games from seed {seed}")
    timings: list[float] = []
    won = 0.0
    for number in range(games):
        levels = [ORDER[(seat + number) % 2] for seat in range(SEATS)]
        won += play(seed + number, levels, timings)
    share = won / games
    print(
        f"hard vs strong: {share:.1%} win share (95% interval ±{share_interval(share, games):.1%})"
    )
    p50, p99 = p50_p99(timings)
    print(f"hard decisions: {len(timings)}, p50 {p50 * 1000:.3f} ms, p99 {p99 * 1000:.3f} ms")
