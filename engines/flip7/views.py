"""What a seat sees of the table (F13): frozen values, card ids rather than words.

Flip 7 hides nothing but the draw pile's order, so every seat and a spectator see the same.
`cards.card_code` names a card id in tests; players read the cogs' wording of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat: its row (card ids, in the order received), status and scores."""

    name: str
    row: tuple[int, ...]
    status: str  # "active", "stayed", "busted" or "flip7"
    round_score: int  # what the row would score if the round ended now (F7, F12)
    total: int


@dataclass(frozen=True, slots=True)
class PendingView:
    """Who must decide now and what (a decision kind with its data)."""

    seat: int
    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Flip7View:
    """The whole public table."""

    round: int
    goal: int
    brutal: bool
    decks: int
    dealer: int
    turn: int | None  # whose hit-or-stay turn it is, once the deal is done
    draw_pile: int
    discard_pile: int
    players: tuple[PlayerView, ...]
    resolving: tuple[int, ...]  # action and set-aside cards still being resolved
    unseen: tuple[tuple[int, int], ...]  # (card id, copies) still in the draw pile
    pending: PendingView | None
    over: bool
    winners: tuple[int, ...]
