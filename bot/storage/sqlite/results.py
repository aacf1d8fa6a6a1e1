"""How a match ended, written on SQLite: the shared result writes as the move's statements,
then (a match played out) the rating step, which runs on the writer's connection inside the
same transaction, so it reads the skills it replaces there: two matches of one member
finishing at once are rated one after the other. The past-ratings migration rates too."""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Sequence

from bot.rules.ratings import Rated, Skill
from bot.storage.rating_step import (
    Finished,
    Known,
    is_ratable,
    rated_entity,
    rating_upserts,
    scope_writes,
)
from bot.storage.records import MatchRecord, ResultRow
from bot.storage.results_writes import SEASON_NOW, result_params, result_upserts
from bot.storage.sqlite.dialect import SQLITE
from bot.storage.sqlite.step import Step
from bot.storage.standings_data import ALL_TIME, EndHow
from bot.storage.statements import Statement

RESULT_INSERT, END_INSERT = result_upserts(SQLITE)
RATING_UPSERT, CHANGE_UPSERT = rating_upserts(SQLITE)


def result_statements(
    record: MatchRecord, rows: Sequence[ResultRow], end: EndHow, now: float
) -> list[Statement | Step]:
    ids = (record.id, record.guild_id, record.game)
    statements: list[Statement | Step] = [
        (RESULT_INSERT, [result_params(*ids, row, now) for row in rows]),
        (END_INSERT, (*ids, end, now, record.guild_id)),
    ]
    if end == "played" and is_ratable(rows):
        finished = Finished(record.id, record.guild_id, record.game, now, tuple(rows))
        statements.append(functools.partial(rate_finished, match=finished))
    return statements


def current_season(db: sqlite3.Connection, guild_id: int) -> int:
    row = db.execute(SEASON_NOW, (guild_id,)).fetchone()
    return row[0] or 1


def rate_finished(db: sqlite3.Connection, match: Finished) -> None:
    """Update the all-time and the current season's ratings of every seat, and keep each
    seat's before and after in rating_changes."""
    if not is_ratable(match.rows):
        return
    seats = [rated_entity(r) for r in match.rows]
    for season in (ALL_TIME, current_season(db, match.guild_id)):
        known = [_stored(db, match, season, who) for who in seats]
        ratings, changes = scope_writes(match, season, seats, known)
        db.executemany(RATING_UPSERT, ratings)
        db.executemany(CHANGE_UPSERT, changes)


def _stored(db: sqlite3.Connection, match: Finished, season: int, who: Rated) -> Known:
    """The entity's skill, rated games and wins so far (a new skill if never rated)."""
    row = db.execute(
        "SELECT mu, sigma, games, wins FROM ratings "
        "WHERE guild_id = ? AND game = ? AND season = ? AND kind = ? AND key = ?",
        (match.guild_id, match.game, season, who.kind, who.key),
    ).fetchone()
    if row is None:
        return Skill.new(), 0, 0
    return Skill(row[0], row[1]), row[2], row[3]
