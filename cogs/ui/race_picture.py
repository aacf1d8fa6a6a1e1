"""The race in a picture, for a match's result: one line per player (or team) of a running
figure by round (Flip 7's totals, Sink or Swim's belts), a dot at each round, and a legend
of names in the same colours. It holds no sentences, only names as typed and numbers, so it
reads the same in every language. Sized for a phone's width; drawn from plain numbers, off
the event loop (`asyncio.to_thread`)."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw, ImageFont

from cogs.ui.trend_picture import BACKGROUND, BAND, MIDLINE

LINE_COLOURS = (
    (231, 76, 60),
    (52, 152, 219),
    (46, 204, 113),
    (241, 196, 15),
    (155, 89, 182),
    (230, 126, 34),
    (26, 188, 156),
    (236, 112, 160),
)
WIDTH, PLOT_HEIGHT, MARGIN, LEFT = 480, 240, 12, 44
LEGEND_ROW, LEGEND_COLUMNS = 22, 2
TEXT = (220, 221, 222)
MAX_NAME = 18  # a legend entry is cut to this many characters so two columns fit


def draw_race(lines: list[tuple[str, list[int]]]) -> bytes:
    """A PNG of each (name, values by round) line over a shared scale from 0 (or the lowest
    value, if lower) to the highest value; round numbers under the axis."""
    font = ImageFont.load_default(size=14)
    legend_rows = (len(lines) + LEGEND_COLUMNS - 1) // LEGEND_COLUMNS
    height = PLOT_HEIGHT + MARGIN + legend_rows * LEGEND_ROW + MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    pen = ImageDraw.Draw(image)
    pen.rounded_rectangle(
        (MARGIN // 2, MARGIN // 2, WIDTH - MARGIN // 2, PLOT_HEIGHT), 6, fill=BAND
    )
    values = [v for _name, series in lines for v in series]
    low, high = min([0, *values]), max([1, *values])
    rounds = max((len(series) for _name, series in lines), default=1)
    top, bottom = 2 * MARGIN, PLOT_HEIGHT - 2 * MARGIN
    right = WIDTH - 2 * MARGIN

    def y_of(value: float) -> float:
        return bottom - (bottom - top) * (value - low) / (high - low)

    def x_of(index: int) -> float:
        return LEFT + (right - LEFT) * index / max(rounds - 1, 1)

    for value in sorted({low, high, (low + high) // 2}):
        y = y_of(value)
        pen.line((LEFT, y, right, y), fill=MIDLINE, width=1)
        pen.text((LEFT - 6, y), str(value), fill=TEXT, font=font, anchor="rm")
    step = max(1, rounds // 10)  # at most about ten round numbers, so they stay readable
    for index in range(0, rounds, step):
        pen.text((x_of(index), bottom + 4), str(index + 1), fill=TEXT, font=font, anchor="mt")
    for number, (name, series) in enumerate(lines):
        colour = LINE_COLOURS[number % len(LINE_COLOURS)]
        points = [(x_of(i), y_of(v)) for i, v in enumerate(series)]
        if len(points) > 1:
            pen.line(points, fill=colour, width=3, joint="curve")
        for x, y in points:
            pen.ellipse((x - 3, y - 3, x + 3, y + 3), fill=colour)
        row, column = divmod(number, LEGEND_COLUMNS)
        left = MARGIN + column * (WIDTH - 2 * MARGIN) // LEGEND_COLUMNS
        middle = PLOT_HEIGHT + MARGIN + row * LEGEND_ROW + LEGEND_ROW // 2
        pen.rectangle((left, middle - 5, left + 10, middle + 5), fill=colour)
        shown = name if len(name) <= MAX_NAME else name[: MAX_NAME - 1] + "…"
        pen.text((left + 16, middle), shown, fill=TEXT, font=font, anchor="lm")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
