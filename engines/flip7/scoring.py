"""Busting (F4, F8) and round scoring in the rulebook's order (F7, F12), on plain rows."""

from __future__ import annotations

from engines.flip7.cards import HALVE, LUCKY_13, MINUS, UNLUCKY_7, VALUE, ZERO, is_number

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


def round_points(
    number_sum: int,
    halves: int,
    minus: int,
    *,
    zero: bool,
    flip7: bool = False,
    bonus: bool = True,
    brutal: bool = False,
) -> int:
    """The round score of a row that has not busted, F7 steps 1-5, from its sums: halve per
    ÷2, subtract the minus cards (floor 0 unless brutal, F12), +15 for Flip 7 (if taken),
    and The Zero makes it 0 unless Flip 7. The one place the formula is written."""
    total = (number_sum >> halves) - minus
    if total < 0 and not brutal:
        total = 0
    if flip7:
        return total + FLIP7_BONUS if bonus else total
    return 0 if zero else total


def row_score(
    row: list[int], *, flip7: bool = False, bonus: bool = True, brutal: bool = False
) -> int:
    """`round_points` of a row given card by card."""
    numbers = [card for card in row if is_number(card)]
    return round_points(
        sum(VALUE[card] for card in numbers),
        row.count(HALVE),
        sum(MINUS[card] for card in row),
        zero=ZERO in numbers,
        flip7=flip7,
        bonus=bonus,
        brutal=brutal,
    )


def busted_score(row: list[int], bust_len: int, brutal: bool) -> int:
    """A busted row scores 0; in brutal mode minus cards given after the bust still count (F12)."""
    if not brutal:
        return 0
    return -sum(MINUS[card] for card in row[bust_len:])
