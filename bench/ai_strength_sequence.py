"""Sequence Numbers' part of the AI strength bench: the hard AI against the strong AI at
two players, and in two teams of two (one team each, needing two SEQUENCES, G1).

Each game is dealt from its own seed (seed, seed + 1, ...) and its first player is drawn
by the game; the levels swap colours every game, so each side starts as often. A drawn
game (every seat passed, G9) counts as no win for the hard side; the hard win share is
the part of all games it won, with its 95 % interval. Every hard move is timed on its own, in
CPU time: what it costs the bot, whatever else the machine runs meanwhile.
"""

from __future__ import annotations

import time

from bench.harness import p50_p99, share_interval
from engines.sequence_numbers.ai import choose
from engines.sequence_numbers.game import new_game

TABLES = ((2, "2 players"), (4, "2 teams of 2"))
ORDER = ("hard", "strong")


def play(seed: int, levels: list[str], timings: list[float]) -> bool:
    """One game; whether the hard side won it."""
    game = new_game([f"AI{seat + 1}" for seat in range(len(levels))], seed)
    while not game.is_over:
        seat = game.turn
        started = time.process_time()
        move = choose(game, seat, levels[seat])
        if levels[seat] == "hard":
            timings.append(time.process_time() - started)
        game.apply(seat, move)
    return any(levels[seat] == "hard" for seat in game.winners())


def run(games: int, seed: int) -> None:
    """Print the hard win share at each table and the hard decision times over all."""
    print(f"Sequence Numbers, hard vs strong, {games} games per table from seed {seed}")
    timings: list[float] = []
    for players, table in TABLES:
        won = sum(
            play(seed + number, [ORDER[(seat + number) % 2] for seat in range(players)], timings)
            for number in range(games)
        )
        share = won / games
        print(
            f"{table}: hard vs strong: {share:.1%} win share "
            f"(95% interval ±{share_interval(share, games):.1%})"
        )
    p50, p99 = p50_p99(timings)
    print(f"hard decisions: {len(timings)}, p50 {p50 * 1000:.3f} ms, p99 {p99 * 1000:.3f} ms")
