"""The standings on PostgreSQL: the same queries as on SQLite (standings.py, its `?` placeholders
numbered), except the three that differ: a list of matches (an array, not `json_each`), a
season change and the pruning of old event logs, each one transaction of its own."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, cast

import asyncpg

from bot.ratings import Skill
from bot.storage.postgres.results import current_season, season_lock
from bot.storage.postgres.schema import numbered
from bot.storage.standings import HALL_PLACES, SEAT_COLUMNS, Standings, summaries
from bot.storage.standings_data import HallEntry, MatchSummary, Season
from bot.storage.statements import Statement, Step

# Retention runs once however many processes share the database: the one that takes this
# lock prunes, the others find it taken and leave it (their next daily turn finds nothing).
RETENTION_LOCK = 0x7AB1E7E7

Read = Callable[..., Any]  # PostgresStorage._read(sql, *params)
Transaction = Callable[[], AbstractAsyncContextManager[asyncpg.Connection]]


async def _no_steps(statements: list[Statement | Step]) -> list[int | None]:
    raise TypeError("the PostgreSQL standings write in transactions of their own")


class PostgresStandings(Standings):
    def __init__(self, read: Read, transaction: Transaction) -> None:
        async def numbered_read(sql: str, params: Sequence[Any]) -> list[Any]:
            return cast(list[Any], await read(numbered(sql), *params))

        super().__init__(numbered_read, _no_steps)
        self._pg_read = read
        self._transaction = transaction

    async def _summaries(self, match_ids: list[int]) -> list[MatchSummary]:
        if not match_ids:
            return []
        ends = await self._pg_read(
            "SELECT match_id, game, finished_at, end_how FROM match_ends "
            "WHERE match_id = ANY($1::bigint[])",
            match_ids,
        )
        seats = await self._pg_read(
            f"SELECT {SEAT_COLUMNS} FROM results AS r LEFT JOIN rating_changes AS c "
            "ON c.match_id = r.match_id AND c.seat = r.seat AND c.season = 0 "
            "WHERE r.match_id = ANY($1::bigint[]) ORDER BY r.match_id, r.seat",
            match_ids,
        )
        return summaries(match_ids, ends, seats)

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
            await db.executemany(
                "INSERT INTO hall_of_fame (guild_id, season, game, place, user_id, shown, "
                "games, wins) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) "
                "ON CONFLICT (guild_id, season, game, place) DO UPDATE SET "
                "user_id = excluded.user_id, shown = excluded.shown, games = excluded.games, "
                "wins = excluded.wins",
                [
                    (guild_id, h.season, h.game, h.place, h.user_id, h.shown, h.games, h.wins)
                    for h in hall
                ],
            )
            await db.execute(
                "INSERT INTO seasons (guild_id, number, started_at) VALUES ($1, $2, $3)",
                guild_id,
                ending + 1,
                now,
            )
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
