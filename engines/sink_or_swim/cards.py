"""Sink or Swim components (S2): weather cards with their belts, and the tide deck."""

from __future__ import annotations

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


def held_hand(seat: int, round_number: int, players: int) -> int:
    """Which dealt hand `seat` holds in a round: hands pass one seat left each round (S7)."""
    return (seat - round_number + 1) % players
