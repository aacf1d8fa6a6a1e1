"""Card faces drawn with Pillow, for the application's emojis: a 128×128 PNG per card.

A game says what each card looks like (`Face`: the value in large print, an optional
second line, the colour of its kind, in `cogs/games/<key>/faces.py`); this module draws
every face the same way. A face holds no words, only numbers and signs, so one picture
reads the same in every language, and the emoji's name carries the value for those who
can't see it.

No flat colour stands out enough from both of Discord's backgrounds (the best grey reaches
3.54:1 against each), so a face is a light card on a dark edge: the edge stands out from the
light theme, the card from the dark theme (`contrast` checks it, WCAG 2's formula).
"""

from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageDraw

from bot.process.app_emojis import Picture
from cogs.ui.face import RGB, Face
from cogs.ui.fonts import Font, bold

SIZE = 128
EDGE = 9  # the dark edge's width; Discord shows an inline emoji at 22 px, so it stays ~2 px
RADIUS = 22
INK = (20, 20, 24)
# Discord's message backgrounds: the dark theme's and the light theme's.
DARK_THEME = (49, 51, 56)
LIGHT_THEME = (255, 255, 255)
THEMES = (DARK_THEME, LIGHT_THEME)
MIN_CONTRAST = 4.5
MAIN_SIZES = (88, 76, 64, 54, 46, 40, 34)  # the largest that fits the card's width is used
SMALL_SIZE = 30


def luminance(colour: RGB) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: RGB, other: RGB) -> float:
    """WCAG 2's contrast ratio, from 1 (the same) to 21 (black on white)."""
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def stands_out(face: Face) -> bool:
    """Whether the face reads on both themes: its edge or its card stands out from each
    background, and its print from its card."""
    return contrast(INK, face.colour) >= MIN_CONTRAST and all(
        max(contrast(face.edge, theme), contrast(face.colour, theme)) >= MIN_CONTRAST
        for theme in THEMES
    )


def _fitting(pen: ImageDraw.ImageDraw, text: str, width: int, sizes: tuple[int, ...]) -> Font:
    for size in sizes:
        font = bold(size)
        left, _top, right, _bottom = pen.textbbox((0, 0), text, font=font)
        if right - left <= width:
            return font
    return bold(sizes[-1])


def draw_face(face: Face) -> bytes:
    """The face as a PNG: transparent corners, the dark edge, the light card, the print."""
    image = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    pen.rounded_rectangle((0, 0, SIZE - 1, SIZE - 1), RADIUS, fill=face.edge)
    pen.rounded_rectangle(
        (EDGE, EDGE, SIZE - 1 - EDGE, SIZE - 1 - EDGE), RADIUS - EDGE // 2, fill=face.colour
    )
    room = SIZE - 2 * EDGE - 8
    middle = SIZE // 2
    # With a mark under it, the value sits higher and a size smaller, clear of the mark.
    value_y = middle - (14 if face.mark else 0)
    sizes = MAIN_SIZES[2:] if face.mark else MAIN_SIZES
    font = _fitting(pen, face.value, room, sizes)
    pen.text((middle, value_y), face.value, fill=INK, font=font, anchor="mm")
    if face.mark:
        small = _fitting(pen, face.mark, room, (SMALL_SIZE, 26, 22))
        pen.text((middle, SIZE - EDGE - 6), face.mark, fill=INK, font=small, anchor="md")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


@cache
def pictures(faces: tuple[Face, ...]) -> list[Picture]:
    """The faces drawn, as the emojis to have (run off the event loop: about 6 ms a face).
    Drawn once a process: a bot made again in the same process (a test's restart, the
    playground) finds them drawn; the 198 pictures hold about 550 KB."""
    return [Picture(face.name, draw_face(face)) for face in faces]
