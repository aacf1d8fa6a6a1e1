"""Swiss rounds with tables: the strongest sit together, repeat opponents avoided."""

from __future__ import annotations

from bot.tournament.history import active, by_rating, met, rounds_played
from bot.tournament.ranking import ranked
from bot.tournament.regroup import regroup_windows
from bot.tournament.shapes import Progress, RoundPlan
from bot.tournament.swaps import lessen_repeats
from bot.tournament.tables import cut, seated, table_sizes


def order(progress: Progress) -> list[int]:
    """Round 1: by rating, then sign-up; later rounds: by the standings."""
    still_in = active(progress)
    if not progress.played:
        return by_rating(progress, still_in)
    keep = set(still_in)
    return [line.user_id for line in ranked(progress) if line.user_id in keep]


def next_round(progress: Progress) -> RoundPlan | None:
    if rounds_played(progress) >= progress.rounds:
        return None
    seeded = order(progress)
    if len(seeded) < 2:
        return None
    sizes = table_sizes(len(seeded), progress.table)
    seen = met(progress.played)
    groups = cut(seeded, sizes)
    position = {user: index for index, user in enumerate(seeded)}
    lessen_repeats(groups, seen, position)
    regroup_windows(groups, seen)
    return RoundPlan(seated(groups, sizes))
