"""The queues' reads and writes (issue 48, item 2), alike on both backends: each statement
written once; a backend supplies the reads and the transaction of several statements.

The queue room (bot/play/queues.py) changes a server's queue of a game under one lock in
its process, and each server's queues belong to the one process that runs its shards, so
a read followed by a write here sees no other writer of the same queue."""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from bot.storage.dialect import Dialect
from bot.storage.queue_records import ENTRY_COLUMNS, TABLE_COLUMNS, QueueEntry, QueueTable
from bot.storage.statements import Statement

ENTRIES = f"SELECT {ENTRY_COLUMNS} FROM queue_entries WHERE "
TABLES = f"SELECT {TABLE_COLUMNS} FROM queue_tables"


class QueueStore(ABC):
    dialect: Dialect

    @abstractmethod
    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...

    @abstractmethod
    async def _apply(self, sql: str, params: Sequence[Any], key: int | None = None) -> None: ...

    @abstractmethod
    async def _apply_all(self, statements: Sequence[Statement]) -> None:
        """Run statements in one transaction, applied whole or not at all (a list of
        parameter tuples: the statement run for each)."""

    async def _entries(self, where: str, *params: Any) -> list[QueueEntry]:
        return [QueueEntry.from_row(row) for row in await self._rows(ENTRIES + where, params)]

    async def queue_entry(self, guild_id: int, game: str, user_id: int) -> QueueEntry | None:
        found = await self._entries(
            "guild_id = ? AND game = ? AND user_id = ?", guild_id, game, user_id
        )
        return found[0] if found else None

    async def member_queue_entries(self, guild_id: int | None, user_id: int) -> list[QueueEntry]:
        """The member's places in this server's queues (None: in every server)."""
        if guild_id is None:
            return await self._entries("user_id = ? ORDER BY joined_at, id", user_id)
        return await self._entries(
            "user_id = ? AND guild_id = ? ORDER BY joined_at, id", user_id, guild_id
        )

    async def queue_head(self, guild_id: int, game: str, pace: str, count: int) -> list[QueueEntry]:
        """The first `count` members waiting in a queue, the longest waiting first."""
        return await self._entries(
            "guild_id = ? AND game = ? AND pace = ? ORDER BY joined_at, id LIMIT ?",
            guild_id,
            game,
            pace,
            count,
        )

    async def queue_place(self, entry: QueueEntry) -> tuple[int, int]:
        """The entry's place in its queue (1: the longest waiting) and how many wait in it."""
        rows = await self._rows(
            "SELECT COUNT(*), COALESCE(SUM(CASE WHEN joined_at < ? OR (joined_at = ? AND "
            "id <= ?) THEN 1 ELSE 0 END), 0) FROM queue_entries "
            "WHERE guild_id = ? AND game = ? AND pace = ?",
            (
                entry.joined_at,
                entry.joined_at,
                entry.id,
                entry.guild_id,
                entry.game,
                entry.pace,
            ),
        )
        total, place = rows[0]
        return int(place), int(total)

    async def every_queue_entry(self) -> list[QueueEntry]:
        """Every place in every queue, for a start to arm their expiries."""
        return await self._entries("1 = 1 ORDER BY expires_at")

    async def put_in_queue(self, entry: QueueEntry) -> QueueEntry:
        """The member's place in the game's queue of the server, replacing any they had
        there (at most one per game), at the back of the queue."""
        await self._apply(
            "INSERT INTO queue_entries (guild_id, game, user_id, name, pace, joined_at, "
            "expires_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game, user_id) "
            "DO UPDATE SET name = excluded.name, pace = excluded.pace, "
            "joined_at = excluded.joined_at, expires_at = excluded.expires_at",
            (
                entry.guild_id,
                entry.game,
                entry.user_id,
                entry.name,
                entry.pace,
                entry.joined_at,
                entry.expires_at,
            ),
        )
        stored = await self.queue_entry(entry.guild_id, entry.game, entry.user_id)
        assert stored is not None
        return stored

    async def drop_queue_entries(self, entry_ids: Sequence[int]) -> None:
        if entry_ids:
            await self._apply(
                f"DELETE FROM queue_entries WHERE {self.dialect.in_list('id')}",
                (self.dialect.listed(entry_ids),),
            )

    async def queue_tables(self) -> list[QueueTable]:
        """Every table waiting for its members' Ready, for a start to arm their waits."""
        return [QueueTable.from_row(row) for row in await self._rows(TABLES + " ORDER BY due_at")]

    async def queue_table(self, match_id: int) -> QueueTable | None:
        rows = await self._rows(TABLES + " WHERE match_id = ?", (match_id,))
        return QueueTable.from_row(rows[0]) if rows else None

    async def seat_from_queue(self, table: QueueTable, entry_ids: Sequence[int]) -> None:
        """A table opened for members of a queue: it waits for their Ready, and their
        places are given up, in one transaction."""
        await self._apply_all(
            [
                (
                    f"INSERT INTO queue_tables ({TABLE_COLUMNS}) VALUES (?, ?, ?, ?, ?)",
                    (
                        table.match_id,
                        table.guild_id,
                        table.due_at,
                        json.dumps(list(table.ready)),
                        table.message_id,
                    ),
                ),
                (
                    f"DELETE FROM queue_entries WHERE {self.dialect.in_list('id')}",
                    (self.dialect.listed(entry_ids),),
                ),
            ]
        )

    async def set_queue_table(self, table: QueueTable) -> None:
        """Who pressed Ready and the message that asks, as they are now."""
        await self._apply(
            "UPDATE queue_tables SET ready = ?, message_id = ? WHERE match_id = ?",
            (json.dumps(list(table.ready)), table.message_id, table.match_id),
        )

    async def drop_queue_table(self, match_id: int) -> None:
        await self._apply("DELETE FROM queue_tables WHERE match_id = ?", (match_id,))
