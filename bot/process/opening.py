"""Which backend the settings choose: PostgreSQL when DATABASE_URL is set, else SQLite."""

from __future__ import annotations

from bot.core.settings import Settings
from bot.storage.interface import Store
from bot.storage.postgres import PostgresStorage
from bot.storage.postgres.identify import IdentifyGate
from bot.storage.sqlite import Storage


async def open_storage(settings: Settings) -> Store:
    if settings.database_url is not None:
        return await PostgresStorage.open(settings.database_url)
    return await Storage.open(settings.database_path, create=settings.create_database)


def identify_gate(settings: Settings) -> IdentifyGate | None:
    """What spaces out the gateway identifies of every process on the database (PostgreSQL,
    where several processes run); None on SQLite: one process, discord.py's own wait."""
    return IdentifyGate(settings.database_url) if settings.database_url is not None else None


def where(settings: Settings) -> str:
    """The database named for the host's log, without a password."""
    if settings.database_url is None:
        return str(settings.database_path)
    return "PostgreSQL " + settings.database_url.split("@")[-1]
