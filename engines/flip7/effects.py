"""Pending card effects (F10, F11, F12): the entries of a game's effect stack.

A card that needs resolving goes on the stack as one of these; the engine resolves the top
entry until a player must choose, so a saved game can stop in the middle of a Flip Four!.
In JSON each entry is a short list of ints, `[kind, seat, card, ...]` (the format saved
since schema 1); `-1` marks a step not chosen yet.
"""

from __future__ import annotations

from dataclasses import dataclass, field

RESOLVE, JOM, FLIP4, SWAP_STEP, STEAL_STEP, DISCARD_STEP, BONUS = range(7)
NOT_CHOSEN = -1
FLIP4_DONE = 5
"""A saved Flip Four!'s draw count once its four draws are done and its set-aside cards are
resolving above it: the card stays out of every pile until they are done (F7)."""


@dataclass(slots=True)
class Resolve:
    """An action or a modifier `seat` received and must aim at a player (F10, F11)."""

    seat: int
    card: int

    def to_list(self) -> list[int]:
        return [RESOLVE, self.seat, self.card]


@dataclass(slots=True)
class JustOneMore:
    """Just One More! played on `seat`: one card, then `seat` must stay (F10)."""

    seat: int
    card: int
    drawn: bool = False

    def to_list(self) -> list[int]:
        return [JOM, self.seat, self.card, int(self.drawn)]


@dataclass(slots=True)
class FlipFour:
    """Flip Four! played on `seat`: four draws; actions and modifiers flipped meanwhile wait
    in `aside`, and once the four are done (`done`) they resolve above this entry (F10)."""

    seat: int
    card: int
    drawn: int = 0
    aside: list[int] = field(default_factory=list)
    done: bool = False

    def to_list(self) -> list[int]:
        return [FLIP4, self.seat, self.card, FLIP4_DONE if self.done else self.drawn, *self.aside]


@dataclass(slots=True)
class SwapPick:
    """A Swap being chosen step by step: the first player, their card, the second player,
    then the second card (F10)."""

    seat: int
    card: int
    first: int = NOT_CHOSEN
    first_index: int = NOT_CHOSEN
    second: int = NOT_CHOSEN

    def to_list(self) -> list[int]:
        return [SWAP_STEP, self.seat, self.card, self.first, self.first_index, self.second]


@dataclass(slots=True)
class StealPick:
    """A Steal being chosen: the victim, then their card (F10)."""

    seat: int
    card: int
    victim: int = NOT_CHOSEN

    def to_list(self) -> list[int]:
        return [STEAL_STEP, self.seat, self.card, self.victim]


@dataclass(slots=True)
class DiscardPick:
    """A Discard being chosen: the player, then their card (F10)."""

    seat: int
    card: int
    victim: int = NOT_CHOSEN

    def to_list(self) -> list[int]:
        return [DISCARD_STEP, self.seat, self.card, self.victim]


@dataclass(slots=True)
class Bonus:
    """Brutal Flip 7: `seat` takes +15 or takes 15 from another player's total (F12)."""

    seat: int

    def to_list(self) -> list[int]:
        return [BONUS, self.seat]


Effect = Resolve | JustOneMore | FlipFour | SwapPick | StealPick | DiscardPick | Bonus
Pick = SwapPick | StealPick | DiscardPick


def effect_from_list(raw: list[int]) -> Effect:
    """The entry a saved list stands for (schemas 1 and 2 save the same lists)."""
    kind, seat = raw[0], raw[1]
    if kind == BONUS:
        return Bonus(seat)
    card = raw[2]
    if kind == RESOLVE:
        return Resolve(seat, card)
    if kind == JOM:
        return JustOneMore(seat, card, bool(raw[3]))
    if kind == FLIP4:
        done = raw[3] == FLIP4_DONE
        return FlipFour(seat, card, 4 if done else raw[3], list(raw[4:]), done)
    if kind == SWAP_STEP:
        return SwapPick(seat, card, raw[3], raw[4], raw[5])
    if kind == STEAL_STEP:
        return StealPick(seat, card, raw[3])
    return DiscardPick(seat, card, raw[3])


def held_cards(stack: list[Effect]) -> list[int]:
    """Action and set-aside cards still being resolved: out of every pile (F7)."""
    held: list[int] = []
    for entry in stack:
        if isinstance(entry, FlipFour):
            held.append(entry.card)
            held.extend(entry.aside)
        elif not isinstance(entry, Bonus):
            held.append(entry.card)
    return held
