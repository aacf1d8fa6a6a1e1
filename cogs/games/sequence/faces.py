"""What each Sequence Numbers card looks like as an emoji (G4): the equation in large print
and its answer under it; addition cards green, subtraction cards violet, the wild Plus and
Minus gold. At an emoji's size in a line of text the sum can't be read, so a sentence names
every card beside its picture."""

from __future__ import annotations

from cogs.ui.face import Face
from engines.sequence_numbers.cards import FULL_DECK, MINUS, PLUS, answer, label

ADDITION = (176, 236, 176)
SUBTRACTION = (214, 200, 255)
WILD = (255, 204, 96)


def face(card: str) -> Face:
    """The face of a card id ("a7", "s7", "P", "M"); its emoji's name spells the equation
    ("seq_3plus4", "seq_9minus2") or the wild card ("seq_plus")."""
    if card == PLUS:
        return Face("seq_plus", "+", WILD, "★", needs_words=True)
    if card == MINUS:
        return Face("seq_minus", "−", WILD, "★", needs_words=True)
    left, sign, right = label(card).split(" ")
    word, colour = ("plus", ADDITION) if card.startswith("a") else ("minus", SUBTRACTION)
    value, mark = f"{left}{sign}{right}", f"={answer(card)}"
    return Face(f"seq_{left}{word}{right}", value, colour, mark, needs_words=True)


FACES: tuple[Face, ...] = tuple(face(card) for card in dict.fromkeys(FULL_DECK))
"""Every card of the deck, once."""
