"""`python -m bot.backup DEST`: a consistent copy of the SQLite database, safe while the bot
runs. SQLite's online backup API copies one snapshot of the file; in WAL mode the bot goes on
writing meanwhile, and the copy holds every committed move up to that snapshot and nothing
half-written (copying the file with `cp` could tear a write and miss the -wal file).

`python -m bot.backup --restore BACKUP` puts a backup back at DATABASE_PATH through the same
API, so the database and its WAL stay one consistent whole (no stale -wal replayed over a
copied file). Stop the bot first: a running bot keeps its own copy of open matches, so a
restore refuses while a bot holds the database (its lock file, bot/storage/sqlite/holder.py).

PostgreSQL is backed up with pg_dump and restored with pg_restore (docs/HOSTING.md)."""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
from pathlib import Path

from dotenv import find_dotenv, load_dotenv

from bot.core.settings import DEFAULT_DATABASE
from bot.storage.errors import StorageError
from bot.storage.sqlite.database import newest_schema
from bot.storage.sqlite.holder import holding


class BackupError(Exception):
    """One line for the host: why nothing was copied."""


def _check(db: sqlite3.Connection, name: str) -> None:
    """Refuse anything but an intact database of this bot, at a schema it can run."""
    if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
        raise BackupError(f"{name} is damaged (PRAGMA quick_check failed).")
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if not {"matches", "meta"} <= tables:
        raise BackupError(f"{name} is not this bot's database.")
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version > newest_schema():
        raise BackupError(f"{name} has schema {version}, newer than this bot's.")


def _open_existing(path: Path, what: str) -> sqlite3.Connection:
    if not path.is_file():
        raise BackupError(f"no {what} at {str(path)!r}.")
    try:
        return sqlite3.connect(path, timeout=5.0)
    except sqlite3.Error as error:
        raise BackupError(f"can't open {str(path)!r}: {error}.") from None


def _make_folder(folder: Path) -> None:
    """The backup's folder, made if missing (`backups/` on a first backup)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise BackupError(f"can't make the folder {str(folder)!r}: {error.strerror}.") from None


def backup(source: Path, dest: Path) -> None:
    """Copy the database at `source` to a new file `dest` (never over an existing one)."""
    if dest.exists():
        raise BackupError(f"{str(dest)!r} exists; a backup never overwrites, choose a new name.")
    src = _open_existing(source, "database")
    try:
        _check(src, repr(str(source)))
        _make_folder(dest.parent)
        _copy(src, dest)
    except sqlite3.Error as error:
        raise BackupError(f"the backup failed: {error}.") from None
    finally:
        src.close()


def _copy(src: sqlite3.Connection, dest: Path) -> None:
    """One snapshot of `src` into the new file `dest`, which carries its name only whole."""
    partial = dest.with_name(dest.name + ".partial")
    try:
        with sqlite3.connect(partial) as copy:
            src.backup(copy)  # one step: one snapshot, while the bot's writes go to the WAL
            copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
            _check(copy, "the copy")
        copy.close()
        os.replace(partial, dest)
    finally:
        partial.unlink(missing_ok=True)


def restore(backup_file: Path, target: Path) -> None:
    """Replace the database at `target` (the bot stopped) with the backup's contents.
    Refused while a bot holds `target`; held meanwhile, so no bot starts on a half-restore."""
    src = _open_existing(backup_file, "backup")
    try:
        if target.parent.is_dir():
            with holding(target, "python -m bot.backup --restore"):
                _restore(src, backup_file, target)
        else:
            _restore(src, backup_file, target)
    except StorageError as error:  # held by a bot, or its lock file can't be opened
        raise BackupError(str(error)) from None
    finally:
        src.close()


def _restore(src: sqlite3.Connection, backup_file: Path, target: Path) -> None:
    try:
        _check(src, repr(str(backup_file)))
        _make_folder(target.parent)
        with sqlite3.connect(target, timeout=5.0) as db:
            src.backup(db)
            db.execute("PRAGMA journal_mode=WAL").fetchall()
            _check(db, "the restored database")
        db.close()
    except sqlite3.Error as error:
        raise BackupError(f"the restore failed: {error}.") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.backup", description=__doc__)
    parser.add_argument("file", type=Path, help="the backup to write (or, with --restore, read)")
    parser.add_argument("--restore", action="store_true", help="put FILE back as the database")
    parser.add_argument("--database", type=Path, help="default: DATABASE_PATH from .env")
    args = parser.parse_args(argv)
    load_dotenv(find_dotenv(usecwd=True))
    if os.environ.get("DATABASE_URL", "").strip():
        print("error: DATABASE_URL is set: back PostgreSQL up with pg_dump.", file=sys.stderr)
        return 2
    configured = os.environ.get("DATABASE_PATH", "").strip()
    database = args.database or Path(configured or DEFAULT_DATABASE)
    try:
        if args.restore:
            restore(args.file, database)
        else:
            backup(database, args.file)
    except BackupError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    done = f"restored {args.file} into {database}" if args.restore else f"backed up to {args.file}"
    print(done)
    return 0
