"""Storage: matches, their events, deadlines and results, behind one interface (Store) with
two backends: SQLite (store.py, the default) and PostgreSQL (postgres.py). Everything the
application uses is importable here."""

from bot.storage.database import marker_of, newest_schema
from bot.storage.errors import (
    ChannelBusy,
    DatabaseGone,
    DatabaseMissing,
    ReadOnlyDatabase,
    SchemaTooNew,
    StaleMatch,
    StorageBusy,
    StorageError,
)
from bot.storage.interface import Store
from bot.storage.opening import open_storage, where
from bot.storage.postgres import PostgresStorage
from bot.storage.records import (
    OPEN_STATUSES,
    Deadline,
    MatchRecord,
    OpenBrief,
    PlayerStats,
    ResultRow,
    Seat,
    TurnDue,
)
from bot.storage.store import Storage

__all__ = [
    "OPEN_STATUSES",
    "ChannelBusy",
    "DatabaseGone",
    "DatabaseMissing",
    "Deadline",
    "MatchRecord",
    "OpenBrief",
    "PlayerStats",
    "PostgresStorage",
    "ReadOnlyDatabase",
    "ResultRow",
    "SchemaTooNew",
    "Seat",
    "StaleMatch",
    "Storage",
    "StorageBusy",
    "StorageError",
    "Store",
    "TurnDue",
    "marker_of",
    "newest_schema",
    "open_storage",
    "where",
]
