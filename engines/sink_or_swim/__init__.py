"""Sink or Swim (Land Unter / Turn the Tide): the engine the bot drives."""

from engines.sink_or_swim.cards import Pick, action_from_code, card_belts, hand_belts
from engines.sink_or_swim.game import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Decision,
    SinkOrSwimGame,
    new_game,
)

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Decision",
    "Pick",
    "SinkOrSwimGame",
    "action_from_code",
    "card_belts",
    "hand_belts",
    "new_game",
]
