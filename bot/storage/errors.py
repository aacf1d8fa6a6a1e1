"""What can go wrong with the database, as exceptions the application can answer."""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)


class StorageError(Exception):
    """A write failed and was rolled back, or the database can't be used; nothing changed.

    The message is one line for the person hosting the bot (no SQL, no game data)."""


class StorageBusy(StorageError):
    """Another connection held the database longer than `WRITE_WAIT`."""

    def __init__(self) -> None:
        super().__init__("the database is busy: another connection held it too long")


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
