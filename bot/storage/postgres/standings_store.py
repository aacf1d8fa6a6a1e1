"""The standings on PostgreSQL: the shared reads (bot/storage/standings_reads.py, numbered), and a
season change and the pruning of old event logs, each one transaction of its own."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, cast

import asyncpg

from bot.rules.ratings import Skill
from bot.storage.postgres.dialect import POSTGRES, numbered
from bot.storage.postgres.results import current_season, season_lock
from bot.storage.standings_data import HallEntry, Season
from bot.storage.standings_reads import (
    HALL_COLUMNS,
    HALL_KEY,
    HALL_PLACES,
    SEASON_INSERT,
    StandingsReads,
    hall_rows,
)

# Retention runs once however many processes share the database: the one that takes this
# lock prunes, the others find it taken and leave it (their next daily turn finds nothing).
RETENTION_LOCK = 0x7AB1E7E7
HALL_UPSERT = numbered(POSTGRES.upsert("hall_of_fame", HALL_COLUMNS, HALL_KEY))

Read = Callable[..., Any]  # PostgresStorage._read(sql, *params), its placeholders numbered
Transaction = Callable[[], AbstractAsyncContextManager[asyncpg.Connection]]


class PostgresStandings(StandingsReads):
    dialect = POSTGRES

    def __init__(self, read: Read, transaction: Transaction) -> None:
        async def numbered_read(sql: str, params: Sequence[Any]) -> list[Any]:
            return cast(list[Any], await read(numbered(sql), *params))

        super().__init__(numbered_read)
        self._transaction = transaction

    async def new_season(self, guild_id: int, now: float) -> tuple[Season, list[HallEntry]]:
        """As on SQLite; the season lock, held alone, waits for matches being rated in the
        ending season and holds back those finishing meanwhile until the new one begins."""
        async with self._transaction() as db:
            await season_lock(db, guild_id, alone=True)
            ending = await current_season(db, guild_id)
            top = await db.fetch(
                "SELECT game, key, mu, sigma, games, wins, place FROM ("
                "SELECT game, key, mu, sigma, games, wins, row_number() OVER "
                "(PARTITION BY game ORDER BY ordinal DESC) AS place FROM ratings "
                "WHERE guild_id = $1 AND season = $2 AND kind = 'member' AND ranked = 1"
                ") AS ranked WHERE place <= $3 ORDER BY game, place",
                guild_id,
                ending,
                HALL_PLACES,
            )
            hall = [
                HallEntry(ending, game, place, int(key), Skill(mu, sigma).shown, games, wins)
                for game, key, mu, sigma, games, wins, place in top
            ]
            await db.executemany(HALL_UPSERT, hall_rows(guild_id, hall))
            await db.execute(numbered(SEASON_INSERT), guild_id, ending + 1, now)
        return Season(ending + 1, now), hall

    async def prune_events(self, before: float) -> int:
        """As on SQLite, by one process at a time: 0 when another holds RETENTION_LOCK."""
        async with self._transaction() as db:
            if not await db.fetchval("SELECT pg_try_advisory_xact_lock($1)", RETENTION_LOCK):
                return 0
            ids = [
                r[0]
                for r in await db.fetch(
                    "UPDATE match_ends SET events_kept = 0 "
                    "WHERE events_kept = 1 AND finished_at < $1 RETURNING match_id",
                    before,
                )
            ]
            await db.execute("DELETE FROM match_events WHERE match_id = ANY($1::bigint[])", ids)
        return len(ids)
