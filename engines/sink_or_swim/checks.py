"""A saved Sink or Swim state's invariants, checked on its JSON before it loads. A state
that breaks one (a seat too few, a card twice or not a card, a pick not in the hand) is
refused with BadState("bad_state") instead of playing on wrongly; the bot quarantines it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engines.base import refuse_broken
from engines.sink_or_swim.cards import HAND_SIZE, TIDE_DECK, WEATHER_CARDS, held_hand

PER_SEAT = ("hands", "hand_belts", "played", "tides", "belts", "eliminated", "picks", "scores")

State = Mapping[str, Any]


def check_state(raw: State, players: range) -> None:
    """Raise BadState("bad_state", reason=...) at the first invariant `raw` breaks."""
    refuse_broken(raw, (lambda state: _seats(state, players), _progress, _weather, _tides))


def _ints(values: Any, low: int = 0) -> bool:
    return all(type(value) is int and value >= low for value in values)


def _seats(raw: State, players: range) -> str | None:
    names = raw["names"]
    if not all(isinstance(name, str) and name for name in names):
        return "a seat without a name"
    if len(names) not in players:
        return f"{len(names)} seats"
    for key in PER_SEAT:
        if len(raw[key]) != len(names):
            return f"{key} for {len(raw[key])} of {len(names)} seats"
    if not all(type(out) is bool for out in raw["eliminated"]):
        return f"eliminated {raw['eliminated']}"
    if not (_ints(raw["belts"]) and _ints(raw["hand_belts"]) and _ints(raw["scores"], low=-99)):
        return "belts or scores that aren't counts"
    return None


def _progress(raw: State) -> str | None:
    players = len(raw["names"])
    if type(raw["round"]) is not int or not 1 <= raw["round"] <= players:
        return f"round {raw['round']!r} of {players}"
    if type(raw["trick"]) is not int or not 1 <= raw["trick"] <= HAND_SIZE:
        return f"trick {raw['trick']!r}"
    if type(raw["over"]) is not bool:
        return f"over {raw['over']!r}"
    return None


def _weather(raw: State) -> str | None:
    """Hands of 12 weather cards, no card twice; what a seat played this round and its pick
    come from the hand it holds this round."""
    hands = raw["hands"]
    held = [card for hand in hands for card in hand]
    if not all(type(card) is int and card in WEATHER_CARDS for card in held):
        return "a weather card that isn't one"
    if len(set(held)) != len(held) or any(len(hand) != HAND_SIZE for hand in hands):
        return "hands that aren't 12 different weather cards each"
    for seat in range(len(raw["names"])):
        hand = hands[held_hand(seat, raw["round"], len(raw["names"]))]
        played = raw["played"][seat]
        if not set(played) <= set(hand):
            return f"seat {seat} played cards of another hand"
        pick = raw["picks"][seat]
        if pick is not None and (type(pick) is not int or pick not in hand or pick in played):
            return f"seat {seat} picked {pick!r}, not in their hand"
    return None


def _tides(raw: State) -> str | None:
    """The tide pile, the two cards face up and the seats' tide piles make the tide deck
    (once the game is over, the pile and the cards face up are put away)."""
    if raw["over"]:
        return None
    tides = [*raw["tide_pile"], *raw["tide_cards"], *(c for pile in raw["tides"] for c in pile)]
    if not all(type(card) is int for card in tides) or Counter(tides) != Counter(TIDE_DECK):
        return "the tide cards don't add up to the tide deck"
    return None
