"""Moves as small frozen values with short codes for Discord component ids."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engines.base import BadCode


@dataclass(frozen=True, slots=True)
class Hit:
    """Take the next card from the draw pile (F6)."""

    @property
    def code(self) -> str:
        return "hit"


@dataclass(frozen=True, slots=True)
class Stay:
    """Stop for the round; the row scores at the end (F6)."""

    @property
    def code(self) -> str:
        return "stay"


@dataclass(frozen=True, slots=True)
class ChoosePlayer:
    """Pick a player: the target of an action, who gets a modifier, a step of
    Swap/Steal/Discard, or who the brutal Flip 7 bonus applies to (yourself: +15)."""

    seat: int

    @property
    def code(self) -> str:
        return f"p{self.seat}"


@dataclass(frozen=True, slots=True)
class ChooseCard:
    """Pick the card at `index` (order received) in `seat`'s row: a step of Swap/Steal/Discard."""

    seat: int
    index: int

    @property
    def code(self) -> str:
        return f"c{self.seat}.{self.index}"


Action = Hit | Stay | ChoosePlayer | ChooseCard

HIT = Hit()
STAY = Stay()

PLAYER_CHOICES = tuple(ChoosePlayer(seat) for seat in range(32))
CARD_CHOICES = tuple(tuple(ChooseCard(seat, index) for index in range(32)) for seat in range(32))


def player_choice(seat: int) -> ChoosePlayer:
    """A shared ChoosePlayer value: building options must not cost a dataclass per option."""
    return PLAYER_CHOICES[seat]


_PLAYER = re.compile(r"p(\d{1,2})")
_CARD = re.compile(r"c(\d{1,2})\.(\d{1,2})")


def action_from_code(code: str) -> Action:
    """Turn a code back into an equal action; garbage raises BadCode."""
    if code == "hit":
        return HIT
    if code == "stay":
        return STAY
    if isinstance(code, str):
        if m := _PLAYER.fullmatch(code):
            return ChoosePlayer(int(m.group(1)))
        if m := _CARD.fullmatch(code):
            return ChooseCard(int(m.group(1)), int(m.group(2)))
    raise BadCode(code=repr(code))
