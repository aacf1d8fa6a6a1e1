"""Facts every format reads from what has been played: rounds so far, who is still in,
who has already shared a table with whom."""

from __future__ import annotations

from collections.abc import Iterable

from bot.tournament.shapes import Played, Progress


def rounds_played(progress: Progress) -> int:
    return len({table.round for table in progress.played})


def last_round(progress: Progress) -> list[Played]:
    """The tables of the latest round played (none before the first)."""
    if not progress.played:
        return []
    latest = max(table.round for table in progress.played)
    return [table for table in progress.played if table.round == latest]


def active(progress: Progress) -> list[int]:
    """The entrants still seated in later rounds, in sign-up order."""
    return [user for user in progress.entrants if user not in progress.dropped]


def people(table: Played) -> list[int]:
    """The entrants at a table (AI seats left out), in seat order."""
    return [user for user in table.seats if user is not None]


def met(tables: Iterable[Played]) -> dict[int, set[int]]:
    """Who has shared a table with whom."""
    found: dict[int, set[int]] = {}
    for table in tables:
        members = people(table)
        for user in members:
            seen = found.get(user)
            if seen is None:
                seen = found[user] = set()
            seen.update(members)
    for user, seen in found.items():
        seen.discard(user)
    return found


def by_rating(progress: Progress, users: Iterable[int]) -> list[int]:
    """Highest rating before the tournament first, then sign-up order."""
    signup = {user: index for index, user in enumerate(progress.entrants)}
    return sorted(users, key=lambda user: (-progress.ratings.get(user, 0.0), signup[user]))
