"""What a write is made of: SQL statements, and steps that read what they write."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from typing import Any

# One SQL statement with its parameters; a list of parameter tuples means executemany.
Statement = tuple[str, Sequence[Any] | list[tuple[Any, ...]]]
# A step that must read what it writes (a rating update reads the skills it replaces): it
# runs on the writer's connection inside the transaction, after the job's earlier
# statements and before its later ones, so two matches rated at once never lose an update.
Step = Callable[[sqlite3.Connection], None]
