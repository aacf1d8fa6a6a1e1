"""SQLite storage: matches, their events, deadlines and results (see store.py for how
reads and writes are kept apart). Everything the application uses is importable here."""

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
    "ReadOnlyDatabase",
    "ResultRow",
    "SchemaTooNew",
    "Seat",
    "StaleMatch",
    "Storage",
    "StorageBusy",
    "StorageError",
    "TurnDue",
    "marker_of",
    "newest_schema",
]
