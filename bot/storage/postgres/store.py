"""PostgreSQL storage through an asyncpg pool: the same interface and guarantees as the
SQLite store (sqlite/store.py), for several bot processes on one database.

- Every move is one transaction: the match row's UPDATE, guarded by its version
  (`WHERE id = $n AND version = $m`), its events and its results. A second writer of the
  same version, in this process or another, changes no row and gets StaleMatch; its
  transaction rolls back, so a move is never applied twice.
- A row another connection holds fails the write as busy after LOCK_WAIT_MS (SQLite's
  WRITE_WAIT), and a full pool after ACQUIRE_WAIT: well inside Discord's three seconds.
- A server that went away fails each call with a StorageError, rolled back; the pool
  connects again when a call needs it and the server is back, so the game goes on.
- Rows are read through the same LoadedRecords, so a damaged row is quarantined here too.
- Every save notifies the other processes of the match and its new version, in its own
  transaction, so they hear of it once it is committed (changes_relay.py, `listen`).
- The reads and one-statement writes are the shared ones (bot/storage/base.py), numbered.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from bot.storage.base import EVENT_INSERT, StoreBase, event_rows, match_insert
from bot.storage.errors import StaleMatch, StorageBusy, StorageError
from bot.storage.postgres.changes_relay import CHANNEL, ChangeFeed, Heard, payload
from bot.storage.postgres.dialect import POSTGRES, numbered
from bot.storage.postgres.results import write_results
from bot.storage.postgres.schema import migrate
from bot.storage.postgres.standings_store import PostgresStandings
from bot.storage.queue_store import QueueStore
from bot.storage.records import (
    MATCH_COLUMNS,
    REPLAY_FIRST_INSERT,
    REPLAY_MOVE_INSERT,
    Deadline,
    LoadedRecords,
    MatchRecord,
    NewMatch,
    ResultRow,
    match_update,
    replay_rows,
    replay_saved,
)
from bot.storage.standings_data import EndHow
from bot.storage.statements import Statement
from bot.storage.tournament_store import TournamentStore
from engines.base import Event

POOL_SIZE = 10
LOCK_WAIT_MS = 1500
ACQUIRE_WAIT = 1.5


# The server is away (restarting, the network down): the call fails, the pool reconnects.
_UNREACHABLE = (
    OSError,
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    asyncpg.CannotConnectNowError,
    asyncpg.AdminShutdownError,
    # A pooled connection the server shut down while it sat idle may refuse its next query
    # this way ("another operation is in progress") rather than as a lost connection.
    asyncpg.InternalClientError,
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
    transaction, it sets nothing and listens to nothing: the changes feed listens on a
    connection of its own), and asyncpg still rolls back any open transaction first."""


class PostgresStorage(StoreBase, TournamentStore, QueueStore):
    """The bot's database on a PostgreSQL server, shared by every process of the bot."""

    dialect = POSTGRES

    def __init__(self, pool: asyncpg.Pool, created: bool, instance: str, url: str) -> None:
        self._pool = pool
        self._url = url  # the changes feed connects on its own, outside the pool
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
        return cls(pool, created, instance, url)

    async def close(self) -> None:
        try:
            await asyncio.wait_for(self._pool.close(), 5)
        except (TimeoutError, *_UNREACHABLE):
            self._pool.terminate()

    async def listen(self, heard: Heard, lost: Callable[[], None]) -> ChangeFeed:
        """Hear every change committed on the database, by any process, as `heard(match_id,
        version, guild_id)`, on a connection of its own, until `lost()` (StorageError: the
        server can't be reached)."""
        return await ChangeFeed.open(self._url, heard, lost)

    @asynccontextmanager
    async def exclusive(self, key: int) -> AsyncIterator[None]:
        """One process at a time, the others wait their turn: a transaction-scoped advisory
        lock (as the migrations take), so a process that dies lets go of it."""
        try:
            async with self._pool.acquire(timeout=ACQUIRE_WAIT) as db, db.transaction():
                await db.execute("SET LOCAL lock_timeout = 0")  # wait as long as it takes
                await db.execute("SELECT pg_advisory_xact_lock($1)", key)
                yield
        except (*_UNREACHABLE, asyncpg.PostgresError, TimeoutError) as error:
            raise translate(error) from None

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[asyncpg.Connection]:
        """One transaction on a pooled connection; any failure rolls it back whole."""
        try:
            async with self._pool.acquire(timeout=ACQUIRE_WAIT) as db, db.transaction():
                yield db
        except StaleMatch:
            raise
        except (*_UNREACHABLE, asyncpg.PostgresError, TimeoutError) as error:
            raise translate(error) from None

    async def _read(self, sql: str, *params: Any) -> list[asyncpg.Record]:
        try:
            async with self._pool.acquire(timeout=ACQUIRE_WAIT) as db:
                return list(await db.fetch(sql, *params))
        except (*_UNREACHABLE, asyncpg.PostgresError, TimeoutError) as error:
            raise translate(error) from None

    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return await self._read(numbered(sql), *params)

    async def _apply(self, sql: str, params: Sequence[Any], key: int | None = None) -> None:
        async with self._transaction() as db:
            await db.execute(numbered(sql), *params)

    async def _apply_all(self, statements: Sequence[Statement]) -> None:
        async with self._transaction() as db:
            for sql, params in statements:
                if isinstance(params, list) and params and isinstance(params[0], tuple):
                    await db.executemany(numbered(sql), params)
                else:
                    await db.execute(numbered(sql), *params)

    async def _insert_id(self, statement: Statement) -> int:
        sql, params = statement
        async with self._transaction() as db:
            return int(await db.fetchval(numbered(f"{sql} RETURNING id"), *params))

    async def _guarded(self, statements: list[Statement], key: int) -> None:
        (first, params), rest = statements[0], statements[1:]
        async with self._transaction() as db:
            if await db.execute(numbered(first), *params) != "UPDATE 1":
                raise StaleMatch(key)
            for sql, values in rest:
                if isinstance(values, list) and values and isinstance(values[0], tuple):
                    await db.executemany(numbered(sql), values)
                else:
                    await db.execute(numbered(sql), *values)

    # -- matches -------------------------------------------------------------------------

    async def create_match(self, new: NewMatch, *, now: float) -> MatchRecord:
        """Insert a lobby (a channel may hold any number of matches)."""
        sql, params = match_insert(new, now)
        async with self._transaction() as db:
            row = await db.fetchrow(numbered(f"{sql} RETURNING {MATCH_COLUMNS}"), *params)
        return self._to_record(row)

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
            replay_saved(record)
            return
        first, moves = replay_rows(record)
        async with self._transaction() as db:
            if await db.execute(numbered(sql), *params) != "UPDATE 1":
                raise StaleMatch(record.id)
            told = payload(record.id, record.version, record.guild_id)
            await db.execute("SELECT pg_notify($1, $2)", CHANNEL, told)
            if events:
                await db.executemany(numbered(EVENT_INSERT), event_rows(record, events))
            if first is not None:
                await db.execute(numbered(REPLAY_FIRST_INSERT), record.id, first)
            if moves:
                await db.executemany(numbered(REPLAY_MOVE_INSERT), moves)
            if results:
                await write_results(db, record, results, end or "played", now)
        replay_saved(record)

    async def _save_move(
        self, record: MatchRecord, update: str, params: list[Any], events: Sequence[Event]
    ) -> None:
        """The match's UPDATE, its events, its replay's new rows and its notification as one
        statement (atomic on its own): the rows are inserted, and the other processes
        notified, only for a row the guarded UPDATE changed."""
        first = len(params) + 1
        kept_first, moves = replay_rows(record)
        sql = (
            f"WITH moved AS ({update} RETURNING id, version, guild_id), logged AS ("
            "INSERT INTO match_events (match_id, version, seq, kind, data) "
            f"SELECT moved.id, ${first}, e.seq, e.kind, e.data FROM moved, "
            f"unnest(${first + 1}::int[], ${first + 2}::text[], ${first + 3}::text[]) "
            "AS e(seq, kind, data)), dealt AS ("
            f"INSERT INTO match_replays (match_id, first) SELECT moved.id, ${first + 4}::text "
            f"FROM moved WHERE ${first + 4}::text IS NOT NULL), replayed AS ("
            "INSERT INTO match_moves (match_id, n, version, seat, code) "
            f"SELECT moved.id, m.n, ${first}, m.seat, m.code FROM moved, "
            f"unnest(${first + 5}::int[], ${first + 6}::int[], ${first + 7}::text[]) "
            "AS m(n, seat, code)) "
            f"SELECT count(pg_notify('{CHANNEL}', "
            "moved.id || ':' || moved.version || ':' || moved.guild_id)) FROM moved"
        )
        arguments = [
            *params,
            record.version,
            list(range(len(events))),
            [event.kind for event in events],
            [json.dumps(dict(event.data)) for event in events],
            kept_first,
            [move[1] for move in moves],
            [move[3] for move in moves],
            [move[4] for move in moves],
        ]
        try:
            async with self._pool.acquire(timeout=ACQUIRE_WAIT) as db:
                changed = await db.fetchval(sql, *arguments)
        except (*_UNREACHABLE, asyncpg.PostgresError, TimeoutError) as error:
            raise translate(error) from None
        if changed != 1:
            raise StaleMatch(record.id)
