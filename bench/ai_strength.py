"""How strong each game's hard AI is: win shares against the other levels, seeded, with a
95 % interval, and what a hard decision costs (p50, p99).

    python -m bench.ai_strength --game flip7|sinkorswim|sequence [--games 10000] [--seed 1]

Each game's part lives in a module of its own (bench/ai_strength_<game>.py) with a
`run(games, seed)` that prints its figures.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from bench import ai_strength_flip7, ai_strength_sequence, ai_strength_sinkorswim
from bench.harness import positive

GAMES: dict[str, Callable[[int, int], None]] = {
    "flip7": ai_strength_flip7.run,
    "sinkorswim": ai_strength_sinkorswim.run,
    "sequence": ai_strength_sequence.run,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), required=True)
    parser.add_argument("--games", type=positive, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    GAMES[args.game](args.games, args.seed)


if __name__ == "__main__":
    main()
