"""Flip 7: With a Vengeance (rules F1-F13 in shared/rules/flip7.md)."""

from engines.flip7.actions import (
    HIT,
    STAY,
    Action,
    ChooseCard,
    ChoosePlayer,
    Hit,
    Stay,
    action_from_code,
)
from engines.flip7.cards import card_from_label, card_label
from engines.flip7.game import MAX_PLAYERS, MIN_PLAYERS, Decision, Flip7Game, new_game

__all__ = [
    "HIT",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "STAY",
    "Action",
    "ChooseCard",
    "ChoosePlayer",
    "Decision",
    "Flip7Game",
    "Hit",
    "Stay",
    "action_from_code",
    "card_from_label",
    "card_label",
    "new_game",
]
