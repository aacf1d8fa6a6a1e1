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
import contextlib
import json
import logging
import os
import queue
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

from engines.base import Event

log = logging.getLogger(__name__)

OPEN_STATUSES = ("lobby", "playing")
WRITE_WAIT = 1.5  # seconds a write may wait for the database before it fails as busy
READ_BUSY_MS = 1500

# One SQL statement with its parameters; a list of parameter tuples means executemany.
Statement = tuple[str, Sequence[Any] | list[tuple[Any, ...]]]


class StorageError(Exception):
    """A write failed and was rolled back, or the database can't be used; nothing changed.

    The message is one line for the person hosting the bot (no SQL, no game data)."""


class StorageBusy(StorageError):
    """Another connection held the database longer than `WRITE_WAIT`."""

    def __init__(self) -> None:
        super().__init__("busy")


class ReadOnlyDatabase(StorageError):
    """The database file or its folder can't be written."""


class DatabaseGone(StorageError):
    """The database file was deleted or replaced while the bot ran."""


class DatabaseMissing(StorageError):
    """No database at a path that held this bot's data before; the host must choose."""


class SchemaTooNew(StorageError):
    """The database was written by a newer version of the bot."""


class StaleMatch(StorageError):
    """The match changed since it was loaded; the caller must reload it."""


class ChannelBusy(Exception):
    """The channel already has an open match (the database's unique index said so)."""


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
    # Why the match can't be played (None: it can). A column that could not be read keeps
    # its stored text in `raw` and its field empty; saving such a record leaves them alone.
    quarantine: str | None = None
    raw: dict[str, str] = field(default_factory=dict)
    # The database the record was read from (its instance id); not stored in the row.
    database: str = ""

    @property
    def ref(self) -> str:
        """The match as buttons name it: its id and its database, so a button never reaches
        a match of another database that happens to reuse the id."""
        return f"{self.id}.{self.database}" if self.database else str(self.id)

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
class OpenBrief:
    """What re-arming an open match's timer needs, read without its game state."""

    id: int
    status: str
    version: int
    seats: list[Seat]
    deadline: Deadline | None
    quarantine: str | None

    @property
    def needs_game(self) -> bool:
        """Only a game with an AI seat must be loaded to know whether the AI moves next."""
        return self.status == "playing" and any(seat.ai for seat in self.seats)


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
    "message_id, message_at, ended_reason, created_at, updated_at, quarantine"
)


def _seats(value: Any) -> list[Seat]:
    if not isinstance(value, list):
        raise TypeError("not a list")
    return [Seat.from_dict(raw) for raw in value]


def _mapping(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise TypeError("not an object")
    return value


def _state(value: Any) -> dict[str, Any] | None:
    return None if value is None else _mapping(value)


_JSON_COLUMNS: tuple[tuple[int, str, Callable[[Any], Any], Callable[[], Any]], ...] = (
    (7, "seats", _seats, list),
    (8, "options", _mapping, dict),
    (9, "state", _state, lambda: None),
    (10, "extra", _mapping, dict),
)


def _parse(name: str, text: Any, convert: Callable[[Any], Any]) -> tuple[Any, str | None]:
    """The column's value, or (None, the reason it can't be read)."""
    try:
        return convert(json.loads(text) if text is not None else None), None
    except json.JSONDecodeError as error:
        return None, f"{name}_json: invalid JSON at line {error.lineno} column {error.colno}"
    except (TypeError, KeyError, AttributeError, ValueError) as error:
        return None, f"{name}_json: unexpected shape ({type(error).__name__})"


def _record(row: Sequence[Any]) -> MatchRecord:
    """A record from a row; a column that can't be read is kept as raw text in `raw`, its
    field left empty, and the record marked as quarantined with the first reason."""
    values: dict[str, Any] = {}
    raw: dict[str, str] = {}
    reason: str | None = row[16]
    for index, name, convert, empty in _JSON_COLUMNS:
        value, problem = _parse(name, row[index], convert)
        if problem is not None:
            raw[name], value = str(row[index]), empty()
            reason = reason or problem
        values[name] = value
    return MatchRecord(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        game=row[3],
        host_id=row[4],
        status=row[5],
        version=row[6],
        message_id=row[11],
        message_at=row[12],
        ended_reason=row[13],
        created_at=row[14],
        updated_at=row[15],
        quarantine=reason,
        raw=raw,
        **values,
    )


def _match_update(
    record: MatchRecord, expected_version: int, now: float, deadline: Deadline | None
) -> Statement:
    """The UPDATE of a match row, guarded by its version (the last parameter but one)."""
    due = (deadline.kind, deadline.version, deadline.due_at) if deadline else (None, None, None)
    tail = (record.id, expected_version)
    if record.quarantine is not None:
        return (
            "UPDATE matches SET status = ?, version = ?, message_id = ?, message_at = ?, "
            "ended_reason = ?, updated_at = ?, due_kind = ?, due_version = ?, due_at = ? "
            "WHERE id = ? AND version = ?",
            (
                record.status,
                record.version,
                record.message_id,
                record.message_at,
                record.ended_reason,
                now,
                *due,
                *tail,
            ),
        )
    return (
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
            *due,
            *tail,
        ),
    )


def _migrations() -> list[tuple[int, str]]:
    folder = resources.files("bot") / "migrations"
    found = []
    for item in folder.iterdir():
        if item.name.endswith(".sql"):
            found.append((int(item.name.split("_", 1)[0]), item.read_text(encoding="utf-8")))
    return sorted(found)


def newest_schema() -> int:
    return _migrations()[-1][0]


def _error_code(error: sqlite3.Error) -> int:
    return getattr(error, "sqlite_errorcode", 0) & 0xFF


def translate(error: sqlite3.Error, path: Path | str) -> StorageError:
    """One line for the host about a failed SQLite call (never SQL or data)."""
    code = _error_code(error)
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return StorageBusy()
    if code == sqlite3.SQLITE_READONLY:
        return ReadOnlyDatabase(f"the database {str(path)!r} is read-only ({error}).")
    if code == sqlite3.SQLITE_CANTOPEN:
        return ReadOnlyDatabase(
            f"the database {str(path)!r} can't be opened for writing ({error}): the file or "
            "its folder is read-only or missing; the bot needs to write both."
        )
    if code in (sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT):
        return StorageError(f"{str(path)!r} is not a usable database ({error}).")
    return StorageError(f"the database {str(path)!r} failed: {error}.")


def marker_of(path: Path) -> Path:
    """A small file beside the database saying this folder holds the bot's data."""
    return path.with_name(path.name + ".id")


def _held_data(path: Path) -> list[Path]:
    """Files showing that a database lived at `path` before (its marker, its WAL files)."""
    signs = [marker_of(path), path.with_name(path.name + "-wal")]
    signs.append(path.with_name(path.name + "-shm"))
    return [sign for sign in signs if sign.exists()]


@dataclass(frozen=True, slots=True)
class Opened:
    connection: sqlite3.Connection
    created: bool
    instance: str
    identity: tuple[int, int]


def _identity(path: Path) -> tuple[int, int]:
    info = os.stat(path)
    return info.st_dev, info.st_ino


def open_database(
    path: Path | str,
    *,
    create: bool = False,
    factory: type[sqlite3.Connection] = sqlite3.Connection,
) -> Opened:
    """Open the writer's connection: refuse a database that is read-only, newer than this
    bot, or missing where data was before (unless `create`); bring the schema up to date."""
    path = Path(path)
    created = not path.exists()
    if created:
        signs = _held_data(path)
        if signs and not create:
            raise DatabaseMissing(
                f"the database {str(path)!r} is missing, but its folder held this bot's data "
                f"({signs[0].name}); restore it, or set CREATE_DATABASE=1 to start a new one."
            )
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise ReadOnlyDatabase(f"can't create the folder for {str(path)!r}: {error}.") from None
    try:
        db = sqlite3.connect(
            path, isolation_level=None, check_same_thread=False, timeout=5.0, factory=factory
        )
    except sqlite3.Error as error:
        raise translate(error, path) from None
    try:
        _set_up(db, path)
        instance = db.execute("SELECT value FROM meta WHERE key = 'instance'").fetchone()[0]
        _write_marker(path, instance)
        return Opened(db, created, instance, _identity(path))
    except sqlite3.Error as error:
        db.close()
        raise translate(error, path) from None
    except BaseException:
        db.close()
        raise


def _set_up(db: sqlite3.Connection, path: Path) -> None:
    for pragma in ("journal_mode=WAL", "synchronous=NORMAL"):
        db.execute(f"PRAGMA {pragma}").fetchall()
    current = db.execute("PRAGMA user_version").fetchone()[0]
    newest = newest_schema()
    if current > newest:
        raise SchemaTooNew(
            f"the database {str(path)!r} has schema {current}, newer than this bot's "
            f"({newest}); run the newer bot, or restore a backup made for this one."
        )
    _migrate(db, current)
    # A real write at every start, so a read-only file or folder is found now, not at the
    # first move (SQLite opens a file it can't write as read-only without a word).
    db.execute("BEGIN IMMEDIATE")
    db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('opened_at', ?)", (time.time(),))
    db.execute("COMMIT")
    db.execute("PRAGMA foreign_keys=ON").fetchall()


def _migrate(db: sqlite3.Connection, current: int) -> None:
    # A migration may rebuild a table others refer to: foreign keys are checked after it.
    db.execute("PRAGMA foreign_keys=OFF").fetchall()
    for number, script in _migrations():
        if number <= current:
            continue
        # executescript commits on its own; the version bump rides in the same script.
        db.executescript(f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")
        if db.execute("PRAGMA foreign_key_check").fetchall():
            raise StorageError(f"migration {number} left rows pointing at missing matches.")


def _write_marker(path: Path, instance: str) -> None:
    marker = marker_of(path)
    with contextlib.suppress(OSError):
        if not marker.exists() or marker.read_text(encoding="utf-8").strip() != instance:
            marker.write_text(instance + "\n", encoding="utf-8")


@dataclass(slots=True)
class _Job:
    """One caller's write: statements that commit together or not at all."""

    statements: list[Statement]
    future: asyncio.Future[list[int | None]]
    key: int | None = None  # the match it writes; two jobs on one match never share a batch
    guarded: bool = False  # the first statement must change exactly one row
    conflict: Exception | None = None  # raised instead of an IntegrityError
    want_id: bool = False  # it needs its statements' row ids, so it runs on its own
    # time.perf_counter() by which its transaction must have begun (not time.monotonic(),
    # which a simulated clock may move)
    deadline: float = 0.0


class _Failed(Exception):
    """Inside a batch: one job's write did not apply; the batch is redone one by one."""


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


class _Writer:
    """The one thread that writes: takes every job waiting, commits them together."""

    def __init__(self, opened: Opened, path: Path, loop: asyncio.AbstractEventLoop) -> None:
        self._db = opened.connection
        self._db.execute("PRAGMA busy_timeout=20").fetchall()
        self.path = path
        self._identity = opened.identity
        self._loop = loop
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._held: list[_Job] = []
        self._thread = threading.Thread(target=self._run, name="storage-writer", daemon=True)
        self._thread.start()

    def submit(self, job: _Job) -> None:
        self._jobs.put(job)

    def stop(self) -> None:
        self._jobs.put(None)
        self._thread.join()
        self._db.close()

    def _run(self) -> None:
        while True:
            batch = self._next_batch()
            if batch is None:
                return
            self._run_batch(batch)

    def _next_batch(self) -> list[_Job] | None:
        """Jobs held back from the last batch, then all that wait now (one per match)."""
        waiting, self._held = self._held, []
        if not waiting:
            first = self._jobs.get()
            if first is None:
                return None
            waiting.append(first)
        with contextlib.suppress(queue.Empty):
            while True:
                job = self._jobs.get_nowait()
                if job is None:
                    self._jobs.put(None)  # stop after this batch
                    break
                waiting.append(job)
        batch: list[_Job] = []
        keys: set[int] = set()
        for job in waiting:
            if job.key is not None and job.key in keys:
                self._held.append(job)
                continue
            if job.key is not None:
                keys.add(job.key)
            batch.append(job)
        return batch

    def _finish(self, job: _Job, result: Any = None, error: BaseException | None = None) -> None:
        with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits
            self._loop.call_soon_threadsafe(_settle, job.future, result, error)

    def _run_batch(self, batch: list[_Job]) -> None:
        now = time.perf_counter()
        late = [job for job in batch if job.deadline < now]
        for job in late:
            self._finish(job, error=StorageBusy())
        batch = [job for job in batch if job.deadline >= now]
        if not batch:
            return
        try:
            self._begin(min(job.deadline for job in batch))
        except StorageError as error:
            for job in batch:
                self._finish(job, error=error)
            return
        try:
            results = self._apply(batch)
            self._db.execute("COMMIT")
        except (sqlite3.Error, _Failed) as error:
            self._rollback()
            if len(batch) > 1:
                for job in batch:  # only the job at fault may fail
                    self._run_batch([job])
                return
            self._finish(batch[0], error=self._error_for(batch[0], error))
            return
        for job, result in zip(batch, results, strict=True):
            self._finish(job, result)

    def _begin(self, deadline: float) -> None:
        """BEGIN IMMEDIATE, retried while another connection writes, until `deadline`."""
        while True:
            self._check_file()
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as error:
                failure = translate(error, self.path)
                if not isinstance(failure, StorageBusy):
                    raise failure from None
                if time.perf_counter() >= deadline:
                    raise failure from None
                time.sleep(0.01)
                continue
            try:
                self._check_file()
            except StorageError:
                self._rollback()
                raise
            return

    def _check_file(self) -> None:
        """Refuse to write into a file that is no longer at the path (deleted or replaced):
        SQLite would go on writing to the unlinked file and lose it all at the next start."""
        try:
            same = _identity(self.path) == self._identity
        except OSError:
            same = False
        if not same:
            raise DatabaseGone(
                f"the database {str(self.path)!r} was deleted or replaced while the bot ran; "
                "nothing more is saved until it is restored and the bot restarted."
            )

    def _rollback(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._db.execute("ROLLBACK")

    def _error_for(self, job: _Job, error: BaseException) -> BaseException:
        if isinstance(error, _Failed):
            return error.args[0]
        if isinstance(error, sqlite3.IntegrityError) and job.conflict is not None:
            return job.conflict
        assert isinstance(error, sqlite3.Error)
        return translate(error, self.path)

    def _apply(self, batch: list[_Job]) -> list[list[int | None]]:
        """Run the batch's statements, the same statement of every job as one executemany.

        A job that needs row ids runs on its own; a guarded statement that did not change
        exactly one row per job fails the batch, which is then redone job by job."""
        results: list[list[int | None]] = [[] for _ in batch]
        grouped: dict[str, list[tuple[Any, ...]]] = {}
        guarded: dict[str, int] = {}
        for index, job in enumerate(batch):
            if len(batch) == 1 or job.want_id:
                results[index] = self._apply_one(job)
                continue
            for position, (sql, params) in enumerate(job.statements):
                rows = grouped.setdefault(sql, [])
                rows.extend(params if isinstance(params, list) else [tuple(params)])
                if position == 0 and job.guarded:
                    guarded[sql] = guarded.get(sql, 0) + 1
                results[index].append(None)
        for sql, rows in grouped.items():
            cursor = self._db.executemany(sql, rows)
            if sql in guarded and cursor.rowcount != guarded[sql]:
                raise _Failed(StorageError("a batch met a stale match"))
        return results

    def _apply_one(self, job: _Job) -> list[int | None]:
        ids: list[int | None] = []
        for position, (sql, params) in enumerate(job.statements):
            if isinstance(params, list):
                self._db.executemany(sql, params)
                ids.append(None)
                continue
            cursor = self._db.execute(sql, params)
            if position == 0 and job.guarded and cursor.rowcount != 1:
                raise _Failed(StaleMatch(params[-2]))
            ids.append(cursor.lastrowid)
        return ids


class Storage:
    """The bot's database: reads on their own connection, writes through one writer thread."""

    def __init__(self, reader: aiosqlite.Connection, writer: _Writer, opened: Opened) -> None:
        self._reader = reader
        self._writer: _Writer | None = writer
        self.created = opened.created
        self.instance = opened.instance  # ≤ 8 characters, random per database file
        self._reported: set[int] = set()
        self._path = writer.path

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
        writer = _Writer(opened, path, asyncio.get_running_loop())
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
        statements: list[Statement],
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
        job = _Job(
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
        record = _record(row)
        record.database = self.instance
        if record.quarantine is not None and record.id not in self._reported:
            self._reported.add(record.id)
            log.warning("match %s is quarantined: %s", record.id, record.quarantine)
        return record

    async def quarantine(self, match_id: int, reason: str) -> None:
        """Mark a match that can't be loaded; it is kept as it is, for a person to look at."""
        reason = reason.replace("\n", " ")[:300]
        await self._write(
            [("UPDATE matches SET quarantine = ? WHERE id = ?", (reason, match_id))],
            key=match_id,
        )
        if match_id not in self._reported:
            self._reported.add(match_id)
            log.warning("match %s is quarantined: %s", match_id, reason)

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
        rows = await self._read(f"SELECT {_MATCH_COLUMNS} FROM matches WHERE id = ?", (match_id,))
        return self._to_record(rows[0]) if rows else None

    async def open_match_in_channel(self, channel_id: int) -> MatchRecord | None:
        rows = await self._read(
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE channel_id = ? "
            "AND status IN ('lobby', 'playing')",
            (channel_id,),
        )
        return self._to_record(rows[0]) if rows else None

    async def open_matches(self, guild_id: int | None = None) -> list[MatchRecord]:
        where = "status IN ('lobby', 'playing')"
        params: tuple[Any, ...] = ()
        if guild_id is not None:
            where += " AND guild_id = ?"
            params = (guild_id,)
        rows = await self._read(
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE {where} ORDER BY id", params
        )
        return [self._to_record(r) for r in rows]

    async def open_briefs(self) -> list[OpenBrief]:
        """Every open match's seats, version and deadline: enough to re-arm its timer."""
        rows = await self._read(
            "SELECT id, status, version, seats, quarantine, due_kind, due_version, due_at "
            "FROM matches WHERE status IN ('lobby', 'playing') ORDER BY id"
        )
        briefs = []
        for row in rows:
            seats, problem = _parse("seats", row[3], _seats)
            deadline = Deadline(row[0], row[5], row[6], row[7]) if row[7] is not None else None
            briefs.append(
                OpenBrief(row[0], row[1], row[2], seats or [], deadline, row[4] or problem)
            )
        return briefs

    async def get_matches(self, match_ids: Sequence[int]) -> list[MatchRecord]:
        if not match_ids:
            return []
        rows = await self._read(
            f"SELECT {_MATCH_COLUMNS} FROM matches "
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
    ) -> None:
        """Write the match, its new events, its deadline (or none) and any results at once.

        Raises StaleMatch if someone else saved the match since `expected_version`, and
        StorageError (rolled back, nothing written) if the write failed. A quarantined
        record keeps its stored seats, options, state and extra as they are.
        """
        record.updated_at = now
        statements: list[Statement] = [_match_update(record, expected_version, now, deadline)]
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
