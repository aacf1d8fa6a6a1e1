"""Resolving the effect stack: actions (F10), modifiers (F11) and the brutal bonus (F12).

`EffectRules` is the layer of `Flip7Game` above `Arrivals` (which gives it cards) and
below `game.py` (which deals, passes turns and scores rounds): it steps the top pending
effect and applies the choices players make.
"""

from __future__ import annotations

from typing import Any

from engines.base import Event
from engines.flip7.actions import CARD_CHOICES, PLAYER_CHOICES, Action, ChooseCard, ChoosePlayer
from engines.flip7.arrivals import Arrivals
from engines.flip7.cards import DISCARD, HALVE, JUST_ONE_MORE, STEAL, SWAP, is_action, is_modifier
from engines.flip7.effects import (
    NOT_CHOSEN,
    Bonus,
    DiscardPick,
    Effect,
    FlipFour,
    JustOneMore,
    Resolve,
    StealPick,
    SwapPick,
)
from engines.flip7.scoring import FLIP7_BONUS
from engines.flip7.table import ACTIVE, BUSTED, NOBODY, STAYED

PICKS = {SWAP: SwapPick, STEAL: StealPick}
"""The step-by-step entry each picking action becomes (any other: Discard)."""


class EffectRules(Arrivals):
    """The effect stack's rules, giving cards through `Arrivals`."""

    __slots__ = ()

    def _step_effect(self, top: Effect, events: list[Event]) -> bool:
        """Move the top effect on by one step; True when a player must choose first."""
        if isinstance(top, JustOneMore):
            self._step_just_one_more(top, events)
            return False
        if isinstance(top, FlipFour):
            self._step_flip_four(top, events)
            return False
        if isinstance(top, Resolve) and top.card in (SWAP, STEAL, DISCARD):
            return self._begin_pick(top, events)
        return self._needs_choice(top, events)

    def _step_just_one_more(self, top: JustOneMore, events: list[Event]) -> None:
        """One card (its own effect resolves first, above this entry), then a forced stay."""
        if not top.drawn:
            top.drawn = True
            self._deal_card(top.seat, "jom", events)
            return
        self.stack.pop()
        self.discard.append(top.card)
        if self.status[top.seat] == ACTIVE:
            self.status[top.seat] = STAYED
            events.append(Event("stay", {"seat": top.seat, "forced": "just_one_more"}))

    def _step_flip_four(self, top: FlipFour, events: list[Event]) -> None:
        """Four draws, stopping on a bust or Flip 7; actions and modifiers wait (F10)."""
        if top.done:  # its set-aside cards are resolved: only now is it discarded (F7)
            self.stack.pop()
            self.discard.append(top.card)
            return
        while top.drawn < 4:
            top.drawn += 1
            if not self._flip_one_of_four(top, events):
                break
        if self.flip7 != NOBODY:
            return
        if not top.aside or self.status[top.seat] == BUSTED:
            self.stack.pop()
            self.discard.append(top.card)
            if top.aside:
                self.discard.extend(top.aside)
                events.append(
                    Event(
                        "discarded",
                        {"seat": top.seat, "cards": list(top.aside), "reason": "set_aside"},
                    )
                )
            return
        aside, top.aside, top.done = top.aside, [], True
        for card in reversed(aside):  # resolved in the order flipped, above this entry
            self.stack.append(Resolve(top.seat, card))

    def _flip_one_of_four(self, top: FlipFour, events: list[Event]) -> bool:
        """One of the four draws; False when the flips stop (a bust or Flip 7)."""
        card = self._draw(events)
        if card is None:
            events.append(
                Event("no_card", {"seat": top.seat, "how": "flip4", "ordinal": top.drawn})
            )
            return True
        events.append(
            Event("flip", {"seat": top.seat, "card": card, "how": "flip4", "ordinal": top.drawn})
        )
        if not is_action(card) and not is_modifier(card):
            self._add_number(top.seat, card, events)
            return self.flip7 == NOBODY and self.status[top.seat] != BUSTED
        top.aside.append(card)
        return True

    def _begin_pick(self, top: Resolve, events: list[Event]) -> bool:
        """Turn a Swap/Steal/Discard into its step entry, or discard it without a target.
        True when its first step is a choice to stop for (a lone victim is picked here)."""
        seat, card = top.seat, top.card
        if self.status[seat] == BUSTED:
            return self._needs_choice(top, events)
        holders = self.holders(seat if card == STEAL else NOBODY)  # never the thief's own
        self.stack.pop()
        if len(holders) < (2 if card == SWAP else 1):
            self.discard.append(card)
            events.append(Event("no_target", {"seat": seat, "card": card}))
            return False
        pick = PICKS.get(card, DiscardPick)(seat, card)
        if len(holders) == 1 and not isinstance(pick, SwapPick):
            pick.victim = holders[0]
        self.stack.append(pick)
        return isinstance(pick, SwapPick) or pick.victim == NOT_CHOSEN

    def _needs_choice(self, top: Effect, events: list[Event]) -> bool:
        """Stop for a choice unless it is forced (one option) or void (resolver busted)."""
        if isinstance(top, Resolve) and self.status[top.seat] == BUSTED:
            self.stack.pop()
            self.discard.append(top.card)
            events.append(
                Event("discarded", {"seat": top.seat, "cards": [top.card], "reason": "busted"})
            )
            return False
        options = self.step_options(top)
        if len(options) != 1:
            self._options = options  # kept for the choice this stops for
            return True
        self._choose(top, options[0], events, forced=True)
        return False

    def stack_options(self) -> list[Action]:
        """The legal choices for the pending stack entry, computed once per choice (the
        list is shared: do not change it)."""
        if self._options is None:
            self._options = self.step_options(self.stack[-1])
        return self._options

    # ------------------------------------------------------------------ the choices

    def step_options(self, top: Effect) -> list[Action]:
        """The legal choices for stack entry `top` (F10, F11, F12)."""
        everyone: list[Action] = list(PLAYER_CHOICES[: len(self.names)])
        if isinstance(top, Bonus):
            return everyone
        if isinstance(top, Resolve):
            minus_card = is_modifier(top.card) and top.card != HALVE
            if (minus_card and self.brutal) or BUSTED not in self.status:
                return everyone  # brutal minus cards reach busted players too (F12)
            return [PLAYER_CHOICES[p] for p, s in enumerate(self.status) if s != BUSTED]
        if isinstance(top, SwapPick):
            return self._swap_options(top)
        assert isinstance(top, (StealPick, DiscardPick)), "only picks are left to choose in"
        if top.victim == NOT_CHOSEN:
            thief = top.seat if isinstance(top, StealPick) else NOBODY
            return [PLAYER_CHOICES[p] for p in self.holders(thief)]
        return self._card_options(top.victim)

    def _swap_options(self, top: SwapPick) -> list[Action]:
        if top.first == NOT_CHOSEN:
            return [PLAYER_CHOICES[p] for p in self.holders()]
        if top.first_index == NOT_CHOSEN:
            return self._card_options(top.first)
        if top.second == NOT_CHOSEN:
            return [PLAYER_CHOICES[p] for p in self.holders(top.first)]
        return self._card_options(top.second)

    def _card_options(self, seat: int) -> list[Action]:
        return list(CARD_CHOICES[seat][: len(self.rows[seat])])

    def step_prompt(self, top: Effect) -> tuple[str, dict[str, Any]]:
        """The decision kind and its data, for stack entry `top`."""
        if isinstance(top, Bonus):
            return "flip7_bonus", {"amount": FLIP7_BONUS}
        if isinstance(top, Resolve):
            kind = "give_modifier" if is_modifier(top.card) else "choose_target"
            return kind, {"card": top.card}
        if isinstance(top, SwapPick):
            data: dict[str, Any] = {
                "card": top.card,
                "first": None if top.first == NOT_CHOSEN else top.first,
                "first_card": None,
                "second": None if top.second == NOT_CHOSEN else top.second,
            }
            if top.first_index != NOT_CHOSEN:
                data["first_card"] = self.rows[top.first][top.first_index]
            choosing_player = top.first == NOT_CHOSEN or (
                top.first_index != NOT_CHOSEN and top.second == NOT_CHOSEN
            )
            return ("swap_player" if choosing_player else "swap_card"), data
        assert isinstance(top, (StealPick, DiscardPick)), "only picks are left to choose in"
        verb = "steal" if isinstance(top, StealPick) else "discard"
        victim = None if top.victim == NOT_CHOSEN else top.victim
        step = "player" if victim is None else "card"
        return f"{verb}_{step}", {"card": top.card, "victim": victim}

    def _choose(
        self, top: Effect, action: Action, events: list[Event], *, forced: bool = False
    ) -> None:
        """Apply one legal choice to the top stack entry."""
        self._options = None  # the next choice has options of its own
        if isinstance(top, Bonus):
            assert isinstance(action, ChoosePlayer)
            self.stack.pop()
            self.bonus_to = action.seat
            events.append(
                Event("flip7_bonus", {"seat": top.seat, "to": action.seat, "amount": FLIP7_BONUS})
            )
        elif isinstance(top, Resolve):
            assert isinstance(action, ChoosePlayer)
            self._aim(top, action.seat, events, forced)
        elif isinstance(top, SwapPick):
            self._swap_step(top, action, events)
        else:
            assert isinstance(top, (StealPick, DiscardPick)), "only picks are left to choose in"
            self._take_step(top, action, events)

    def _aim(self, top: Resolve, target: int, events: list[Event], forced: bool) -> None:
        """A modifier goes into the target's row; Just One More! and Flip Four! start."""
        self.stack.pop()
        data = {"seat": top.seat, "card": top.card, "to": target, "forced": forced}
        if is_modifier(top.card):
            self._put_modifier(target, top.card)
            events.append(Event("modifier", data))
            return
        events.append(Event("target", data))
        effect = JustOneMore if top.card == JUST_ONE_MORE else FlipFour
        self.stack.append(effect(target, top.card))

    def _swap_step(self, top: SwapPick, action: Action, events: list[Event]) -> None:
        if isinstance(action, ChoosePlayer):
            if top.first == NOT_CHOSEN:
                top.first = action.seat
            else:
                top.second = action.seat
            return
        assert isinstance(action, ChooseCard)
        if top.first_index == NOT_CHOSEN:
            top.first_index = action.index
            return
        self.stack.pop()
        self.discard.append(top.card)
        first, second = top.first, top.second
        out_first = self._take_from_row(first, top.first_index)
        out_second = self._take_from_row(second, action.index)
        events.append(
            Event(
                "swap",
                {"seat": top.seat, "players": [first, second], "cards": [out_first, out_second]},
            )
        )
        # Both cards have left their rows before either arrives (F10).
        self._arrive(first, out_second, events)
        self._arrive(second, out_first, events)

    def _take_step(self, top: StealPick | DiscardPick, action: Action, events: list[Event]) -> None:
        if isinstance(action, ChoosePlayer):
            top.victim = action.seat
            return
        assert isinstance(action, ChooseCard)
        self.stack.pop()
        self.discard.append(top.card)
        taken = self._take_from_row(top.victim, action.index)
        data = {"seat": top.seat, "from": top.victim, "card": taken}
        if isinstance(top, StealPick):
            events.append(Event("steal", data))
            self._arrive(top.seat, taken, events)
            return
        self.discard.append(taken)
        events.append(Event("discard", data))
