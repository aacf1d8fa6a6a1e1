"""The SQLite backend (the default): one file, a reader connection and one writer thread."""

from bot.storage.sqlite.standings_store import SqliteStandings
from bot.storage.sqlite.store import Storage

__all__ = ["SqliteStandings", "Storage"]
