"""Determinized playouts for the hard Sequence Numbers AI: a small board of its own, the
unseen cards dealt anew from one seat's view, and every seat playing the strong AI's window
scores for a few turns. The hard AI plays each of its best few plays out on the same deals
and keeps the one its team wins with most often.

What a seat can't see is never read: the other hands and the draw pile are dealt from the
cards the view leaves unaccounted for (a number's two cards less those in this hand and on
its filled cells; a share of the Plus and Minus cards), from an rng seeded by the view.
"""

from __future__ import annotations

import random
import zlib

from engines.sequence_numbers.board import CELLS_BY_NUMBER, CORNERS, SIZE, WINDOWS, WINDOWS_AT
from engines.sequence_numbers.cards import FULL_DECK, MINUS, PLUS, answer
from engines.sequence_numbers.scoring import EMPTY, runs_through
from engines.sequence_numbers.strong import BLOCK, CARD_COST, CORNERS_IN, GROW, SEQUENCE, WIN
from engines.sequence_numbers.views import SequenceView

OPEN = (0.0, 1.0, 4.0, 16.0, 60.0, 0.0)  # an open line's worth by its chips (corners count)
LEAD = 300.0  # a SEQUENCE made, in the same unit
HOT = 3  # a window with this many chips of one colour: where a Plus or a Minus may pay


def _window_worth(mine: int, theirs: int, corners: int) -> float:
    """strong.Board.place_value's worth of one window to a chip of ours, at two colours; a
    four of ours (a SEQUENCE to check) is FOUR. Full windows never come up (the cell is empty)."""
    if mine >= 5 or theirs >= 5:
        return 0.0
    if theirs == corners:
        return FOUR if mine == 4 else GROW[mine]
    return BLOCK[theirs] if mine == corners else 0.0


FOUR = 1e12  # marks a window a chip completes; far above any sum of window worths
WORTH = [[[_window_worth(m, t, k) for k in range(3)] for t in range(6)] for m in range(6)]


class Sim:
    """One deal of a table as one seat imagines it: chips, window tallies, hands, draws.
    Tallies are kept per colour (corners counted), and the locked chips per window."""

    def __init__(self, view: SequenceView, chips: list[int]) -> None:
        self.teams = len(view.teams)
        self.seats = len(view.names)
        self.required = view.required
        self.sequences = list(view.sequences)
        self.chips = list(chips)
        self.hands: list[list[str]] = []
        self.draw: list[str] = []
        self.locked = {r * SIZE + c for r, c in _cells(view.locked)}
        self.counts = [list(CORNERS_IN) for _ in range(self.teams)]
        self.locks = [[0] * len(WINDOWS) for _ in range(self.teams)]
        for cell, owner in enumerate(self.chips):
            if owner != EMPTY:
                for w in WINDOWS_AT[cell]:
                    self.counts[owner][w] += 1
                    self.locks[owner][w] += cell in self.locked
        self.hot = {w for w in range(len(WINDOWS)) if max(c[w] for c in self.counts) >= HOT}
        self.prices = [CARD_COST] * self.teams  # what each colour's seats pay for Plus, Minus

    def copy(self, hands: list[list[str]], draw: list[str]) -> Sim:
        """This board with its own tallies, dealt `hands` (copied) and `draw`."""
        other = object.__new__(Sim)
        other.teams, other.seats, other.required = self.teams, self.seats, self.required
        other.sequences = list(self.sequences)
        other.chips = list(self.chips)
        other.hands = [list(hand) for hand in hands]
        other.draw = list(draw)
        other.locked = set(self.locked)
        other.counts = [list(tally) for tally in self.counts]
        other.locks = [list(tally) for tally in self.locks]
        other.hot = set(self.hot)
        other.prices = self.prices
        return other

    # ---- changing the board --------------------------------------------------------------

    def place(self, cell: int, team: int) -> bool:
        """A chip of `team` on `cell`, its SEQUENCES scored and locked; whether it wins."""
        self.chips[cell] = team
        counts = self.counts[team]
        for w in WINDOWS_AT[cell]:
            counts[w] += 1
            if counts[w] >= HOT:
                self.hot.add(w)
        for run, gained in runs_through(self.chips, cell, team):
            for c in run:
                if c not in CORNERS and c not in self.locked:
                    self.locked.add(c)
                    for w in WINDOWS_AT[c]:
                        self.locks[team][w] += 1
            self.sequences[team] += gained
        return self.sequences[team] >= self.required

    def remove(self, cell: int) -> None:
        counts = self.counts[self.chips[cell]]
        self.chips[cell] = EMPTY
        for w in WINDOWS_AT[cell]:
            counts[w] -= 1

    # ---- the strong AI's scores ----------------------------------------------------------

    def place_value(self, cell: int, team: int) -> float:
        """As strong.Board: lines grown and blocked, and a SEQUENCE or a win made."""
        if self.teams == 2 and not self.locked:
            mine, theirs = self.counts[team], self.counts[1 - team]
            value = 0.0
            for w in WINDOWS_AT[cell]:
                value += WORTH[mine[w]][theirs[w]][CORNERS_IN[w]]
            four = value >= FOUR
            value %= FOUR
        else:
            value, four = self._place_value(cell, team)
        if four:
            self.chips[cell] = team
            gained = sum(g for _, g in runs_through(self.chips, cell, team))
            self.chips[cell] = EMPTY
            if gained:
                need = self.required - self.sequences[team]
                value += WIN if gained >= need else SEQUENCE * gained
        return value

    def _place_value(self, cell: int, team: int) -> tuple[float, bool]:
        """place_value's window sum at any number of colours, locked chips counted."""
        value, four = 0.0, False
        counts, locks = self.counts, self.locks
        for w in WINDOWS_AT[cell]:
            corners, mine = CORNERS_IN[w], counts[team][w]
            rivals = [t for t in range(self.teams) if t != team and counts[t][w] > corners]
            if not rivals and locks[team][w] < 2:
                if mine < 4:
                    value += GROW[mine]
                else:
                    four = True
            if mine == corners and len(rivals) == 1 and locks[rivals[0]][w] < 2:
                value += BLOCK[counts[rivals[0]][w]]
        return value, four

    def removal_value(self, cell: int, team: int = 0) -> float:
        """As strong.Board: how far taking the chip on `cell` sets its colour back."""
        owner, value = self.chips[cell], 0.0
        counts, locks = self.counts, self.locks[owner]
        for w in WINDOWS_AT[cell]:
            corners = CORNERS_IN[w]
            mixed = any(counts[t][w] > corners for t in range(self.teams) if t != owner)
            if not mixed and locks[w] < 2:
                value += BLOCK[counts[owner][w]]
        return value

    def strong_move(self, seat: int) -> tuple[str, int] | None:
        """The strong AI's play for `seat` (Plus and Minus looked at on lively lines only)."""
        team = seat % self.teams
        hand, prices = self.hands[seat], self.prices[team]
        best: tuple[str, int] | None = None
        best_score = float("-inf")
        for card in dict.fromkeys(hand):
            if card == PLUS:
                cells = self._hot_cells(lambda c: self.chips[c] == EMPTY)
            elif card == MINUS:
                cells = self._hot_cells(
                    lambda c: self.chips[c] not in (EMPTY, team) and c not in self.locked
                )
            else:
                cells = [c for c in CELLS_BY_NUMBER[answer(card) or 0] if self.chips[c] == EMPTY]
            for cell in cells:
                worth = self.removal_value if card == MINUS else self.place_value
                score = worth(cell, team) - prices.get(card, 0.0)
                if score > best_score:
                    best, best_score = (card, cell), score
        return best

    def _hot_cells(self, keep: object) -> list[int]:
        assert callable(keep)
        found = {c for w in self.hot for c in WINDOWS[w] if c not in CORNERS}
        return [c for c in found if keep(c)]

    def standing(self, team: int) -> float:
        """How far `team` is ahead: SEQUENCES made, then open lines weighted by their chips."""
        ahead = LEAD * (2 * self.sequences[team] - sum(self.sequences))
        for t, counts in enumerate(self.counts):
            sign = 1.0 if t == team else -1.0 / (self.teams - 1)
            others = [c for o, c in enumerate(self.counts) if o != t]
            locks = self.locks[t]
            for w, mine in enumerate(counts):
                corners = CORNERS_IN[w]
                if mine > corners and locks[w] < 2 and all(c[w] == corners for c in others):
                    ahead += sign * OPEN[mine]
        return ahead

    # ---- playing turns -------------------------------------------------------------------

    def play(self, seat: int, card: str, cell: int) -> bool:
        """`seat` plays `card` on `cell` and draws; whether its team has won."""
        self.hands[seat].remove(card)
        if card == MINUS:
            self.remove(cell)
            won = False
        else:
            won = self.place(cell, seat % self.teams)
        if self.draw:
            self.hands[seat].append(self.draw.pop())
        return won

    def run(self, seat: int, plies: int) -> int | None:
        """The strong AI plays `plies` turns from `seat`; the winning team, if any."""
        for _ in range(plies):
            self._exchange_dead(seat)
            move = self.strong_move(seat)
            if move is not None and self.play(seat, *move):
                return seat % self.teams
            seat = (seat + 1) % self.seats
        return None

    def _exchange_dead(self, seat: int) -> None:
        """G7: one dead card swapped for a draw."""
        hand = self.hands[seat]
        for card in hand:
            number = answer(card)
            if number is not None and all(self.chips[c] != EMPTY for c in CELLS_BY_NUMBER[number]):
                if self.draw:
                    hand.remove(card)
                    hand.append(self.draw.pop())
                return


def _cells(names: tuple[str, ...]) -> list[tuple[int, int]]:
    return [("ABCDEFGHIJ".index(name[0]), int(name[1:]) - 1) for name in names]


def unseen_pool(view: SequenceView, chips: list[int], rng: random.Random) -> list[str]:
    """The cards this seat can't see, as well as its view tells: a number's cards less those
    in hand and one per filled cell of it; each Plus and Minus not in hand kept by chance, the
    share of unseen cards among those out of this hand."""
    assert view.hand is not None and view.seat is not None
    hand = [card.code for card in view.hand]
    total = view.draw_pile + sum(s for seat, s in enumerate(view.hand_sizes) if seat != view.seat)
    out_of_view = len(FULL_DECK) - len(hand)
    share = total / out_of_view if out_of_view else 0.0
    filled: dict[int, int] = {}
    for number, cells in CELLS_BY_NUMBER.items():
        filled[number] = sum(chips[c] != EMPTY for c in cells)
    pool: list[str] = []
    for number in range(1, 49):
        left = [c for c in (f"a{number}", f"s{number}") if c not in hand]
        pool += left[: max(0, len(left) - filled[number])]
    for wild in (PLUS, MINUS):
        pool += [wild for _ in range(4 - hand.count(wild)) if rng.random() < share]
    return pool


def seeded_rng(view: SequenceView) -> random.Random:
    """An rng from what the view shows, so a choice repeats from the same view."""
    assert view.hand is not None
    state = repr(
        (view.board, [c.code for c in view.hand], view.seat, view.draw_pile, view.hand_sizes)
    )
    return random.Random(zlib.crc32(state.encode()))


def deal(
    view: SequenceView, chips: list[int], rng: random.Random
) -> tuple[list[list[str]], list[str]]:
    """One deal of the unseen cards: every hand (this seat's as it is) and the draw pile."""
    assert view.hand is not None and view.seat is not None
    pool = unseen_pool(view, chips, rng)
    rng.shuffle(pool)
    hands: list[list[str]] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append([card.code for card in view.hand])
        else:
            hands.append([pool.pop() for _ in range(min(size, len(pool)))])
    return hands, pool[-view.draw_pile :] if view.draw_pile else []
