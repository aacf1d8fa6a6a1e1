"""How many tables a round has, how many seats each, and who sits where."""

from __future__ import annotations

from collections.abc import Sequence

from bot.tournament.shapes import TableSpec

Table = tuple[int | None, ...]


def table_sizes(count: int, spec: TableSpec) -> list[tuple[int, int]]:
    """(entrants, AI seats) of each table, the bigger tables first.

    As few tables as `size` allows, entrants spread as evenly as possible; a table below
    `least` is topped up with AI seats. Fewer tables can't seat everyone and more tables
    would need more AI seats, so this is the fewest AI seats, one per table where it can be.
    """
    if count <= 0:
        return []
    tables = -(-count // spec.size)
    base, extra = divmod(count, tables)
    humans = [base + 1] * extra + [base] * (tables - extra)
    return [(people, max(0, spec.least - people)) for people in humans]


def with_ai(people: Sequence[int], ai_seats: int) -> Table:
    """A table's seats: its entrants in order, then its AI seats."""
    return (*people, *([None] * ai_seats))


def cut(order: Sequence[int], sizes: Sequence[tuple[int, int]]) -> list[list[int]]:
    """The order cut into consecutive tables: the first entrants sit together."""
    tables, start = [], 0
    for people, _ai in sizes:
        tables.append(list(order[start : start + people]))
        start += people
    return tables


def snake(order: Sequence[int], sizes: Sequence[tuple[int, int]]) -> list[list[int]]:
    """The order dealt over the tables there and back (1, 2, 3, 3, 2, 1, ...), so the
    strongest are spread one per table; a full table is passed over."""
    tables: list[list[int]] = [[] for _ in sizes]
    forward = list(range(len(sizes)))
    lap, dealt = 0, 0
    while dealt < len(order):
        for index in forward if lap % 2 == 0 else forward[::-1]:
            if dealt < len(order) and len(tables[index]) < sizes[index][0]:
                tables[index].append(order[dealt])
                dealt += 1
        lap += 1
    return tables


def seated(groups: Sequence[Sequence[int]], sizes: Sequence[tuple[int, int]]) -> tuple[Table, ...]:
    """Each group of entrants with its table's AI seats."""
    return tuple(with_ai(group, ai) for group, (_people, ai) in zip(groups, sizes, strict=True))
