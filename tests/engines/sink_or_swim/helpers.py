"""Stacked-deck helpers shared by the Sink or Swim tests."""

from __future__ import annotations

from typing import Any

from engines.base import Event
from engines.sink_or_swim import Pick, SinkOrSwimGame, new_game

# Three even hands of 4 belts each: 25–36 are whole belts, the rest none.
EVEN_HANDS = [
    [25, 26, 27, 28, 49, 50, 51, 52, 53, 54, 55, 56],
    [29, 30, 31, 32, 57, 58, 59, 60, 1, 2, 3, 4],
    [33, 34, 35, 36, 5, 6, 7, 8, 9, 10, 11, 12],
]
NAMES3 = ["Ann", "Bob", "Cid"]
NAMES4 = ["Ann", "Bob", "Cid", "Dee"]


def stacked(
    names: list[str], hands: list[list[int]], tide_order: list[int], seed: int = 7
) -> SinkOrSwimGame:
    return new_game(names, seed, hands=hands, tide_order=tide_order)


def play(game: SinkOrSwimGame, *cards: int) -> list[Event]:
    """Every seat still in the round picks the given card, in seat order."""
    events: list[Event] = []
    for seat, card in zip(game.to_act(), cards, strict=True):
        events += game.apply(seat, Pick(card))
    return events


def kinds(events: list[Event]) -> list[str]:
    return [event.kind for event in events]


def with_kind(events: list[Event], kind: str) -> list[dict[str, Any]]:
    """The data of every event of one kind, in order."""
    return [dict(event.data) for event in events if event.kind == kind]


def ann_eliminated() -> SinkOrSwimGame:
    """Four players, two tricks in: Ann owed a belt with none left and is out (S5)."""
    hands = [
        [13, 14, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58],
        list(range(1, 13)),
        [15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 59, 60],
        [25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36],
    ]
    game = stacked(NAMES4, hands, [1, 12, 2, 3])
    play(game, 49, 1, 60, 25)
    play(game, 13, 2, 59, 26)
    return game
