"""Fewer repeat meetings: swaps of one entrant between nearby tables whenever a swap lowers
the number of pairs seated together again, the closest standings swapped first.

Each swap lowers the count by at least one, so the work is bounded by the repeats found,
and only tables holding a repeat are looked at: a round of 1,000 takes milliseconds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

Met = Mapping[int, set[int]]


def clashes(user: int, table: Sequence[int], leaving: int, met: Met) -> int:
    """How many at `table` (but `leaving` and the user) the user has already met."""
    seen = met.get(user)
    if not seen:
        return 0
    # Nobody has met themselves, so only `leaving` needs taking out.
    return sum(other in seen for other in table) - (leaving in seen)


def repeats(table: Sequence[int], met: Met) -> int:
    """Pairs at a table who have already met."""
    found = 0
    for index, user in enumerate(table):
        seen = met.get(user)
        if seen:
            found += sum(other in seen for other in table[index + 1 :])
    return found


def best_swap(
    first: list[int], second: list[int], met: Met, position: Mapping[int, int]
) -> tuple[int, int] | None:
    """The indexes of the swap between two tables that removes the most repeats (the
    closest standings among equals), or None when no swap removes any."""
    best: tuple[int, int, int, int] | None = None  # (gain, -distance, i, j)
    for i, a in enumerate(first):
        stay_a = clashes(a, first, a, met)
        for j, b in enumerate(second):
            before = stay_a + clashes(b, second, b, met)
            after = clashes(a, second, b, met) + clashes(b, first, a, met)
            candidate = (before - after, -abs(position[a] - position[b]), i, j)
            if candidate[0] > 0 and (best is None or candidate[:2] > best[:2]):
                best = candidate
    return None if best is None else (best[2], best[3])


def nearby(index: int, count: int, reach: int) -> list[int]:
    """The tables within `reach` of a table, nearest first."""
    found = []
    for distance in range(1, reach + 1):
        found += [other for other in (index + distance, index - distance) if 0 <= other < count]
    return found


def lessen_repeats(
    tables: list[list[int]], met: Met, position: Mapping[int, int], reach: int = 2
) -> None:
    """Swap entrants between tables (in place) until no swap within `reach` lowers the
    number of repeat meetings."""
    count = [repeats(table, met) for table in tables]
    changed = True
    while changed:
        changed = False
        for index in range(len(tables)):
            changed |= _settle(tables, index, count, met, position, reach)


def _settle(
    tables: list[list[int]],
    index: int,
    count: list[int],
    met: Met,
    position: Mapping[int, int],
    reach: int,
) -> bool:
    """The best swaps of one table with its nearby tables while it holds a repeat; whether
    any was made."""
    swapped = False
    for other in nearby(index, len(tables), reach):
        if not count[index]:
            break
        swap = best_swap(tables[index], tables[other], met, position)
        if swap is None:
            continue
        i, j = swap
        tables[index][i], tables[other][j] = tables[other][j], tables[index][i]
        count[index] = repeats(tables[index], met)
        count[other] = repeats(tables[other], met)
        swapped = True
    return swapped
