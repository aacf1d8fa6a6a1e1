"""The database the previous version wrote, kept as SQL text (`v1_matches.sql`) and built
afresh for each test, so no database file is committed and no test can change it."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

DUMP = Path(__file__).with_name("v1_matches.sql")


def build_v1_database(path: Path) -> Path:
    """The old version's database as a file at `path`, as the bot would find it on disk."""
    with sqlite3.connect(path) as db:
        db.executescript(DUMP.read_text(encoding="utf-8"))
    return path


def saved_rows(game: str) -> list[tuple[int, dict[str, Any], dict[str, Any]]]:
    """(id, options, state) of every `game` match the old version left in play."""
    db = sqlite3.connect(":memory:")
    try:
        db.executescript(DUMP.read_text(encoding="utf-8"))
        rows = db.execute(
            "SELECT id, options, state FROM matches "
            "WHERE game = ? AND status = 'playing' ORDER BY id",
            (game,),
        ).fetchall()
    finally:
        db.close()
    return [(match, json.loads(options), json.loads(state)) for match, options, state in rows]
