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
from engines.sequence_numbers.playout import Sim, deal, seeded_rng
from engines.sequence_numbers.scoring import EMPTY
from engines.sequence_numbers.strong import BLOCK, CARD_COST, CORNERS_IN, GROW, WIN, Board
from engines.sequence_numbers.views import SequenceView

# Weights tuned by simulation against the strong AI.
THREAT = 300.0  # a four our team will surely fill (blocking theirs stays first: 2000)
HARD_COST = {PLUS: 250.0, MINUS: 150.0}
LOOKED_AT = 12  # the work budget: plays looked at beyond their window score
SAFE = 0.3  # share of a cell's worth put off when only we (or a Plus) can fill it
REOPEN = 0.0  # weight of our lines a Minus reopens, against their window worth
COVER = 2.0  # a window's worth added again per other empty cell this hand can fill
GROW_H = GROW  # the strong AI's window worths, the hard AI's own to tune
BLOCK_H = BLOCK
PLAYED_OUT = 4  # the best plays played out on dealt hands
DEALS = 8  # deals of the unseen cards each is played out on
ROUNDS = 2  # whole rounds of turns played out after ours
OUTCOME = 1500.0  # worth of winning rather than losing within the turns played out
STANDING = 0.0  # weight of how far ahead the turns played out leave our team
SEQ_GAIN = 600.0  # worth of a SEQUENCE made (not winning) within the turns played out


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
    view: SequenceView, plays: list[Play], also: Play | None = None
) -> dict[Play, float]:
    """The hard AI's value of the plays it looks at, best first by the strong AI's score
    (the first LOOKED_AT): each one's score less the price of a Plus or a Minus, plus the
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
            grown = board.place_value(cell, board.team, GROW_H, BLOCK_H)
            if play.card != PLUS and _ours_alone(unseen, cell):
                grown *= 1.0 - SAFE
            score = board.completion(cell) + grown
        scored.append((score - HARD_COST.get(play.card, 0.0), play, cell))
    scored.sort(key=lambda item: item[0], reverse=True)
    looked = scored[:LOOKED_AT]
    looked += [item for item in scored[LOOKED_AT:] if item[1] == also]
    values: dict[Play, float] = {}
    for score, play, cell in looked:
        rest = _without(hand, play.card)
        if play.card != MINUS:
            score += THREAT * _fill_chance(view, board, unseen, _finishing(board, cell), rest)
            score += COVER * _covered(board, cell, rest)
        else:
            grown, four = _reopened(board, cell)
            score += REOPEN * grown
            if four:
                score += THREAT * _fill_chance(view, board, unseen, {cell}, rest)
        values[play] = score
    _play_out(view, board, values)
    return values


def _play_out(view: SequenceView, board: Board, values: dict[Play, float]) -> None:
    """Add to the best few plays the worth of how often our team wins rather than loses
    within a few rounds when every seat plays on as the strong AI, on the same deals."""
    ranked = sorted(values, key=lambda play: values[play], reverse=True)[:PLAYED_OUT]
    if len(ranked) < 2 or values[ranked[0]] >= WIN:
        return
    assert view.seat is not None
    base = Sim(view, board.chips)
    base.prices = [HARD_COST if team == board.team else CARD_COST for team in range(base.teams)]
    if not base.hot:
        return  # no line of three anywhere: nothing a few turns can decide
    rng = seeded_rng(view)
    plies = ROUNDS * base.seats
    tally = dict.fromkeys(ranked, 0.0)
    for _ in range(DEALS):
        hands, draw = deal(view, board.chips, rng)
        for play in ranked:
            sim = base.copy(hands, draw)
            if sim.play(view.seat, play.card, parse_cell(play.cell)):
                tally[play] += OUTCOME
                continue
            winner = sim.run((view.seat + 1) % sim.seats, plies)
            tally[play] += _outcome(base, sim, board.team, winner)
    worst = min(tally.values())
    for play in values:
        values[play] += tally.get(play, worst) / DEALS


def _outcome(base: Sim, sim: Sim, team: int, winner: int | None) -> float:
    """A playout's worth to `team`: a win or a loss, else the SEQUENCES made on each side
    (a first of two is halfway there) and how far ahead the board leaves it."""
    if winner is not None:
        return OUTCOME if winner == team else -OUTCOME
    made = [after - before for after, before in zip(sim.sequences, base.sequences, strict=True)]
    lead = made[team] - max(n for t, n in enumerate(made) if t != team)
    return SEQ_GAIN * lead + (STANDING * sim.standing(team) if STANDING else 0.0)


def _ours_alone(unseen: _Unseen, cell: int) -> bool:
    """Whether no card this seat can't see names `cell`: only a Plus can take it from us."""
    number = number_at(cell)
    return number is not None and unseen.numbers[number] == 0


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


def _reopened(board: Board, cell: int) -> tuple[float, bool]:
    """What taking the rival chip off `cell` gives back to our lines: the growth of each
    window of ours it alone blocked, and whether one of them is a four (`cell` its last)."""
    team, owner = board.team, board.chips[cell]
    grown, four = 0.0, False
    for w in WINDOWS_AT[cell]:
        tally, corners = board.counts[w], CORNERS_IN[w]
        if board.spent[w][team] or tally[owner] != corners + 1:
            continue
        if any(tally[t] > corners for t in range(board.teams) if t not in (team, owner)):
            continue
        if tally[team] >= 4:
            four = True
        else:
            grown += GROW_H[tally[team]]
    return grown, four


def _threat(view: SequenceView, board: Board, unseen: _Unseen, cell: int, hand: list[str]) -> float:
    """The chance our team fills a last cell of a four this chip makes before it is stopped."""
    return _fill_chance(view, board, unseen, _finishing(board, cell), hand)


def _fill_chance(
    view: SequenceView, board: Board, unseen: _Unseen, finishing: set[int], hand: list[str]
) -> float:
    """The chance our team fills one of the `finishing` cells of its four before an
    opponent stops it, seat by seat in turn order."""
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
