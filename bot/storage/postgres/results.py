"""How a match ended, written on PostgreSQL inside the move's transaction: every seat's
result, the match's end for the history and, when it was played out, its ratings.

Several processes share the database, so two matches of one member may finish at the same
moment in two processes. Each rating is read with its row locked (`FOR UPDATE`), so the
second transaction waits for the first and rates from its result: no update is lost. A
rating row that does not exist yet cannot be locked, so an unrated placeholder is inserted
first (`ON CONFLICT DO NOTHING` waits for a concurrent insert of the same row); the same
transaction replaces it, so nobody ever sees it. Rows are inserted and locked in one order
(season, kind, key), so two transactions never wait on each other in a circle.
"""

from __future__ import annotations

from collections.abc import Sequence

import asyncpg

from bot.rules.ratings import Skill
from bot.storage.postgres.dialect import POSTGRES, numbered
from bot.storage.rating_step import (
    RATING_COLUMNS,
    Finished,
    Known,
    is_ratable,
    rated_entity,
    rating_upserts,
    scope_writes,
)
from bot.storage.records import MatchRecord, ResultRow
from bot.storage.results_writes import SEASON_NOW, result_params, result_upserts
from bot.storage.standings_data import ALL_TIME, EndHow

# Advisory lock class of a server's season: a finishing match holds it shared while it
# reads the season it is rated in, a season change holds it alone (see season_lock).
SEASON_LOCK = 0x5EA5
RESULT_UPSERT, END_UPSERT = (numbered(sql) for sql in result_upserts(POSTGRES))
RATING_UPSERT, CHANGE_UPSERT = (numbered(sql) for sql in rating_upserts(POSTGRES))


async def season_lock(db: asyncpg.Connection, guild_id: int, *, alone: bool) -> None:
    """Hold the server's season lock to the end of the transaction: shared while a match is
    rated in the current season, alone while the season changes, so a match finishing
    during a season change counts in exactly one season, before or after the hall of fame
    is taken. Servers share a lock only when their ids collide modulo 2^31-1 (a wait)."""
    function = "pg_advisory_xact_lock" if alone else "pg_advisory_xact_lock_shared"
    await db.execute(
        f"SELECT {function}($1, ($2::bigint % 2147483647)::int)", SEASON_LOCK, guild_id
    )


async def current_season(db: asyncpg.Connection, guild_id: int) -> int:
    number = await db.fetchval(numbered(SEASON_NOW), guild_id)
    return int(number or 1)


async def write_results(
    db: asyncpg.Connection,
    record: MatchRecord,
    rows: Sequence[ResultRow],
    end: EndHow,
    now: float,
) -> None:
    """The results, the history row and (a match played out) the ratings, in `db`'s
    transaction."""
    await season_lock(db, record.guild_id, alone=False)
    season = await current_season(db, record.guild_id)
    ids = (record.id, record.guild_id, record.game)
    await db.executemany(RESULT_UPSERT, [result_params(*ids, row, now) for row in rows])
    await db.execute(END_UPSERT, *ids, end, now, record.guild_id)
    if end == "played" and is_ratable(rows):
        finished = Finished(record.id, record.guild_id, record.game, now, tuple(rows))
        await rate_finished(db, finished, season)


async def rate_finished(db: asyncpg.Connection, match: Finished, season: int) -> None:
    seats = [rated_entity(r) for r in match.rows]
    scopes = (ALL_TIME, season)
    fresh = Skill.new()
    wanted = sorted({(scope, who.kind, who.key) for scope in scopes for who in seats})
    await db.executemany(
        f"INSERT INTO ratings ({RATING_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, "
        "0, 0, 0, NULL) ON CONFLICT DO NOTHING",
        [
            (match.guild_id, match.game, scope, kind, key, fresh.mu, fresh.sigma, fresh.ordinal)
            for scope, kind, key in wanted
        ],
    )
    locked = await db.fetch(
        "SELECT season, kind, key, mu, sigma, games, wins FROM ratings "
        "WHERE guild_id = $1 AND game = $2 AND (season, kind, key) IN "
        "(SELECT * FROM unnest($3::int[], $4::text[], $5::text[])) "
        "ORDER BY season, kind, key FOR UPDATE",
        match.guild_id,
        match.game,
        [w[0] for w in wanted],
        [w[1] for w in wanted],
        [w[2] for w in wanted],
    )
    known = {(r[0], r[1], r[2]): (Skill(r[3], r[4]), r[5], r[6]) for r in locked}
    for scope in scopes:
        before: list[Known] = [known[(scope, who.kind, who.key)] for who in seats]
        ratings, changes = scope_writes(match, scope, seats, before)
        await db.executemany(RATING_UPSERT, ratings)
        await db.executemany(CHANGE_UPSERT, changes)
