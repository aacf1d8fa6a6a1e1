"""Round robin for small groups: every pair of entrants shares a table at least once.

Two-seat tables follow the circle method (each pair exactly once; with an odd count one
entrant a round plays an AI seat). Bigger tables are built round by round: the seating
that brings together the most pairs not yet met, found by seating in sign-up order,
swapping entrants between tables while a swap lowers the repeat meetings, then re-seating
the tables by a bounded search (the same steps as a Swiss round's)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.tournament.history import active, met, people, rounds_played
from bot.tournament.regroup import regroup_windows
from bot.tournament.shapes import Played, Progress, RoundPlan
from bot.tournament.swaps import lessen_repeats
from bot.tournament.tables import Table, cut, seated, table_sizes

MOST_ENTRANTS = 8


def roster(progress: Progress) -> list[int]:
    """Who the schedule is for: those seated in round 1 (those still in before it)."""
    first = {user for table in progress.played if table.round == 1 for user in people(table)}
    if not first:
        return active(progress)
    return [user for user in progress.entrants if user in first]


def circle(users: Sequence[int], index: int) -> list[tuple[int | None, int | None]]:
    """Round `index` (from 0) of the circle method: the first stays, the others turn."""
    ring: list[int | None] = [*users, None] if len(users) % 2 else list(users)
    turned = ring[1:]
    shift = index % len(turned)
    turned = turned[-shift:] + turned[:-shift] if shift else turned
    ring = [ring[0], *turned]
    half = len(ring) // 2
    return [(ring[i], ring[len(ring) - 1 - i]) for i in range(half)]


def circle_rounds(count: int) -> int:
    return count - 1 if count % 2 == 0 else count


def duel_round(progress: Progress) -> RoundPlan | None:
    users = roster(progress)
    played = rounds_played(progress)
    if played >= circle_rounds(len(users)) or len(active(progress)) < 2:
        return None
    gone = progress.dropped
    tables: list[Table] = []
    for pair in circle(users, played):
        seats = tuple(None if user in gone else user for user in pair)
        if any(user is not None for user in seats):
            tables.append(seats)
    return RoundPlan(tuple(tables))


def group_round(progress: Progress) -> RoundPlan | None:
    """The next round of bigger tables, or None when every pair still in has met."""
    users = active(progress)
    seen = met(progress.played)
    if all(other in seen.get(user, set()) for user in users for other in users if other != user):
        return None
    sizes = table_sizes(len(users), progress.table)
    groups = cut(users, sizes)
    position = {user: index for index, user in enumerate(users)}
    lessen_repeats(groups, seen, position, reach=len(groups))
    regroup_windows(groups, seen)
    return RoundPlan(seated(groups, sizes))


def next_round(progress: Progress) -> RoundPlan | None:
    if len(active(progress)) < 2:
        return None
    if progress.table.size == 2:
        return duel_round(progress)
    return group_round(progress)


def _any_places(seats: Table) -> tuple[int, ...]:
    """Places for a table imagined played: only who met counts here."""
    return tuple(range(1, len(seats) + 1))


def total_rounds(progress: Progress) -> int:
    """The rounds played and those still to come if nobody else drops."""
    if progress.table.size == 2:
        return circle_rounds(len(roster(progress)))
    played = rounds_played(progress)
    for _ in range(MOST_ENTRANTS**2):  # each round brings a new pair together
        plan = next_round(progress)
        if plan is None:
            break
        played += 1
        tables = tuple(Played(played, seats, _any_places(seats)) for seats in plan.tables)
        progress = replace(progress, played=progress.played + tables)
    return played
