"""The 104-card deck of rule G4: one addition and one subtraction card per answer 1-48,
four Plus and four Minus.

A card is a short string id, which is also its code: "a7" (the addition card for 7),
"s7" (the subtraction card for 7), "P" (Plus) and "M" (Minus).
"""

from __future__ import annotations

from engines.base import IllegalMove

PLUS = "P"
MINUS = "M"

# Operands per answer 1..48 (G4 table), addition cards then subtraction cards.
_ADDITION = (
    (1, 0), (0, 2), (2, 1), (1, 3), (3, 2), (2, 4), (4, 3), (3, 5), (4, 5), (4, 6),
    (5, 6), (5, 7), (6, 7), (6, 8), (7, 8), (6, 10), (8, 9), (7, 11), (9, 10), (8, 12),
    (10, 11), (9, 13), (10, 13), (10, 14), (11, 14), (11, 15), (12, 15), (12, 16), (13, 16),
    (12, 18), (14, 17), (13, 19), (15, 18), (14, 20), (16, 19), (15, 21), (16, 21), (16, 22),
    (17, 22), (17, 23), (18, 23), (18, 24), (19, 24), (18, 26), (20, 25), (19, 27), (21, 26),
    (20, 28),
)  # fmt: skip
_SUBTRACTION = (
    (10, 9), (7, 5), (15, 12), (12, 8), (9, 4), (17, 11), (14, 7), (11, 3), (19, 10), (16, 6),
    (13, 2), (21, 9), (18, 5), (26, 12), (23, 8), (20, 4), (28, 11), (25, 7), (22, 3), (30, 10),
    (27, 6), (24, 2), (32, 9), (29, 5), (37, 12), (34, 8), (31, 4), (39, 11), (36, 7), (33, 3),
    (41, 10), (38, 6), (35, 2), (43, 9), (40, 5), (48, 12), (45, 8), (42, 4), (50, 11), (47, 7),
    (44, 3), (52, 10), (49, 6), (46, 2), (54, 9), (51, 5), (59, 12), (56, 8),
)  # fmt: skip

_LABELS: dict[str, str] = {PLUS: "Plus", MINUS: "Minus"}
_ANSWERS: dict[str, int] = {}
for _n, ((_a, _b), (_c, _d)) in enumerate(zip(_ADDITION, _SUBTRACTION, strict=True), start=1):
    _LABELS[f"a{_n}"] = f"{_a} + {_b}"
    _LABELS[f"s{_n}"] = f"{_c} − {_d}"
    _ANSWERS[f"a{_n}"] = _ANSWERS[f"s{_n}"] = _n

# One full deck in a fixed order; the game shuffles a copy with its seeded rng.
FULL_DECK: tuple[str, ...] = (
    *(f"a{n}" for n in range(1, 49)),
    *(f"s{n}" for n in range(1, 49)),
    *([PLUS] * 4),
    *([MINUS] * 4),
)


def check_card(card: object) -> str:
    """The card id itself, or IllegalMove("bad_card") if it names no card."""
    if not isinstance(card, str) or card not in _LABELS:
        raise IllegalMove("bad_card", card=repr(card))
    return card


def label(card: str) -> str:
    """A card in arithmetic notation: "7 + 4", "14 − 7"; "Plus" or "Minus" for the wild
    cards (the texts word those two in the reader's language)."""
    return _LABELS[check_card(card)]


def card_from_label(text: str) -> str:
    """The card id a `label` names; saved states of schema 1 kept labels, not ids."""
    for card, shown in _LABELS.items():
        if shown == text:
            return card
    raise IllegalMove("bad_card", card=repr(text))


def answer(card: str) -> int | None:
    """The board number an equation card names; None for Plus and Minus."""
    return _ANSWERS.get(card)
