"""Flip 7: With a Vengeance (rules F1-F13 in docs/rules/flip7.md)."""

from typing import TYPE_CHECKING

from engines.base import Game, GameInfo, register
from engines.flip7 import ai, analysis, hints
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
from engines.flip7.cards import card_code, card_from_label
from engines.flip7.game import (
    BRUTAL_OPTION,
    GOAL_OPTION,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Flip7Game,
    new_game,
)
from engines.flip7.views import Flip7View, PendingView, PlayerView

INFO = register(
    GameInfo(
        key="flip7",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        new_game=new_game,
        from_dict=Flip7Game.from_dict,
        action_from_code=action_from_code,
        choose_ai=ai.choose,
        ai_levels=ai.AI_LEVELS,
        timeout_move=ai.timeout_move,
        hint=hints.hint,
        judge=analysis.judge,
        accuracy_scale=analysis.ACCURACY_SCALE,
        # No thinking_levels: the hard AI decides from its win model in 0.04 ms at the
        # median (0.3 ms at most), less than its state takes to send to another process.
        options=(GOAL_OPTION, BRUTAL_OPTION),
        simultaneous=False,
        hidden_hands=False,
        tournament_tables=(3, 4, 5, 6),
    )
)

if TYPE_CHECKING:  # mypy holds the game class to the contract, with its own moves
    _CONTRACT: type[Game[Action]] = Flip7Game

__all__ = [
    "HIT",
    "INFO",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "STAY",
    "Action",
    "ChooseCard",
    "ChoosePlayer",
    "Flip7Game",
    "Flip7View",
    "Hit",
    "PendingView",
    "PlayerView",
    "Stay",
    "action_from_code",
    "card_code",
    "card_from_label",
    "new_game",
]
