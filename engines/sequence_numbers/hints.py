"""A practice table's hint in Sequence Numbers: the hard AI's move, with the cell and the
line it builds or blocks, read from the seat's own view (the board, its own hand).

A line is a five-cell window through the cell (corners count for every colour). The move
builds the longest window of its team's through the cell that no rival chip spoils (its
count after the chip), or blocks a rival's: the longest window of one rival colour that
holds none of ours. It is called a block when the rival's line holds three or more and is
at least as long as ours; a Minus names the rival line its chip breaks.
"""

from __future__ import annotations

from typing import Any

from engines.base import Hint, IllegalMove
from engines.sequence_numbers import ai
from engines.sequence_numbers.actions import Exchange, Pass, Play
from engines.sequence_numbers.board import WINDOWS, WINDOWS_AT, cell_name, parse_cell
from engines.sequence_numbers.cards import MINUS
from engines.sequence_numbers.strong import CORNERS_IN, Board
from engines.sequence_numbers.views import SequenceView

BLOCK_FROM = 3  # a rival line this long through the cell makes the move a block


def hint(game: Any, seat: int) -> Hint:
    if game.decision(seat) is None:
        raise IllegalMove("not_your_turn", seat=game.turn)
    move = ai.choose(game, seat, "hard")
    if isinstance(move, Pass):
        return Hint("pass", move.code)
    if isinstance(move, Exchange):
        return Hint("exchange", move.code, {"card": move.card})
    assert isinstance(move, Play)
    view = game.view(seat)
    assert isinstance(view, SequenceView)
    return play_hint(Board(view), move)


def play_hint(board: Board, move: Play) -> Hint:
    """The kind of a play (remove, complete, block, build) with its card, its cell and the
    line it names: that line's colour, its count and its two ends."""
    cell = parse_cell(move.cell)
    ours, window = _longest(board, cell, board.team, ours=True)
    team, count, kind = board.team, ours, "build"
    if move.card == MINUS:
        team = board.chips[cell]
        count, window = _longest(board, cell, team, ours=False)
        kind = "remove"
    elif board.completion(cell):
        kind = "complete"
    else:
        rival = _rival(board, cell)
        if rival is not None and rival[1] >= BLOCK_FROM and rival[1] >= ours:
            team, count, window = rival
            kind = "block"
    data: dict[str, Any] = {"card": move.card, "cell": move.cell, "team": team, "line": count}
    if window is not None:
        data |= {"first": cell_name(WINDOWS[window][0]), "last": cell_name(WINDOWS[window][-1])}
    return Hint(kind, move.code, data)


def _longest(board: Board, cell: int, team: int, ours: bool) -> tuple[int, int | None]:
    """`team`'s longest window through `cell` that no other colour spoils, counted with a
    chip of ours added on it (`ours`) or as it stands; and which window (None: none)."""
    best, where = 0, None
    for w in WINDOWS_AT[cell]:
        tally = board.counts[w]
        spoiled = any(tally[t] > CORNERS_IN[w] for t in range(board.teams) if t != team)
        if spoiled or board.spent[w][team]:
            continue
        count = tally[team] + (1 if ours else 0)
        if count > best:
            best, where = count, w
    return best, where


def _rival(board: Board, cell: int) -> tuple[int, int, int] | None:
    """The longest rival line through `cell` with none of our chips: (colour, count,
    window), or None when every window through it holds ours or nobody's."""
    best: tuple[int, int, int] | None = None
    for w in WINDOWS_AT[cell]:
        tally, corners = board.counts[w], CORNERS_IN[w]
        if tally[board.team] > corners:
            continue
        for team in range(board.teams):
            rival = team != board.team and tally[team] > corners and not board.spent[w][team]
            if rival and (best is None or tally[team] > best[1]):
                best = (team, tally[team], w)
    return best
