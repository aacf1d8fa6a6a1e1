"""The last step against repeat meetings: a few neighbouring tables re-seated by a search
that tries every seating of their entrants (tables of the same size taken as alike) and
keeps the one with the fewest pairs meeting again, cut short once it has looked at
`budget` partial seatings. Single swaps stop at seatings that only a wider re-seating
improves (12 entrants at tables of 4 in their third round, often); this finds those, and
the budget keeps a round of 1,000 within milliseconds."""

from __future__ import annotations

from collections.abc import Mapping

from bot.tournament.swaps import repeats

Met = Mapping[int, set[int]]
WIDTH = 3  # tables re-seated together
BUDGET = 20_000  # partial seatings looked at per group of tables
ROUND_BUDGET = 40_000  # and in all of a round's groups together


class Regroup:
    """One search over a few tables' entrants, seated in order, each at every table with
    room (of the empty tables, one of each size), pruned when no better than the best."""

    def __init__(self, groups: list[list[int]], met: Met, budget: int) -> None:
        self.people = [user for group in groups for user in group]
        self.room = [len(group) for group in groups]
        self.met, self.budget = met, budget
        self.best = [list(group) for group in groups]
        self.best_cost = sum(repeats(group, met) for group in groups)
        self.current: list[list[int]] = [[] for _ in groups]

    def run(self) -> list[list[int]]:
        if self.best_cost:
            self.seat(0, 0)
        return self.best

    def seat(self, index: int, cost: int) -> None:
        self.budget -= 1
        if self.budget < 0 or cost >= self.best_cost:
            return
        if index == len(self.people):
            self.best_cost, self.best = cost, [list(group) for group in self.current]
            return
        user = self.people[index]
        seen = self.met.get(user, set())
        empty_sizes: set[int] = set()
        for table, group in enumerate(self.current):
            if len(group) == self.room[table] or (not group and self.room[table] in empty_sizes):
                continue
            if not group:
                empty_sizes.add(self.room[table])
            added = sum(1 for other in group if other in seen)
            group.append(user)
            self.seat(index + 1, cost + added)
            group.pop()


def regroup_windows(tables: list[list[int]], met: Met) -> None:
    """Re-seat (in place) each run of WIDTH neighbouring tables that holds a repeat, from
    the top tables down, while the round's budget lasts."""
    count = [repeats(group, met) for group in tables]
    left = ROUND_BUDGET
    for start in range(max(1, len(tables) - WIDTH + 1)):
        window = slice(start, start + WIDTH)
        if left <= 0 or not any(count[window]):
            continue
        given = min(BUDGET, left)
        search = Regroup(tables[window], met, given)
        tables[window] = search.run()
        count[window] = [repeats(group, met) for group in tables[window]]
        left -= given - max(0, search.budget)
