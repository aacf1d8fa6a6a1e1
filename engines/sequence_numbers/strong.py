"""The strong Sequence Numbers AI: every move scored by the five-cell windows through its
cell (its own open lines grow, opponents' lines get blocked, a four above all, completing
a SEQUENCE wins); Plus and Minus carry a price. The hard AI builds on its board tallies."""

from __future__ import annotations

from engines.sequence_numbers.actions import Play
from engines.sequence_numbers.board import CORNERS, SIZE, WINDOWS, WINDOWS_AT, parse_cell
from engines.sequence_numbers.cards import MINUS, PLUS
from engines.sequence_numbers.scoring import EMPTY, runs_through
from engines.sequence_numbers.views import SequenceView

# Worth of a window by how many of its five cells a colour already has (corners count).
GROW = (1.0, 4.0, 16.0, 60.0)
BLOCK = (0.0, 1.0, 5.0, 30.0, 2000.0)
SEQUENCE = 10_000.0
WIN = 1_000_000.0
CARD_COST = {PLUS: 45.0, MINUS: 40.0}
CORNERS_IN = tuple(sum(1 for c in window if c in CORNERS) for window in WINDOWS)


class Board:
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
        for window, corners in zip(WINDOWS, CORNERS_IN, strict=True):
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
            tally, corners = self.counts[w], CORNERS_IN[w]
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
            tally, corners = self.counts[w], CORNERS_IN[w]
            mixed = any(tally[t] > corners for t in range(self.teams) if t != owner)
            if not mixed and not self.spent[w][owner]:
                value += BLOCK[tally[owner]]
        return value


def strong_play(view: SequenceView, plays: list[Play]) -> Play:
    board = Board(view)
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
