"""Sequence Numbers: the arithmetic edition of Sequence (rules G1-G10)."""

from engines.sequence_numbers.actions import (
    Action,
    Back,
    ChooseCard,
    ChooseRow,
    Exchange,
    Play,
    action_from_code,
)
from engines.sequence_numbers.game import (
    COLOURS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Decision,
    SequenceGame,
    new_game,
)

__all__ = [
    "COLOURS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Action",
    "Back",
    "ChooseCard",
    "ChooseRow",
    "Decision",
    "Exchange",
    "Play",
    "SequenceGame",
    "action_from_code",
    "new_game",
]
