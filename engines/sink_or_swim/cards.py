"""Sink or Swim components (S2): weather cards with their belts, the tide deck, the pick action."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engines.base import BadCode

WEATHER_CARDS = tuple(range(1, 61))
HAND_SIZE = 12
TIDE_DECK = tuple(sorted(list(range(1, 13)) * 2))


def card_belts(card: int) -> float:
    """Belts printed on a weather card (S2): half on 13–24 and 37–48, whole on 25–36."""
    if 25 <= card <= 36:
        return 1.0
    if 13 <= card <= 48:
        return 0.5
    return 0.0


def hand_belts(hand: list[int]) -> int:
    """A hand's belt count: the sum of its cards' belts, rounded down (S3)."""
    return int(sum(card_belts(card) for card in hand))


@dataclass(frozen=True, slots=True)
class Pick:
    """The secret choice of one weather card for the current trick (S4.2)."""

    card: int

    @property
    def code(self) -> str:
        return f"p{self.card}"


_PICK_CODE = re.compile(r"p([1-9][0-9]?)")


def action_from_code(code: str) -> Pick:
    """Turn a button or select code back into its action."""
    match = _PICK_CODE.fullmatch(code) if isinstance(code, str) else None
    if match is None or int(match.group(1)) not in WEATHER_CARDS:
        raise BadCode(code=code if isinstance(code, str) else repr(code))
    return Pick(int(match.group(1)))


def held_hand(seat: int, round_number: int, players: int) -> int:
    """Which dealt hand `seat` holds in a round: hands pass one seat left each round (S7)."""
    return (seat - round_number + 1) % players
