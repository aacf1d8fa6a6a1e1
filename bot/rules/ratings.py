"""Ratings from results, with openskill's Plackett-Luce model (made for games of many
players and teams): one rating per member per game, and one per AI level per game, so
beating a strong AI counts for more than beating a simple one.

A free-for-all rates each seat as its own team; a team game rates the teams the outcome
names. A member who walked away from a running game, or whose seat the AI finished after
they stopped answering, is rated as last, on a team of their own (the way Board Game Arena
treats a quitter). A match that was reset is never rated; the caller leaves it out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from openskill.models import PlackettLuce

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


def rate(outcome: Outcome, seats: Sequence[Rated], skills: Sequence[Skill]) -> list[Skill]:
    """Each seat's skill after the match, in seat order. Seats that name the same rated
    entity (two seats of the same AI level) are rated as the separate seats they played,
    and the caller keeps the last; quitters rank below everyone else."""
    groups: dict[tuple[str, int], list[int]] = {}
    for seat, who in enumerate(seats):
        group = ("quit", seat) if who.quit else ("team", outcome.teams[seat])
        groups.setdefault(group, []).append(seat)
    last = max(outcome.places) + 1
    order = list(groups.items())
    ranks = [
        float(last if group[0] == "quit" else outcome.places[members[0]])
        for group, members in order
    ]
    teams = [[MODEL.rating(skills[s].mu, skills[s].sigma) for s in members] for _, members in order]
    rated = MODEL.rate(teams, ranks=ranks)
    after = list(skills)
    for (_group, members), team in zip(order, rated, strict=True):
        for seat, rating in zip(members, team, strict=True):
            after[seat] = Skill(rating.mu, rating.sigma)
    return after
