"""The race in a picture, for a match's result: one line per player (or team) of the figure
its game says shows who was ahead (`Race`, from the game's renderer), over round tick
values, the goal a dashed line with its words, both axes labelled in the reader's language.

Eight lines stay apart: a palette whose colours differ clearly from each other and stand
out from the band, a marker shape of each line's own, and lines that run on the same
values drawn side by side rather than one over the other. Sized for a phone's width; drawn
from plain values, off the event loop (`asyncio.to_thread`), in the reader's language (the
tick values are written their way, a negative one with "−")."""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from cogs.ui.card_faces import contrast
from cogs.ui.face import RGB
from cogs.ui.fonts import Font, regular
from cogs.ui.trend_picture import BACKGROUND, BAND, MIDLINE
from cogs.wording.words import signed

# Eight colours apart from each other (CIE76 ΔE at least 30) and from the band (3:1 or
# more): Okabe and Ito's colour-blind-safe set, lightened for a dark background.
LINE_COLOURS: tuple[RGB, ...] = (
    (86, 180, 233),
    (230, 159, 0),
    (0, 178, 130),
    (240, 228, 66),
    (220, 130, 180),
    (240, 90, 60),
    (150, 150, 255),
    (225, 225, 225),
)
# A second cue beside colour, in the legend as on the line.
SHAPES = ("disc", "square", "diamond", "triangle", "hexagon", "down", "pentagon", "star")
# shape: (corners, the first corner's angle, a star's inner corners' share of its reach)
POLYGONS = {
    "diamond": (4, -math.pi / 2, 1.0),
    "triangle": (3, -math.pi / 2, 1.0),
    "down": (3, math.pi / 2, 1.0),
    "hexagon": (6, 0.0, 1.0),
    "pentagon": (5, -math.pi / 2, 1.0),
    "star": (10, -math.pi / 2, 0.45),
}
WIDTH, PLOT_HEIGHT, PAD = 480, 210, 12
LABEL_ROW, TICK_ROW, LEGEND_ROW, LEGEND_COLUMNS, LEGEND_INDENT = 22, 20, 22, 2, 26
TEXT, AXIS_TEXT, GOAL = (220, 221, 222), (170, 172, 178), (235, 235, 235)
LINE_WIDTH = 3
SPREAD = 3  # pixels between lines that run on the same value, so each shows
END_MARKER = 6  # a line's end marker's reach, in pixels
END_ROOM = 20  # pixels right of the plot for the lines' end markers
MARKED_POINTS = 24  # up to this many points a line marks each; beyond, only its end
EDGE = (200, 202, 208)  # around a line whose colour alone would not stand out from the band
MIN_CONTRAST = 3.0  # WCAG 2's least for a graphic against its background
Y_TICKS, X_TICKS = 6, 12  # about this many tick values on each axis


@dataclass(frozen=True, slots=True)
class RaceLine:
    """One player's (or team's) line: its name as typed, its value at each point, and where
    the game gives them, its colour and marker shape (a team's chips'), and the points where
    it scored (ringed)."""

    name: str
    values: tuple[int, ...]
    colour: RGB | None = None
    shape: str | None = None
    marks: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Race:
    """What a game's race picture draws: its lines, the axes' words (`across`: what a point
    is, such as "Round"; `up`: what the value is), the number of the first point (round 1,
    or turn 0 before the first turn), and the goal line with its words, if the game has one."""

    lines: tuple[RaceLine, ...]
    across: str
    up: str
    first: int = 1
    goal: int | None = None
    goal_words: str = ""


def nice_step(span: float, ticks: int) -> int:
    """A round step (1, 2 or 5 times a power of ten, at least 1) that cuts `span` into about
    `ticks` parts."""
    raw = max(span / max(ticks, 1), 1.0)
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return int(factor * power)
    return int(10 * power)


def value_ticks(low: int, high: int) -> list[int]:
    """Round tick values from at or below `low` to at or above `high`."""
    step = nice_step(high - low, Y_TICKS)
    start = math.floor(low / step) * step
    end = math.ceil(high / step) * step
    if end == start:
        end += step
    return list(range(start, end + 1, step))


def scale(race: Race) -> list[tuple[int, str]]:
    """The race's tick values, from 0 (or its lowest value) to its highest value or its
    goal, each with its words, written the reader's way ("−2", with the minus sign)."""
    values = [v for line in race.lines for v in line.values]
    goal = [] if race.goal is None else [race.goal]
    ticks = value_ticks(min([0, *values, *goal]), max([1, *values, *goal]))
    return [(tick, signed(tick)) for tick in ticks]


def point_ticks(first: int, points: int) -> list[int]:
    """The point numbers written under the axis: every one when few, else round ones."""
    last = first + points - 1
    step = nice_step(last - first, X_TICKS)
    start = math.ceil(first / step) * step
    return list(range(start, last + 1, step))


def apart(heights: Sequence[float], gap: float) -> list[float]:
    """Heights as near `heights` as can be with at least `gap` pixels between any two, in
    the same order: points closer than that move apart around their middle, side by side."""
    order = sorted(range(len(heights)), key=lambda number: (heights[number], number))
    groups: list[list[int]] = []  # runs of points (in height order) that sit side by side

    def first(group: list[int]) -> float:  # the topmost height of a group spread round its middle
        middle = sum(heights[number] for number in group) / len(group)
        return middle - gap * (len(group) - 1) / 2

    for number in order:
        groups.append([number])
        while len(groups) > 1 and first(groups[-2]) + gap * len(groups[-2]) > first(groups[-1]):
            last = groups.pop()
            groups[-1] += last
    placed = [0.0] * len(heights)
    for group in groups:
        for rank, number in enumerate(group):
            placed[number] = first(group) + gap * rank
    return placed


def within(heights: Sequence[float], gap: float, top: float, bottom: float) -> list[float]:
    """`apart`, then kept between `top` and `bottom` where they have the room: a group
    spread past an edge moves back inside, pushing its neighbours along."""
    placed = apart(heights, gap)
    order = sorted(range(len(placed)), key=lambda number: (placed[number], number))
    floor = top
    for number in order:
        placed[number] = floor = max(placed[number], floor)
        floor += gap
    ceiling = bottom
    for number in reversed(order):
        placed[number] = ceiling = min(placed[number], ceiling)
        ceiling -= gap
    return placed


def spread(lines: Sequence[Sequence[float]], gap: float) -> list[list[float]]:
    """The lines' heights in pixels at each point, moved `apart` where they would touch."""
    placed = [list(heights) for heights in lines]
    for index in range(max((len(heights) for heights in lines), default=0)):
        present = [number for number, heights in enumerate(lines) if index < len(heights)]
        moved = apart([lines[number][index] for number in present], gap)
        for number, height in zip(present, moved, strict=True):
            placed[number][index] = height
    return placed


def marker(pen: ImageDraw.ImageDraw, shape: str, x: float, y: float, r: float, fill: RGB) -> None:
    """A marker of `shape` centred on (x, y), about `r` pixels from its centre to its edge,
    outlined in the band's colour so markers that touch stay apart."""
    if shape == "disc":
        pen.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=BAND)
        return
    if shape == "square":
        s = r * 0.85
        pen.rectangle((x - s, y - s, x + s, y + s), fill=fill, outline=BAND)
        return
    corners, turn, inner = POLYGONS[shape]
    reach = r * 1.15  # a polygon as wide as a disc looks smaller
    points = []
    for i in range(corners):
        angle, far = turn + i * 2 * math.pi / corners, reach * (inner if i % 2 else 1.0)
        points.append((x + far * math.cos(angle), y + far * math.sin(angle)))
    pen.polygon(points, fill=fill, outline=BAND)


def fitted(pen: ImageDraw.ImageDraw, text: str, font: Font, room: float) -> str:
    """`text` cut (with "…") to fit `room` pixels."""
    if pen.textlength(text, font=font) <= room:
        return text
    while text and pen.textlength(text + "…", font=font) > room:
        text = text[:-1]
    return text + "…"


def legend_columns(names: Sequence[str], font: Font) -> int:
    """Two columns of names, or one where a name would not fit half the width."""
    half = (WIDTH - 2 * PAD) // LEGEND_COLUMNS - LEGEND_INDENT
    return LEGEND_COLUMNS if all(font.getlength(name) <= half for name in names) else 1


def _dashed(pen: ImageDraw.ImageDraw, left: float, right: float, y: float) -> None:
    x = left
    while x < right:
        pen.line((x, y, min(x + 8, right), y), fill=GOAL, width=2)
        x += 13


@dataclass(frozen=True, slots=True)
class _Plot:
    """Where the lines go: the plot's edges in pixels and the values at its bottom and top."""

    left: float
    right: float
    top: float
    bottom: float
    low: int
    high: int
    points: int

    def x_of(self, index: int) -> float:
        return self.left + (self.right - self.left) * index / max(self.points - 1, 1)

    def y_of(self, value: float) -> float:
        return self.bottom - (self.bottom - self.top) * (value - self.low) / (self.high - self.low)


Style = tuple[RGB, str]  # a line's colour and marker shape


def draw_race(race: Race) -> bytes:
    """A PNG of the race, in the reader's language (call it there)."""
    font, small = regular(14), regular(13)
    lines = race.lines
    columns = legend_columns([line.name for line in lines], font)
    legend_rows = (len(lines) + columns - 1) // columns
    chart_bottom = PAD + LABEL_ROW + PLOT_HEIGHT + TICK_ROW + LABEL_ROW
    height = chart_bottom + PAD // 2 + legend_rows * LEGEND_ROW + PAD // 2
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    pen = ImageDraw.Draw(image)
    pen.rounded_rectangle((PAD // 2, PAD // 2, WIDTH - PAD // 2, chart_bottom), 6, fill=BAND)
    plot = _axes(pen, race)
    if race.goal is not None:
        _dashed(pen, plot.left, plot.right, plot.y_of(race.goal))
    styles = [
        (
            line.colour or LINE_COLOURS[number % len(LINE_COLOURS)],
            line.shape or SHAPES[number % len(SHAPES)],
        )
        for number, line in enumerate(lines)
    ]
    _lines(pen, lines, styles, plot)
    if race.goal is not None:
        # Under the goal's line at its left, where the lines are mostly still low (at the
        # right they finish near it, above it may be the axis' words), on the band's colour
        # so a line passing under stays clear of the words.
        y = plot.y_of(race.goal) + 4
        words = fitted(pen, race.goal_words, small, plot.right - plot.left)
        box = pen.textbbox((plot.left + 4, y), words, font=small, anchor="lt")
        pen.rectangle((box[0] - 3, box[1] - 2, box[2] + 3, box[3] + 2), fill=BAND)
        pen.text((plot.left + 4, y), words, fill=GOAL, font=small, anchor="lt")
    column_width = (WIDTH - 2 * PAD) // columns
    for number, (line, (colour, shape)) in enumerate(zip(lines, styles, strict=True)):
        row, column = divmod(number, columns)
        x = PAD + column * column_width
        y = chart_bottom + PAD // 2 + row * LEGEND_ROW + LEGEND_ROW // 2
        marker(pen, shape, x + 7, y, 6, colour)
        name = fitted(pen, line.name, font, column_width - LEGEND_INDENT)
        pen.text((x + LEGEND_INDENT - 6, y), name, fill=TEXT, font=font, anchor="lm")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _axes(pen: ImageDraw.ImageDraw, race: Race) -> _Plot:
    """The scale (round values from 0, or the lowest value, to the highest value or the
    goal), its grid lines and tick values, the point numbers and both axes' words."""
    font, small = regular(14), regular(13)
    ticks, labels = zip(*scale(race), strict=True)
    left = PAD + max(pen.textlength(text, font=small) for text in labels) + 8
    top = PAD + LABEL_ROW
    points = max((len(line.values) for line in race.lines), default=1)
    right = WIDTH - 2 * PAD - END_ROOM
    plot = _Plot(left, right, top, top + PLOT_HEIGHT, ticks[0], ticks[-1], points)
    pen.text((PAD, PAD + LABEL_ROW // 2), race.up, fill=AXIS_TEXT, font=font, anchor="lm")
    for tick, text in zip(ticks, labels, strict=True):
        y = plot.y_of(tick)
        pen.line((plot.left, y, plot.right, y), fill=MIDLINE, width=1)
        pen.text((plot.left - 6, y), text, fill=TEXT, font=small, anchor="rm")
    for number in point_ticks(race.first, points):
        x = plot.x_of(number - race.first)
        pen.text((x, plot.bottom + 5), signed(number), fill=TEXT, font=small, anchor="mt")
    middle, under = (plot.left + plot.right) / 2, plot.bottom + TICK_ROW + 3
    pen.text((middle, under), race.across, fill=AXIS_TEXT, font=font, anchor="mt")
    return plot


def _lines(
    pen: ImageDraw.ImageDraw, lines: Sequence[RaceLine], styles: Sequence[Style], plot: _Plot
) -> None:
    """Every line, side by side where they run on the same (or nearly the same) value, then
    their markers on top: at each point while there are few, a ring where the line scored,
    and at its end."""
    heights = spread([[plot.y_of(v) for v in line.values] for line in lines], SPREAD)
    placed = [[(plot.x_of(i), y) for i, y in enumerate(line_heights)] for line_heights in heights]
    for at, (colour, _shape) in zip(placed, styles, strict=True):
        if len(at) < 2:
            continue
        if contrast(colour, BAND) < MIN_CONTRAST:
            pen.line(at, fill=EDGE, width=LINE_WIDTH + 2, joint="curve")
        pen.line(at, fill=colour, width=LINE_WIDTH, joint="curve")
    for line, at, (colour, shape) in zip(lines, placed, styles, strict=True):
        for x, y in at if len(at) <= MARKED_POINTS else []:
            marker(pen, shape, x, y, 3.5, colour)
        for x, y in (at[index] for index in line.marks if 0 <= index < len(at)):
            pen.ellipse((x - 8, y - 8, x + 8, y + 8), outline=GOAL, width=2)
            marker(pen, shape, x, y, 5, colour)
    # Beside the plot, each line's marker at its end's height, a marker's width apart where
    # close finishes crowd, tied to the end by a short stroke: who finished where, with no
    # marker hiding another (the height within the plot stays the true value).
    ends = [number for number, at in enumerate(placed) if at]
    finishes = [placed[number][-1][1] for number in ends]
    tops = within(finishes, 2 * END_MARKER + 1, plot.top - END_MARKER, plot.bottom + END_MARKER)
    x = plot.right + END_ROOM - END_MARKER
    for number, top in zip(ends, tops, strict=True):
        (end_x, end_y), (colour, shape) = placed[number][-1], styles[number]
        pen.line((end_x, end_y, x, top), fill=colour, width=1)
        marker(pen, shape, x, top, END_MARKER, colour)
