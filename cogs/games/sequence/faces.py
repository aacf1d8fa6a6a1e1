"""What each Sequence Numbers card looks like as an emoji (G4): the equation in large print
and its answer under it; addition cards green, subtraction cards violet, the wild Plus and
Minus gold."""

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
        return Face("seq_plus", "+", WILD, "★")
    if card == MINUS:
        return Face("seq_minus", "−", WILD, "★")
    left, sign, right = label(card).split(" ")
    word, colour = ("plus", ADDITION) if card.startswith("a") else ("minus", SUBTRACTION)
    return Face(f"seq_{left}{word}{right}", f"{left}{sign}{right}", colour, f"={answer(card)}")


FACES: tuple[Face, ...] = tuple(face(card) for card in dict.fromkeys(FULL_DECK))
"""Every card of the deck, once."""
