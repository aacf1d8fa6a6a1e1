"""A small picture of rating trends for `/games stats`: one line per game, top to bottom in
the order the stats list the games, each in its colour (the stats mark each game with the
square of the same colour). It holds no words, so it reads the same in every language.
Drawn from plain numbers, off the event loop (`asyncio.to_thread`)."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

# (the square that marks the game in the stats, the line's colour)
COLOURS = (
    ("🟥", (231, 76, 60)),
    ("🟦", (52, 152, 219)),
    ("🟩", (46, 204, 113)),
    ("🟨", (241, 196, 15)),
    ("🟪", (155, 89, 182)),
    ("🟧", (230, 126, 34)),
)
WIDTH, ROW_HEIGHT, MARGIN = 360, 56, 8
BACKGROUND, BAND, MIDLINE = (43, 45, 49), (54, 57, 63), (78, 80, 88)


def square(index: int) -> str:
    """The coloured square that marks the game drawn in row `index`."""
    return COLOURS[index % len(COLOURS)][0]


def draw_trends(series: list[list[int]]) -> bytes:
    """A PNG with one row per series of ratings (oldest first). Each row is scaled to its own
    range, so a small change still shows; a flat series is a level line in the middle."""
    rows = max(len(series), 1)
    image = Image.new("RGB", (WIDTH, rows * ROW_HEIGHT), BACKGROUND)
    pen = ImageDraw.Draw(image)
    for row, values in enumerate(series):
        top = row * ROW_HEIGHT
        pen.rounded_rectangle(
            (MARGIN // 2, top + 3, WIDTH - MARGIN // 2, top + ROW_HEIGHT - 3), 6, fill=BAND
        )
        middle = top + ROW_HEIGHT // 2
        pen.line((MARGIN, middle, WIDTH - MARGIN, middle), fill=MIDLINE, width=1)
        colour = COLOURS[row % len(COLOURS)][1]
        points = _points(values, top)
        if len(points) > 1:
            pen.line(points, fill=colour, width=3, joint="curve")
        for x, y in points:
            pen.ellipse((x - 3, y - 3, x + 3, y + 3), fill=colour)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _points(values: list[int], top: int) -> list[tuple[float, float]]:
    if not values:
        return []
    low, high = min(values), max(values)
    span = high - low
    inner = ROW_HEIGHT - 4 * MARGIN
    step = (WIDTH - 4 * MARGIN) / max(len(values) - 1, 1)
    return [
        (
            2 * MARGIN + i * step,
            top + 2 * MARGIN + (inner / 2 if span == 0 else inner * (high - v) / span),
        )
        for i, v in enumerate(values)
    ]
