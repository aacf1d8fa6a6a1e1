"""What one seat (or a spectator) may see of a table, as frozen values (rule G10).

Field names follow the keys of the old view dict, so `view["x"]` ports to `view.x`. Cards
are ids ("a7", "P", "M"), cells are names ("C8"), teams are indices into `teams`; the
texts word all of them.
"""

from __future__ import annotations

from dataclasses import dataclass

Owner = int | str | None
"""What a board cell shows: a team index, "free" for a corner, None when empty."""


@dataclass(frozen=True, slots=True)
class CellView:
    cell: str
    free: bool


@dataclass(frozen=True, slots=True)
class HandCard:
    """One card in its owner's hand: where it can go, or that it is dead (G7)."""

    code: str
    answer: int | None  # the board number; None for Plus and Minus
    cells: tuple[CellView, ...]  # its two answer cells; empty for Plus and Minus
    dead: bool
    playable: bool


@dataclass(frozen=True, slots=True)
class TeamView:
    """A chip colour and the seats that share it; a lone player is a team of one."""

    index: int
    colour: str  # "Blue", "Orange" or "Green": an id the texts and the picture translate
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LastMove:
    seat: int
    card: str
    cell: str
    kind: str  # "play", "plus" or "minus"


@dataclass(frozen=True, slots=True)
class SequenceView:
    names: tuple[str, ...]
    board: tuple[tuple[Owner, ...], ...]  # rows A-J, columns 1-10
    numbers: tuple[tuple[int | None, ...], ...]  # the printed numbers; None on corners
    locked: tuple[str, ...]  # cells whose chips lie in a complete five (G8)
    sequences: tuple[int, ...]  # SEQUENCE count per team
    required: int  # SEQUENCES needed to win (G1)
    teams: tuple[TeamView, ...]
    turn: int
    last_move: LastMove | None
    discard_top: str | None
    draw_pile: int
    hand_sizes: tuple[int, ...]
    exchange_used: bool
    is_over: bool
    winners: tuple[int, ...]
    seat: int | None = None  # the viewer; None for a spectator
    team: int | None = None
    hand: tuple[HandCard, ...] | None = None  # only in its owner's view
