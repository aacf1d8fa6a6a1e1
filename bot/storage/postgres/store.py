"""PostgreSQL storage through an asyncpg pool: the same interface and guarantees as the
SQLite store (store.py), for several bot processes on one database.

- Every move is one transaction: the match row's UPDATE, guarded by its version
  (`WHERE id = $n AND version = $m`), its events and its results. A second writer of the
  same version, in this process or another, changes no row and gets StaleMatch; its
  transaction rolls back, so a move is never applied twice.
- A row another connection holds fails the write as busy after LOCK_WAIT_MS (SQLite's
  WRITE_WAIT), and a full pool after ACQUIRE_WAIT: well inside Discord's three seconds.
- A server that went away fails each call with a StorageError, rolled back; the pool
  connects again when a call needs it and the server is back, so the game goes on.
- Rows are read through the same LoadedRecords, so a damaged row is quarantined here too.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from bot.shards import Shards
from bot.storage.errors import ChannelBusy, StaleMatch, StorageBusy, StorageError
from bot.storage.postgres.results import write_results
from bot.storage.postgres.schema import migrate, numbered
from bot.storage.postgres.standings import PostgresStandings
from bot.storage.records import (
    MATCH_COLUMNS,
    Deadline,
    LoadedRecords,
    MatchRecord,
    OpenBrief,
    ResultRow,
    Seat,
    match_update,
    parse_column,
    quarantine_reason,
    seats_from,
)
from bot.storage.standings_data import EndHow
from engines.base import Event

POOL_SIZE = 10
LOCK_WAIT_MS = 1500
ACQUIRE_WAIT = 1.5
OPEN = "status IN ('lobby', 'playing')"


# The server is away (restarting, the network down): the call fails, the pool reconnects.
_UNREACHABLE = (
    OSError,
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    asyncpg.CannotConnectNowError,
    asyncpg.AdminShutdownError,
)


def translate(error: BaseException) -> StorageError:
    """One line for the host about a failed PostgreSQL call (never SQL or data)."""
    if isinstance(error, (asyncpg.LockNotAvailableError, TimeoutError)):
        return StorageBusy()
    if isinstance(error, _UNREACHABLE):
        return StorageError(f"the PostgreSQL server can't be reached ({type(error).__name__}).")
    if isinstance(error, asyncpg.PostgresError):
        return StorageError(f"the PostgreSQL database failed ({error.sqlstate}: {error}).")
    return StorageError(f"the PostgreSQL database failed ({type(error).__name__}).")


async def _keep_session(db: asyncpg.Connection) -> None:
    """A connection goes back to the pool as it is, saving the round trip of asyncpg's
    RESET ALL: the bot keeps no session state (every advisory lock it takes ends with its
    transaction, it sets nothing and listens to nothing), and asyncpg still rolls back any
    open transaction first."""


class PostgresStorage:
    """The bot's database on a PostgreSQL server, shared by every process of the bot."""

    def __init__(self, pool: asyncpg.Pool, created: bool, instance: str) -> None:
        self._pool = pool
        self.created = created
        self.instance = instance
        self._loaded = LoadedRecords()
        # Ratings, seasons, history and retention: the standings' reads and writes.
        self.standings = PostgresStandings(self._read, self._transaction)

    @classmethod
    async def open(cls, url: str) -> PostgresStorage:
        """Connect, and bring the schema up to date (an empty database: a first start)."""
        logging.getLogger("asyncpg").setLevel(logging.INFO)
        try:
            pool = await asyncpg.create_pool(
                url,
                # No floor for the pool to keep: while the server is away, keeping one
                # would retry in the background and log a traceback each time. Idle
                # connections are kept instead, so the pool still stays warm.
                min_size=0,
                max_size=POOL_SIZE,
                max_inactive_connection_lifetime=0,
                server_settings={
                    "lock_timeout": str(LOCK_WAIT_MS),
                    "application_name": "tabletop-bot",
                },
                reset=_keep_session,
            )
        except (*_UNREACHABLE, asyncpg.PostgresError, TimeoutError) as error:
            raise translate(error) from None
        try:
            async with pool.acquire() as db:
                created, instance = await migrate(db)
        except StorageError:
            await pool.close()
            raise
        except (*_UNREACHABLE, asyncpg.PostgresError, TimeoutError) as error:
            await pool.close()
            raise translate(error) from None
        return cls(pool, created, instance)

    async def close(self) -> None:
        try:
            await asyncio.wait_for(self._pool.close(), 5)
        except (TimeoutError, *_UNREACHABLE):
            self._pool.terminate()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[asyncpg.Connection]:
        """One transaction on a pooled connection; any failure rolls it back whole."""
        try:
            async with self._pool.acquire(timeout=ACQUIRE_WAIT) as db, db.transaction():
                yield db
        except (StaleMatch, ChannelBusy):
            raise
        except (*_UNREACHABLE, asyncpg.PostgresError, TimeoutError) as error:
            raise translate(error) from None

    async def _read(self, sql: str, *params: Any) -> list[asyncpg.Record]:
        try:
            async with self._pool.acquire(timeout=ACQUIRE_WAIT) as db:
                return list(await db.fetch(sql, *params))
        except (*_UNREACHABLE, asyncpg.PostgresError, TimeoutError) as error:
            raise translate(error) from None

    def _to_record(self, row: Sequence[Any]) -> MatchRecord:
        return self._loaded.record(row, self.instance)

    async def quarantine(self, match_id: int, reason: str) -> None:
        reason = quarantine_reason(reason)
        async with self._transaction() as db:
            await db.execute("UPDATE matches SET quarantine = $1 WHERE id = $2", reason, match_id)
        self._loaded.quarantined(match_id, reason)

    # -- matches -------------------------------------------------------------------------

    async def create_match(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        host_id: int,
        seats: list[Seat],
        options: dict[str, Any],
        now: float,
        deadline_at: float | None = None,
    ) -> MatchRecord:
        """Insert a lobby; raise ChannelBusy if the channel already has an open match."""
        async with self._transaction() as db:
            try:
                row = await db.fetchrow(
                    "INSERT INTO matches (guild_id, channel_id, game, host_id, status, seats, "
                    "options, created_at, updated_at, due_kind, due_version, due_at) "
                    "VALUES ($1, $2, $3, $4, 'lobby', $5, $6, $7, $7, $8, 0, $9) "
                    f"RETURNING {MATCH_COLUMNS}",
                    guild_id,
                    channel_id,
                    game,
                    host_id,
                    json.dumps([s.to_dict() for s in seats]),
                    json.dumps(options),
                    now,
                    "lobby" if deadline_at is not None else None,
                    deadline_at,
                )
            except asyncpg.UniqueViolationError:  # one_open_match_per_channel
                raise ChannelBusy(channel_id) from None
        return self._to_record(row)

    async def get_match(self, match_id: int) -> MatchRecord | None:
        rows = await self._read(f"SELECT {MATCH_COLUMNS} FROM matches WHERE id = $1", match_id)
        return self._to_record(rows[0]) if rows else None

    async def open_match_in_channel(self, channel_id: int) -> MatchRecord | None:
        rows = await self._read(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE channel_id = $1 AND {OPEN}", channel_id
        )
        return self._to_record(rows[0]) if rows else None

    async def latest_match_in_channel(self, channel_id: int, game: str) -> MatchRecord | None:
        rows = await self._read(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE channel_id = $1 AND game = $2 "
            "ORDER BY id DESC LIMIT 1",
            channel_id,
            game,
        )
        return self._to_record(rows[0]) if rows else None

    async def open_matches(self, guild_id: int | None = None) -> list[MatchRecord]:
        if guild_id is None:
            rows = await self._read(f"SELECT {MATCH_COLUMNS} FROM matches WHERE {OPEN} ORDER BY id")
        else:
            rows = await self._read(
                f"SELECT {MATCH_COLUMNS} FROM matches WHERE {OPEN} AND guild_id = $1 ORDER BY id",
                guild_id,
            )
        return [self._to_record(r) for r in rows]

    async def open_briefs(self, shards: Shards | None = None) -> list[OpenBrief]:
        columns = "id, status, version, seats, quarantine, due_kind, due_version, due_at"
        if shards is None:
            rows = await self._read(f"SELECT {columns} FROM matches WHERE {OPEN} ORDER BY id")
        else:
            rows = await self._read(
                f"SELECT {columns} FROM matches WHERE {OPEN} "
                "AND (guild_id >> 22) % $1 = ANY($2::int[]) ORDER BY id",
                shards.count,
                list(shards.ids),
            )
        briefs = []
        for row in rows:
            seats, problem = parse_column("seats", row[3], seats_from)
            deadline = Deadline(row[0], row[5], row[6], row[7]) if row[7] is not None else None
            briefs.append(
                OpenBrief(row[0], row[1], row[2], seats or [], deadline, row[4] or problem)
            )
        return briefs

    async def get_matches(self, match_ids: Sequence[int]) -> list[MatchRecord]:
        if not match_ids:
            return []
        rows = await self._read(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE id = ANY($1::bigint[]) ORDER BY id",
            list(match_ids),
        )
        return [self._to_record(r) for r in rows]

    async def save(
        self,
        record: MatchRecord,
        *,
        expected_version: int,
        now: float,
        events: Sequence[Event] = (),
        deadline: Deadline | None = None,
        results: Sequence[ResultRow] = (),
        end: EndHow | None = None,
    ) -> None:
        """The match, its events, deadline and results (of a match that ended how `end`
        says, "played" unless given, with the ratings it changes) in one transaction, or
        nothing: StaleMatch when its version is no longer `expected_version`."""
        record.updated_at = now
        sql, params = match_update(record, expected_version, now, deadline)
        if not results:  # most moves: one statement, so one round trip and one commit
            await self._save_move(record, numbered(sql), list(params), events)
            return
        async with self._transaction() as db:
            if await db.execute(numbered(sql), *params) != "UPDATE 1":
                raise StaleMatch(record.id)
            if events:
                await db.executemany(
                    "INSERT INTO match_events (match_id, version, seq, kind, data) "
                    "VALUES ($1, $2, $3, $4, $5)",
                    [
                        (record.id, record.version, seq, event.kind, json.dumps(dict(event.data)))
                        for seq, event in enumerate(events)
                    ],
                )
            if results:
                await write_results(db, record, results, end or "played", now)

    async def _save_move(
        self, record: MatchRecord, update: str, params: list[Any], events: Sequence[Event]
    ) -> None:
        """The match's UPDATE and its events as one statement (atomic on its own): the
        events are inserted only for a row the guarded UPDATE changed."""
        first = len(params) + 1
        sql = (
            f"WITH moved AS ({update} RETURNING id), logged AS ("
            "INSERT INTO match_events (match_id, version, seq, kind, data) "
            f"SELECT moved.id, ${first}, e.seq, e.kind, e.data FROM moved, "
            f"unnest(${first + 1}::int[], ${first + 2}::text[], ${first + 3}::text[]) "
            "AS e(seq, kind, data)) SELECT count(*) FROM moved"
        )
        arguments = [
            *params,
            record.version,
            list(range(len(events))),
            [event.kind for event in events],
            [json.dumps(dict(event.data)) for event in events],
        ]
        try:
            async with self._pool.acquire(timeout=ACQUIRE_WAIT) as db:
                changed = await db.fetchval(sql, *arguments)
        except (*_UNREACHABLE, asyncpg.PostgresError, TimeoutError) as error:
            raise translate(error) from None
        if changed != 1:
            raise StaleMatch(record.id)

    async def set_message(self, match_id: int, message_id: int | None, posted_at: float) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE matches SET message_id = $1, message_at = $2 WHERE id = $3",
                message_id,
                posted_at,
                match_id,
            )

    async def events(self, match_id: int, limit: int = 50) -> list[tuple[int, Event]]:
        rows = await self._read(
            "SELECT version, kind, data FROM match_events WHERE match_id = $1 "
            "ORDER BY version DESC, seq DESC LIMIT $2",
            match_id,
            limit,
        )
        return [(r[0], Event(r[1], json.loads(r[2]))) for r in reversed(rows)]

    # -- deadlines -----------------------------------------------------------------------

    async def deadlines(self) -> list[Deadline]:
        rows = await self._read(
            "SELECT id, due_kind, due_version, due_at FROM matches WHERE due_at IS NOT NULL"
        )
        return [Deadline(*r) for r in rows]

    async def deadline_of(self, match_id: int) -> Deadline | None:
        rows = await self._read(
            "SELECT id, due_kind, due_version, due_at FROM matches "
            "WHERE id = $1 AND due_at IS NOT NULL",
            match_id,
        )
        return Deadline(*rows[0]) if rows else None

    # -- server and member settings ------------------------------------------------------

    async def _setting(self, sql: str, key: int) -> Any:
        rows = await self._read(sql, key)
        return rows[0][0] if rows else None

    async def _set(self, table: str, key: str, column: str, key_value: int, value: Any) -> None:
        async with self._transaction() as db:
            await db.execute(
                f"INSERT INTO {table} ({key}, {column}) VALUES ($1, $2) "
                f"ON CONFLICT ({key}) DO UPDATE SET {column} = excluded.{column}",
                key_value,
                value,
            )

    async def reminders_on(self, guild_id: int) -> bool:
        on = await self._setting(
            "SELECT reminders FROM guild_settings WHERE guild_id = $1", guild_id
        )
        return True if on is None else bool(on)

    async def set_reminders(self, guild_id: int, on: bool) -> None:
        await self._set("guild_settings", "guild_id", "reminders", guild_id, int(on))

    async def language(self, guild_id: int) -> str | None:
        chosen = await self._setting(
            "SELECT language FROM guild_settings WHERE guild_id = $1", guild_id
        )
        return None if chosen is None else str(chosen)

    async def set_language(self, guild_id: int, language: str | None) -> None:
        await self._set("guild_settings", "guild_id", "language", guild_id, language)

    async def member_language(self, user_id: int) -> str | None:
        chosen = await self._setting(
            "SELECT language FROM member_settings WHERE user_id = $1", user_id
        )
        return None if chosen is None else str(chosen)

    async def set_member_language(self, user_id: int, language: str | None) -> None:
        await self._set("member_settings", "user_id", "language", user_id, language)

    # -- results -------------------------------------------------------------------------

    async def last_played(self, guild_id: int) -> str | None:
        rows = await self._read(
            "SELECT game FROM results WHERE guild_id = $1 ORDER BY finished_at DESC LIMIT 1",
            guild_id,
        )
        return rows[0][0] if rows else None
