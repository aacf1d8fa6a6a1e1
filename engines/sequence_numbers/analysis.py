"""A finished Sequence Numbers match's analysis: each play valued against the best play the
hard AI finds (`hard.play_values`), in its unit, the points of its score.

The hard AI scores every play by the five-cell windows through its cell (lines grown,
rival lines blocked, a SEQUENCE completed, a win above all), less the price of a Plus or a
Minus, then looks at the turns to come for the best few: the chance a four it makes is
filled before it is stopped, and how well the cards left in hand cover the line. The play
made is valued the same way, looked at or not. What the best play does (builds, blocks,
breaks or completes a line) is told as the practice hint tells it (`hints.play_hint`), and
how the play made ranks among all the seat's plays, each valued the same way, is counted
(`better` of `plays`): an analysis speaks in the game's terms, never in the AI's points.
An exchange of a dead card and a pass are not valued: the hard AI always exchanges, and a
pass is no choice.
"""

from __future__ import annotations

from typing import Any

from engines.base import Judged
from engines.sequence_numbers.actions import Action, Play
from engines.sequence_numbers.game import SequenceGame
from engines.sequence_numbers.hard import play_values
from engines.sequence_numbers.hints import play_hint
from engines.sequence_numbers.strong import Board
from engines.sequence_numbers.views import SequenceView

ACCURACY_SCALE = 30.0
"""A play worth 30 points less than the best (half a four's growth) scores 37 of 100."""


def judge(game: SequenceGame, seat: int, action: Action) -> Judged | None:
    """The play `seat` makes now (the last step of its turn, or a whole Play) valued against
    the best play found; None for the steps before it, an exchange, a pass, or a turn with
    a single play."""
    if not isinstance(action, Play):
        return None
    plays = [move for move in game.complete_moves(seat) if isinstance(move, Play)]
    if len(plays) < 2 or action not in plays:
        return None
    view = game.view(seat)
    assert isinstance(view, SequenceView)
    valued = play_values(view, plays, also=action)
    best = max(valued, key=lambda play: valued[play])  # the first of the best, as hard_play
    worth = {play.code: value for play, value in valued.items()}
    reason = play_hint(Board(view), best)
    every = play_values(view, plays, looked_at=len(plays))
    data: dict[str, Any] = {
        "card": action.card,
        "cell": action.cell,
        "best_card": best.card,
        "best_cell": best.cell,
        "reason": reason.kind,
        "line": dict(reason.data),
        "teams": [list(team.seats) for team in view.teams],
        "plays": len(plays),
        "better": sum(1 for value in every.values() if value > valued[action]),
    }
    cost = max(0.0, valued[best] - valued[action])
    return Judged("play", action.code, best.code, worth, cost, data)
