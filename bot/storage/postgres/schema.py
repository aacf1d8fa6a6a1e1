"""PostgreSQL's numbered migrations (bot/migrations/postgresql/, the same numbers as
SQLite's)."""

from __future__ import annotations

from importlib import resources

import asyncpg

from bot.storage.errors import SchemaTooNew, StorageError
from bot.storage.sqlite.database import newest_schema

# Two processes starting at once: the second waits for the first's migrations, then finds
# nothing left to do (a transaction-scoped advisory lock, so a crash never leaves it held).
MIGRATION_LOCK = 0x7AB1E70B


def migrations() -> list[tuple[int, str]]:
    folder = resources.files("bot") / "migrations" / "postgresql"
    found = [
        (int(item.name.split("_", 1)[0]), item.read_text(encoding="utf-8"))
        for item in folder.iterdir()
        if item.name.endswith(".sql")
    ]
    return sorted(found)


async def migrate(db: asyncpg.Connection) -> tuple[bool, str]:
    """Bring the schema up to date in one transaction; (first start?, instance id)."""
    newest = migrations()[-1][0]
    if newest != newest_schema():  # a SQLite migration without its PostgreSQL twin
        raise StorageError(
            f"this bot's PostgreSQL migrations end at {newest}, its SQLite ones at "
            f"{newest_schema()}; run it on SQLite until they match."
        )
    async with db.transaction():
        await db.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
        if await db.fetchval("SELECT to_regclass('meta') IS NULL"):
            current = 0
        else:
            stored = await db.fetchval("SELECT value FROM meta WHERE key = 'schema'")
            current = int(stored or 0)
        if current > newest:
            raise SchemaTooNew(
                f"the PostgreSQL database has schema {current}, newer than this bot's "
                f"({newest}); run the newer bot, or restore a backup made for this one."
            )
        for number, script in migrations():
            if number > current:
                await db.execute(script)
        if await db.fetchval("SELECT to_regclass('meta') IS NULL"):
            raise StorageError("the PostgreSQL migrations made no meta table.")
        await db.execute(
            "INSERT INTO meta (key, value) VALUES ('schema', $1), ('opened_at', "
            "extract(epoch FROM now())::text) ON CONFLICT (key) DO UPDATE SET value = "
            "excluded.value",
            str(newest),
        )
        instance = await db.fetchval("SELECT value FROM meta WHERE key = 'instance'")
    return current == 0, str(instance)
