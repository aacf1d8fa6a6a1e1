"""What a card looks like as an emoji, as data (its name, its print and its colours), and
how a sentence shows one. Pure (no Pillow, no Discord), so a game's texts can name a card's
picture while the drawing itself stays in `cogs.ui.card_faces`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

RGB = tuple[int, int, int]
EDGE_SHADE = 0.3  # the edge is the kind's colour darkened to this share of its light


@dataclass(frozen=True, slots=True)
class Face:
    """One card as drawn: `name` is its emoji's name (the value, as `f7_12`), `value` the
    large print, `mark` a smaller line under it (a sign, a belt count), `colour` its kind's.
    `needs_words`: the picture alone does not say which card it is at an emoji's size in a
    line of text (22 px: a sum, a symbol), so a sentence names the card beside it."""

    name: str
    value: str
    colour: RGB
    mark: str = ""
    needs_words: bool = False

    @property
    def edge(self) -> RGB:
        r, g, b = self.colour
        return (round(r * EDGE_SHADE), round(g * EDGE_SHADE), round(b * EDGE_SHADE))


CardShown = Callable[[Face, str], str]
"""How a sentence shows a card, given its face and its name in words: the card's picture
where the message has one to show (the renderer's `card`), followed by the words where the
face needs them, else the words. Either way the result fills a placeholder of the whole
sentence."""


def in_words(face: Face, words: str) -> str:
    """Cards named in words: for labels, placeholders and select lines, which show no
    pictures, and for texts worded without a renderer."""
    return words
