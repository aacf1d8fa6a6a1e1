"""A saved Flip 7 state's invariants, checked when it loads. A state that breaks one (a turn
at a seat that doesn't exist, a card that isn't one, a card too many or gone missing) is
refused with BadState("bad_state") instead of playing on wrongly; the bot quarantines it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from engines.base import refuse_broken
from engines.flip7.cards import KINDS
from engines.flip7.effects import FlipFour
from engines.flip7.table import DEAL, NOBODY, OVER, STATUS_NAMES, Table


def check_table(table: Table, players: range, goals: range) -> None:
    """Raise BadState("bad_state", reason=...) at the first invariant the table breaks."""
    refuse_broken(
        table,
        (lambda state: _setup(state, players, goals), _per_seat, _cards, _progress, _conserved),
    )


def _is_int(value: Any) -> bool:
    return type(value) is int


def _setup(table: Table, players: range, goals: range) -> str | None:
    if not all(isinstance(name, str) and name for name in table.names):
        return "a seat without a name"
    if len(table.names) not in players:
        return f"{len(table.names)} seats"
    if not _is_int(table.goal) or table.goal not in goals:
        return f"goal {table.goal!r}"
    if type(table.brutal) is not bool:
        return f"brutal {table.brutal!r}"
    return None


def _per_seat(table: Table) -> str | None:
    seats = len(table.names)
    for name in ("rows", "status", "bust_len", "totals"):
        if len(getattr(table, name)) != seats:
            return f"{name} for {len(getattr(table, name))} of {seats} seats"
    if not all(_is_int(s) and 0 <= s < len(STATUS_NAMES) for s in table.status):
        return f"status {table.status}"
    if not all(_is_int(total) for total in table.totals):
        return f"totals {table.totals}"
    if not table.brutal and min(table.totals) < 0:  # only brutal mode scores below 0 (F12)
        return f"a negative total {min(table.totals)}"
    return None


def _cards(table: Table) -> str | None:
    piles: Sequence[Sequence[int]] = (table.draw, table.discard, *table.rows)
    for pile in piles:
        for card in pile:
            if not _is_int(card) or not 0 <= card < KINDS:
                return f"card {card!r}"
    return None


def _progress(table: Table) -> str | None:
    seats = range(len(table.names))
    for name in ("dealer", "turn"):
        if getattr(table, name) not in seats or not _is_int(getattr(table, name)):
            return f"{name} {getattr(table, name)!r} of {len(seats)} seats"
    for name in ("flip7", "bonus_to", "winner"):
        if getattr(table, name) != NOBODY and getattr(table, name) not in seats:
            return f"{name} {getattr(table, name)!r} of {len(seats)} seats"
    if table.phase not in (DEAL, DEAL + 1, OVER) or not 0 <= table.deal_next <= len(seats):
        return f"phase {table.phase!r}, deal at {table.deal_next!r}"
    if not _is_int(table.round) or table.round < 1:
        return f"round {table.round!r}"
    for entry in table.stack:
        if entry.seat not in seats or not 0 <= getattr(entry, "card", 0) < KINDS:
            return f"a pending effect {entry.to_list()}"
        if isinstance(entry, FlipFour) and not 0 <= entry.drawn <= 4:
            return f"a Flip Four! {entry.to_list()}"
    return None


def _conserved(table: Table) -> str | None:
    """Every card of the deck is in exactly one place: a pile, a row, or being resolved."""
    outside = table.counts_outside_rows()
    piles = Counter(table.draw) + Counter(table.discard)
    if any(outside[card] != piles[card] for card in range(KINDS)):
        return "the cards don't add up to the deck"
    return None
