"""AI seats. Both decide only from the seat's own view and its legal moves.

simple: a beginner — picks a random playable card, then a random cell for it.
strong: exchanges a dead card whenever it can, then scores every move by the five-cell
windows through its cell: its own open lines grow, opponents' lines get blocked (a
four-in-a-row above all), completing a SEQUENCE wins. Plus and Minus carry a price, so
they are kept for moves worth clearly more than an ordinary card's best.
"""

from __future__ import annotations

import random
import zlib
from typing import Any

from engines.base import IllegalMove
from engines.sequence_numbers.actions import Action, Exchange, Pass, Play
from engines.sequence_numbers.board import CORNERS, SIZE, WINDOWS, WINDOWS_AT, parse_cell
from engines.sequence_numbers.cards import MINUS, PLUS
from engines.sequence_numbers.scoring import EMPTY, runs_through
from engines.sequence_numbers.views import SequenceView

AI_LEVELS = ("simple", "strong")

# Worth of a window by how many of its five cells a colour already has (corners count).
GROW = (1.0, 4.0, 16.0, 60.0)
BLOCK = (0.0, 1.0, 5.0, 30.0, 2000.0)
SEQUENCE = 10_000.0
WIN = 1_000_000.0
CARD_COST = {PLUS: 45.0, MINUS: 40.0}
_CORNERS_IN = tuple(sum(1 for c in window if c in CORNERS) for window in WINDOWS)


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
    return _strong(view, plays)


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


class _Board:
    """Window tallies of one view, computed once per decision."""

    def __init__(self, view: SequenceView) -> None:
        assert view.team is not None
        self.team: int = view.team
        self.teams = len(view.teams)
        self.chips = [EMPTY] * (SIZE * SIZE)
        for r, row in enumerate(view.board):
            for c, owner in enumerate(row):
                if isinstance(owner, int):
                    self.chips[r * SIZE + c] = owner
        locked = {parse_cell(name) for name in view.locked}
        self.need = view.required - view.sequences[self.team]
        # per window: chips of each team (corners added to all), and whether it is spent
        self.counts: list[list[int]] = []
        self.spent: list[list[bool]] = []
        for window, corners in zip(WINDOWS, _CORNERS_IN, strict=True):
            tally = [corners] * self.teams
            locked_in = [0] * self.teams
            for c in window:
                owner = self.chips[c]
                if owner != EMPTY:
                    tally[owner] += 1
                    locked_in[owner] += c in locked
            self.counts.append(tally)
            # two locked chips of one colour in a window: it overlaps a counted SEQUENCE
            self.spent.append([n >= 2 for n in locked_in])

    def place_value(self, cell: int, team: int) -> float:
        """How much a chip of `team` on the empty `cell` grows its lines and blocks others."""
        value = 0.0
        for w in WINDOWS_AT[cell]:
            tally, corners = self.counts[w], _CORNERS_IN[w]
            rivals = [t for t in range(self.teams) if t != team and tally[t] > corners]
            if not rivals and not self.spent[w][team] and tally[team] < 4:
                value += GROW[tally[team]]
            if tally[team] == corners and len(rivals) == 1 and not self.spent[w][rivals[0]]:
                value += BLOCK[tally[rivals[0]]]
        return value

    def completion(self, cell: int) -> float:
        """The value of SEQUENCES a chip of ours on `cell` completes."""
        self.chips[cell] = self.team
        gained = sum(g for _, g in runs_through(self.chips, cell, self.team))
        self.chips[cell] = EMPTY
        if not gained:
            return 0.0
        return WIN if gained >= self.need else SEQUENCE * gained

    def removal_value(self, cell: int) -> float:
        """How much taking away the opponent chip on `cell` sets its lines back."""
        owner = self.chips[cell]
        value = 0.0
        for w in WINDOWS_AT[cell]:
            tally, corners = self.counts[w], _CORNERS_IN[w]
            mixed = any(tally[t] > corners for t in range(self.teams) if t != owner)
            if not mixed and not self.spent[w][owner]:
                value += BLOCK[tally[owner]]
        return value


def _strong(view: SequenceView, plays: list[Play]) -> Play:
    board = _Board(view)
    best, best_score = plays[0], float("-inf")
    for play in plays:
        cell = parse_cell(play.cell)
        if play.card == MINUS:
            score = board.removal_value(cell)
        else:
            score = board.completion(cell) + board.place_value(cell, board.team)
        score -= CARD_COST.get(play.card, 0.0)
        if score > best_score:
            best, best_score = play, score
    return best
