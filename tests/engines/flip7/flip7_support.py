"""Helpers for the Flip 7 tests: stacked decks, events by kind and data, card bookkeeping."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engines.base import Event
from engines.flip7 import Flip7Game, new_game
from engines.flip7.actions import Action
from engines.flip7.cards import card_code, card_from_label, deck_counts

ANN, BOB, CAT = 0, 1, 2


def stacked(cards: list[str], players: int = 2, **options: object) -> Flip7Game:
    """A game whose draw pile starts with `cards`; the last seat deals, so the opening deal
    and the first turn go in seat order (Ann, Bob, Cat...)."""
    names = ["Ann", "Bob", "Cat", "Dan", "Eve"][:players]
    options.setdefault("dealer", players - 1)
    return new_game(names, 11, deck=list(cards), **options)  # type: ignore[arg-type]


def play(game: Flip7Game, *moves: tuple[int, Action]) -> list[Event]:
    events: list[Event] = []
    for seat, action in moves:
        events.extend(game.apply(seat, action))
    return events


def find(events: list[Event], kind: str, **data: Any) -> list[Event]:
    """The events of `kind` whose data holds every given item (cards given by label)."""
    want = {
        key: card_from_label(value) if key == "card" and isinstance(value, str) else value
        for key, value in data.items()
    }
    return [
        event
        for event in events
        if event.kind == kind and all(event.data.get(k) == v for k, v in want.items())
    ]


def has(events: list[Event], kind: str, **data: Any) -> bool:
    return bool(find(events, kind, **data))


def kinds(events: list[Event]) -> list[str]:
    return [event.kind for event in events]


def labels(cards_: list[int] | tuple[int, ...]) -> list[str]:
    return [card_code(card) for card in cards_]


def rows(game: Flip7Game) -> list[list[str]]:
    return [labels(player.row) for player in game.view(None).players]


def status(game: Flip7Game, seat: int) -> str:
    return game.view(None).players[seat].status


def card_counts(game: Flip7Game) -> Counter[int]:
    """Every card wherever it lies: draw and discard piles, rows, cards being resolved."""
    counts: Counter[int] = Counter(game.draw)
    counts.update(game.discard)
    for row in game.rows:
        counts.update(row)
    counts.update(game.held_cards())
    return counts


def full_counts(game: Flip7Game) -> Counter[int]:
    return Counter({card: n for card, n in enumerate(deck_counts(game.decks)) if n})


def cards(*labels_: str) -> list[int]:
    return [card_from_label(label) for label in labels_]


def with_no_card_left(game: Flip7Game) -> Flip7Game:
    """The game reloaded with both piles empty: their cards lie in the last seat's row, so
    the deck still adds up (a saved state where it doesn't is refused)."""
    raw = game.to_dict()
    raw["rows"][-1] += raw["draw"] + raw["discard"]
    raw["draw"], raw["discard"] = [], []
    return Flip7Game.from_dict(raw)
