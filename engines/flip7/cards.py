"""Cards as small ints (F3): fast to compare, count and store in JSON.

Ids 0..13 are the number cards whose id is their value (0 is The Zero, the only 0 in the
deck); 14 and 15 are the other special numbers; 16..20 actions; 21..26 modifiers. Copies
of a card are interchangeable, so a deck is just a multiset of ids.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul

from engines.base import IllegalMove

ZERO = 0
UNLUCKY_7 = 14
LUCKY_13 = 15
JUST_ONE_MORE = 16
FLIP_FOUR = 17
SWAP = 18
STEAL = 19
DISCARD = 20
MINUS_2 = 21
MINUS_4 = 22
MINUS_6 = 23
MINUS_8 = 24
MINUS_10 = 25
HALVE = 26
KINDS = 27

FIRST_ACTION = JUST_ONE_MORE
FIRST_MODIFIER = MINUS_2

VALUE: tuple[int, ...] = (*range(14), 7, 13, *([-1] * 11))
"""Number value of each card id (-1 for actions and modifiers)."""

MINUS: tuple[int, ...] = (*([0] * 21), 2, 4, 6, 8, 10, 0)
"""Points a modifier subtracts (F11); 0 for every other card."""

ONE_DECK: tuple[int, ...] = (
    1,
    1,
    2,
    3,
    4,
    5,
    6,
    6,
    8,
    9,
    10,
    11,
    12,
    12,
    1,
    1,
    *([2] * 5),
    *([1] * 6),
)
"""Copies of each id in one 108-card deck (F3): value v has v copies, 7 and 13 one fewer."""

LABELS: tuple[str, ...] = (
    "Zero",
    *(str(v) for v in range(1, 14)),
    "Unlucky 7",
    "Lucky 13",
    "Just One More!",
    "Flip Four!",
    "Swap",
    "Steal",
    "Discard",
    "−2",
    "−4",
    "−6",
    "−8",
    "−10",
    "÷2",
)

_ALIASES: dict[str, int] = {
    **{label.lower(): card for card, label in enumerate(LABELS)},
    "0": ZERO,
    "the zero": ZERO,
    "u7": UNLUCKY_7,
    "l13": LUCKY_13,
    "jom": JUST_ONE_MORE,
    "just one more": JUST_ONE_MORE,
    "flip four": FLIP_FOUR,
    "f4": FLIP_FOUR,
    "-2": MINUS_2,
    "-4": MINUS_4,
    "-6": MINUS_6,
    "-8": MINUS_8,
    "-10": MINUS_10,
    "/2": HALVE,
    "x2": HALVE,
}

VALUE_BIT: tuple[int, ...] = tuple(1 << value for value in range(14))
"""A number value's bit in a row's value mask (bits 0..13)."""
ZERO_BIT = VALUE_BIT[0]
"""Set while the row holds The Zero (the only card of value 0)."""
ODD_CARDS = 1 << 14
"""Set in a row's mask while it holds Unlucky 7, Lucky 13 or a modifier: the cards whose id
is not their value or that bend the score. A row without it (and without The Zero) is
"plain": scored and busted by its ids alone, which the AI's quick rules rely on."""
NOT_PLAIN = ODD_CARDS | ZERO_BIT

assert sum(ONE_DECK) == 108 and len(ONE_DECK) == len(LABELS) == len(VALUE) == KINDS


def is_number(card: int) -> bool:
    return card < FIRST_ACTION


def is_action(card: int) -> bool:
    return FIRST_ACTION <= card < FIRST_MODIFIER


def is_modifier(card: int) -> bool:
    return card >= FIRST_MODIFIER


def number_totals(counts: Sequence[int]) -> tuple[int, int]:
    """How many number cards a list of counts per card id holds, and their points."""
    numbers = counts[:FIRST_ACTION]
    return sum(numbers), sum(map(mul, numbers, VALUE))


def card_code(card: int) -> str:
    """A card's stable code, for stacking decks and for logs: "9", "Zero", "Lucky 13",
    "−4". Players read the names the cogs word in their language."""
    return LABELS[card]


def card_from_label(text: str | int) -> int:
    """Parse a label (or an id) so tests can stack decks readably: "9", "Swap", "-4"."""
    if isinstance(text, int):
        if 0 <= text < KINDS:
            return text
        raise IllegalMove("unknown_card", card=text)
    card = _ALIASES.get(text.strip().lower())
    if card is None:
        raise IllegalMove("unknown_card", card=text)
    return card


def deck_counts(decks: int) -> list[int]:
    """Copies of each card id with `decks` decks shuffled together (F2)."""
    return [n * decks for n in ONE_DECK]


_ONE_DECK_CARDS = tuple(card for card, n in enumerate(ONE_DECK) for _ in range(n))


def full_deck(decks: int) -> list[int]:
    """Every card, unshuffled."""
    return list(_ONE_DECK_CARDS * decks)
