"""Sequence Numbers: the arithmetic edition of Sequence (rules G1-G10)."""

from typing import TYPE_CHECKING

from engines.base import Game, GameInfo, Option, register
from engines.sequence_numbers import analysis, hints
from engines.sequence_numbers.actions import (
    Action,
    Back,
    ChooseCard,
    ChooseRow,
    Exchange,
    Pass,
    Play,
    action_from_code,
)
from engines.sequence_numbers.ai import AI_LEVELS, choose, timeout_move
from engines.sequence_numbers.game import COLOURS, SequenceGame, new_game, team_count
from engines.sequence_numbers.table import MAX_PLAYERS, MIN_PLAYERS, TEAMS_AT, default_required
from engines.sequence_numbers.views import (
    CellView,
    HandCard,
    LastMove,
    SequenceView,
    TeamView,
)

INFO = register(
    GameInfo(
        key="sequence",  # stored in databases: never rename
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        new_game=new_game,
        from_dict=SequenceGame.from_dict,
        action_from_code=action_from_code,
        choose_ai=choose,
        ai_levels=AI_LEVELS,
        timeout_move=timeout_move,
        hint=hints.hint,
        judge=analysis.judge,
        accuracy_scale=analysis.ACCURACY_SCALE,
        # Both judge every cell of the board for each card: 0.5-0.7 ms at the median, up to
        # 2.4 ms, against 0.06 ms to send the state.
        thinking_levels=("strong", "hard"),
        options=(
            # G2: with 6 players, two teams of three (None, the default) or three of two.
            Option("teams", default=None, choices=(2, 3)),
            # G1 house option: SEQUENCES needed to win; None is the rule's count by players.
            Option("sequences", default=None, choices=(1, 2)),
        ),
        simultaneous=False,
        hidden_hands=True,
        player_counts=tuple(sorted(TEAMS_AT)),
        tables_exact=True,  # teams: a table of four must be four
    )
)

if TYPE_CHECKING:  # mypy holds the game class to the contract, with its own moves
    _CONTRACT: type[Game[Action]] = SequenceGame

__all__ = [
    "AI_LEVELS",
    "COLOURS",
    "INFO",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Action",
    "Back",
    "CellView",
    "ChooseCard",
    "ChooseRow",
    "Exchange",
    "HandCard",
    "LastMove",
    "Pass",
    "Play",
    "SequenceGame",
    "SequenceView",
    "TeamView",
    "action_from_code",
    "choose",
    "default_required",
    "new_game",
    "team_count",
]
