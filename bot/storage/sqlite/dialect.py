"""SQLite's side of the shared statements (see bot/storage/dialect.py)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from bot.storage.dialect import places


class SqliteDialect:
    def placeholders(self, sql: str) -> str:
        return sql

    def in_list(self, expression: str, of: str = "bigint") -> str:
        # A list travels as one JSON text, read back as rows by json_each.
        return f"{expression} IN (SELECT value FROM json_each(?))"

    def listed(self, values: Sequence[int]) -> str:
        return json.dumps(list(values))

    def upsert(self, table: str, columns: str, key: str, values: str | None = None) -> str:
        values = values or places(len(columns.split(", ")))
        return f"INSERT OR REPLACE INTO {table} ({columns}) VALUES ({values})"


SQLITE = SqliteDialect()
