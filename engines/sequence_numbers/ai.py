"""AI seats. Each decides only from the seat's own view and its legal moves.

simple: a beginner — picks a random playable card, then a random cell for it.
strong: exchanges a dead card whenever it can, then scores every move by the five-cell
windows through its cell: its own open lines grow, opponents' lines get blocked (a
four-in-a-row above all), completing a SEQUENCE wins. Plus and Minus carry a price, so
they are kept for moves worth clearly more than an ordinary card's best.
hard: as strong, and weighs the turns to come: a four is worth the chance its team fills
it before an opponent stops it; Plus and Minus are kept for a win, a block or a threat.
"""

from __future__ import annotations

import random
import zlib
from typing import Any

from engines.base import IllegalMove
from engines.sequence_numbers.actions import Action, Exchange, Pass, Play
from engines.sequence_numbers.hard import hard_play
from engines.sequence_numbers.strong import strong_play
from engines.sequence_numbers.views import SequenceView

AI_LEVELS = ("simple", "strong", "hard")


def choose(game: Any, seat: int, level: str = "strong") -> Action:
    """The complete move an AI of `level` makes for `seat` now (Pass when it has none)."""
    if level not in AI_LEVELS:
        raise IllegalMove("unknown_ai_level", level=level)
    actions = game.complete_moves(seat)
    if not actions:
        raise (
            IllegalMove("game_over")
            if game.is_over
            else IllegalMove("not_your_turn", seat=game.turn)
        )
    if actions == [Pass()]:
        return Pass()
    view = game.view(seat)
    plays = [a for a in actions if isinstance(a, Play)]
    if level == "simple":
        return _simple(view, plays or actions)
    exchanges = [a for a in actions if isinstance(a, Exchange)]
    if exchanges:
        return exchanges[0]
    return hard_play(view, plays) if level == "hard" else strong_play(view, plays)


def timeout_move(game: Any, seat: int) -> Action:
    """The strong AI's move for a seat that let its turn run out: a complete move, which
    `apply` takes at any step. It is safe for the absent seat as it stands: no move can cost
    its own team (a chip is only ever added for it, a Minus takes only an opponent's, G6),
    and the strong AI spends a Plus or a Minus only where it is worth clearly more."""
    return choose(game, game.check_turn(seat), "strong")


def _simple(view: SequenceView, actions: list[Any]) -> Any:
    """A random card, then a random cell: seeded by the visible state, so repeatable."""
    hand = [card.code for card in view.hand or ()]
    state = repr(([list(row) for row in view.board], hand, view.seat))
    rng = random.Random(zlib.crc32(state.encode()))
    by_card: dict[str, list[Any]] = {}
    for action in actions:
        by_card.setdefault(action.card, []).append(action)
    return rng.choice(by_card[rng.choice(sorted(by_card))])
