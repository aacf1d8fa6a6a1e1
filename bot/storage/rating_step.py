"""Rating a finished match inside the transaction that records its result.

It runs on the writer's connection (a writer `Step`), so it reads the skills it replaces in
the same transaction: two matches of one member finishing at once are rated one after the
other, never from the same old skill. The past-ratings migration runs it too."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

from bot.ratings import PROVISIONAL_GAMES, Rated, Skill, rate
from bot.storage.records import ResultRow
from bot.storage.standings_data import ALL_TIME
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


def current_season(db: sqlite3.Connection, guild_id: int) -> int:
    row = db.execute("SELECT MAX(number) FROM seasons WHERE guild_id = ?", (guild_id,)).fetchone()
    return row[0] or 1


def is_ratable(rows: Sequence[ResultRow]) -> bool:
    """Whether the rows place every seat (a match played out; older results may not)."""
    return bool(rows) and all(r.place is not None and r.team is not None for r in rows)


def rated_entity(row: ResultRow) -> Rated:
    if row.kind == "ai" or row.user_id is None:
        return Rated("ai", row.ai_level or "")
    return Rated("member", str(row.user_id), quit=row.kind in QUITTERS)


def rate_finished(db: sqlite3.Connection, match: Finished) -> None:
    """Update the all-time and the current season's ratings of every seat, and keep each
    seat's before and after in rating_changes."""
    rows = match.rows
    if not is_ratable(rows):
        return
    outcome = Outcome(
        winners=tuple(r.seat for r in rows if r.won),
        scores=tuple(r.score or 0 for r in rows),
        places=tuple(r.place or 0 for r in rows),
        teams=tuple(r.team or 0 for r in rows),
    )
    seats = [rated_entity(r) for r in rows]
    for season in (ALL_TIME, current_season(db, match.guild_id)):
        _rate_scope(db, match, season, outcome, seats)


def _rate_scope(
    db: sqlite3.Connection, match: Finished, season: int, outcome: Outcome, seats: list[Rated]
) -> None:
    known = [_stored(db, match, season, who) for who in seats]
    before = [skill for skill, _games, _wins in known]
    after = rate(outcome, seats, before)
    for row, who, (old, games, wins), new in zip(match.rows, seats, known, after, strict=True):
        change = new.shown - old.shown
        games += 1
        db.execute(
            "INSERT OR REPLACE INTO ratings (guild_id, game, season, kind, key, mu, sigma, "
            "ordinal, games, wins, ranked, last_change) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                change,
            ),
        )
        db.execute(
            "INSERT OR REPLACE INTO rating_changes (match_id, seat, season, guild_id, game, "
            "kind, key, mu_before, sigma_before, mu_after, sigma_after, shown_before, "
            "shown_after, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
            ),
        )


def _stored(
    db: sqlite3.Connection, match: Finished, season: int, who: Rated
) -> tuple[Skill, int, int]:
    """The entity's skill, rated games and wins so far (a new skill if never rated)."""
    row = db.execute(
        "SELECT mu, sigma, games, wins FROM ratings "
        "WHERE guild_id = ? AND game = ? AND season = ? AND kind = ? AND key = ?",
        (match.guild_id, match.game, season, who.kind, who.key),
    ).fetchone()
    if row is None:
        return Skill.new(), 0, 0
    return Skill(row[0], row[1]), row[2], row[3]
