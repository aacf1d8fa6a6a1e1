"""A step of a write that must read what it writes (a rating update reads the skills it
replaces): it runs on the writer's connection inside the transaction, after the job's
earlier statements and before its later ones, so two matches rated at once never lose an
update."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

Step = Callable[[sqlite3.Connection], None]
