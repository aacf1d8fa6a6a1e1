"""Ratings from results, with openskill's Plackett-Luce model (made for games of many
players and teams): one rating per member per game, and one per AI level per game, so
beating a strong AI counts for more than beating a simple one.

The model is only ever given strict orders. Its own handling of tied ranks rates a tie
below the places after it (a tie for 3rd of 8 gained less than 5th), so a tie is rated as
the mean of the strict orders it stands for (tie_breaks.py): it then lands between the
places around it, and equal players who tie stay equal. A result without a tie is one
such order, rated exactly as before.

A free-for-all rates each seat as its own team; a team game rates the teams the outcome
names. A member who walked away from a running game, or whose seat the AI finished after
they stopped answering, is rated as last, on a team of their own (the way Board Game Arena
treats a quitter). A match that was reset is never rated; the caller leaves it out.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from openskill.models import PlackettLuce

from bot.rules.tie_breaks import tie_breaks
from engines.base import Outcome

MODEL = PlackettLuce()
DISPLAY_BASE, DISPLAY_STEP = 1000, 40  # a new player's conservative rating shows as 1000
PROVISIONAL_GAMES = 5  # rated games before a member is ranked on the leaderboard

Kind = Literal["member", "ai"]


@dataclass(frozen=True, slots=True)
class Rated:
    """Who a seat's result counts for: a member (their user id) or an AI level, and whether
    that member quit (left, or stopped answering until the AI finished for them)."""

    kind: Kind
    key: str  # the user id as text, or the AI level
    quit: bool = False


@dataclass(frozen=True, slots=True)
class Skill:
    mu: float
    sigma: float

    @classmethod
    def new(cls) -> Skill:
        fresh = MODEL.rating()
        return cls(fresh.mu, fresh.sigma)

    @property
    def ordinal(self) -> float:
        """The conservative estimate: what the player is at least, with high confidence."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        """The rating on the scale people see."""
        return round(DISPLAY_BASE + DISPLAY_STEP * self.ordinal)


Unit = tuple[int, ...]  # the seats rated as one team, in seat order
Alike = tuple["Skill", ...]  # a unit's skills: units with the same skills at one place are alike


def units_by_place(outcome: Outcome, seats: Sequence[Rated]) -> list[list[Unit]]:
    """The rated teams at each place, best first: a free-for-all's seats each alone, a team
    game's teams, and each quitter alone in a place below everyone else."""
    groups: dict[tuple[str, int], list[int]] = {}
    for seat, who in enumerate(seats):
        group = ("quit", seat) if who.quit else ("team", outcome.teams[seat])
        groups.setdefault(group, []).append(seat)
    last = max(outcome.places) + 1
    places: dict[int, list[Unit]] = defaultdict(list)
    for (how, _key), members in groups.items():
        place = last if how == "quit" else outcome.places[members[0]]
        places[place].append(tuple(members))
    return [places[place] for place in sorted(places)]


def rate(outcome: Outcome, seats: Sequence[Rated], skills: Sequence[Skill]) -> list[Skill]:
    """Each seat's skill after the match, in seat order. Seats that name the same rated
    entity (two seats of the same AI level) are rated as the separate seats they played,
    and the caller keeps the last; quitters rank below everyone else."""
    places = units_by_place(outcome, seats)
    kinds = [[tuple(skills[s] for s in unit) for unit in units] for units in places]
    orders = tie_breaks(kinds)
    # Per place and kind, per member: the sums of mu and sigma over every position it took.
    sums: dict[tuple[int, Alike], list[list[float]]] = {}
    for order in orders:
        finish = [(place, kind) for place, arranged in enumerate(order) for kind in arranged]
        teams = [[MODEL.rating(s.mu, s.sigma) for s in kind] for _, kind in finish]
        rated = MODEL.rate(teams, ranks=[float(rank) for rank in range(1, len(finish) + 1)])
        for key, team in zip(finish, rated, strict=True):
            totals = sums.setdefault(key, [[0.0, 0.0] for _ in team])
            for total, rating in zip(totals, team, strict=True):
                total[0] += rating.mu
                total[1] += rating.sigma
    after = list(skills)
    for place, (units, place_kinds) in enumerate(zip(places, kinds, strict=True)):
        for unit, kind in zip(units, place_kinds, strict=True):
            taken = len(orders) * place_kinds.count(kind)  # the positions this kind took
            for seat, (mu, sigma) in zip(unit, sums[(place, kind)], strict=True):
                after[seat] = Skill(mu / taken, sigma / taken)
    return after
