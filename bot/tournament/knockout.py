"""Knockout with tables: the top half of each table (at least one) goes on, until the
entrants still in fit one table, the final."""

from __future__ import annotations

from dataclasses import replace

from bot.tournament.history import active, by_rating, last_round, people, rounds_played
from bot.tournament.ranking import ranked
from bot.tournament.shapes import Played, Progress, RoundPlan, Standing, TableSpec
from bot.tournament.tables import seated, snake, table_sizes


def goes_on_count(seats: int, people_count: int) -> int:
    """How many of a table go on: half its seats (AI seats count), at least one."""
    return min(people_count, max(1, seats // 2))


def going_on(table: Played, progress: Progress) -> list[int]:
    """The entrants of a finished table who go on, AI seats passed over: the top places,
    and anyone sharing the place at the cut, unless that would send on the whole table
    (then rating before the tournament, then sign-up order, decide the cut)."""
    order = by_rating(progress, people(table))
    place = {user: table.places[table.seats.index(user)] for user in order}
    order.sort(key=lambda user: place[user])  # stable: rating decides within a place
    keep = goes_on_count(len(table.seats), len(order))
    chosen = [user for user in order if place[user] <= place[order[keep - 1]]]
    if len(chosen) == len(order) > keep:
        chosen = order[:keep]
    return chosen


def is_final(tables: list[Played]) -> bool:
    """A round of one table is the final: everyone still in fitted it."""
    return len(tables) == 1


def still_in(progress: Progress) -> list[int]:
    """Who plays the next round (none once the final is played), in sign-up order."""
    tables = last_round(progress)
    if not tables:
        return active(progress)
    if is_final(tables):
        return []
    on = {user for table in tables for user in going_on(table, progress)}
    return [user for user in active(progress) if user in on]


def reached(progress: Progress) -> dict[int, tuple[int, int]]:
    """Each entrant's (round reached, place at their last table); 0 when not seated."""
    found = {user: (0, 0) for user in progress.entrants}
    for table in sorted(progress.played, key=lambda table: table.round):
        for seat, user in enumerate(table.seats):
            if user is not None:
                found[user] = (table.round, table.places[seat])
    for user in still_in(progress):
        found[user] = (rounds_played(progress) + 1, found[user][1])
    return found


def standings(progress: Progress) -> list[Standing]:
    """Furthest round first; then place at the last table; then the usual tie-breaks."""
    how_far = reached(progress)
    lines = ranked(progress, lead=lambda user: (-how_far[user][0], how_far[user][1]))
    return [replace(line, reached=how_far[line.user_id][0]) for line in lines]


def next_round(progress: Progress) -> RoundPlan | None:
    users = set(still_in(progress))
    if len(users) < 2:
        return None
    if progress.played:
        seeded = [line.user_id for line in standings(progress) if line.user_id in users]
    else:
        seeded = by_rating(progress, users)
    sizes = table_sizes(len(seeded), progress.table)
    return RoundPlan(seated(snake(seeded, sizes), sizes))


def rounds_left(count: int, spec: TableSpec) -> int:
    """Rounds still to play from `count` entrants still in, if no place is shared."""
    rounds = 0
    while count >= 2:
        rounds += 1
        if count <= spec.size:
            break
        count = sum(goes_on_count(p + ai, p) for p, ai in table_sizes(count, spec))
    return rounds


def total_rounds(progress: Progress) -> int:
    return rounds_played(progress) + rounds_left(len(still_in(progress)), progress.table)
