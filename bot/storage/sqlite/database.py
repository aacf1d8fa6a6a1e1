"""Opening the SQLite file: start-up checks, pragmas, numbered migrations, the marker
that tells a missing database from a first start."""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from bot.storage.errors import (
    DatabaseMissing,
    ReadOnlyDatabase,
    SchemaTooNew,
    StorageBusy,
    StorageError,
)
from bot.storage.sqlite.upgrades import PYTHON_STEPS

log = logging.getLogger(__name__)


Migration = str | Callable[[sqlite3.Connection], None]
"""A numbered migration: an SQL script from bot/migrations/, or a Python step (upgrades.py)
for what SQL can't compute, such as ratings."""


def _migrations() -> list[tuple[int, Migration]]:
    folder = resources.files("bot") / "migrations"
    found: list[tuple[int, Migration]] = list(PYTHON_STEPS.items())
    for item in folder.iterdir():
        if item.name.endswith(".sql"):
            found.append((int(item.name.split("_", 1)[0]), item.read_text(encoding="utf-8")))
    return sorted(found, key=lambda migration: migration[0])


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


def file_identity(path: Path) -> tuple[int, int]:
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
    # An empty file is no database either: SQLite would start afresh in it without a word.
    empty = path.exists() and path.is_file() and path.stat().st_size == 0
    created = empty or not path.exists()
    if created:
        signs = _held_data(path)
        if signs and not create:
            how = "empty (0 bytes)" if empty else "missing"
            raise DatabaseMissing(
                f"the database {str(path)!r} is {how}, but its folder held this bot's data "
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
        return Opened(db, created, instance, file_identity(path))
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
    for number, migration in _migrations():
        if number <= current:
            continue
        if callable(migration):
            db.execute("BEGIN IMMEDIATE")
            try:
                migration(db)
                db.execute(f"PRAGMA user_version = {number}")
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        else:
            # executescript commits on its own; the version bump rides in the same script.
            db.executescript(
                f"BEGIN IMMEDIATE;\n{migration}\nPRAGMA user_version = {number};\nCOMMIT;"
            )
        if db.execute("PRAGMA foreign_key_check").fetchall():
            raise StorageError(f"migration {number} left rows pointing at missing matches.")


def _write_marker(path: Path, instance: str) -> None:
    marker = marker_of(path)
    with contextlib.suppress(OSError):
        if not marker.exists() or marker.read_text(encoding="utf-8").strip() != instance:
            marker.write_text(instance + "\n", encoding="utf-8")
