"""The table a Flip 7 game is played on: piles, rows, statuses, totals and pending effects,
with each row's sums kept up to date, and the JSON form of all of it.

The rules that move cards live in `game.py` and `resolve.py`; this module only keeps the
books. Every number a player could count at the table (the draw pile as counts per card,
each row's sum) is kept here, so the AI reads it without counting.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import repeat, starmap
from operator import itemgetter
from typing import Any

from engines.base import SCHEMA, BadState, saved_rng
from engines.flip7.actions import Action
from engines.flip7.cards import (
    HALVE,
    KINDS,
    LUCKY_13,
    MINUS,
    NOT_PLAIN,
    ODD_CARDS,
    UNLUCKY_7,
    VALUE,
    VALUE_BIT,
    ZERO_BIT,
    deck_counts,
    is_number,
    number_totals,
)
from engines.flip7.effects import Effect, effect_from_list, held_cards
from engines.flip7.scoring import busted_score, round_points

ACTIVE, STAYED, BUSTED, FLIP7 = 0, 1, 2, 3
STATUS_NAMES = ("active", "stayed", "busted", "flip7")
DEAL, PLAY, OVER = 0, 1, 2
NOBODY = -1
ONE_DECK_MAX = 18
SCHEMA_VERSION = 2
DECK_COUNTS = {decks: tuple(deck_counts(decks)) for decks in (1, 2)}
_SAVED = ("dealer", "round", "phase", "deal_next", "turn", "acted", "flip7", "bonus_to", "winner")


class Table:
    """The state of one game. Seats are 0-based; the player left of seat s is s + 1 (F2).

    Per row it also keeps, for O(1) scoring and bust checks: `mask` (the number values held
    as `VALUE_BIT`s, plus `ODD_CARDS`), `nums` and `numsum` (count and sum of number cards),
    `halves` (÷2 cards) and `minus` (minus points). `unseen` is the draw pile as counts per
    card id, with `unseen_points` (its number points) and `unseen_others` (its actions and
    modifiers): public knowledge, as every other card lies face up or was seen."""

    __slots__ = (
        "_options",
        "acted",
        "best_total",
        "bonus_to",
        "brutal",
        "bust_len",
        "clockwise",
        "deal_next",
        "dealer",
        "decks",
        "discard",
        "draw",
        "epoch_count",
        "flip7",
        "goal",
        "halves",
        "mask",
        "minus",
        "names",
        "nums",
        "numsum",
        "phase",
        "rng",
        "round",
        "rows",
        "stack",
        "status",
        "totals",
        "turn",
        "turns_begun",
        "unseen",
        "unseen_others",
        "unseen_points",
        "winner",
    )

    def __init__(self, names: list[str], goal: int, brutal: bool, rng: random.Random) -> None:
        count = len(names)
        self.names = list(names)
        self.clockwise = clockwise(count)
        self.goal = goal
        self.brutal = brutal
        self.decks = 1 if count <= ONE_DECK_MAX else 2
        self.rng = rng
        self.draw: list[int] = []
        self.discard: list[int] = []
        self.rows: list[list[int]] = [[] for _ in range(count)]
        self.status = [ACTIVE] * count
        self.bust_len = [0] * count  # a busted row's length when it busted (F12)
        self.totals = [0] * count
        self.best_total = 0  # the highest game total, for the AI's sense of the race
        self.dealer = self.round = self.deal_next = self.turn = 0
        self.phase = DEAL
        self.acted = False  # the player whose turn it is has moved: the turn passes on
        self.stack: list[Effect] = []
        self._options: list[Action] | None = None  # the pending choice's, once computed
        self.flip7 = self.bonus_to = self.winner = NOBODY
        self.epoch_count = 0  # moves accepted since the game began (saved)
        self.turns_begun = 0  # turns begun since the game began (saved)
        self.mask, self.nums, self.numsum = [0] * count, [0] * count, [0] * count
        self.halves, self.minus = [0] * count, [0] * count
        self.unseen = [0] * KINDS
        self.unseen_others = self.unseen_points = 0

    # ------------------------------------------------------------------ reading the table

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def unseen_numbers(self) -> int:
        """Number cards in the draw pile."""
        return len(self.draw) - self.unseen_others

    def winners(self) -> list[int]:
        return [self.winner] if self.winner != NOBODY else []

    def final_scores(self) -> list[int]:
        return list(self.totals)

    def decider(self) -> int:
        """The seat that must decide now, or NOBODY once the game is over."""
        if self.phase == OVER:
            return NOBODY
        return self.stack[-1].seat if self.stack else self.turn

    def round_score(self, seat: int) -> int:
        """What the row would score if the round ended now (F7, F12)."""
        status = self.status[seat]
        if status == BUSTED:
            return busted_score(self.rows[seat], self.bust_len[seat], self.brutal)
        if status != FLIP7 and not self.mask[seat] & NOT_PLAIN:
            return self.numsum[seat]  # the commonest row: plain numbers, their sum
        return round_points(
            self.numsum[seat],
            self.halves[seat],
            self.minus[seat],
            zero=bool(self.mask[seat] & ZERO_BIT),
            flip7=status == FLIP7,
            bonus=self.bonus_to in (NOBODY, seat),
            brutal=self.brutal,
        )

    def round_scores(self) -> list[int]:
        return [self.round_score(seat) for seat in range(len(self.names))]

    def held_cards(self) -> list[int]:
        """Action and set-aside cards still being resolved (out of every pile, F7)."""
        return held_cards(self.stack)

    def counts_outside_rows(self) -> list[int]:
        """Copies per card id of the draw and discard piles together: the deck less the
        cards in rows and being resolved (fewer to count than the piles)."""
        counts = list(DECK_COUNTS[self.decks])
        for row in self.rows:
            for card in row:
                counts[card] -= 1
        for card in self.held_cards():
            counts[card] -= 1
        return counts

    def holders(self, exclude: int = NOBODY) -> list[int]:
        """Players other than `exclude` with face-up cards who have not busted: who a Swap,
        Steal or Discard can reach (F10)."""
        return [
            p
            for p, row in enumerate(self.rows)
            if row and self.status[p] != BUSTED and p != exclude
        ]

    # ------------------------------------------------------------------ keeping the books

    def _shuffle_discards_in(self) -> None:
        """The discard pile becomes the draw pile, shuffled (F7)."""
        self.draw.extend(self.discard)
        self.discard.clear()
        shuffle(self.rng, self.draw)
        self.unseen[:] = self.counts_outside_rows()
        self._total_unseen()

    def _put_number(self, seat: int, card: int) -> None:
        """Number `card` joins the row (no bust, no Unlucky 7: the caller checked)."""
        self.rows[seat].append(card)
        self.mask[seat] |= VALUE_BIT[VALUE[card]] | (ODD_CARDS if card == LUCKY_13 else 0)
        self.numsum[seat] += VALUE[card]
        self.nums[seat] += 1

    def _put_modifier(self, seat: int, card: int) -> None:
        self.rows[seat].append(card)
        self.mask[seat] |= ODD_CARDS
        if card == HALVE:
            self.halves[seat] += 1
        else:
            self.minus[seat] += MINUS[card]

    def _take_from_row(self, seat: int, index: int) -> int:
        card = self.rows[seat].pop(index)
        self._recount(seat)
        return card

    def _recount(self, seat: int) -> None:
        """Rebuild one row's sums from its cards."""
        mask = nums = numsum = halves = minus = 0
        for card in self.rows[seat]:
            if is_number(card):
                mask |= VALUE_BIT[VALUE[card]]
                if card in (UNLUCKY_7, LUCKY_13):
                    mask |= ODD_CARDS
                nums += 1
                numsum += VALUE[card]
            else:
                mask |= ODD_CARDS
                halves += card == HALVE
                minus += MINUS[card]
        self.mask[seat], self.nums[seat], self.numsum[seat] = mask, nums, numsum
        self.halves[seat], self.minus[seat] = halves, minus

    def _clear_rows(self) -> None:
        """Every row's cards go to the discard pile; every player is active again (F7)."""
        for row in self.rows:
            self.discard += row
            row.clear()
        zeros = [0] * len(self.rows)  # ACTIVE is 0; every empty row's sums are 0
        for per_row in (self.status, self.bust_len, self.mask, self.nums, self.numsum):
            per_row[:] = zeros  # in place: the simulator binds the lists
        self.halves[:] = self.minus[:] = zeros

    def _total_unseen(self) -> None:
        """The draw pile's number points and count of other cards, from `unseen`."""
        numbers, self.unseen_points = number_totals(self.unseen)
        self.unseen_others = len(self.draw) - numbers

    def _rebuild(self) -> None:
        for seat in range(len(self.names)):
            self._recount(seat)
        self.unseen[:] = [0] * KINDS
        for card in self.draw:
            self.unseen[card] += 1
        self._total_unseen()
        self.best_total = max(self.totals)

    # ------------------------------------------------------------------ persistence

    def to_dict(self) -> dict[str, Any]:
        return {
            SCHEMA: SCHEMA_VERSION,
            "epoch": self.epoch_count,
            "turns": self.turns_begun,
            "names": list(self.names),
            "goal": self.goal,
            "brutal": self.brutal,
            "rng": saved_rng(self.rng),
            "draw": list(self.draw),
            "discard": list(self.discard),
            "rows": [list(row) for row in self.rows],
            "status": list(self.status),
            "bust_len": list(self.bust_len),
            "totals": list(self.totals),
            **{key: getattr(self, key) for key in _SAVED},
            "stack": [entry.to_list() for entry in self.stack],
        }

    def _load(self, raw: dict[str, Any]) -> None:
        """Fill a fresh table from `to_dict` data of schema 2, or of schema 1 (no schema
        key: the same fields without the epoch)."""
        schema = raw.get(SCHEMA, 1)
        if schema not in (1, SCHEMA_VERSION):
            raise BadState("unknown_schema", schema=schema)
        self.draw, self.discard = list(raw["draw"]), list(raw["discard"])
        self.rows = [list(row) for row in raw["rows"]]
        self.status, self.bust_len = list(raw["status"]), list(raw["bust_len"])
        self.totals = list(raw["totals"])
        for key in _SAVED:
            setattr(self, key, raw[key])
        self.stack = [effect_from_list(entry) for entry in raw["stack"]]
        self.epoch_count = raw.get("epoch", 0)
        self.turns_begun = raw.get("turns", 0)  # saved before turns were counted: from 0
        self._rebuild()


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """Shuffle in place by sorting on random keys: uniform like rng.shuffle at half the cost
    (one C-level random() per card instead of a Python-level randbelow)."""
    keys = list(starmap(rng.random, repeat((), len(cards))))
    order = sorted(range(len(cards)), key=keys.__getitem__)
    if len(order) > 1:  # itemgetter of one index returns the card, not a tuple
        cards[:] = itemgetter(*order)(cards)


@cache
def clockwise(count: int) -> tuple[tuple[int, ...], ...]:
    """Per seat, the other seats clockwise from its left, itself last (F2)."""
    return tuple(
        tuple((seat + step) % count for step in range(1, count + 1)) for seat in range(count)
    )
