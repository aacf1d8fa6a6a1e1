"""Render a mid-game Sequence Numbers board many times; print p50/p99 milliseconds and PNG size.

python -m bench.board_render [--renders 200]
"""

from __future__ import annotations

import argparse
import time

from bench.harness import p50_p99, positive
from cogs.games.sequence.board import render_board
from engines.sequence_numbers import new_game
from engines.sequence_numbers.ai import choose
from engines.sequence_numbers.views import SequenceView


def mid_game_view() -> SequenceView:
    """A 4-player game after 60 AI turns: about half the board covered, a SEQUENCE likely."""
    game = new_game(["Ann", "Bob", "Cat", "Dan"], 7)
    for _ in range(60):
        if game.is_over:
            break
        game.apply(game.turn, choose(game, game.turn, "strong" if game.turn % 2 else "simple"))
    return game.view(None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--renders", type=positive, default=200)
    renders = parser.parse_args().renders
    view = mid_game_view()
    render_board(view)  # the static layer is drawn once and cached
    times = []
    for _ in range(renders):
        start = time.perf_counter()
        png = render_board(view)
        times.append((time.perf_counter() - start) * 1000)
    chips = sum(isinstance(cell, int) for row in view.board for cell in row)
    print(f"renders: {renders}  chips on board: {chips}  locked: {len(view.locked)}")
    p50, p99 = p50_p99(times)
    print(f"p50: {p50:.1f} ms  p99: {p99:.1f} ms")
    print(f"png size: {len(png) / 1024:.1f} KB")


if __name__ == "__main__":
    main()
