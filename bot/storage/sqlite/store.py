"""SQLite storage: matches, their events, deadlines and results.

Two connections to one file in WAL mode, so reads never wait behind writes:
- reads go through an aiosqlite connection that never writes;
- writes go to one writer thread with its own connection. It takes every write waiting
  when it wakes and commits them in one transaction (group commit), so a slow disk costs
  each batch a few statements, not each match: one match's write holds others up for no
  longer than one batch.

Every failed write raises `StorageError` (or a subclass) after rolling back, so nothing is
ever half-applied. A write that can't begin within `WRITE_WAIT` seconds (another process
holds the database) fails with `StorageBusy`, well inside Discord's three seconds. Writes
check that the database file is still the one opened, so a deleted or replaced file fails
loudly instead of saving into nowhere.

A row that can't be read (bad JSON in seats, options, state or extra) is returned marked as
quarantined with the reason, never raised, so one bad match stops nothing else.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.base import EVENT_INSERT, StoreBase, event_rows, match_insert
from bot.storage.errors import StorageError
from bot.storage.queue_store import QueueStore
from bot.storage.records import (
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
from bot.storage.sqlite.database import Opened, open_database, translate
from bot.storage.sqlite.dialect import SQLITE
from bot.storage.sqlite.holder import hold, release
from bot.storage.sqlite.results import result_statements
from bot.storage.sqlite.standings_store import SqliteStandings
from bot.storage.sqlite.step import Step
from bot.storage.sqlite.writer import WRITE_WAIT, Job, Writer
from bot.storage.standings_data import EndHow
from bot.storage.statements import Statement
from bot.storage.tournament_store import TournamentStore
from engines.base import Event

READ_BUSY_MS = 1500
HOLDER = "the bot"  # how a refused restore or migration names who holds the file


class Storage(StoreBase, TournamentStore, QueueStore):
    """The bot's database: reads on their own connection, writes through one writer thread."""

    dialect = SQLITE

    def __init__(self, reader: aiosqlite.Connection, writer: Writer, opened: Opened) -> None:
        self._reader = reader
        self._writer: Writer | None = writer
        self.created = opened.created
        self.instance = opened.instance  # ≤ 8 characters, random per database file
        self._loaded = LoadedRecords()
        self._path = writer.path
        # Ratings, seasons, history and retention: the standings' reads and writes.
        self.standings = SqliteStandings(self._read, self._write)

    @classmethod
    async def open(
        cls,
        path: Path | str,
        *,
        create: bool = False,
        factory: type[sqlite3.Connection] = sqlite3.Connection,
    ) -> Storage:
        """Open (creating on a first start) the database and bring its schema up to date.

        Raises a StorageError subclass, with one line for the host, for a database that is
        read-only, newer than this bot, or missing where this bot's data was (unless
        `create`). `factory` is the sqlite3 connection class (a benchmark slows it down)."""
        # The driver logs every statement with its parameters (whole game states) at DEBUG.
        logging.getLogger("aiosqlite").setLevel(logging.INFO)
        path = Path(path)
        # Held while the bot runs, so a restore or a migration refuses to touch the file.
        early = path.parent.is_dir()
        if early:
            hold(path, HOLDER)
        try:
            return await cls._open(path, create, factory, held=early)
        except BaseException:
            if early:
                release(path)
            raise

    @classmethod
    async def _open(
        cls, path: Path, create: bool, factory: type[sqlite3.Connection], held: bool
    ) -> Storage:
        opened = await asyncio.to_thread(open_database, path, create=create, factory=factory)
        if not held:  # a first start made the folder just now
            try:
                hold(path, HOLDER)
            except BaseException:
                opened.connection.close()
                raise
        writer = Writer(opened, path, asyncio.get_running_loop())
        try:
            reader = await aiosqlite.connect(str(path), isolation_level=None, factory=factory)
            await reader.execute(f"PRAGMA busy_timeout={READ_BUSY_MS}")
            await reader.execute("PRAGMA query_only=ON")
        except sqlite3.Error as error:
            await asyncio.to_thread(writer.stop)
            if not held:
                release(path)
            raise translate(error, path) from None
        return cls(reader, writer, opened)

    async def listen(
        self, heard: Callable[[int, int, int], None], lost: Callable[[], None]
    ) -> None:
        """Nothing to hear: one process holds a SQLite file, and publishes each change it
        saves as it saves it (bot/play/bus.py)."""
        return None

    async def close(self) -> None:
        writer, self._writer = self._writer, None
        if writer is not None:
            await asyncio.to_thread(writer.stop)
        await self._reader.close()
        if writer is not None:
            release(self._path)

    async def _write(
        self,
        statements: list[Statement | Step],
        *,
        key: int | None = None,
        guarded: bool = False,
        want_id: bool = False,
    ) -> list[int | None]:
        """Run statements in one transaction; return each statement's lastrowid (with
        `want_id`). With `guarded`, the first statement must change exactly one row (an
        optimistic version check), or nothing is written and StaleMatch raised."""
        if self._writer is None:
            raise StorageError("the database is closed.")
        job = Job(
            statements,
            asyncio.get_running_loop().create_future(),
            key=key,
            guarded=guarded,
            want_id=want_id,
            deadline=time.perf_counter() + WRITE_WAIT,
        )
        self._writer.submit(job)
        return await job.future

    async def ping(self) -> None:
        """A write transaction that changes nothing: reads go on while another program
        holds the write lock, but no move could be saved, so that must fail the check."""
        # On its own (as a write wanting ids is), not grouped into a batch's executemany.
        await self._write([("SELECT 1", ())], want_id=True)

    async def _read(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        try:
            return list(await self._reader.execute_fetchall(sql, params))
        except sqlite3.Error as error:
            raise translate(error, self._path) from None

    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return await self._read(sql, params)

    async def _apply(self, sql: str, params: Sequence[Any], key: int | None = None) -> None:
        await self._write([(sql, params)], key=key)

    async def _apply_all(self, statements: Sequence[Statement]) -> None:
        await self._write(list(statements))

    async def _insert_id(self, statement: Statement) -> int:
        (new_id,) = await self._write([statement], want_id=True)
        assert new_id is not None
        return new_id

    async def _guarded(self, statements: list[Statement], key: int) -> None:
        # Keyed apart from the matches' ids, so a tournament never shares a match's slot.
        await self._write(list(statements), key=-key, guarded=True)

    # -- matches -------------------------------------------------------------------------

    async def create_match(self, new: NewMatch, *, now: float) -> MatchRecord:
        """Insert a lobby (a channel may hold any number of matches)."""
        insert = match_insert(new, now)
        (match_id,) = await self._write([insert], want_id=True)
        assert match_id is not None
        record = await self.get_match(match_id)
        assert record is not None
        return record

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
        """Write the match, its new events, its deadline (or none) and any results at once:
        the results of a match that ended how `end` says ("played" unless given), with the
        ratings it changes when it was played out (see sqlite/results.py).

        Raises StaleMatch if someone else saved the match since `expected_version`, and
        StorageError (rolled back, nothing written) if the write failed. A quarantined
        record keeps its stored seats, options, state and extra as they are.
        """
        record.updated_at = now
        statements: list[Statement | Step] = [match_update(record, expected_version, now, deadline)]
        if events:
            statements.append((EVENT_INSERT, event_rows(record, events)))
        first, moves = replay_rows(record)
        if first is not None:
            statements.append((REPLAY_FIRST_INSERT, (record.id, first)))
        if moves:
            statements.append((REPLAY_MOVE_INSERT, moves))
        if results:
            statements += result_statements(record, results, end or "played", now)
        await self._write(statements, key=record.id, guarded=True)
        replay_saved(record)
