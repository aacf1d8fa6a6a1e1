"""The two storage backends side by side, for tests that must hold on both: a real SQLite
file, or a new database on the session's real PostgreSQL server."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from bot.storage import PostgresStorage, Storage, Store
from bot.storage.postgres.dialect import numbered

BACKENDS = ("sqlite", "postgresql")


@dataclass(frozen=True)
class Backend:
    """Where one test's database lives; `execute` reaches it behind the store's back (to
    damage a row as a disk or a person might)."""

    name: str
    path: Path | None = None
    url: str | None = None

    async def open(self) -> Store:
        if self.url is not None:
            return await PostgresStorage.open(self.url)
        assert self.path is not None
        return await Storage.open(self.path)

    async def execute(self, sql: str, *params: Any) -> None:
        if self.url is not None:
            db = await asyncpg.connect(self.url)
            try:
                await db.execute(numbered(sql), *params)
            finally:
                await db.close()
            return
        assert self.path is not None
        with sqlite3.connect(self.path) as db:
            db.execute(sql, params)
        db.close()

    async def fetchval(self, sql: str, *params: Any) -> Any:
        if self.url is not None:
            db = await asyncpg.connect(self.url)
            try:
                return await db.fetchval(numbered(sql), *params)
            finally:
                await db.close()
        assert self.path is not None
        with sqlite3.connect(self.path) as db:
            value = db.execute(sql, params).fetchone()[0]
        db.close()
        return value


def backend_for(request: Any, tmp_path: Path) -> Backend:
    """The backend a test parametrised over BACKENDS asked for."""
    if request.param == "postgresql":
        return Backend("postgresql", url=request.getfixturevalue("postgres_url"))
    return Backend("sqlite", path=tmp_path / "db" / "games.sqlite3")
