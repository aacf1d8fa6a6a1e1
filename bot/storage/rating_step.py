"""Rating a finished match inside the transaction that records its result: what both
backends compute and write alike. Each reads the skills it replaces in that transaction
its own way (sqlite/results.py, postgres/results.py), so two matches of one member
finishing at once are rated one after the other, never from the same old skill."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.rules.ratings import PROVISIONAL_GAMES, Rated, Skill, rate
from bot.storage.dialect import Dialect
from bot.storage.records import ResultRow
from engines.base import Outcome

QUITTERS = ("member_ai", "left")  # seats rated last: their member stopped playing


@dataclass(frozen=True, slots=True)
class Finished:
    """A match played out, as its results rows say."""

    match_id: int
    guild_id: int
    game: str
    finished_at: float
    rows: Sequence[ResultRow]  # every seat, in seat order


def is_ratable(rows: Sequence[ResultRow]) -> bool:
    """Whether the rows place every seat (a match played out; older results may not)."""
    return bool(rows) and all(r.place is not None and r.team is not None for r in rows)


def rated_entity(row: ResultRow) -> Rated:
    if row.kind == "ai" or row.user_id is None:
        return Rated("ai", row.ai_level or "")
    return Rated("member", str(row.user_id), quit=row.kind in QUITTERS)


def outcome_of(rows: Sequence[ResultRow]) -> Outcome:
    return Outcome(
        winners=tuple(r.seat for r in rows if r.won),
        scores=tuple(r.score or 0 for r in rows),
        places=tuple(r.place or 0 for r in rows),
        teams=tuple(r.team or 0 for r in rows),
    )


Known = tuple[Skill, int, int]  # a rated entity's skill, rated games and wins so far


def scope_writes(
    match: Finished, season: int, seats: Sequence[Rated], known: Sequence[Known]
) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """The rows RATING_UPSERT and CHANGE_UPSERT write for one scope (all-time or a season),
    from what each seat's entity had before. Shared by both backends."""
    after = rate(outcome_of(match.rows), list(seats), [skill for skill, _g, _w in known])
    ratings, changes = [], []
    for row, who, (old, games, wins), new in zip(match.rows, seats, known, after, strict=True):
        games += 1
        ratings.append(
            (
                match.guild_id,
                match.game,
                season,
                who.kind,
                who.key,
                new.mu,
                new.sigma,
                new.ordinal,
                games,
                wins + int(row.won),
                int(games >= PROVISIONAL_GAMES),
                new.shown - old.shown,
            )
        )
        changes.append(
            (
                match.match_id,
                row.seat,
                season,
                match.guild_id,
                match.game,
                who.kind,
                who.key,
                old.mu,
                old.sigma,
                new.mu,
                new.sigma,
                old.shown,
                new.shown,
                match.finished_at,
                games,
            )
        )
    return ratings, changes


RATING_COLUMNS = (
    "guild_id, game, season, kind, key, mu, sigma, ordinal, games, wins, ranked, last_change"
)
CHANGE_COLUMNS = (
    "match_id, seat, season, guild_id, game, kind, key, mu_before, sigma_before, mu_after, "
    "sigma_after, shown_before, shown_after, finished_at, rated_game"
)
RATING_KEY = "guild_id, game, season, kind, key"
CHANGE_KEY = "match_id, seat, season"


def rating_upserts(dialect: Dialect) -> tuple[str, str]:
    """The writes of scope_writes' rows: (ratings, rating_changes)."""
    return (
        dialect.upsert("ratings", RATING_COLUMNS, RATING_KEY),
        dialect.upsert("rating_changes", CHANGE_COLUMNS, CHANGE_KEY),
    )
