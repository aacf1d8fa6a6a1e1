"""Time to open a replay step (rebuild the game after N moves from its first state, as
bot/play/replay.step_at does in a worker thread) for a seeded AI match of each game: a 24-seat
Flip 7 match, a 5-seat Sink or Swim and a Sequence Numbers match; steps chosen at random.
Then, for each game with a judge (all three), the time to analyse one seat of that match
(`engines.base.analyse`, the work an AI worker process does for the Analysis button), for
each of its seats in turn.

python -m bench.replay [--steps 50]
"""

from __future__ import annotations

import argparse
import copy
import random
import time

from bench.harness import p50_p99, positive
from bot.play.replay import Move, step_at
from engines.base import GAMES, analyse

TABLES = (("flip7", 24), ("sinkorswim", 5), ("sequence", 2))


def played(key: str, players: int, seed: int) -> tuple[dict, list[Move]]:
    info = GAMES[key]
    game = info.new_game([f"P{i}" for i in range(players)], seed)
    first = copy.deepcopy(game.to_dict())
    moves: list[Move] = []
    while acting := game.to_act():
        for seat in acting:
            action = info.choose_ai(game, seat, info.ai_levels[0])
            moves.append(Move(seat, action.code))
            game.apply(seat, action)
    return first, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=positive, default=50)
    steps = parser.parse_args().steps
    pick = random.Random(1)
    for key, players in TABLES:
        first, moves = played(key, players, 1)
        times = []
        for _ in range(steps):
            wanted = pick.randint(0, len(moves))
            start = time.perf_counter()
            step_at(key, first, moves, wanted)
            times.append((time.perf_counter() - start) * 1000)
        p50, p99 = p50_p99(times)
        print(
            f"{key} with {players} seats: {len(moves)} moves; opening a step "
            f"({steps} steps): p50 {p50:.1f} ms, p99 {p99:.1f} ms"
        )
        if GAMES[key].judge is None:
            continue
        times, decisions = [], 0
        raw = [move.to_list() for move in moves]
        for seat in range(players):
            start = time.perf_counter()
            decisions += len(analyse(key, first, raw, seat))
            times.append((time.perf_counter() - start) * 1000)
        p50, p99 = p50_p99(times)
        print(
            f"{key} with {players} seats: analysing a seat ({decisions} decisions over "
            f"{players} seats): p50 {p50:.1f} ms, p99 {p99:.1f} ms"
        )


if __name__ == "__main__":
    main()
