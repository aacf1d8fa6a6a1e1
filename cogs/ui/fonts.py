"""The fonts the bot's pictures write with: DejaVu Sans where the system has it (it holds
Vietnamese letters and the typographic minus "−"), else Liberation Sans, else Pillow's own
(Latin letters only)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

FONTS = Path("/usr/share/fonts/truetype")
REGULAR = (FONTS / "dejavu/DejaVuSans.ttf", FONTS / "liberation/LiberationSans-Regular.ttf")
BOLD = (FONTS / "dejavu/DejaVuSans-Bold.ttf", FONTS / "liberation/LiberationSans-Bold.ttf")


@cache
def regular(size: int) -> Font:
    return _first(REGULAR, size)


@cache
def bold(size: int) -> Font:
    return _first(BOLD, size)


def _first(paths: tuple[Path, ...], size: int) -> Font:
    for path in paths:
        if path.exists():
            return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size=size)
