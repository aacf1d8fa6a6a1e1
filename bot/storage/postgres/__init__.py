"""The PostgreSQL backend: one database shared by several processes, through a pool."""

from bot.storage.postgres.standings_store import PostgresStandings
from bot.storage.postgres.store import PostgresStorage

__all__ = ["PostgresStandings", "PostgresStorage"]
