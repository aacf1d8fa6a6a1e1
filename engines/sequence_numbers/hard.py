"""The hard Sequence Numbers AI: the strong AI's window scores, plus a look at the turns
to come. A move that makes a four of ours is worth the chance our team fills its last cell
before an opponent stops it, seat by seat in turn order (G2: teammates alternate): an
opponent stops it with a Minus on the new chip (G6.3) or, when there is one last cell only,
with a card for that cell or a Plus; a partner may fill it; and so may this seat next turn
with a card it holds, a Plus, or the card it draws. The chances come from the cards the seat
can't see, counted from its own view only. Plus and Minus are dearer than for the strong AI:
kept to win, to block a four or to make a threat worth them. And a line is worth more
when the cards still in hand can fill its other cells.
"""

from __future__ import annotations

from engines.sequence_numbers.actions import Play
from engines.sequence_numbers.board import WINDOWS, WINDOWS_AT, number_at, parse_cell
from engines.sequence_numbers.cards import FULL_DECK, MINUS, PLUS, answer
from engines.sequence_numbers.scoring import EMPTY
from engines.sequence_numbers.strong import CORNERS_IN, GROW, Board
from engines.sequence_numbers.views import SequenceView

# Weights tuned by simulation against the strong AI.
THREAT = 300.0  # a four our team will surely fill (blocking theirs stays first: 2000)
HARD_COST = {PLUS: 250.0, MINUS: 150.0}
LOOKED_AT = 12  # the work budget: plays looked at beyond their window score
COVER = 2.0  # a window's worth added again per other empty cell this hand can fill


class _Unseen:
    """Counts of the cards this seat can't see (other hands and the draw pile). A number's
    two equation cards are gone when in this hand or when its cells hold chips; a share of
    the Plus and Minus cards not in this hand is taken as still unseen."""

    def __init__(self, view: SequenceView, chips: list[int]) -> None:
        assert view.hand is not None and view.seat is not None
        hand = [card.code for card in view.hand]
        self.total = view.draw_pile + sum(
            size for seat, size in enumerate(view.hand_sizes) if seat != view.seat
        )
        out_of_view = len(FULL_DECK) - len(hand)
        share = self.total / out_of_view if out_of_view else 0.0
        self.plus = (4 - hand.count(PLUS)) * share
        self.minus = (4 - hand.count(MINUS)) * share
        filled: dict[int, int] = {}
        for cell, owner in enumerate(chips):
            number = number_at(cell)
            if owner != EMPTY and number is not None:
                filled[number] = filled.get(number, 0) + 1
        held = [answer(card) for card in hand]
        self.numbers = {n: max(0, 2 - held.count(n) - filled.get(n, 0)) for n in range(1, 49)}

    def chance(self, cards: float, hand_size: int) -> float:
        """Chance that a hand of `hand_size` unseen cards holds one of `cards` of them."""
        if self.total <= 0 or cards <= 0:
            return 0.0
        return 1.0 - max(0.0, 1.0 - cards / self.total) ** hand_size


def hard_play(view: SequenceView, plays: list[Play]) -> Play:
    """The strong AI's score of every play, then the turns to come for the best few."""
    valued = play_values(view, plays)
    best, best_score = plays[0], float("-inf")
    for play, score in valued.items():
        if score > best_score:
            best, best_score = play, score
    return best


def play_values(
    view: SequenceView, plays: list[Play], also: Play | None = None, looked_at: int = LOOKED_AT
) -> dict[Play, float]:
    """The hard AI's value of the plays it looks at, best first by the strong AI's score
    (the first `looked_at`): each one's score less the price of a Plus or a Minus, plus the
    turns to come. `also` is valued the same way, looked at or not (for an analysis)."""
    board = Board(view)
    unseen = _Unseen(view, board.chips)
    assert view.hand is not None
    hand = [card.code for card in view.hand]
    scored = []
    for play in plays:
        cell = parse_cell(play.cell)
        if play.card == MINUS:
            score = board.removal_value(cell)
        else:
            score = board.completion(cell) + board.place_value(cell, board.team)
        scored.append((score - HARD_COST.get(play.card, 0.0), play, cell))
    scored.sort(key=lambda item: item[0], reverse=True)
    looked = scored[:looked_at]
    looked += [item for item in scored[looked_at:] if item[1] == also]
    values: dict[Play, float] = {}
    for score, play, cell in looked:
        if play.card != MINUS:
            rest = _without(hand, play.card)
            score += THREAT * _threat(view, board, unseen, cell, rest)
            score += COVER * _covered(board, cell, rest)
        values[play] = score
    return values


def _without(hand: list[str], card: str) -> list[str]:
    rest = list(hand)
    rest.remove(card)
    return rest


def _finishing(board: Board, cell: int) -> set[int]:
    """The empty cells that would complete a five of ours through `cell` once our chip is on
    it: each window through it holding four of ours, no rival chip, not already counted."""
    team, found = board.team, set[int]()
    for w in WINDOWS_AT[cell]:
        tally = board.counts[w]
        rivals = any(tally[t] > CORNERS_IN[w] for t in range(board.teams) if t != team)
        if tally[team] == 3 and not rivals and not board.spent[w][team]:
            found.update(c for c in WINDOWS[w] if c != cell and board.chips[c] == EMPTY)
    return {c for c in found if number_at(c) is not None}


def _threat(view: SequenceView, board: Board, unseen: _Unseen, cell: int, hand: list[str]) -> float:
    """The chance our team fills a last cell of a four this chip makes before it is stopped."""
    finishing = _finishing(board, cell)
    if not finishing:
        return 0.0
    numbers = {number_at(c) for c in finishing}
    fillers = unseen.plus + sum(unseen.numbers[n] for n in numbers if n is not None)
    stoppers = unseen.minus + (fillers if len(finishing) == 1 else 0.0)
    held = PLUS in hand or any(answer(card) in numbers for card in hand)
    mine = 1.0 if held else (fillers / unseen.total if unseen.total else 0.0)
    assert view.seat is not None
    teams = len(view.teams)
    standing, filled = 1.0, 0.0
    for step in range(1, len(view.names)):
        seat = (view.seat + step) % len(view.names)
        size = view.hand_sizes[seat]
        if seat % teams == board.team:  # a partner (G2: seat i plays colour i mod teams)
            chance = unseen.chance(fillers, size)
            filled += standing * chance
            standing *= 1 - chance
        else:
            standing *= 1 - unseen.chance(stoppers, size)
    return filled + standing * mine


def _covered(board: Board, cell: int, hand: list[str]) -> float:
    """Growth of our open windows through `cell`, weighted by how many of their other empty
    cells the cards still in hand can fill."""
    numbers = {answer(card) for card in hand}
    team, value = board.team, 0.0
    for w in WINDOWS_AT[cell]:
        tally = board.counts[w]
        rivals = any(tally[t] > CORNERS_IN[w] for t in range(board.teams) if t != team)
        if rivals or board.spent[w][team] or tally[team] >= 4:
            continue
        cover = sum(
            1
            for c in WINDOWS[w]
            if c != cell and board.chips[c] == EMPTY and number_at(c) in numbers
        )
        value += cover * GROW[tally[team]]
    return value
