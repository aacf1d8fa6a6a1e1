"""What a write is made of: SQL statements with their parameters."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

# One SQL statement with its parameters; a list of parameter tuples means executemany.
Statement = tuple[str, Sequence[Any] | list[tuple[Any, ...]]]
