"""Who holds a SQLite database: a lock file beside it (`<database>.lock`) that the running
bot keeps locked, and that `bot.backup --restore` and `bot.migrate_db` test before they
touch the file, so they refuse while a bot plays on it and say which one.

The lock is a POSIX record lock (`fcntl.lockf`): the kernel drops it when its process ends,
however it ends (a SIGKILL leaves no stale lock), and one process never conflicts with
itself, so a test that starts a second bot on the file in the same process still works.
The file holds one line naming the holder ("the bot, pid 1234"), read by whoever is refused.

Because a process's POSIX locks on a file go when any of its descriptors for that file is
closed, every hold in one process shares one descriptor, counted here.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import threading
from collections.abc import Iterator
from pathlib import Path

from bot.storage.errors import ReadOnlyDatabase, StorageError


class DatabaseHeld(StorageError):
    """Another process holds the database (its lock file is locked)."""


_guard = threading.Lock()
_held: dict[Path, tuple[int, int]] = {}  # lock file -> (descriptor, holds in this process)


def lock_file_of(database: Path) -> Path:
    return database.with_name(database.name + ".lock")


def _holder_of(fd: int) -> str:
    os.lseek(fd, 0, os.SEEK_SET)
    text = os.read(fd, 200).decode("utf-8", "replace").strip()
    return text or "another program"


def _open(lock: Path, owner_like: Path) -> int:
    created = not lock.exists()
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    if created and owner_like.exists():
        # Made by root (a restore run as root): keep it usable by the bot's own user.
        info = owner_like.stat()
        with contextlib.suppress(OSError):
            os.fchown(fd, info.st_uid, info.st_gid)
    return fd


def _unopenable(lock: Path, error: OSError) -> StorageError:
    if error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return ReadOnlyDatabase(
            f"the database's folder {str(lock.parent)!r} is read-only ({error.strerror}): "
            "the bot needs to write its files there."
        )
    return StorageError(f"can't open the lock file {str(lock)!r}: {error.strerror}.")


def hold(database: Path, holder: str) -> None:
    """Lock `database`'s lock file for this process, naming `holder` in it; raise
    DatabaseHeld naming the other holder if another process has it."""
    lock = lock_file_of(database).absolute()
    with _guard:
        if lock in _held:
            fd, count = _held[lock]
            _held[lock] = (fd, count + 1)
            return
        try:
            fd = _open(lock, database)
        except OSError as error:
            raise _unopenable(lock, error) from None
        try:
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            who = _holder_of(fd)
            os.close(fd)
            raise DatabaseHeld(
                f"the database {str(database)!r} is in use by {who} (it holds "
                f"{lock.name}); stop it first."
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{holder}, pid {os.getpid()}\n".encode(), 0)
        _held[lock] = (fd, 1)


def release(database: Path) -> None:
    """Give up one hold; the last one unlocks (the file stays, empty of meaning)."""
    lock = lock_file_of(database).absolute()
    with _guard:
        if lock not in _held:
            return
        fd, count = _held.pop(lock)
        if count > 1:
            _held[lock] = (fd, count - 1)
            return
        os.ftruncate(fd, 0)
        os.close(fd)  # closing drops the lock


@contextlib.contextmanager
def holding(database: Path, holder: str) -> Iterator[None]:
    """Hold the database for a tool's whole run (a restore, a migration)."""
    hold(database, holder)
    try:
        yield
    finally:
        release(database)
