"""The Sequence Numbers board as a PNG, drawn from the public view (rule G10).

Built for a phone screen: 880 px square, large numbers, chips in colour-blind-friendly
colours (Okabe-Ito blue, orange, green), each team also with its own chip shape (disc,
diamond, hexagon) so colour is never the only cue. Chips in a completed SEQUENCE get a
double ring; the last move's cell gets a thick frame. The static part (cells, numbers,
coordinates, free corners) is drawn once and copied for every render.
"""

from __future__ import annotations

import io
import math
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from cogs.wording.i18n import lazy_gettext
from engines.sequence_numbers.views import SequenceView

SIZE = 10
CELL = 80
MARGIN = 40
NUMBER_PX = 30  # the numbers' font size in the picture
PIXELS = 2 * MARGIN + SIZE * CELL  # 880
ROWS = "ABCDEFGHIJ"

BACKGROUND = (250, 246, 236)
CELL_FILL = (255, 253, 247)
GRID = (190, 180, 160)
NUMBER = (60, 55, 50)
COORDINATE = (110, 100, 90)
FREE_FILL = (228, 222, 208)
FREE_STAR = (160, 150, 130)
LOCK_RING = (30, 30, 30)
LAST_MOVE = (200, 30, 120)

# Okabe-Ito colours; the number on a chip in black or white, whichever reads better.
TEAM_FILL: dict[str, tuple[int, int, int]] = {
    "Blue": (0, 114, 178),
    "Orange": (230, 159, 0),
    "Green": (0, 158, 115),
}
TEAM_TEXT: dict[str, tuple[int, int, int]] = {
    "Blue": (255, 255, 255),
    "Orange": (20, 20, 20),
    "Green": (255, 255, 255),
}
TEAM_SHAPE = {"Blue": "disc", "Orange": "diamond", "Green": "hexagon"}
DEFAULT_COLOURS = ("Blue", "Orange", "Green")
CHIP_RADIUS = 33
# TRANSLATORS: the word under the star on the board picture's four free corner cells (the
# free spaces); at most about 9 letters, in capitals where the language has them.
FREE_LABEL = lazy_gettext("FREE")
# The corner's word may be in any language (Vietnamese too), which Pillow's own font lacks.
LABEL_FONTS = (
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    Path("/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"),
)


def cell_box(row: int, column: int) -> tuple[int, int, int, int]:
    """Pixel box (left, top, right, bottom) of a 0-based cell."""
    left, top = MARGIN + column * CELL, MARGIN + row * CELL
    return left, top, left + CELL, top + CELL


def cell_centre(row: int, column: int) -> tuple[int, int]:
    left, top, _, _ = cell_box(row, column)
    return left + CELL // 2, top + CELL // 2


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


@cache
def _label_font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for path in LABEL_FONTS:
        if path.exists():
            return ImageFont.truetype(str(path), size)
    return _font(size)


def _star(cx: int, cy: int, outer: float, inner: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def _polygon(cx: int, cy: int, radius: float, sides: int, turn: float) -> list[tuple[float, float]]:
    return [
        (cx + radius * math.cos(turn + i * 2 * math.pi / sides),
         cy + radius * math.sin(turn + i * 2 * math.pi / sides))
        for i in range(sides)
    ]  # fmt: skip


@cache
def _base(numbers_key: tuple[tuple[int | None, ...], ...], free: str) -> Image.Image:
    """Cells, numbers, coordinates and free corners (`free`: their word, in the reader's
    language): everything that never changes."""
    image = Image.new("RGB", (PIXELS, PIXELS), BACKGROUND)
    draw = ImageDraw.Draw(image)
    coordinate_font, number_font, free_font = _font(24), _font(NUMBER_PX), _label_font(13)
    for i in range(SIZE):
        x = MARGIN + i * CELL + CELL // 2
        y = MARGIN + i * CELL + CELL // 2
        for edge in (MARGIN // 2, PIXELS - MARGIN // 2):
            draw.text((x, edge), str(i + 1), fill=COORDINATE, font=coordinate_font, anchor="mm")
            draw.text((edge, y), ROWS[i], fill=COORDINATE, font=coordinate_font, anchor="mm")
    for r in range(SIZE):
        for c in range(SIZE):
            box = cell_box(r, c)
            number = numbers_key[r][c]
            fill = FREE_FILL if number is None else CELL_FILL
            draw.rectangle(box, fill=fill, outline=GRID, width=2)
            cx, cy = cell_centre(r, c)
            if number is None:
                draw.polygon(_star(cx, cy - 6, 24, 10), fill=FREE_STAR)
                draw.text((cx, cy + 25), free, fill=NUMBER, font=free_font, anchor="mm")
            else:
                draw.text((cx, cy), str(number), fill=NUMBER, font=number_font, anchor="mm")
    return image


def _chip(draw: ImageDraw.ImageDraw, cx: int, cy: int, colour: str) -> None:
    fill = TEAM_FILL[colour]
    shape = TEAM_SHAPE[colour]
    edge = (255, 255, 255)
    if shape == "disc":
        r = CHIP_RADIUS
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=edge, width=2)
    elif shape == "diamond":
        draw.polygon(_polygon(cx, cy, CHIP_RADIUS + 5, 4, math.pi / 2), fill=fill, outline=edge)
    else:
        draw.polygon(_polygon(cx, cy, CHIP_RADIUS + 1, 6, 0), fill=fill, outline=edge)


def _team_colours(view: SequenceView) -> list[str]:
    colours = [team.colour for team in view.teams]
    if colours and all(colour in TEAM_FILL for colour in colours):
        return colours
    return list(DEFAULT_COLOURS)


def _cell_index(name: str) -> tuple[int, int]:
    return ROWS.index(name[0].upper()), int(name[1:]) - 1


def render_board(view: SequenceView) -> bytes:
    """A PNG of the board in `view` (the engine's public view), its words in the reader's
    language (asyncio.to_thread carries the reader over)."""
    numbers = view.numbers
    image = _base(numbers, str(FREE_LABEL)).copy()
    draw = ImageDraw.Draw(image)
    colours = _team_colours(view)
    locked = {_cell_index(name) for name in view.locked}
    number_font = _font(NUMBER_PX)
    last = view.last_move
    if last:
        r, c = _cell_index(last.cell)
        left, top, right, bottom = cell_box(r, c)
        draw.rectangle((left + 2, top + 2, right - 2, bottom - 2), fill=(255, 231, 160))
        if last.kind == "minus":  # the removed chip's cell: a cross shows what went
            draw.line((left + 14, top + 14, right - 14, bottom - 14), fill=LAST_MOVE, width=5)
            draw.line((left + 14, bottom - 14, right - 14, top + 14), fill=LAST_MOVE, width=5)
            number = numbers[r][c]
            draw.text(cell_centre(r, c), str(number), fill=NUMBER, font=number_font, anchor="mm")
    for r, row in enumerate(view.board):
        for c, owner in enumerate(row):
            if not isinstance(owner, int) or isinstance(owner, bool):
                continue
            cx, cy = cell_centre(r, c)
            colour = colours[owner % len(colours)]
            if (r, c) in locked:
                ring = CHIP_RADIUS + 5
                draw.ellipse((cx - ring, cy - ring, cx + ring, cy + ring), fill=LOCK_RING)
            _chip(draw, cx, cy, colour)
            if (r, c) in locked:
                inner = CHIP_RADIUS - 6
                box = (cx - inner, cy - inner, cx + inner, cy + inner)
                draw.ellipse(box, outline=TEAM_TEXT[colour], width=2)
            text = str(numbers[r][c])
            draw.text((cx, cy), text, fill=TEAM_TEXT[colour], font=number_font, anchor="mm")
    if last:
        r, c = _cell_index(last.cell)
        left, top, right, bottom = cell_box(r, c)
        draw.rectangle((left, top, right, bottom), outline=LAST_MOVE, width=5)
    # 64 flat colours keep the anti-aliased text smooth and make the PNG three times
    # smaller and faster to encode than full RGB.
    palette = image.quantize(64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    palette.save(buffer, format="PNG", compress_level=1)
    return buffer.getvalue()
