"""The simulator's speed layer: the rules engine's game with its hottest paths inlined.

`FastGame` is a `Flip7Game` whose hit-or-stay turns (the bulk of every game) and first
deal run inline on the engine's lists, without building events, and whose stack choices
skip the checks a person's move needs. Everything rarer goes through the rules engine's own
methods. The rules engine never imports this module; `test_flip7_fast.py` plays thousands
of games both ways and requires identical states at every step.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engines.base import Event
from engines.flip7.actions import Action
from engines.flip7.cards import UNLUCKY_7, VALUE_BIT
from engines.flip7.game import DEFAULT_GOAL, Flip7Game, start
from engines.flip7.table import ACTIVE, BUSTED, OVER, STAYED

_NO_CARD = 99  # what the turn loop "draws" from an empty pile: no card id
_PLAIN_LIMIT = 13  # a plain number below 13 busts a row holding its value (no Lucky 13)


class _Tally(list[Event]):
    """An event sink that keeps no event, only the counts the simulator reports."""

    __slots__ = ("busts", "flip7s")

    def __init__(self) -> None:
        super().__init__()
        self.busts = 0
        self.flip7s = 0

    def append(self, event: Event) -> None:
        if event.kind == "bust":
            self.busts += 1
        elif event.kind == "flip7":
            self.flip7s += 1


class FastGame(Flip7Game):
    """A Flip7Game for AI-only play: `play_turns` and `choose_steps` instead of `apply`."""

    __slots__ = ("tally",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tally = _Tally()

    def choose_steps(self, actions: Iterable[Action]) -> None:
        """Apply choices on the pending stack effect, legal by construction (the AI picks
        among the options), then resolve on to the next decision."""
        for action in actions:
            self._choose(self.stack[-1], action, self.tally)
        self._run(self.tally)

    def turn_runner(self, decide: Callable[[int], bool]) -> Callable[[], None]:
        """A function that plays hit-or-stay turns, each decided by `decide(seat)` (True:
        hit), until a stack choice is pending or the game is over: the same as
        apply(seat, HIT or STAY) turn by turn. A stay and the commonest hits (a number the
        row lacks short of Flip 7, or a plain number it holds: a bust) are inlined; every
        other card goes through the rules engine. The game's lists keep their identity for
        the whole game, so they are bound once."""
        stack, status, draw, rows = self.stack, self.status, self.draw, self.rows
        mask, nums, numsum, unseen = self.mask, self.nums, self.numsum, self.unseen
        clockwise, tally, bust_len = self.clockwise, self.tally, self.bust_len

        def run_turns() -> None:
            if stack or self.phase == OVER:
                return
            seat = self.turn
            while True:
                self.turn = seat
                if decide(seat):
                    card = draw[-1] if draw else _NO_CARD
                    held = mask[seat]
                    if card < UNLUCKY_7 and not held & VALUE_BIT[card] and nums[seat] != 6:
                        # A plain number the row lacks, short of Flip 7: the row grows.
                        draw.pop()
                        unseen[card] -= 1
                        self.unseen_points -= card
                        rows[seat].append(card)
                        mask[seat] = held | VALUE_BIT[card]
                        numsum[seat] += card
                        nums[seat] += 1
                    elif card < _PLAIN_LIMIT and held & VALUE_BIT[card]:
                        # A plain number below 13 the row holds: a bust.
                        draw.pop()
                        unseen[card] -= 1
                        self.unseen_points -= card
                        row = rows[seat]
                        row.append(card)
                        status[seat] = BUSTED
                        bust_len[seat] = len(row)
                        tally.busts += 1
                    else:  # anything else: the rules engine's own hit
                        self.acted = True
                        self._hit(seat, tally)
                        self._run(tally)
                        if stack or self.phase == OVER:
                            return
                        seat = self.turn
                        continue
                else:
                    status[seat] = STAYED  # the stack is empty, no Flip 7 is pending
                for nxt in clockwise[seat]:  # the turn passes to the next active player
                    if status[nxt] == ACTIVE:
                        seat = nxt
                        break
                else:  # nobody is active: the round ends
                    self.acted = True
                    self._run(tally)
                    if stack or self.phase == OVER:
                        return
                    seat = self.turn

        return run_turns

    def _deal(self, events: list[Event]) -> None:
        """A fresh deal starts inline while the cards are plain numbers: each one simply
        starts an empty row (no bust, no Flip 7). The rest is the rules engine's deal."""
        if self.deal_next == 0:
            count = len(self.names)
            draw = self.draw
            while self.deal_next < count and draw and draw[-1] < UNLUCKY_7:
                card = draw.pop()
                seat = (self.dealer + 1 + self.deal_next) % count
                self.unseen[card] -= 1
                self.unseen_points -= card
                self.rows[seat].append(card)
                self.mask[seat] = VALUE_BIT[card]
                self.numsum[seat] = card
                self.nums[seat] = 1
                self.deal_next += 1
        super()._deal(events)


def new_fast_game(
    names: list[str], seed: int, *, goal: int = DEFAULT_GOAL, brutal: bool = False
) -> FastGame:
    """`game.new_game` as a FastGame: the same deal from the same seed."""
    game = start(FastGame, names, seed, goal=goal, brutal=brutal, deck=None, dealer=None)
    game._opening = []
    return game
