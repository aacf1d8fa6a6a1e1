"""Migrations SQL can't do, run by number beside bot/migrations/*.sql (see database.py).

9: every match recorded before results said what happened gets its rows for every seat
(places, teams, scores from the saved game's outcome) and its history row, and the ones
played out are rated once, in the order they finished, as if rated when they ended."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from typing import Any

from bot.storage.match_fields import EndReason, MatchStatus
from bot.storage.rating_step import Finished
from bot.storage.records import ResultRow, seats_from
from bot.storage.results_writes import result_params
from bot.storage.seat_results import seat_rows
from bot.storage.sqlite.results import END_INSERT, RESULT_INSERT, rate_finished
from engines.base import GAMES, BadState, Outcome, ranked


def _saved_outcome(game: str, state: str | None) -> Outcome | None:
    """The outcome of the saved game, or None when no engine can read it."""
    info = GAMES.get(game)
    if info is None:
        return None  # a game the bot no longer has: its stored results still count
    try:
        return info.from_dict(json.loads(state or "null")).outcome()
    except (BadState, json.JSONDecodeError):  # a damaged state: its stored results count
        return None


def _from_stored(stored: list[tuple[Any, ...]]) -> list[ResultRow]:
    """Places from the scores the old version stored for its members (no AI rows then)."""
    scores = [row[2] for row in stored]
    outcome = ranked([i for i, row in enumerate(stored) if row[3]], scores)
    return [
        ResultRow(user_id, seat, score, bool(won), team=i, place=outcome.places[i])
        for i, (user_id, seat, score, won) in enumerate(stored)
    ]


def _rows_of(db: sqlite3.Connection, match: tuple[Any, ...]) -> list[ResultRow]:
    match_id, _guild, game, status, seats_text, state, _reason, _at = match
    stored = db.execute(
        "SELECT user_id, seat, score, won FROM results WHERE match_id = ? ORDER BY seat",
        (match_id,),
    ).fetchall()
    try:
        seats = seats_from(json.loads(seats_text))
    except (ValueError, TypeError, KeyError):
        return _from_stored(stored) if status == MatchStatus.FINISHED else []
    outcome = _saved_outcome(game, state) if status == MatchStatus.FINISHED else None
    if status == MatchStatus.FINISHED and (outcome is None or len(outcome.places) != len(seats)):
        return _from_stored(stored)
    return seat_rows(seats, {}, {}, outcome)


def rate_past_matches(db: sqlite3.Connection) -> None:
    matches = db.execute(
        "SELECT m.id, m.guild_id, m.game, m.status, m.seats, m.state, m.ended_reason, "
        "COALESCE((SELECT MAX(finished_at) FROM results AS r WHERE r.match_id = m.id), "
        "m.updated_at) AS at FROM matches AS m "
        "WHERE m.status = 'finished' OR (m.status = 'cancelled' AND m.state IS NOT NULL) "
        "ORDER BY at, m.id"
    ).fetchall()
    for match in matches:
        match_id, guild_id, game, status, _seats, _state, reason, at = match
        rows = _rows_of(db, match)
        if not rows:
            continue
        if status == MatchStatus.FINISHED:
            end = "played"
        else:
            end = "abandoned" if reason == EndReason.EVERY_PLAYER_LEFT else "reset"
        db.execute("DELETE FROM results WHERE match_id = ?", (match_id,))
        db.executemany(
            RESULT_INSERT, [result_params(match_id, guild_id, game, row, at) for row in rows]
        )
        db.execute(END_INSERT, (match_id, guild_id, game, end, at, guild_id))
        if end == "played":
            rate_finished(db, Finished(match_id, guild_id, game, at, rows))


PYTHON_STEPS: dict[int, Callable[[sqlite3.Connection], None]] = {9: rate_past_matches}
