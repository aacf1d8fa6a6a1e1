"""The Sequence Numbers board picture: decodes, right size, chips in team colours."""

from __future__ import annotations

import dataclasses
import io

from PIL import Image

from cogs.games.sequence.board import (
    CHIP_RADIUS,
    LAST_MOVE,
    PIXELS,
    TEAM_FILL,
    cell_box,
    cell_centre,
    render_board,
)
from engines.sequence_numbers import Play, new_game
from engines.sequence_numbers.views import LastMove


def _decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def _chip_pixel(image: Image.Image, row: int, column: int) -> tuple[int, int, int]:
    """A pixel inside the chip, below the number printed on it."""
    cx, cy = cell_centre(row, column)
    return image.getpixel((cx, cy + int(CHIP_RADIUS * 0.7)))


def _near(pixel: tuple[int, int, int], colour: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 12 for a, b in zip(pixel, colour, strict=True))


def test_g10_empty_board_decodes_at_phone_size_and_small():
    png = render_board(new_game(["Ann", "Bob"], 1).view(None))
    image = _decode(png)
    assert image.size == (PIXELS, PIXELS) and 800 <= PIXELS <= 900
    assert len(png) < 300_000
    assert not _near(_chip_pixel(image, 4, 4), TEAM_FILL["Blue"])


def test_g10_chips_in_team_colours_for_three_teams_and_last_move_framed():
    game = new_game(["Ann", "Bob", "Cat"], 2, deck=["a11", "a12", "a20"], first=0)
    game.apply(0, Play("a11", "C8"))
    game.apply(1, Play("a12", "D5"))
    game.apply(2, Play("a20", "E5"))
    image = _decode(render_board(game.view(None)))
    assert _near(_chip_pixel(image, 2, 7), TEAM_FILL["Blue"])
    assert _near(_chip_pixel(image, 3, 4), TEAM_FILL["Orange"])
    assert _near(_chip_pixel(image, 4, 4), TEAM_FILL["Green"])
    left, top, _, _ = cell_box(4, 4)
    assert _near(image.getpixel((left + 1, top + 20)), LAST_MOVE)


def test_g10_full_board_with_locked_sequence_renders():
    corners = {(0, 0), (0, 9), (9, 0), (9, 9)}
    view = dataclasses.replace(
        new_game(["Ann", "Bob"], 3).view(None),
        board=tuple(
            tuple("free" if (r, c) in corners else (r + c) % 2 for c in range(10))
            for r in range(10)
        ),
        locked=("B2", "C3", "D4", "E5", "F6"),
        last_move=LastMove(seat=1, card="M", cell="G7", kind="minus"),
    )
    png = render_board(view)
    image = _decode(png)
    assert len(png) < 300_000
    assert _near(_chip_pixel(image, 1, 2), TEAM_FILL["Orange"])
    assert _near(_chip_pixel(image, 2, 2), TEAM_FILL["Blue"])
    cx, cy = cell_centre(1, 1)  # locked: a dark ring just outside the chip
    assert max(image.getpixel((cx, cy + CHIP_RADIUS + 3))) < 60
