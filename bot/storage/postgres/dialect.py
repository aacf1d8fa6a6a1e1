"""PostgreSQL's side of the shared statements (see bot/storage/dialect.py)."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from bot.storage.dialect import places


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """A shared statement, its `?` placeholders as `$1, $2, …` (they hold no `?` inside a
    literal). Cached: the same few statements are numbered at every call."""
    first, *rest = sql.split("?")
    return first + "".join(f"${number}{part}" for number, part in enumerate(rest, 1))


class PostgresDialect:
    def placeholders(self, sql: str) -> str:
        return numbered(sql)

    def in_list(self, expression: str, of: str = "bigint") -> str:
        return f"{expression} = ANY(?::{of}[])"

    def listed(self, values: Sequence[int]) -> list[int]:
        return list(values)

    def upsert(self, table: str, columns: str, key: str, values: str | None = None) -> str:
        names, keys = columns.split(", "), key.split(", ")
        updates = ", ".join(f"{c} = excluded.{c}" for c in names if c not in keys)
        values = values or places(len(names))
        return (
            f"INSERT INTO {table} ({columns}) VALUES ({values}) "
            f"ON CONFLICT ({key}) DO UPDATE SET {updates}"
        )


POSTGRES = PostgresDialect()
