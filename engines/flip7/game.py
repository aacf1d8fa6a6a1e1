"""The Flip 7: With a Vengeance state machine.

The state is flat data (lists of small ints) so a JSON round-trip is exact and play is fast.
Nested card effects live on an explicit stack (`self.stack`) of short int lists; `_run`
resolves from the top until a player must decide, so a saved game can stop mid Flip Four!.

Stack entries, card always at index 2:
  [RESOLVE, seat, card]                 an action or modifier `seat` must resolve (F10, F11)
  [JOM, target, card, drawn]            Just One More!: draw once, then the target stays
  [FLIP4, target, card, drawn, *aside]  Flip Four!: four draws, actions set aside until done
  [SWAP, seat, card, p1, i1, p2]        a Swap being chosen step by step (-1 = not yet)
  [STEAL, seat, card, victim]           a Steal being chosen
  [DISCARD, seat, card, victim]         a Discard being chosen
  [BONUS, seat]                         brutal Flip 7: +15 or -15 to someone (F12)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from itertools import repeat, starmap
from operator import add, itemgetter
from typing import Any

from engines.base import SCHEMA, Decision, Event, IllegalMove, Option, Outcome, check_seat
from engines.flip7.actions import (
    CARD_CHOICES,
    HIT,
    PLAYER_CHOICES,
    STAY,
    Action,
    ChooseCard,
    ChoosePlayer,
    Hit,
    Stay,
)
from engines.flip7.cards import (
    DISCARD,
    FIRST_ACTION,
    FIRST_MODIFIER,
    HALVE,
    JUST_ONE_MORE,
    KINDS,
    LUCKY_13,
    MINUS,
    STEAL,
    SWAP,
    UNLUCKY_7,
    VALUE,
    card_from_label,
    deck_counts,
    full_deck,
    number_totals,
)
from engines.flip7.scoring import FLIP7_BONUS, busted_score, busts, row_score
from engines.flip7.views import Flip7View, PendingView, PlayerView

_new_object = object.__new__
_set_kind = Event.kind.__set__  # type: ignore[attr-defined]
_set_data = Event.data.__set__  # type: ignore[attr-defined]


def _event(kind: str, data: dict[str, Any]) -> Event:
    """Build an Event through its slots: the same object as Event(kind, data) at half
    the cost of the frozen dataclass __init__, which matters at ~300 events a game."""
    event = _new_object(Event)
    _set_kind(event, kind)
    _set_data(event, data)
    return event


_NO_CARDS = (0,) * KINDS
_BIT = tuple(1 << value for value in range(14))
"""A value's bit in a row's mask: a lookup is cheaper than a shift in the hot loops."""
_NO_CARD = 99  # what the simulator's turn loop "draws" from an empty pile: no card id
_DECK_COUNTS = {decks: tuple(deck_counts(decks)) for decks in (1, 2)}
_PLAYERS = PLAYER_CHOICES  # ChoosePlayer(p) is _PLAYERS[p], ChooseCard(s, i) _CARDS[s][i]
_CARDS = CARD_CHOICES

MIN_PLAYERS = 2
MAX_PLAYERS = 24
ONE_DECK_MAX = 18
MIN_GOAL, MAX_GOAL, DEFAULT_GOAL = 50, 1000, 200
GOAL_OPTION = Option("goal", DEFAULT_GOAL, MIN_GOAL, MAX_GOAL)
BRUTAL_OPTION = Option("brutal", False)

ACTIVE, STAYED, BUSTED, FLIP7 = 0, 1, 2, 3
STATUS_NAMES = ("active", "stayed", "busted", "flip7")
DEAL, PLAY, OVER = 0, 1, 2
RESOLVE, JOM, FLIP4, SWAP_STEP, STEAL_STEP, DISCARD_STEP, BONUS = range(7)
ODD_CARDS = 1 << 14
"""Set in a row's mask (beside the number values' bits 0..13) while the row holds Unlucky 7,
Lucky 13 or a modifier: the cards whose id is not their value or that bend the score, so a
row without it is scored and busted by its ids alone (the AI's quick rule relies on it)."""
_STEP_VERB = {SWAP_STEP: "swap", STEAL_STEP: "steal", DISCARD_STEP: "discard"}
SCHEMA_VERSION = 2
FLIP4_DONE = 5
"""A Flip Four! entry's draw count once its four draws are done and its set-aside cards
are resolving above it: the card stays out of every pile until they are done (F7)."""


class Flip7Game:
    """One game. Seats are 0-based; the player left of seat s is s + 1 (F2).

    Slots, not a __dict__: the hot paths read these fields constantly, and slot access stays
    fast where a dict with this many keys would not."""

    __slots__ = (
        "_clockwise",
        "_epoch",
        "_opening",
        "_options",
        "_record",
        "acted",
        "best_total",
        "bonus_to",
        "brutal",
        "bust_len",
        "deal_next",
        "dealer",
        "decks",
        "discard",
        "draw",
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
        "stat_busts",
        "stat_flip7s",
        "status",
        "totals",
        "turn",
        "unseen",
        "unseen_others",
        "unseen_points",
        "winner",
    )

    def __init__(
        self,
        names: list[str],
        goal: int,
        brutal: bool,
        rng: random.Random,
        record_events: bool = True,
    ) -> None:
        count = len(names)
        # False only in the simulator: the same play, but no Event is built (apply and
        # opening_events return empty lists). Not game state, so not saved.
        self._record = record_events
        # Busts and Flip 7s since this object was built: what the simulator counts when it
        # records no events. Statistics, not game state, so not saved either.
        self.stat_busts = 0
        self.stat_flip7s = 0
        self.names = list(names)
        self._clockwise = _clockwise(count)
        self.goal = goal
        self.brutal = brutal
        self.decks = 1 if count <= ONE_DECK_MAX else 2
        self.rng = rng
        self.draw: list[int] = []
        self.discard: list[int] = []
        self.rows: list[list[int]] = [[] for _ in range(count)]
        self.status = [ACTIVE] * count
        self.bust_len = [0] * count
        self.totals = [0] * count
        self.best_total = 0  # the highest game total, kept for the AI's race sense
        self.dealer = 0
        self.round = 0
        self.phase = DEAL
        self.deal_next = 0
        self.turn = 0
        self.acted = False
        self.stack: list[list[int]] = []
        self.flip7 = -1
        self.bonus_to = -1
        self.winner = -1
        self._opening: list[Event] = []
        self._epoch = 0  # moves accepted since the game began: stamps buttons (saved)
        # The options of the pending stack choice, computed once; its text only on request.
        self._options: list[Action] | None = None
        # Derived, rebuilt by _rebuild(), kept up to date so a round score or a bust check
        # costs O(1): per row the number values held as bits (and ODD_CARDS), the count and
        # sum of number cards, the ÷2 count and the minus total. `unseen` is the draw pile as
        # counts per card id, with its number cards' points and its other cards' count: public
        # knowledge, since every card not in the draw pile lies face up, in the discard pile or
        # was seen flipped.
        self._reset_rows(count)
        self.unseen = [0] * KINDS
        self.unseen_others = 0  # actions and modifiers in the draw pile
        self.unseen_points = 0

    # ----------------------------------------------------------------- public surface

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def unseen_numbers(self) -> int:
        """Number cards in the draw pile (kept as the other cards' count: they are rarer)."""
        return len(self.draw) - self.unseen_others

    def opening_events(self) -> list[Event]:
        """The first deal's events (F5), right after new_game; empty once loaded."""
        return list(self._opening)

    def epoch(self) -> int:
        return self._epoch

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        return Outcome(winners=tuple(self.winners()), scores=tuple(self.totals))

    def to_act(self) -> list[int]:
        if self.phase == OVER:
            return []
        return [self.stack[-1][1]] if self.stack else [self.turn]

    def decision(self, seat: int) -> Decision | None:
        if check_seat(seat, len(self.names)) != self._decider():
            return None
        if not self.stack:
            if self.mask[seat] & 1:
                return Decision("hit_or_stay", seat, (HIT,), {"must_hit": True})
            return Decision("hit_or_stay", seat, (HIT, STAY), {"must_hit": False})
        kind, data = self._step_prompt(self.stack[-1])
        return Decision(kind, seat, tuple(self._stack_options()), data)

    def legal_actions(self, seat: int) -> list[Action]:
        decision = self.decision(seat)
        return [] if decision is None else list(decision.options)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply one move and resolve everything up to the next decision."""
        check_seat(seat, len(self.names))
        if self.stack or seat != self.turn or self.phase == OVER:
            events = self._apply_choice(seat, action)
            self._epoch += 1
            return events
        if action is not HIT and action is not STAY:
            if not isinstance(action, Hit | Stay):
                raise IllegalMove("not_an_option", seat=seat, action=repr(action))
            action = HIT if isinstance(action, Hit) else STAY
        events = []
        if action is HIT:
            self._hit(seat, events)
        elif self.mask[seat] & 1:
            raise IllegalMove("must_hit", seat=seat)
        else:
            self._stay(seat, events)
        self._epoch += 1
        return events

    def _hit(self, seat: int, events: list[Event]) -> None:
        """`seat`, whose hit-or-stay turn it is, hits (the caller checked the turn)."""
        self.acted = True
        if self._deal_card(seat, "hit", events) is None and self.mask[seat] & 1:
            self.status[seat] = STAYED
            if self._record:
                events.append(_event("stay", {"seat": seat, "forced": "no_card"}))
        self._pass_turn(seat, events)

    def turn_runner(self, decide: Callable[[int], bool]) -> Callable[[], None]:
        """For the simulator: a function that plays hit-or-stay turns, each decided by
        `decide(seat)` (True: hit), until a stack choice is pending or the game is over: the
        same as apply(seat, HIT or STAY) turn by turn. A stay and the commonest hits (a
        number the row lacks short of Flip 7, or a plain number it holds: a bust) are
        inlined, and so is drawing an action or a modifier; every other card goes through
        _hit. It binds the game's lists once (they keep their identity for the whole game)
        and records no events: the game must be built with record_events=False."""
        if self._record:
            raise ValueError("turn_runner() plays games that record no events")
        stack, draw, unseen, rows = self.stack, self.draw, self.unseen, self.rows
        mask, numsum, nums, status = self.mask, self.numsum, self.nums, self.status
        clockwise = self._clockwise
        events: list[Event] = []  # stays empty: nothing is recorded

        def run_turns() -> None:
            if stack or self.phase == OVER:
                return
            # `seat` is whose turn it is; self.turn catches up before any call that reads it.
            seat = self.turn
            while True:
                if not decide(seat):
                    status[seat] = STAYED  # _stay: the stack is empty, no Flip 7 is pending
                else:
                    try:
                        card = draw.pop()
                    except IndexError:  # an empty draw pile: rare, and free until it happens
                        card = _NO_CARD
                    held = mask[seat]
                    if card < UNLUCKY_7 and not held & _BIT[card] and nums[seat] != 6:
                        # A plain number the row lacks, short of Flip 7: the row grows.
                        unseen[card] -= 1
                        self.unseen_points -= card
                        rows[seat].append(card)
                        mask[seat] = held | _BIT[card]
                        numsum[seat] += card
                        nums[seat] += 1
                    elif card < 13 and held & _BIT[card]:
                        # A plain number the row holds (not 13: Lucky 13 may allow it): a bust.
                        unseen[card] -= 1
                        self.unseen_points -= card
                        row = rows[seat]
                        row.append(card)
                        status[seat] = BUSTED
                        self.bust_len[seat] = len(row)
                        self.stat_busts += 1
                    else:
                        # The engine's own way: an action or modifier to resolve, or _hit for
                        # Flip 7, a second 13, Unlucky 7, Lucky 13 or an empty draw pile.
                        self.turn = seat
                        if card == _NO_CARD:
                            self._hit(seat, events)
                        elif card >= FIRST_ACTION:
                            unseen[card] -= 1
                            self.unseen_others -= 1
                            stack.append([RESOLVE, seat, card])
                            self.acted = True
                            self._run(events)
                        else:
                            draw.append(card)
                            self._hit(seat, events)
                        if stack or self.phase == OVER:
                            return
                        seat = self.turn
                        continue
                # The turn passes to the next active player, or the round ends.
                for nxt in clockwise[seat]:
                    if status[nxt] == ACTIVE:
                        seat = nxt
                        break
                else:
                    self.turn = seat
                    self.acted = True
                    self._run(events)
                    if stack or self.phase == OVER:
                        return
                    seat = self.turn

        return run_turns

    def _stay(self, seat: int, events: list[Event]) -> None:
        """`seat`, whose hit-or-stay turn it is and who holds no Zero, stays."""
        self.status[seat] = STAYED
        self.acted = True
        if self._record:
            events.append(_event("stay", {"seat": seat, "forced": None}))
        self._pass_turn(seat, events)

    def _pass_turn(self, seat: int, events: list[Event]) -> None:
        if not self.stack and self.flip7 < 0:
            nxt = self._next_active(seat)
            if nxt >= 0:  # the common case: the turn just passes on
                self.turn = nxt
                self.acted = False
                return
        self._run(events)

    def _apply_choice(self, seat: int, action: Action) -> list[Event]:
        """A choice on the effect stack (or a move out of turn, which raises)."""
        stack = self.stack
        if not (stack and seat == stack[-1][1] and self.phase != OVER):
            self._check_turn(seat)  # raises: not this seat's choice, or the game is over
        events: list[Event] = []
        if stack:
            options = self._options
            if options is None:
                options = self._stack_options()
            if action not in options:
                raise IllegalMove("not_an_option", seat=seat, action=repr(action))
            self._options = None
            self._choose(stack[-1], action, events)
        self._run(events)
        return events

    def timeout_action(self, seat: int) -> Action:
        """Stay (Hit while holding The Zero); any other decision is the strong AI's choice,
        but never one aimed at the absent player themself while someone else can take it."""
        check_seat(seat, len(self.names))
        self._check_turn(seat)
        if not self.stack:
            return HIT if self.mask[seat] & 1 else STAY
        from engines.flip7.ai import choose, choose_among

        action = choose(self, seat, "strong")
        if self.stack[-1][0] == RESOLVE and action == _PLAYERS[seat]:
            others = [option for option in self._stack_options() if option != action]
            if others:
                return choose_among(self, seat, others)
        return action

    def winners(self) -> list[int]:
        return [self.winner] if self.winner >= 0 else []

    def final_scores(self) -> list[int]:
        return list(self.totals)

    def round_score(self, seat: int) -> int:
        """What the row would score if the round ended now (F7, F12)."""
        status = self.status[seat]
        if status == BUSTED:
            return busted_score(self.rows[seat], self.bust_len[seat], self.brutal)
        if status == FLIP7:
            return row_score(
                self.rows[seat], flip7=True, bonus=self.bonus_to in (-1, seat), brutal=self.brutal
            )
        if self.mask[seat] & 1:
            return 0
        total = (self.numsum[seat] >> self.halves[seat]) - self.minus[seat]
        return 0 if total < 0 and not self.brutal else total

    def counts_outside_rows(self) -> list[int]:
        """Copies per card id of every card neither in a row nor being resolved: the draw
        and discard piles together. Counting the few cards out is cheaper than the piles."""
        counts = list(_DECK_COUNTS[self.decks])
        for row in self.rows:
            for card in row:
                counts[card] -= 1
        for card in self.held_cards():
            counts[card] -= 1
        return counts

    def round_scores(self) -> list[int]:
        """Every seat's `round_score`, with the usual row (in play, no Zero) inlined."""
        mask, numsum, halves, minus = self.mask, self.numsum, self.halves, self.minus
        brutal = self.brutal
        scores = []
        for p, status in enumerate(self.status):
            if status > STAYED:
                scores.append(0 if status == BUSTED and not brutal else self.round_score(p))
            elif mask[p] & 1:
                scores.append(0)
            else:
                score = (numsum[p] >> halves[p]) - minus[p]
                scores.append(score if score > 0 or brutal else 0)
        return scores

    def held_cards(self) -> list[int]:
        """Action and set-aside cards still being resolved (out of every pile, F7)."""
        held: list[int] = []
        for entry in self.stack:
            if entry[0] == FLIP4:
                held.append(entry[2])
                held.extend(entry[4:])
            elif entry[0] != BONUS:
                held.append(entry[2])
        return held

    def view(self, seat: int | None = None) -> Flip7View:
        """Everything public (Flip 7 hides nothing but the draw-pile order)."""
        if seat is not None:
            check_seat(seat, len(self.names))
        decider = self._decider()
        pending = None
        if decider >= 0:
            decision = self.decision(decider)
            assert decision is not None
            pending = PendingView(decider, decision.kind, decision.data)
        return Flip7View(
            round=self.round,
            goal=self.goal,
            brutal=self.brutal,
            decks=self.decks,
            dealer=self.dealer,
            turn=self.turn if self.phase == PLAY else None,
            draw_pile=len(self.draw),
            discard_pile=len(self.discard),
            players=tuple(
                PlayerView(
                    name,
                    tuple(self.rows[p]),
                    STATUS_NAMES[self.status[p]],
                    self.round_score(p),
                    self.totals[p],
                )
                for p, name in enumerate(self.names)
            ),
            resolving=tuple(self.held_cards()),
            unseen=tuple((c, n) for c, n in enumerate(self.unseen) if n),
            pending=pending,
            over=self.is_over,
            winners=tuple(self.winners()),
        )

    # ----------------------------------------------------------------- persistence

    def to_dict(self) -> dict[str, Any]:
        version, internal, gauss = self.rng.getstate()
        return {
            SCHEMA: SCHEMA_VERSION,
            "epoch": self._epoch,
            "names": list(self.names),
            "goal": self.goal,
            "brutal": self.brutal,
            "rng": [version, list(internal), gauss],
            "draw": list(self.draw),
            "discard": list(self.discard),
            "rows": [list(row) for row in self.rows],
            "status": list(self.status),
            "bust_len": list(self.bust_len),
            "totals": list(self.totals),
            "dealer": self.dealer,
            "round": self.round,
            "phase": self.phase,
            "deal_next": self.deal_next,
            "turn": self.turn,
            "acted": self.acted,
            "stack": [list(entry) for entry in self.stack],
            "flip7": self.flip7,
            "bonus_to": self.bonus_to,
            "winner": self.winner,
        }

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Flip7Game:
        """Load schema 2, or version 1 (no schema key: the same fields without the epoch)."""
        schema = raw.get(SCHEMA, 1)
        if schema not in (1, SCHEMA_VERSION):
            raise IllegalMove("unknown_schema", schema=schema)
        version, internal, gauss = raw["rng"]
        rng = random.Random()
        rng.setstate((version, tuple(internal), gauss))
        game = cls(list(raw["names"]), raw["goal"], raw["brutal"], rng)
        game.draw = list(raw["draw"])
        game.discard = list(raw["discard"])
        game.rows = [list(row) for row in raw["rows"]]
        game.status = list(raw["status"])
        game.bust_len = list(raw["bust_len"])
        game.totals = list(raw["totals"])
        game.best_total = max(game.totals)
        for key in (
            "dealer",
            "round",
            "phase",
            "deal_next",
            "turn",
            "acted",
            "flip7",
            "bonus_to",
            "winner",
        ):
            setattr(game, key, raw[key])
        game.stack = [list(entry) for entry in raw["stack"]]
        game._epoch = raw.get("epoch", 0)
        game._rebuild()
        return game

    # ----------------------------------------------------------------- the engine loop

    def _run(self, events: list[Event]) -> None:
        """Resolve effects, deal and pass turns until someone must decide or the game ends."""
        stack = self.stack
        while self.phase != OVER:
            if stack:
                top = stack[-1]
                kind = top[0]
                if kind == JOM:
                    self._step_jom(top, events)
                elif kind == FLIP4:
                    self._step_flip4(top, events)
                elif kind == RESOLVE and top[2] in (SWAP, STEAL, DISCARD):
                    if self._begin_pick(top, events):
                        return
                else:
                    if self._needs_choice(top, events):
                        return
                continue
            if self.flip7 >= 0:
                self._end_round(events)
                continue
            if self.phase == DEAL:
                if self.deal_next < len(self.names):
                    self._deal(events)
                    continue
                self.phase = PLAY
                self.turn = self.dealer
                self.acted = True
            if self.acted or self.status[self.turn] != ACTIVE:
                self.acted = False
                status = self.status
                for nxt in self._clockwise[self.turn]:  # _next_active inlined
                    if status[nxt] == ACTIVE:
                        self.turn = nxt
                        return
                self._end_round(events)
                continue
            return

    def _deal(self, events: list[Event]) -> None:
        """The opening deal (F5) from where it stands: a card to each active player from the
        dealer's left, until an action or modifier must be resolved or Flip 7 ends it."""
        count = len(self.names)
        first = self.dealer + 1
        draw = self.draw
        if self.deal_next == 0 and not self._record:
            # A fresh deal: every row is empty and every player active, so while the cards
            # are plain numbers each one simply starts a row (no bust, no Flip 7).
            unseen, rows, mask, numsum, nums = (
                self.unseen,
                self.rows,
                self.mask,
                self.numsum,
                self.nums,
            )
            dealt = 0
            while dealt < count and draw and draw[-1] < UNLUCKY_7:
                card = draw.pop()
                seat = (first + dealt) % count
                unseen[card] -= 1
                self.unseen_points -= card
                rows[seat].append(card)
                mask[seat] = _BIT[card]
                numsum[seat] = card
                nums[seat] = 1
                dealt += 1
            self.deal_next = dealt
        status = self.status
        while self.deal_next < count:
            seat = (first + self.deal_next) % count
            self.deal_next += 1
            if status[seat] == ACTIVE:
                self._deal_card(seat, "deal", events)
                if self.stack or self.flip7 >= 0:
                    return

    def _needs_choice(self, top: list[int], events: list[Event]) -> bool:
        """Stop for a choice unless it is forced (one option) or void (resolver busted)."""
        if top[0] == RESOLVE and self.status[top[1]] == BUSTED:
            self.stack.pop()
            self.discard.append(top[2])
            if self._record:
                events.append(
                    _event("discarded", {"seat": top[1], "cards": [top[2]], "reason": "busted"})
                )
            return False
        options = self._step_options(top)
        if len(options) != 1:
            self._options = options
            return True
        self._choose(top, options[0], events, True)
        return False

    def _stack_options(self) -> list[Action]:
        """The legal choices for the top of the stack (the list is shared: do not change it)."""
        if self._options is None:
            self._options = self._step_options(self.stack[-1])
        return self._options

    def _next_active(self, seat: int) -> int:
        """The first active seat clockwise after `seat` (itself last), or -1."""
        status = self.status
        for nxt in self._clockwise[seat]:
            if status[nxt] == ACTIVE:
                return nxt
        return -1

    def _draw(self, events: list[Event]) -> int | None:
        """Top card; an empty pile first takes in the shuffled discard pile (F7)."""
        draw = self.draw
        if not draw and not self._reshuffle(events):
            return None
        card = draw.pop()
        self.unseen[card] -= 1
        if card < FIRST_ACTION:
            self.unseen_points -= VALUE[card]
        else:
            self.unseen_others -= 1
        return card

    def _reshuffle(self, events: list[Event]) -> bool:
        """The draw pile is empty: shuffle the discard pile into a new one, if there is any."""
        if not self.discard:
            return False
        draw = self.draw
        draw.extend(self.discard)
        self.discard.clear()
        _shuffle(self.rng, draw)
        self.unseen[:] = self.counts_outside_rows()
        self._total_unseen()
        if self._record:
            events.append(_event("reshuffle", {"cards": len(draw)}))
        return True

    def _deal_card(self, seat: int, how: str, events: list[Event]) -> int | None:
        """Give `seat` the next card by deal, hit or Just One More! and start its effect."""
        draw = self.draw
        if not draw and not self._reshuffle(events):
            if self._record:
                events.append(_event("no_card", {"seat": seat, "how": how}))
            return None
        card = draw.pop()
        self.unseen[card] -= 1
        if self._record:
            events.append(_event("flip", {"seat": seat, "card": card, "how": how}))
        if card >= FIRST_ACTION:
            self.unseen_others -= 1
            self.stack.append([RESOLVE, seat, card])
            return card
        value = VALUE[card]
        self.unseen_points -= value
        mask = self.mask[seat]
        if mask >> value & 1 or card >= UNLUCKY_7:  # a bust, or Unlucky 7 or Lucky 13
            self._add_number(seat, card, events)
            return card
        # The common case, _add_number's last lines inlined: a new value joins the row.
        self.rows[seat].append(card)
        self.mask[seat] = mask | 1 << value
        self.numsum[seat] += value
        nums = self.nums[seat] = self.nums[seat] + 1
        if nums == 7:
            self._flip_seven(seat, events)
        return card

    def _add_number(self, seat: int, card: int, events: list[Event]) -> None:
        """A number card enters a row by any means: Unlucky 7, bust, Flip 7 (F4, F8, F9)."""
        row = self.rows[seat]
        if card == UNLUCKY_7:
            if row:
                self.discard.extend(row)
                row.clear()
                if self._record:
                    events.append(_event("wipe", {"seat": seat, "card": card}))
            row.append(card)
            self.mask[seat] = 1 << 7 | ODD_CARDS
            self.nums[seat] = 1
            self.numsum[seat] = 7
            self.halves[seat] = self.minus[seat] = 0
            return
        value = VALUE[card]
        if self.mask[seat] >> value & 1 and busts(row, card):
            same = sum(1 for held in row if VALUE[held] == value)
            row.append(card)
            self.status[seat] = BUSTED
            self.bust_len[seat] = len(row)
            self.stat_busts += 1
            if self._record:
                events.append(
                    _event("bust", {"seat": seat, "card": card, "value": value, "copy": same + 1})
                )
            return
        row.append(card)
        self.mask[seat] |= 1 << value if card != LUCKY_13 else 1 << 13 | ODD_CARDS
        self.numsum[seat] += value
        self.nums[seat] += 1
        if self.nums[seat] == 7:
            self._flip_seven(seat, events)

    def _flip_seven(self, seat: int, events: list[Event]) -> None:
        """F9: the round ends at once; cards still being resolved are discarded unused."""
        self.status[seat] = FLIP7
        self.flip7 = seat
        self.stat_flip7s += 1
        if self._record:
            events.append(_event("flip7", {"seat": seat}))
        held = self.held_cards()
        if held:
            self.discard.extend(held)
            if self._record:
                events.append(_event("discarded", {"seat": seat, "cards": held, "reason": "flip7"}))
        self.stack.clear()
        if self.brutal:
            self.stack.append([BONUS, seat])

    def _arrive(self, seat: int, card: int, events: list[Event]) -> None:
        """A card moved by Swap or Steal: numbers trigger, modifiers go straight in (F10)."""
        if card < FIRST_ACTION:
            self._add_number(seat, card, events)
        else:
            self._add_modifier(seat, card)

    def _add_modifier(self, seat: int, card: int) -> None:
        self.rows[seat].append(card)
        self.mask[seat] |= ODD_CARDS
        if card == HALVE:
            self.halves[seat] += 1
        else:
            self.minus[seat] += MINUS[card]

    def _take_from_row(self, seat: int, index: int) -> int:
        row = self.rows[seat]
        card = row.pop(index)
        self._recount(seat)
        return card

    def _recount(self, seat: int) -> None:
        mask = nums = numsum = halves = minus = 0
        for card in self.rows[seat]:
            if card < FIRST_ACTION:
                mask |= 1 << VALUE[card] if card < UNLUCKY_7 else 1 << VALUE[card] | ODD_CARDS
                nums += 1
                numsum += VALUE[card]
            elif card == HALVE:
                halves += 1
                mask |= ODD_CARDS
            else:
                minus += MINUS[card]
                mask |= ODD_CARDS
        self.mask[seat] = mask
        self.nums[seat] = nums
        self.numsum[seat] = numsum
        self.halves[seat] = halves
        self.minus[seat] = minus

    def _reset_rows(self, count: int) -> None:
        self.mask = [0] * count
        self.nums = [0] * count
        self.numsum = [0] * count
        self.halves = [0] * count
        self.minus = [0] * count

    def _count_unseen(self) -> None:
        unseen = self.unseen
        unseen[:] = _NO_CARDS
        for card in self.draw:
            unseen[card] += 1
        self._total_unseen()

    def _total_unseen(self) -> None:
        """The draw pile's number points and count of other cards, from `unseen`."""
        numbers, self.unseen_points = number_totals(self.unseen)
        self.unseen_others = len(self.draw) - numbers

    def _rebuild(self) -> None:
        for seat in range(len(self.names)):
            self._recount(seat)
        self._count_unseen()

    # ----------------------------------------------------------------- card effects

    def _step_jom(self, top: list[int], events: list[Event]) -> None:
        """Just One More!: one card (resolved first, it sits above us), then a forced stay."""
        target = top[1]
        if not top[3]:
            top[3] = 1
            self._deal_card(target, "jom", events)
            return
        self.stack.pop()
        self.discard.append(top[2])
        if self.status[target] == ACTIVE:
            self.status[target] = STAYED
            if self._record:
                events.append(_event("stay", {"seat": target, "forced": "just_one_more"}))

    def _step_flip4(self, top: list[int], events: list[Event]) -> None:
        """Flip Four!: four draws, stopping on bust or Flip 7; actions wait until done (F10)."""
        target = top[1]
        if top[3] == FLIP4_DONE:  # its set-aside cards are resolved: now it is discarded
            self.stack.pop()
            self.discard.append(top[2])
            return
        while top[3] < 4:
            top[3] += 1
            card = self._draw(events)
            if card is None:
                if self._record:
                    events.append(
                        _event("no_card", {"seat": target, "how": "flip4", "ordinal": top[3]})
                    )
                continue
            if self._record:
                events.append(
                    _event(
                        "flip", {"seat": target, "card": card, "how": "flip4", "ordinal": top[3]}
                    )
                )
            if card >= FIRST_ACTION:
                top.append(card)
                continue
            self._add_number(target, card, events)
            if self.flip7 >= 0:
                return
            if self.status[target] == BUSTED:
                break
        aside = top[4:]
        if not aside or self.status[target] == BUSTED:
            self.stack.pop()
            self.discard.append(top[2])
            if aside:
                self.discard.extend(aside)
                if self._record:
                    events.append(
                        _event("discarded", {"seat": target, "cards": aside, "reason": "set_aside"})
                    )
            return
        # The set-aside cards resolve above this entry, in the order flipped; the Flip Four!
        # itself is discarded when they are done (F7).
        del top[4:]
        top[3] = FLIP4_DONE
        for card in reversed(aside):
            self.stack.append([RESOLVE, target, card])

    def _begin_pick(self, top: list[int], events: list[Event]) -> bool:
        """Turn a Swap/Steal/Discard into its step entry, or discard it if it has no target.
        True when the entry's first step is a choice to stop for; a lone possible victim is
        chosen here, as _needs_choice would."""
        seat, card = top[1], top[2]
        if self.status[seat] == BUSTED:
            self._needs_choice(top, events)
            return False
        holders = self.holders(seat if card == STEAL else -1)  # never the thief's own row
        self.stack.pop()
        if len(holders) < (2 if card == SWAP else 1):
            self.discard.append(card)
            if self._record:
                events.append(_event("no_target", {"seat": seat, "card": card}))
            return False
        self._options = None
        if card == SWAP:
            self.stack.append([SWAP_STEP, seat, card, -1, -1, -1])
            return True
        victim = holders[0] if len(holders) == 1 else -1
        self.stack.append([STEAL_STEP if card == STEAL else DISCARD_STEP, seat, card, victim])
        return victim < 0

    def holders(self, exclude: int = -1) -> list[int]:
        """Players other than `exclude` with face-up cards who have not busted: who a Swap,
        Steal or Discard can reach (F10)."""
        status = self.status
        holders: list[int] = []
        for p, row in enumerate(self.rows):
            if row and status[p] != BUSTED and p != exclude:
                holders.append(p)
        return holders

    def _step_options(self, top: list[int]) -> list[Action]:
        """The legal choices for stack entry `top` (F10, F11, F12)."""
        kind = top[0]
        if kind == BONUS:
            return list(_PLAYERS[: len(self.names)])
        if kind == RESOLVE:
            if top[2] >= FIRST_MODIFIER and self.brutal and top[2] != HALVE:
                return list(_PLAYERS[: len(self.names)])
            if BUSTED not in self.status:
                return list(_PLAYERS[: len(self.names)])
            return [_PLAYERS[p] for p, s in enumerate(self.status) if s != BUSTED]
        if kind == SWAP_STEP:
            first, index, second = top[3], top[4], top[5]
            if first < 0:
                return list(map(_PLAYERS.__getitem__, self.holders()))
            if index < 0:
                return self._card_options(first)
            if second < 0:
                return list(map(_PLAYERS.__getitem__, self.holders(first)))
            return self._card_options(second)
        victim = top[3]
        if victim < 0:
            return list(
                map(_PLAYERS.__getitem__, self.holders(top[1] if kind == STEAL_STEP else -1))
            )
        return self._card_options(victim)

    def _step_prompt(self, top: list[int]) -> tuple[str, dict[str, Any]]:
        """The decision kind and its data, for stack entry `top`."""
        kind = top[0]
        if kind == BONUS:
            return "flip7_bonus", {"amount": FLIP7_BONUS}
        card = top[2]
        if kind == RESOLVE:
            return ("give_modifier" if card >= FIRST_MODIFIER else "choose_target"), {"card": card}
        verb = _STEP_VERB[kind]
        if kind == SWAP_STEP:
            first, index, second = top[3], top[4], top[5]
            data: dict[str, Any] = {
                "card": card,
                "first": None if first < 0 else first,
                "first_card": None,
                "second": None if second < 0 else second,
            }
            if index >= 0:
                data["first_card"] = self.rows[first][index]
            step = "player" if first < 0 or (index >= 0 and second < 0) else "card"
            return f"swap_{step}", data
        victim = top[3]
        data = {"card": card, "victim": None if victim < 0 else victim}
        return f"{verb}_{'player' if victim < 0 else 'card'}", data

    def _card_options(self, seat: int) -> list[Action]:
        return list(_CARDS[seat][: len(self.rows[seat])])

    def _choose(
        self, top: list[int], action: Action, events: list[Event], forced: bool = False
    ) -> None:
        """Apply one legal choice to the top stack entry."""
        kind, seat = top[0], top[1]
        if kind == BONUS:
            assert isinstance(action, ChoosePlayer)
            self.stack.pop()
            self.bonus_to = action.seat
            if self._record:
                events.append(
                    _event("flip7_bonus", {"seat": seat, "to": action.seat, "amount": FLIP7_BONUS})
                )
            return
        card = top[2]
        if kind == RESOLVE:
            assert isinstance(action, ChoosePlayer)
            self.stack.pop()
            target = action.seat
            if card >= FIRST_MODIFIER:
                self._add_modifier(target, card)
                if self._record:
                    events.append(
                        _event(
                            "modifier", {"seat": seat, "card": card, "to": target, "forced": forced}
                        )
                    )
                return
            if self._record:
                events.append(
                    _event("target", {"seat": seat, "card": card, "to": target, "forced": forced})
                )
            self.stack.append([JOM if card == JUST_ONE_MORE else FLIP4, target, card, 0])
            return
        if isinstance(action, ChoosePlayer):
            top[5 if kind == SWAP_STEP and top[3] >= 0 else 3] = action.seat
            return
        assert isinstance(action, ChooseCard)
        if kind == SWAP_STEP and top[4] < 0:
            top[4] = action.index
            return
        self.stack.pop()
        self.discard.append(card)
        if kind == SWAP_STEP:
            first, second = top[3], top[5]
            out_first = self._take_from_row(first, top[4])
            out_second = self._take_from_row(second, action.index)
            if self._record:
                events.append(
                    _event(
                        "swap",
                        {
                            "seat": seat,
                            "players": [first, second],
                            "cards": [out_first, out_second],
                        },
                    )
                )
            self._arrive(first, out_second, events)
            self._arrive(second, out_first, events)
            return
        victim = top[3]
        taken = self._take_from_row(victim, action.index)
        if kind == STEAL_STEP:
            if self._record:
                events.append(_event("steal", {"seat": seat, "from": victim, "card": taken}))
            self._arrive(seat, taken, events)
            return
        self.discard.append(taken)
        if self._record:
            events.append(_event("discard", {"seat": seat, "from": victim, "card": taken}))

    # ----------------------------------------------------------------- rounds

    def _end_round(self, events: list[Event]) -> None:
        """Score (F7), apply a brutal −15 (F12), end the game (F1) or start the next round."""
        totals = self.totals
        scores = self.round_scores()
        totals[:] = map(add, totals, scores)  # in place: the AI binds the list
        if self.flip7 >= 0 and self.bonus_to not in (-1, self.flip7):
            totals[self.bonus_to] -= FLIP7_BONUS
        if self._record:
            for p, score in enumerate(scores):
                events.append(
                    _event("round_score", {"seat": p, "score": score, "total": totals[p]})
                )
            events.append(
                _event("round_end", {"round": self.round, "scores": scores, "totals": list(totals)})
            )
        top = self.best_total = max(totals)
        if top >= self.goal:
            leaders = [p for p, total in enumerate(totals) if total == top]
            if len(leaders) == 1:
                self.winner = leaders[0]
                self.phase = OVER
                if self._record:
                    events.append(
                        _event(
                            "game_over", {"winners": leaders, "total": top, "totals": list(totals)}
                        )
                    )
                return
            if self._record:
                events.append(_event("tie", {"seats": leaders, "total": top}))
        self._start_round((self.dealer + 1) % len(self.names), events)

    def _start_round(self, dealer: int, events: list[Event]) -> None:
        """Used cards go to the discard pile, not back into the draw pile (F7)."""
        count = len(self.names)
        discard = self.discard
        for row in self.rows:
            discard += row
            row.clear()
        # In place: the lists keep their identity for the whole game (the AI binds them).
        zeros = [0] * count  # ACTIVE is 0
        self.status[:] = zeros
        self.bust_len[:] = zeros
        self.mask[:] = zeros
        self.nums[:] = zeros
        self.numsum[:] = zeros
        self.halves[:] = zeros
        self.minus[:] = zeros
        self.flip7 = -1
        self.bonus_to = -1
        self.round += 1
        self.dealer = dealer
        self.phase = DEAL
        self.deal_next = 0
        self.acted = False
        if self._record:
            events.append(_event("round_start", {"round": self.round, "dealer": dealer}))

    # ----------------------------------------------------------------- helpers

    def _decider(self) -> int:
        if self.phase == OVER:
            return -1
        if self.stack:
            return self.stack[-1][1]
        return self.turn

    def _check_turn(self, seat: int) -> None:
        if self.phase == OVER:
            raise IllegalMove("game_over")
        decider = self._decider()
        if seat != decider:
            raise IllegalMove("not_your_turn", seat=decider)


def new_game(
    names: list[str],
    seed: int,
    *,
    goal: int = DEFAULT_GOAL,
    brutal: bool = False,
    deck: list[int | str] | None = None,
    dealer: int | None = None,
    record_events: bool = True,
) -> Flip7Game:
    """Start a game and deal round 1 (its events are in `game.opening_events()`).

    `deck` stacks the draw pile for tests: those cards come first, in order, and the rest of
    the deck follows shuffled. `dealer` fixes the first dealer (random otherwise, F2).
    `record_events=False` is for the simulator only: the same play, but no Event is built
    (apply returns [] and `opening_events` is empty); busts and Flip 7s are still counted in
    `stat_busts` and `stat_flip7s`.
    """
    if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names):
        raise IllegalMove("bad_names")
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise IllegalMove("player_count", players=len(names), low=MIN_PLAYERS, high=MAX_PLAYERS)
    GOAL_OPTION.check(goal)
    BRUTAL_OPTION.check(brutal)
    if dealer is not None:
        check_seat(dealer, len(names))
    rng = random.Random(seed)
    game = Flip7Game(names, goal, brutal, rng, record_events)
    cards = full_deck(game.decks)
    _shuffle(rng, cards)
    if deck:
        top = [card_from_label(card) for card in deck]
        remaining = deck_counts(game.decks)
        for card in top:
            if remaining[card] == 0:
                raise IllegalMove("deck_exhausted", card=card)
            remaining[card] -= 1
        rest = [card for card in cards if _take(remaining, card)]
        cards = rest + top[::-1]
    game.draw = cards
    # The whole deck is in the draw pile and every row is empty: no need to count.
    game.unseen[:] = _DECK_COUNTS[game.decks]
    game._total_unseen()
    game.dealer = rng.randrange(len(names)) if dealer is None else dealer
    game.round = 0
    events: list[Event] = []
    game._start_round(game.dealer, events)
    game._run(events)
    game._opening = events
    return game


def _shuffle(rng: random.Random, cards: list[int]) -> None:
    """Shuffle in place by sorting on random keys: uniform like rng.shuffle at half the cost
    (one C-level random() per card instead of a Python-level randbelow)."""
    keys = list(starmap(rng.random, repeat((), len(cards))))  # rng.random() per card, in C
    order = sorted(range(len(cards)), key=keys.__getitem__)
    if len(order) > 1:  # itemgetter of one index returns the card, not a tuple
        cards[:] = itemgetter(*order)(cards)  # cards[i] for i in order, in C


@cache
def _clockwise(count: int) -> tuple[tuple[int, ...], ...]:
    """Per seat, the other seats clockwise from its left, itself last (F2)."""
    return tuple(
        tuple((seat + step) % count for step in range(1, count + 1)) for seat in range(count)
    )


def _take(remaining: list[int], card: int) -> bool:
    """Keep `card` if copies of it are still owed to the rest of the deck."""
    if remaining[card]:
        remaining[card] -= 1
        return True
    return False
