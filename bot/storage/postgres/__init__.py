"""The PostgreSQL backend: one database shared by several processes, through a pool."""

from bot.storage.postgres.store import PostgresStorage

__all__ = ["PostgresStorage"]
