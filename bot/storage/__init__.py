"""Storage: matches, their events, deadlines, results and settings, behind one door per
thing kept (doors.py; `Store` in interface.py is them all, for the composition root) with
two backends, each in its folder: SQLite (sqlite/, the default) and PostgreSQL
(postgres/). Here: the doors, the records and what both backends share. Everything the
application uses is importable from this package."""

from bot.storage.doors import Doors, Standings
from bot.storage.errors import (
    DatabaseGone,
    DatabaseMissing,
    ReadOnlyDatabase,
    SchemaTooNew,
    StaleMatch,
    StorageBusy,
    StorageError,
)
from bot.storage.interface import Store
from bot.storage.match_fields import (
    OPEN_STATUSES,
    EndReason,
    MatchExtra,
    MatchStatus,
    TournamentTable,
)
from bot.storage.postgres import PostgresStorage
from bot.storage.postgres.identify import IDENTIFY_WINDOW, IdentifyGate
from bot.storage.records import (
    Deadline,
    HeldNotice,
    MatchRecord,
    NewMatch,
    OpenBrief,
    ResultRow,
    Seat,
    TurnDue,
    TurnNotice,
)
from bot.storage.sqlite import Storage
from bot.storage.sqlite.database import marker_of, newest_schema
from bot.storage.standings_data import (
    ALL_TIME,
    EXPORT_COLUMNS,
    EndHow,
    ExportRow,
    HallEntry,
    MatchSummary,
    RatingRow,
    Season,
    SeatKind,
    SeatResult,
    TrendPoint,
)
from bot.storage.tournament_records import LIVE_STATES, Podium, TournamentRecord

__all__ = [
    "ALL_TIME",
    "EXPORT_COLUMNS",
    "IDENTIFY_WINDOW",
    "LIVE_STATES",
    "OPEN_STATUSES",
    "DatabaseGone",
    "DatabaseMissing",
    "Deadline",
    "Doors",
    "EndHow",
    "EndReason",
    "ExportRow",
    "HallEntry",
    "HeldNotice",
    "IdentifyGate",
    "MatchExtra",
    "MatchRecord",
    "MatchStatus",
    "MatchSummary",
    "NewMatch",
    "OpenBrief",
    "Podium",
    "PostgresStorage",
    "RatingRow",
    "ReadOnlyDatabase",
    "ResultRow",
    "SchemaTooNew",
    "Season",
    "Seat",
    "SeatKind",
    "SeatResult",
    "StaleMatch",
    "Standings",
    "Storage",
    "StorageBusy",
    "StorageError",
    "Store",
    "TournamentRecord",
    "TournamentTable",
    "TrendPoint",
    "TurnDue",
    "TurnNotice",
    "marker_of",
    "newest_schema",
]
