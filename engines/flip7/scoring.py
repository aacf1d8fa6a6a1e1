"""Busting (F4, F8) and round scoring in the rulebook's order (F7, F12), on plain rows."""

from __future__ import annotations

from engines.flip7.cards import HALVE, LUCKY_13, MINUS, UNLUCKY_7, VALUE, ZERO

FLIP7_BONUS = 15


def busts(row: list[int], card: int) -> bool:
    """Would number `card` arriving in `row` bust it? Lucky 13 allows a second 13 (F8)."""
    if card == UNLUCKY_7:
        return False
    value = VALUE[card]
    same = 0
    lucky = card == LUCKY_13
    for held in row:
        if VALUE[held] == value:
            same += 1
            if held == LUCKY_13:
                lucky = True
    if lucky and value == 13:
        return same >= 2
    return same >= 1


def number_total(row: list[int]) -> int:
    """Sum of the number cards (F7 step 1)."""
    return sum(VALUE[card] for card in row if card < 16)


def row_score(
    row: list[int], *, flip7: bool = False, bonus: bool = True, brutal: bool = False
) -> int:
    """Score a row that has not busted, F7 steps 1-5: sum, halve per ÷2, subtract the minus
    cards (floor 0 unless brutal), +15 for Flip 7 (if taken), The Zero makes it 0 unless Flip 7."""
    total = 0
    halves = 0
    minus = 0
    zero = False
    for card in row:
        if card < 16:
            total += VALUE[card]
            if card == ZERO:
                zero = True
        elif card == HALVE:
            halves += 1
        else:
            minus += MINUS[card]
    total = (total >> halves) - minus
    if total < 0 and not brutal:
        total = 0
    if flip7:
        if bonus:
            total += FLIP7_BONUS
    elif zero:
        return 0
    return total


def busted_score(row: list[int], bust_len: int, brutal: bool) -> int:
    """A busted row scores 0; in brutal mode minus cards given after the bust still count (F12)."""
    if not brutal:
        return 0
    return -sum(MINUS[card] for card in row[bust_len:])
