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
import json
import logging
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from bot.shards import Shards
from bot.storage.errors import ChannelBusy, StorageError
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
from bot.storage.results_writes import result_statements
from bot.storage.sqlite.database import Opened, open_database, translate
from bot.storage.sqlite.writer import WRITE_WAIT, Job, Writer
from bot.storage.standings import Standings
from bot.storage.standings_data import EndHow
from bot.storage.statements import Statement, Step
from engines.base import Event

READ_BUSY_MS = 1500


class Storage:
    """The bot's database: reads on their own connection, writes through one writer thread."""

    def __init__(self, reader: aiosqlite.Connection, writer: Writer, opened: Opened) -> None:
        self._reader = reader
        self._writer: Writer | None = writer
        self.created = opened.created
        self.instance = opened.instance  # ≤ 8 characters, random per database file
        self._loaded = LoadedRecords()
        self._path = writer.path
        # Ratings, seasons, history and retention: the standings' reads and writes.
        self.standings = Standings(self._read, self._write)

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
        opened = await asyncio.to_thread(open_database, path, create=create, factory=factory)
        writer = Writer(opened, path, asyncio.get_running_loop())
        try:
            reader = await aiosqlite.connect(str(path), isolation_level=None, factory=factory)
            await reader.execute(f"PRAGMA busy_timeout={READ_BUSY_MS}")
            await reader.execute("PRAGMA query_only=ON")
        except sqlite3.Error as error:
            await asyncio.to_thread(writer.stop)
            raise translate(error, path) from None
        return cls(reader, writer, opened)

    async def close(self) -> None:
        writer, self._writer = self._writer, None
        if writer is not None:
            await asyncio.to_thread(writer.stop)
        await self._reader.close()

    async def _write(
        self,
        statements: list[Statement | Step],
        *,
        key: int | None = None,
        guarded: bool = False,
        conflict: Exception | None = None,
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
            conflict=conflict,
            want_id=want_id,
            deadline=time.perf_counter() + WRITE_WAIT,
        )
        self._writer.submit(job)
        return await job.future

    async def _read(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        try:
            return list(await self._reader.execute_fetchall(sql, params))
        except sqlite3.Error as error:
            raise translate(error, self._path) from None

    def _to_record(self, row: Sequence[Any]) -> MatchRecord:
        return self._loaded.record(row, self.instance)

    async def quarantine(self, match_id: int, reason: str) -> None:
        """Mark a match that can't be loaded; it is kept as it is, for a person to look at."""
        reason = quarantine_reason(reason)
        await self._write(
            [("UPDATE matches SET quarantine = ? WHERE id = ?", (reason, match_id))],
            key=match_id,
        )
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
        insert = (
            "INSERT INTO matches (guild_id, channel_id, game, host_id, status, seats, options, "
            "created_at, updated_at, due_kind, due_version, due_at) "
            "VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, 0, ?)",
            (
                guild_id,
                channel_id,
                game,
                host_id,
                json.dumps([s.to_dict() for s in seats]),
                json.dumps(options),
                now,
                now,
                "lobby" if deadline_at is not None else None,
                deadline_at,
            ),
        )
        (match_id,) = await self._write([insert], conflict=ChannelBusy(channel_id), want_id=True)
        assert match_id is not None
        record = await self.get_match(match_id)
        assert record is not None
        return record

    async def get_match(self, match_id: int) -> MatchRecord | None:
        rows = await self._read(f"SELECT {MATCH_COLUMNS} FROM matches WHERE id = ?", (match_id,))
        return self._to_record(rows[0]) if rows else None

    async def open_match_in_channel(self, channel_id: int) -> MatchRecord | None:
        rows = await self._read(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE channel_id = ? "
            "AND status IN ('lobby', 'playing')",
            (channel_id,),
        )
        return self._to_record(rows[0]) if rows else None

    async def latest_match_in_channel(self, channel_id: int, game: str) -> MatchRecord | None:
        """The channel's most recent match of `game`, open or ended."""
        rows = await self._read(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE channel_id = ? AND game = ? "
            "ORDER BY id DESC LIMIT 1",
            (channel_id, game),
        )
        return self._to_record(rows[0]) if rows else None

    async def open_matches(self, guild_id: int | None = None) -> list[MatchRecord]:
        where = "status IN ('lobby', 'playing')"
        params: tuple[Any, ...] = ()
        if guild_id is not None:
            where += " AND guild_id = ?"
            params = (guild_id,)
        rows = await self._read(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE {where} ORDER BY id", params
        )
        return [self._to_record(r) for r in rows]

    async def open_briefs(self, shards: Shards | None = None) -> list[OpenBrief]:
        """Every open match's seats, version and deadline: enough to re-arm its timer.
        With `shards`, only the matches of servers on those shards."""
        where = "status IN ('lobby', 'playing')"
        params: tuple[Any, ...] = ()
        if shards is not None:
            where += " AND (guild_id >> 22) % ? IN (SELECT value FROM json_each(?))"
            params = (shards.count, json.dumps(shards.ids))
        rows = await self._read(
            "SELECT id, status, version, seats, quarantine, due_kind, due_version, due_at "
            f"FROM matches WHERE {where} ORDER BY id",
            params,
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
            f"SELECT {MATCH_COLUMNS} FROM matches "
            "WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id",
            (json.dumps(list(match_ids)),),
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
        """Write the match, its new events, its deadline (or none) and any results at once:
        the results of a match that ended how `end` says ("played" unless given), with the
        ratings it changes when it was played out (see rating_step).

        Raises StaleMatch if someone else saved the match since `expected_version`, and
        StorageError (rolled back, nothing written) if the write failed. A quarantined
        record keeps its stored seats, options, state and extra as they are.
        """
        record.updated_at = now
        statements: list[Statement | Step] = [match_update(record, expected_version, now, deadline)]
        if events:
            statements.append(
                (
                    "INSERT INTO match_events (match_id, version, seq, kind, data) "
                    "VALUES (?, ?, ?, ?, ?)",
                    [
                        (record.id, record.version, seq, event.kind, json.dumps(dict(event.data)))
                        for seq, event in enumerate(events)
                    ],
                )
            )
        if results:
            statements += result_statements(record, results, end or "played", now)
        await self._write(statements, key=record.id, guarded=True)

    async def set_message(self, match_id: int, message_id: int | None, posted_at: float) -> None:
        """Remember the table message; not a move, so the version stays."""
        await self._write(
            [
                (
                    "UPDATE matches SET message_id = ?, message_at = ? WHERE id = ?",
                    (message_id, posted_at, match_id),
                )
            ],
            key=match_id,
        )

    async def events(self, match_id: int, limit: int = 50) -> list[tuple[int, Event]]:
        """The newest events of a match with the version that made them, oldest first."""
        rows = await self._read(
            "SELECT version, kind, data FROM match_events WHERE match_id = ? "
            "ORDER BY version DESC, seq DESC LIMIT ?",
            (match_id, limit),
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
            "WHERE id = ? AND due_at IS NOT NULL",
            (match_id,),
        )
        return Deadline(*rows[0]) if rows else None

    # -- server settings -----------------------------------------------------------------

    async def reminders_on(self, guild_id: int) -> bool:
        """Whether the server wants turn mentions and reminders (on unless turned off)."""
        rows = await self._read(
            "SELECT reminders FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return bool(rows[0][0]) if rows else True

    async def set_reminders(self, guild_id: int, on: bool) -> None:
        await self._write(
            [
                (
                    "INSERT INTO guild_settings (guild_id, reminders) VALUES (?, ?) "
                    "ON CONFLICT (guild_id) DO UPDATE SET reminders = excluded.reminders",
                    (guild_id, int(on)),
                )
            ]
        )

    async def language(self, guild_id: int) -> str | None:
        """The language a server's moderators chose for its tables (None: not chosen)."""
        rows = await self._read(
            "SELECT language FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return rows[0][0] if rows else None

    async def set_language(self, guild_id: int, language: str | None) -> None:
        await self._write(
            [
                (
                    "INSERT INTO guild_settings (guild_id, language) VALUES (?, ?) "
                    "ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
                    (guild_id, language),
                )
            ]
        )

    async def member_language(self, user_id: int) -> str | None:
        """The language a member chose for what the bot tells them (None: their client's)."""
        rows = await self._read(
            "SELECT language FROM member_settings WHERE user_id = ?", (user_id,)
        )
        return rows[0][0] if rows else None

    async def set_member_language(self, user_id: int, language: str | None) -> None:
        await self._write(
            [
                (
                    "INSERT INTO member_settings (user_id, language) VALUES (?, ?) "
                    "ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
                    (user_id, language),
                )
            ]
        )

    # -- results -------------------------------------------------------------------------

    async def last_played(self, guild_id: int) -> str | None:
        """The game of the server's most recently finished match with a result, if any."""
        rows = await self._read(
            "SELECT game FROM results WHERE guild_id = ? ORDER BY finished_at DESC LIMIT 1",
            (guild_id,),
        )
        return rows[0][0] if rows else None
