"""Flip 7: With a Vengeance, the rules engine (rules F1-F13 in docs/rules/flip7.md).

`Flip7Game` is the `engines.base.Game` of Flip 7, built in layers that each read alone:
`Table` keeps the state, `Arrivals` (arrivals.py) gives cards to rows, `EffectRules`
(resolve.py) resolves card effects (an explicit stack of pending effects, so a saved game
can stop in the middle of a Flip Four!), and here it deals, passes turns and scores rounds. It is
written to be read; the simulator's faster twin is `engines/flip7_fast/game.py`, held to it by a
test.
"""

from __future__ import annotations

import random
from typing import Any, NoReturn, TypeVar

from engines.base import (
    Decision,
    Event,
    IllegalMove,
    Option,
    Outcome,
    check_action,
    check_seat,
    ranked,
    reading_state,
    rng_from_saved,
)
from engines.flip7.actions import (
    HIT,
    STAY,
    Action,
    ChooseCard,
    ChoosePlayer,
    Hit,
    Stay,
)
from engines.flip7.cards import (
    ZERO_BIT,
    card_from_label,
    deck_counts,
    full_deck,
)
from engines.flip7.checks import check_table
from engines.flip7.resolve import EffectRules
from engines.flip7.scoring import FLIP7_BONUS
from engines.flip7.table import (
    ACTIVE,
    DEAL,
    DECK_COUNTS,
    NOBODY,
    OVER,
    PLAY,
    STATUS_NAMES,
    STAYED,
    shuffle,
)
from engines.flip7.views import Flip7View, PendingView, PlayerView

MIN_PLAYERS = 2
MAX_PLAYERS = 24
MIN_GOAL, MAX_GOAL, DEFAULT_GOAL = 50, 1000, 200
GOAL_OPTION = Option("goal", DEFAULT_GOAL, MIN_GOAL, MAX_GOAL)
BRUTAL_OPTION = Option("brutal", False)
STACK_ACTIONS = (ChoosePlayer, ChooseCard)  # the moves of a pending effect's steps
G = TypeVar("G", bound="Flip7Game")


class Flip7Game(EffectRules):
    """One game of Flip 7. Every public method takes seats as plain ints."""

    __slots__ = ("_opening",)

    def __init__(self, names: list[str], goal: int, brutal: bool, rng: random.Random) -> None:
        super().__init__(names, goal, brutal, rng)
        self._opening: list[Event] = []

    # ------------------------------------------------------------------ the Game contract

    def opening_events(self) -> list[Event]:
        """The first deal's events (F5), right after new_game; empty once loaded."""
        return list(self._opening)

    def epoch(self) -> int:
        return self.epoch_count

    def turn_id(self) -> int:
        """Counts turns begun: a hit-or-stay turn, or one card of the deal, each with every
        choice its card sets off (F5, F6)."""
        return self.turns_begun

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        return ranked(self.winners(), self.totals, reason="goal_reached")  # F1

    def to_act(self) -> list[int]:
        if self.phase == OVER:
            return []
        return [self.stack[-1].seat if self.stack else self.turn]  # the decider

    def decision(self, seat: int) -> Decision | None:
        if check_seat(seat, len(self.names)) != self.decider():
            return None
        if not self.stack:
            must_hit = bool(self.mask[seat] & ZERO_BIT)  # The Zero forbids staying (F8)
            options = (HIT,) if must_hit else (HIT, STAY)
            return Decision("hit_or_stay", seat, options, {"must_hit": must_hit})
        kind, data = self.step_prompt(self.stack[-1])
        return Decision(kind, seat, tuple(self.stack_options()), data)

    def legal_actions(self, seat: int) -> list[Action]:
        decision = self.decision(seat)
        return [] if decision is None else list(decision.options)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Make one move and resolve everything up to the next decision."""
        events: list[Event] = []
        if self.stack:
            self.check_turn(seat)
            check_action(action, STACK_ACTIONS)
            if action not in self.stack_options():
                raise IllegalMove("not_an_option", seat=seat, action=repr(action))
            self._choose(self.stack[-1], action, events)
        else:  # a hit-or-stay turn (F6); then the turn passes on (`_run`)
            if seat != self.turn or type(seat) is not int or self.phase == OVER:
                self._refuse(seat)
            if isinstance(action, Hit):
                # Take the next card; a Zero holder who receives nothing stays at once (F7).
                if self._deal_card(seat, "hit", events) is None and self.mask[seat] & ZERO_BIT:
                    self.status[seat] = STAYED
                    events.append(Event("stay", {"seat": seat, "forced": "no_card"}))
            elif not isinstance(action, Stay):
                raise IllegalMove("not_an_option", seat=seat, action=repr(action))
            elif self.mask[seat] & ZERO_BIT:
                raise IllegalMove("must_hit", seat=seat)
            else:
                self.status[seat] = STAYED
                events.append(Event("stay", {"seat": seat, "forced": None}))
            self.acted = True
        self._run(events)
        self.epoch_count += 1
        return events

    def resample(self, seat: int, rng: random.Random) -> Flip7Game:
        """Only the draw pile's order is hidden in Flip 7, from everyone."""
        check_seat(seat, len(self.names))
        copy = Flip7Game.from_dict(self.to_dict())
        rng.shuffle(copy.draw)
        return copy

    def view(self, seat: int | None = None) -> Flip7View:
        """Everything public (Flip 7 hides nothing but the draw-pile order)."""
        if seat is not None:
            check_seat(seat, len(self.names))
        decider = self.decider()
        pending = None
        if decider != NOBODY:
            decision = self.decision(decider)
            assert decision is not None
            pending = PendingView(decider, decision.kind, decision.data)
        players = tuple(
            PlayerView(
                name,
                tuple(self.rows[p]),
                STATUS_NAMES[self.status[p]],
                self.round_score(p),
                self.totals[p],
            )
            for p, name in enumerate(self.names)
        )
        return Flip7View(
            round=self.round,
            goal=self.goal,
            brutal=self.brutal,
            decks=self.decks,
            dealer=self.dealer,
            turn=self.turn if self.phase == PLAY else None,
            draw_pile=len(self.draw),
            discard_pile=len(self.discard),
            players=players,
            resolving=tuple(self.held_cards()),
            unseen=tuple((card, n) for card, n in enumerate(self.unseen) if n),
            pending=pending,
            over=self.is_over,
            winners=tuple(self.winners()),
        )

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Flip7Game:
        """Load a saved game (schema 2, or schema 1 as saved before the contract)."""
        with reading_state():
            rng = rng_from_saved(raw["rng"])
            game = cls(list(raw["names"]), raw["goal"], raw["brutal"], rng)
            game._load(raw)
            check_table(game, range(MIN_PLAYERS, MAX_PLAYERS + 1), range(MIN_GOAL, MAX_GOAL + 1))
            return game

    def check_turn(self, seat: int) -> None:
        """Refuse any seat but the one to decide now (a plain int), before the end."""
        if seat != self.decider() or type(seat) is not int or self.phase == OVER:
            self._refuse(seat)

    def _refuse(self, seat: int) -> NoReturn:
        """Refuse a move by a seat that is no seat (`check_seat`), after the end, or out of
        turn."""
        check_seat(seat, len(self.names))
        if self.phase == OVER:
            raise IllegalMove("game_over")
        raise IllegalMove("not_your_turn", seat=self.decider())

    # ------------------------------------------------------------------ turns (F5, F6)

    def _run(self, events: list[Event]) -> None:
        """Resolve effects, deal and pass turns until someone must decide or the game ends."""
        while self.phase != OVER:
            if self.stack:
                if self._step_effect(self.stack[-1], events):
                    return
            elif self.flip7 != NOBODY:
                self._end_round(events)
            elif self.phase == DEAL:
                self._deal(events)
            elif self.acted or self.status[self.turn] != ACTIVE:
                self.acted = False
                for nxt in self.clockwise[self.turn]:  # the next active player's turn (F6)
                    if self.status[nxt] == ACTIVE:
                        self.turn = nxt
                        self.turns_begun += 1
                        return
                self._end_round(events)  # nobody is active
            else:
                return

    def _deal(self, events: list[Event]) -> None:
        """The opening deal (F5) from where it stands: a card to each active player from the
        dealer's left, until an effect must be resolved; then the first turn."""
        count = len(self.names)
        while self.deal_next < count and not self.stack and self.flip7 == NOBODY:
            seat = (self.dealer + 1 + self.deal_next) % count
            self.deal_next += 1
            if self.status[seat] == ACTIVE:  # skip a player made to stay or busted (F5)
                self.turns_begun += 1  # each dealt card is a turn of its own
                self._deal_card(seat, "deal", events)
        if self.deal_next == count and not self.stack and self.flip7 == NOBODY:
            self.phase = PLAY
            self.turn = self.dealer
            self.acted = True  # the turn passes to the dealer's left

    # ------------------------------------------------------------------ rounds (F1, F7)

    def _end_round(self, events: list[Event]) -> None:
        """Score (F7), apply a brutal −15 (F12), end the game (F1) or start the next round."""
        scores = self.round_scores()
        for seat, score in enumerate(scores):
            self.totals[seat] += score  # in place: the simulator's AI binds the list
        if self.bonus_to not in (NOBODY, self.flip7):
            self.totals[self.bonus_to] -= FLIP7_BONUS
        for seat, score in enumerate(scores):
            events.append(
                Event(
                    "round_score",
                    # The row as it scored, so the round can be retold after it is cleared.
                    {
                        "seat": seat,
                        "score": score,
                        "total": self.totals[seat],
                        "row": list(self.rows[seat]),
                    },
                )
            )
        events.append(
            Event("round_end", {"round": self.round, "scores": scores, "totals": list(self.totals)})
        )
        top = self.best_total = max(self.totals)
        leaders = [seat for seat, total in enumerate(self.totals) if total == top]
        if top >= self.goal and len(leaders) == 1:
            self.winner = leaders[0]
            self.phase = OVER
            events.append(
                Event("game_over", {"winners": leaders, "total": top, "totals": list(self.totals)})
            )
            return
        if top >= self.goal:
            events.append(Event("tie", {"seats": leaders, "total": top}))
        self._start_round((self.dealer + 1) % len(self.names), events)

    def _start_round(self, dealer: int, events: list[Event]) -> None:
        """Used cards go to the discard pile, not back into the draw pile (F7)."""
        self._clear_rows()
        self.flip7 = self.bonus_to = NOBODY
        self.round += 1
        self.dealer = dealer
        self.phase = DEAL
        self.deal_next = 0
        self.acted = False
        events.append(Event("round_start", {"round": self.round, "dealer": dealer}))


def new_game(
    names: list[str],
    seed: int,
    *,
    goal: int = DEFAULT_GOAL,
    brutal: bool = False,
    deck: list[int | str] | None = None,
    dealer: int | None = None,
) -> Flip7Game:
    """Start a game and deal round 1 (its events are in `game.opening_events()`).

    `deck` stacks the draw pile for tests: those cards come first, in order, and the rest of
    the deck follows shuffled. `dealer` fixes the first dealer (random otherwise, F2)."""
    return start(Flip7Game, names, seed, goal=goal, brutal=brutal, deck=deck, dealer=dealer)


def start(
    cls: type[G],
    names: list[str],
    seed: int,
    *,
    goal: int,
    brutal: bool,
    deck: list[int | str] | None,
    dealer: int | None,
) -> G:
    """Check the setup, shuffle, and deal round 1 of a game of class `cls`."""
    if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names):
        raise IllegalMove("bad_names")
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise IllegalMove("player_count", players=len(names), low=MIN_PLAYERS, high=MAX_PLAYERS)
    GOAL_OPTION.check(goal)
    BRUTAL_OPTION.check(brutal)
    if dealer is not None:
        check_seat(dealer, len(names))
    if deck is not None and not isinstance(deck, list):  # a string would stack its letters
        raise IllegalMove("unknown_card", card=repr(deck))
    rng = random.Random(seed)
    game = cls(names, goal, brutal, rng)
    game.draw = _shuffled_deck(rng, game.decks, deck)
    game.unseen[:] = DECK_COUNTS[game.decks]  # the whole deck is in the draw pile
    game._total_unseen()
    game.dealer = rng.randrange(len(names)) if dealer is None else dealer
    events: list[Event] = []
    game._start_round(game.dealer, events)
    game._run(events)
    game._opening = events
    return game


def _shuffled_deck(rng: random.Random, decks: int, top: list[int | str] | None) -> list[int]:
    """The draw pile, its last card on top: `top` (for tests) first, the rest shuffled."""
    cards = full_deck(decks)
    shuffle(rng, cards)
    if not top:
        return cards
    stacked = [card_from_label(card) for card in top]
    remaining = deck_counts(decks)
    for card in stacked:
        if remaining[card] == 0:
            raise IllegalMove("deck_exhausted", card=card)
        remaining[card] -= 1
    rest = []
    for card in cards:
        if remaining[card]:
            remaining[card] -= 1
            rest.append(card)
    return rest + stacked[::-1]
