"""Sink or Swim (Land Unter / Turn the Tide): the engine the bot drives, registered as
"sinkorswim" (the key saved in match rows)."""

from typing import TYPE_CHECKING

from engines.base import Game, GameInfo, register
from engines.sink_or_swim import ai, analysis, hints
from engines.sink_or_swim.actions import Pick, action_from_code
from engines.sink_or_swim.cards import card_belts, hand_belts
from engines.sink_or_swim.game import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    SCHEMA_VERSION,
    SinkOrSwimGame,
    new_game,
)
from engines.sink_or_swim.views import CardView, PlayerView, SinkOrSwimView, TrickView

INFO = register(
    GameInfo(
        key="sinkorswim",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        new_game=new_game,
        from_dict=SinkOrSwimGame.from_dict,
        action_from_code=action_from_code,
        choose_ai=ai.choose,
        ai_levels=ai.AI_LEVELS,
        timeout_move=ai.timeout_move,
        hint=hints.hint,
        judge=analysis.judge,
        accuracy_scale=analysis.ACCURACY_SCALE,
        # The hard pick plays out the others' likely picks: 1.6 ms at the median, 5 ms at
        # most, against 0.2 ms to send the state (bench.ai_strength, docs/ARCHITECTURE.md).
        thinking_levels=("hard",),
        options=(),
        simultaneous=True,
        hidden_hands=True,
        tournament_tables=(3, 4, 5),
    )
)

if TYPE_CHECKING:  # mypy holds the game class to the contract, with its own moves
    _CONTRACT: type[Game[Pick]] = SinkOrSwimGame

__all__ = [
    "INFO",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "SCHEMA_VERSION",
    "CardView",
    "Pick",
    "PlayerView",
    "SinkOrSwimGame",
    "SinkOrSwimView",
    "TrickView",
    "action_from_code",
    "card_belts",
    "hand_belts",
    "new_game",
]
