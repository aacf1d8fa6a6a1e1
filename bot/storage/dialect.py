"""Where the two backends' SQL differs, and nowhere else: every statement both run is
written once, with `?` placeholders, and asks its backend's dialect (sqlite/dialect.py,
postgres/dialect.py) for the parts that differ."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class Dialect(Protocol):
    def placeholders(self, sql: str) -> str:
        """A shared statement (`?` placeholders, none inside a literal) as this backend
        takes it."""
        ...

    def in_list(self, expression: str, of: str = "bigint") -> str:
        """A condition: `expression` is one of the values of one list parameter (`of`:
        the values' SQL type), passed as `listed(values)`."""
        ...

    def listed(self, values: Sequence[int]) -> Any:
        """The parameter an `in_list` condition takes."""
        ...

    def upsert(self, table: str, columns: str, key: str, values: str | None = None) -> str:
        """Insert a row, or replace the columns of the row with the same `key` (columns
        joined by ", "). `values`: the VALUES list when it is not one `?` per column."""
        ...


def places(count: int) -> str:
    """`count` placeholders for a VALUES list."""
    return ", ".join("?" * count)
