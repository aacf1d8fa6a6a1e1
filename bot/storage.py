"""SQLite storage through aiosqlite: matches, their events, deadlines and results.

One connection per bot, WAL mode, numbered migrations from `bot/migrations/`. Every write
runs in one explicit transaction under an asyncio lock, because coroutines share the
connection and SQLite transactions must not interleave on it.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

from engines.base import Event

OPEN_STATUSES = ("lobby", "playing")

# One SQL statement with its parameters; a list of parameter tuples means executemany.
Statement = tuple[str, Sequence[Any] | list[tuple[Any, ...]]]


class ChannelBusy(Exception):
    """The channel already has an open match (the database's unique index said so)."""


class StaleMatch(Exception):
    """The match changed since it was loaded; the caller must reload it."""


@dataclass(slots=True)
class Seat:
    """A place at the table: a member (user_id) or an AI seat (ai = its level)."""

    name: str
    user_id: int | None = None
    ai: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "user_id": self.user_id, "ai": self.ai}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Seat:
        return cls(raw["name"], raw.get("user_id"), raw.get("ai"))


@dataclass(slots=True)
class MatchRecord:
    id: int
    guild_id: int
    channel_id: int
    game: str
    host_id: int
    status: str
    version: int
    seats: list[Seat]
    options: dict[str, Any]
    state: dict[str, Any] | None
    extra: dict[str, Any] = field(default_factory=dict)
    message_id: int | None = None
    message_at: float | None = None
    ended_reason: str | None = None
    created_at: float = 0.0
    updated_at: float = 0.0

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None


@dataclass(frozen=True, slots=True)
class Deadline:
    match_id: int
    kind: str
    version: int
    due_at: float


@dataclass(frozen=True, slots=True)
class ResultRow:
    user_id: int
    seat: int
    score: int
    won: bool


@dataclass(frozen=True, slots=True)
class PlayerStats:
    user_id: int
    games: int
    wins: int
    best: int
    recent: str  # "WLW…", newest first

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


_MATCH_COLUMNS = (
    "id, guild_id, channel_id, game, host_id, status, version, seats, options, state, extra, "
    "message_id, message_at, ended_reason, created_at, updated_at"
)


def _record(row: Sequence[Any]) -> MatchRecord:
    return MatchRecord(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        game=row[3],
        host_id=row[4],
        status=row[5],
        version=row[6],
        seats=[Seat.from_dict(s) for s in json.loads(row[7])],
        options=json.loads(row[8]),
        state=json.loads(row[9]) if row[9] is not None else None,
        extra=json.loads(row[10]),
        message_id=row[11],
        message_at=row[12],
        ended_reason=row[13],
        created_at=row[14],
        updated_at=row[15],
    )


def _migrations() -> list[tuple[int, str]]:
    folder = resources.files("bot") / "migrations"
    found = []
    for item in folder.iterdir():
        if item.name.endswith(".sql"):
            found.append((int(item.name.split("_", 1)[0]), item.read_text(encoding="utf-8")))
    return sorted(found)


class Storage:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str) -> Storage:
        """Open (creating if needed) the database file and bring its schema up to date."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            for pragma in (
                "journal_mode=WAL",
                "synchronous=NORMAL",
                "foreign_keys=ON",
                "busy_timeout=5000",
            ):
                async with db.execute(f"PRAGMA {pragma}") as cursor:
                    await cursor.fetchall()  # a PRAGMA with a result row stays open until read
            storage = cls(db)
            await storage._migrate()
        except BaseException:
            await db.close()
            raise
        return storage

    async def close(self) -> None:
        await self._db.close()

    async def _migrate(self) -> None:
        async with self._db.execute("PRAGMA user_version") as cursor:
            current = (await cursor.fetchone())[0]
        for number, script in _migrations():
            if number <= current:
                continue
            # executescript commits on its own; the version bump rides in the same script.
            await self._db.executescript(
                f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;"
            )

    async def _write(
        self, statements: Iterable[Statement], *, guard_first: bool = False
    ) -> list[int | None]:
        """Run statements in one transaction; return each statement's lastrowid.

        A statement whose parameters are a list of tuples runs once per tuple (executemany).
        With `guard_first`, the first statement must change exactly one row (an optimistic
        version check), or everything is rolled back and StaleMatch raised.
        """
        statements = list(statements)
        ids: list[int | None] = []
        single = len(statements) == 1 and not isinstance(statements[0][1], list)
        async with self._lock:
            if single:  # one statement is atomic by itself: spare the BEGIN and COMMIT trips
                sql, params = statements[0]
                cursor = await self._db.execute(sql, params)
                if guard_first and cursor.rowcount != 1:
                    raise StaleMatch(params[-2])
                return [cursor.lastrowid]
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                for index, (sql, params) in enumerate(statements):
                    if isinstance(params, list):
                        await self._db.executemany(sql, params)
                        ids.append(None)
                        continue
                    # Writes leave no rows pending, so the cursor needs no closing round trip.
                    cursor = await self._db.execute(sql, params)
                    if guard_first and index == 0 and cursor.rowcount != 1:
                        raise StaleMatch(params[-2])
                    ids.append(cursor.lastrowid)
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")
        return ids

    async def _read(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        async with self._lock, self._db.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

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
        try:
            (match_id,) = await self._write([insert])
        except sqlite3.IntegrityError:
            raise ChannelBusy(channel_id) from None
        assert match_id is not None
        record = await self.get_match(match_id)
        assert record is not None
        return record

    async def get_match(self, match_id: int) -> MatchRecord | None:
        rows = await self._read(f"SELECT {_MATCH_COLUMNS} FROM matches WHERE id = ?", (match_id,))
        return _record(rows[0]) if rows else None

    async def open_match_in_channel(self, channel_id: int) -> MatchRecord | None:
        rows = await self._read(
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE channel_id = ? "
            "AND status IN ('lobby', 'playing')",
            (channel_id,),
        )
        return _record(rows[0]) if rows else None

    async def open_matches(self, guild_id: int | None = None) -> list[MatchRecord]:
        where = "status IN ('lobby', 'playing')"
        params: tuple[Any, ...] = ()
        if guild_id is not None:
            where += " AND guild_id = ?"
            params = (guild_id,)
        rows = await self._read(
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE {where} ORDER BY id", params
        )
        return [_record(r) for r in rows]

    async def save(
        self,
        record: MatchRecord,
        *,
        expected_version: int,
        now: float,
        events: Sequence[Event] = (),
        deadline: Deadline | None = None,
        results: Sequence[ResultRow] = (),
    ) -> None:
        """Write the match, its new events, its deadline (or none) and any results at once.

        Raises StaleMatch if someone else saved the match since `expected_version`.
        """
        record.updated_at = now
        statements: list[Statement] = [
            (
                "UPDATE matches SET status = ?, version = ?, seats = ?, options = ?, state = ?, "
                "extra = ?, message_id = ?, message_at = ?, ended_reason = ?, updated_at = ?, "
                "due_kind = ?, due_version = ?, due_at = ? WHERE id = ? AND version = ?",
                (
                    record.status,
                    record.version,
                    json.dumps([s.to_dict() for s in record.seats]),
                    json.dumps(record.options),
                    json.dumps(record.state) if record.state is not None else None,
                    json.dumps(record.extra),
                    record.message_id,
                    record.message_at,
                    record.ended_reason,
                    now,
                    deadline.kind if deadline else None,
                    deadline.version if deadline else None,
                    deadline.due_at if deadline else None,
                    record.id,
                    expected_version,
                ),
            ),
        ]
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
            statements.append(
                (
                    "INSERT OR REPLACE INTO results (match_id, guild_id, game, user_id, seat, "
                    "score, won, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        (
                            record.id,
                            record.guild_id,
                            record.game,
                            r.user_id,
                            r.seat,
                            r.score,
                            r.won,
                            now,
                        )
                        for r in results
                    ],
                )
            )
        await self._write(statements, guard_first=True)

    async def set_message(self, match_id: int, message_id: int | None, posted_at: float) -> None:
        """Remember the table message; not a move, so the version stays."""
        await self._write(
            [
                (
                    "UPDATE matches SET message_id = ?, message_at = ? WHERE id = ?",
                    (message_id, posted_at, match_id),
                )
            ]
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

    # -- results -------------------------------------------------------------------------

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[PlayerStats]:
        rows = await self._read(
            "SELECT user_id, COUNT(*), SUM(won), MAX(score) FROM results "
            "WHERE guild_id = ? AND game = ? GROUP BY user_id "
            "ORDER BY SUM(won) DESC, CAST(SUM(won) AS REAL) / COUNT(*) DESC, MAX(score) DESC "
            "LIMIT ?",
            (guild_id, game, limit),
        )
        return [
            PlayerStats(r[0], r[1], r[2], r[3], await self._recent(guild_id, game, r[0]))
            for r in rows
        ]

    async def player_stats(self, guild_id: int, user_id: int) -> dict[str, PlayerStats]:
        rows = await self._read(
            "SELECT game, COUNT(*), SUM(won), MAX(score) FROM results "
            "WHERE guild_id = ? AND user_id = ? GROUP BY game ORDER BY game",
            (guild_id, user_id),
        )
        return {
            r[0]: PlayerStats(
                user_id, r[1], r[2], r[3], await self._recent(guild_id, r[0], user_id)
            )
            for r in rows
        }

    async def _recent(self, guild_id: int, game: str, user_id: int, count: int = 5) -> str:
        rows = await self._read(
            "SELECT won FROM results WHERE guild_id = ? AND game = ? AND user_id = ? "
            "ORDER BY finished_at DESC, match_id DESC LIMIT ?",
            (guild_id, game, user_id, count),
        )
        return "".join("W" if r[0] else "L" for r in rows)
