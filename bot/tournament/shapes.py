"""The data the tournament formats read and return: pure values, rebuilt by the runner from
storage, so a format is a function of what has been played and nothing else."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

FORMATS = ("swiss", "knockout", "round_robin")


@dataclass(frozen=True, slots=True)
class TableSpec:
    """Seats per table: `size` as chosen, down to `least` when the count doesn't divide
    (least == size for exact tables, such as teams)."""

    size: int
    least: int


@dataclass(frozen=True, slots=True)
class Played:
    """One finished table: user ids in seat order (None is an AI seat) and each seat's
    1-based place (equal places are shared). An unplayed table (ended without a result,
    counted so by a moderator or the round's limit) shares every place and wins nobody a
    table."""

    round: int
    seats: tuple[int | None, ...]
    places: tuple[int, ...]
    unplayed: bool = False


@dataclass(frozen=True, slots=True)
class Progress:
    """Everything a format needs: its settings, the entrants and every finished table."""

    format: str
    table: TableSpec
    rounds: int  # swiss: the number of rounds; the other formats compute theirs
    entrants: tuple[int, ...]  # in sign-up order, every one ever in
    dropped: frozenset[int]  # never seated again, still ranked
    ratings: Mapping[int, float]  # before the tournament; missing = 0.0
    played: tuple[Played, ...]


@dataclass(frozen=True, slots=True)
class Standing:
    """One entrant's line of the standings; ranks are 1-based and never shared."""

    user_id: int
    rank: int
    points: float
    tiebreak: float  # opponents' points
    tables: int
    wins: int  # tables where their place was 1 (a shared first place counts; unplayed don't)
    dropped: bool
    reached: int = 0  # the last round they played, or (knockout) went on to


@dataclass(frozen=True, slots=True)
class RoundPlan:
    """The tables of one round: seats of each, None for an AI seat."""

    tables: tuple[tuple[int | None, ...], ...]
