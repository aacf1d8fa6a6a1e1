"""A saved Sink or Swim state's invariants, checked when it loads. A state that breaks one
(a seat too few, a card twice or not a card, a pick not in the hand) is refused with
IllegalMove("bad_state") instead of playing on wrongly; the bot quarantines it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engines.base import IllegalMove
from engines.sink_or_swim.cards import HAND_SIZE, TIDE_DECK, WEATHER_CARDS

if TYPE_CHECKING:
    from engines.sink_or_swim.game import SinkOrSwimGame

PER_SEAT = ("hands", "hand_belts", "played", "tides", "belts", "eliminated", "picks", "scores")


def check_game(game: SinkOrSwimGame, players: range) -> None:
    """Raise IllegalMove("bad_state", reason=...) at the first invariant the state breaks."""
    checks: tuple[Callable[[], str | None], ...] = (
        lambda: _seats(game, players),
        lambda: _weather(game),
        lambda: _tides(game),
        lambda: _progress(game),
    )
    for check in checks:
        problem = check()
        if problem is not None:
            raise IllegalMove("bad_state", reason=problem)


def _ints(values: Any, low: int = 0) -> bool:
    return all(type(value) is int and value >= low for value in values)


def _seats(game: SinkOrSwimGame, players: range) -> str | None:
    if not all(isinstance(name, str) and name for name in game.names):
        return "a seat without a name"
    if len(game.names) not in players:
        return f"{len(game.names)} seats"
    for name in PER_SEAT:
        if len(getattr(game, name)) != len(game.names):
            return f"{name} for {len(getattr(game, name))} of {len(game.names)} seats"
    if not all(type(out) is bool for out in game.eliminated):
        return f"eliminated {game.eliminated}"
    if not (_ints(game.belts) and _ints(game.hand_belts) and _ints(game.scores, low=-99)):
        return "belts or scores that aren't counts"
    return None


def _weather(game: SinkOrSwimGame) -> str | None:
    """Hands of 12 weather cards, no card twice; what a seat played this round and its pick
    come from the hand it holds this round."""
    held = [card for hand in game.hands for card in hand]
    if not all(type(card) is int and card in WEATHER_CARDS for card in held):
        return "a weather card that isn't one"
    if len(set(held)) != len(held) or any(len(hand) != HAND_SIZE for hand in game.hands):
        return "hands that aren't 12 different weather cards each"
    for seat in range(len(game.names)):
        hand = game.hands[game.hand_index(seat)]
        if not set(game.played[seat]) <= set(hand):
            return f"seat {seat} played cards of another hand"
        pick = game.picks[seat]
        if pick is not None and (type(pick) is not int or pick not in game.hand(seat)):
            return f"seat {seat} picked {pick!r}, not in their hand"
    return None


def _tides(game: SinkOrSwimGame) -> str | None:
    """The tide pile, the two cards face up and the seats' tide piles make the tide deck
    (once the game is over, the pile and the cards face up are put away)."""
    if game.over:
        return None
    tides = [*game.tide_pile, *game.tide_cards, *(card for pile in game.tides for card in pile)]
    if not all(type(card) is int for card in tides) or Counter(tides) != Counter(TIDE_DECK):
        return "the tide cards don't add up to the tide deck"
    return None


def _progress(game: SinkOrSwimGame) -> str | None:
    if type(game.round) is not int or not 1 <= game.round <= len(game.names):
        return f"round {game.round!r} of {len(game.names)}"
    if type(game.trick) is not int or not 1 <= game.trick <= HAND_SIZE:
        return f"trick {game.trick!r}"
    if type(game.over) is not bool:
        return f"over {game.over!r}"
    return None
