"""Render a mid-game Sequence Numbers board 200 times; print p50/p99 milliseconds and PNG size.

Run: .venv/bin/python bench/board_render.py
"""

from __future__ import annotations

import statistics
import time

from cogs.games.sequence.board import render_board
from engines.sequence_numbers import new_game
from engines.sequence_numbers.ai import choose
from engines.sequence_numbers.view import SequenceView

RENDERS = 200


def mid_game_view() -> SequenceView:
    """A 4-player game after 60 AI turns: about half the board covered, a SEQUENCE likely."""
    game = new_game(["Ann", "Bob", "Cat", "Dan"], 7)
    for _ in range(60):
        if game.is_over:
            break
        game.apply(game.turn, choose(game, game.turn, "strong" if game.turn % 2 else "simple"))
    return game.view(None)


def main() -> None:
    view = mid_game_view()
    render_board(view)  # the static layer is drawn once and cached
    times = []
    for _ in range(RENDERS):
        start = time.perf_counter()
        png = render_board(view)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    chips = sum(isinstance(cell, int) for row in view.board for cell in row)
    print(f"renders: {RENDERS}  chips on board: {chips}  locked: {len(view.locked)}")
    print(f"p50: {statistics.median(times):.1f} ms  p99: {times[int(RENDERS * 0.99) - 1]:.1f} ms")
    print(f"png size: {len(png) / 1024:.1f} KB")


if __name__ == "__main__":
    main()
