"""A tournament's ranking (its standings): points by place summed over the tables played,
in the tie-break order points, opponents' points, tables won, rating before the
tournament, sign-up order."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.tournament.points import table_points
from bot.tournament.shapes import Progress, Standing

DIGITS = 6  # points are sums of fractions of 60; rounding keeps float noise from ranking

# What a format puts before the points in the order (knockout: how far each one got).
Lead = Callable[[int], tuple[float, ...]]


@dataclass(slots=True)
class Tally:
    """One entrant's totals so far."""

    points: float = 0.0
    tables: int = 0
    wins: int = 0
    last_round: int = 0


def tallies(progress: Progress) -> dict[int, Tally]:
    found = {user: Tally() for user in progress.entrants}
    for table in progress.played:
        points = table_points(table.places)
        for seat, user in enumerate(table.seats):
            if user is None:
                continue
            tally = found.get(user) or found.setdefault(user, Tally())
            tally.points += points[seat]
            tally.tables += 1
            tally.wins += table.places[seat] == 1 and not table.unplayed
            tally.last_round = max(tally.last_round, table.round)
    return found


def opponents_points(progress: Progress, found: dict[int, Tally]) -> dict[int, float]:
    """The sum, over the tables each played, of the current points of everyone met."""
    summed = dict.fromkeys(found, 0.0)
    for table in progress.played:
        members = [user for user in table.seats if user is not None]
        together = sum(found[user].points for user in members)
        for user in members:
            summed[user] += together - found[user].points
    return summed


def ranked(progress: Progress, lead: Lead | None = None) -> list[Standing]:
    """Every entrant once, rank 1 first."""
    found = tallies(progress)
    tiebreak = opponents_points(progress, found)
    signup = {user: index for index, user in enumerate(progress.entrants)}

    def key(user: int) -> tuple[float, ...]:
        tally = found[user]
        return (
            *(lead(user) if lead else ()),
            -round(tally.points, DIGITS),
            -round(tiebreak[user], DIGITS),
            -tally.wins,
            -progress.ratings.get(user, 0.0),
            signup.get(user, len(signup)),
        )

    order = sorted(found, key=key)
    return [
        Standing(
            user_id=user,
            rank=rank,
            points=round(found[user].points, DIGITS),
            tiebreak=round(tiebreak[user], DIGITS),
            tables=found[user].tables,
            wins=found[user].wins,
            dropped=user in progress.dropped,
            reached=found[user].last_round,
        )
        for rank, user in enumerate(order, start=1)
    ]
