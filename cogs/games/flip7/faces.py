"""What each Flip 7 card looks like as an emoji (F3): its value in large print and the
colour of its kind. Numbers are cream, the three special numbers gold with a sign under
the value, actions blue, modifiers green."""

from __future__ import annotations

from cogs.ui.face import Face
from engines.flip7 import cards

NUMBER = (255, 236, 184)
SPECIAL = (255, 200, 87)
ACTION = (160, 210, 255)
MODIFIER = (170, 236, 170)

# Emoji names spell the card, so a name read as text is the card ("f7_12", "f7_swap").
# A card with a name (an action, a special number) is named beside its picture: at an
# emoji's size "⇐" doesn't say Steal, nor "7" Unlucky 7.
_NAMED = {
    cards.UNLUCKY_7: Face("f7_unlucky7", "7", SPECIAL, "✖", needs_words=True),
    cards.LUCKY_13: Face("f7_lucky13", "13", SPECIAL, "★", needs_words=True),
    cards.JUST_ONE_MORE: Face("f7_justonemore", "+1", ACTION, "▶", needs_words=True),
    cards.FLIP_FOUR: Face("f7_flipfour", "×4", ACTION, "▶▶", needs_words=True),
    cards.SWAP: Face("f7_swap", "⇄", ACTION, needs_words=True),
    cards.STEAL: Face("f7_steal", "⇐", ACTION, needs_words=True),
    cards.DISCARD: Face("f7_discard", "✖", ACTION, needs_words=True),
    cards.HALVE: Face("f7_half", "½", MODIFIER),
}


def face(card: int) -> Face:
    """The face of a card id (engines.flip7.cards)."""
    named = _NAMED.get(card)
    if named is not None:
        return named
    if cards.MINUS[card]:
        amount = cards.MINUS[card]
        return Face(f"f7_minus{amount}", f"−{amount}", MODIFIER)
    if card == cards.ZERO:
        return Face("f7_0", "0", SPECIAL, "!", needs_words=True)
    return Face(f"f7_{card}", str(card), NUMBER)


FACES: tuple[Face, ...] = tuple(face(card) for card in range(cards.KINDS))
"""Every card of the deck, once."""
