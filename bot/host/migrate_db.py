"""`python -m bot.migrate_db --from sqlite:PATH --to postgresql://…`: move the bot's data
from SQLite to PostgreSQL, with the bot stopped.

Both schemas are first brought to this bot's newest; then every table the schema has but
`meta` (read from it, parents before children by its foreign keys) is copied in one
PostgreSQL transaction and read back, and its row count and a checksum of its rows (in key
order) must match the source's, or nothing is kept. The database's instance id moves too,
so the tables' buttons already in Discord keep working, and so does the moment it began
rating ties as now. A target holding any match, result
or setting is refused: this never merges into or overwrites a database in use."""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import sqlite3
import sys
from collections.abc import Iterable, Sequence
from graphlib import TopologicalSorter
from pathlib import Path
from typing import Any

import asyncpg

from bot.storage import PostgresStorage, StorageError
from bot.storage.sqlite.database import open_database
from bot.storage.sqlite.holder import holding

# The instance's own id and schema version: the target keeps its version, the id is
# carried by _carry_identity.
NOT_COPIED = {"meta"}
# What meta says of the data itself, carried as the source has it: the instance id (the
# buttons already in Discord name it) and since when ties are rated as they are now.
CARRIED_META = ("instance", "ties_rated_since")


class MigrationError(Exception):
    """One line for the host: why nothing was copied."""


def checksum(rows: Iterable[Sequence[Any]]) -> str:
    digest = hashlib.sha256()
    for row in rows:
        digest.update(json.dumps(list(row)).encode() + b"\n")
    return digest.hexdigest()[:16]


def _convert(value: Any, kind: str) -> Any:
    """SQLite's loose types as the PostgreSQL column's (a REAL column may hold an integer)."""
    if value is None:
        return None
    if kind == "double precision":
        return float(value)
    if kind in ("bigint", "integer"):
        return int(value)
    return value


async def _column_types(db: asyncpg.Connection, table: str) -> dict[str, str]:
    rows = await db.fetch(
        "SELECT column_name, data_type FROM information_schema.columns "
        "WHERE table_schema = 'public' AND table_name = $1",
        table,
    )
    return {row[0]: row[1] for row in rows}


def tables(source: sqlite3.Connection) -> dict[str, list[str]]:
    """Every table of the schema but `meta`, parents before children as its foreign keys
    say, each with the columns of its key (all its columns when it has none)."""
    names = [
        row[0]
        for row in source.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name"
        )
        if row[0] not in NOT_COPIED
    ]
    graph = TopologicalSorter[str]()
    for name in names:
        parents = {row[2] for row in source.execute(f"PRAGMA foreign_key_list({name})")}
        graph.add(name, *sorted(parents - {name}))
    keys: dict[str, list[str]] = {}
    for name in graph.static_order():
        info = list(source.execute(f"PRAGMA table_info({name})"))
        key = [row[1] for row in sorted(info, key=lambda row: row[5]) if row[5]]
        keys[name] = key or [row[1] for row in info]
    return keys


async def _copy_table(
    source: sqlite3.Connection, db: asyncpg.Connection, table: str, key: list[str]
) -> str:
    order = ", ".join(key)
    types = await _column_types(db, table)
    columns = [row[1] for row in source.execute(f"PRAGMA table_info({table})")]
    names = ", ".join(columns)
    rows = [
        tuple(_convert(value, types[column]) for value, column in zip(row, columns, strict=True))
        for row in source.execute(f"SELECT {names} FROM {table} ORDER BY {order}")
    ]
    if rows:
        await db.copy_records_to_table(table, records=rows, columns=columns)
    # Text keys in byte order, as SQLite sorts them, whatever the server's collation.
    pg_order = ", ".join(f'{c} COLLATE "C"' if types[c] == "text" else c for c in key)
    copied = await db.fetch(f"SELECT {names} FROM {table} ORDER BY {pg_order}")
    if len(copied) != len(rows):
        raise MigrationError(
            f"{table}: {len(copied)} rows arrived of {len(rows)}; nothing was kept."
        )
    if checksum(copied) != checksum(rows):
        raise MigrationError(f"{table}: the copy differs from the source; nothing was kept.")
    return f"{table}: {len(rows)} rows, checksum {checksum(rows)}"


async def migrate(path: Path, url: str) -> list[str]:
    """Copy every row; refused while a bot holds the SQLite file (its moves would be left
    behind), which stays held meanwhile."""
    with holding(path, "python -m bot.migrate_db"):
        return await _migrate(path, url)


async def _migrate(path: Path, url: str) -> list[str]:
    opened = open_database(path)  # this bot's newest schema; refuses what it can't open
    source = opened.connection
    try:
        storage = await PostgresStorage.open(url)  # the target's schema, likewise
        await storage.close()
        db = await asyncpg.connect(url)
        try:
            keys = tables(source)
            target = {
                row[0]
                for row in await db.fetch(
                    "SELECT table_name FROM information_schema.tables "
                    "WHERE table_schema = 'public' AND table_type = 'BASE TABLE'"
                )
            } - NOT_COPIED
            if target != set(keys):
                differ = ", ".join(sorted(target ^ set(keys)))
                raise MigrationError(f"the two schemas differ ({differ}); nothing was copied.")
            async with db.transaction():
                for table in keys:
                    if await db.fetchval(f"SELECT EXISTS (SELECT 1 FROM {table})"):
                        raise MigrationError(f"the target already holds {table}; use an empty one.")
                report = [await _copy_table(source, db, t, key) for t, key in keys.items()]
                await _carry_identity(source, db, keys)
        finally:
            await db.close()
    finally:
        source.close()
    return report


async def _carry_identity(
    source: sqlite3.Connection, db: asyncpg.Connection, keys: dict[str, list[str]]
) -> None:
    """Generated ids (matches, tournaments…) go on after the highest ever handed out, and
    the instance id and the ties' marker move."""
    for table, key in keys.items():
        if len(key) != 1:
            continue
        sequence = await db.fetchval("SELECT pg_get_serial_sequence($1, $2)", table, key[0])
        if sequence is None:
            continue
        used = source.execute(
            "SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = ?), 0), "
            f"coalesce((SELECT max({key[0]}) FROM {table}), 0))",
            (table,),
        ).fetchone()[0]
        if used:
            await db.execute("SELECT setval($1::regclass, $2)", sequence, used)
    for name in CARRIED_META:
        value = source.execute("SELECT value FROM meta WHERE key = ?", (name,)).fetchone()[0]
        await db.execute("UPDATE meta SET value = $1 WHERE key = $2", value, name)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.migrate_db", description=__doc__)
    parser.add_argument("--from", dest="source", required=True, help="sqlite:PATH")
    parser.add_argument("--to", dest="target", required=True, help="postgresql://…")
    args = parser.parse_args(argv)
    if not args.source.startswith("sqlite:"):
        print("error: --from must be sqlite:PATH.", file=sys.stderr)
        return 2
    if not args.target.startswith(("postgresql://", "postgres://")):
        print("error: --to must be a postgresql:// address.", file=sys.stderr)
        return 2
    path = Path(args.source.removeprefix("sqlite:"))
    if not path.is_file():
        print(f"error: no SQLite database at {str(path)!r}.", file=sys.stderr)
        return 2
    try:
        report = asyncio.run(migrate(path, args.target))
    except (MigrationError, StorageError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print("\n".join(report))
    return 0
