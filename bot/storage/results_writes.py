"""The writes that record how a match ended, the same on both backends: every seat's
result and the match's end for the history, in the move's transaction (then, when it was
played out, the backend's rating step)."""

from __future__ import annotations

from bot.storage.dialect import Dialect, places
from bot.storage.records import ResultRow

RESULT_COLUMNS = (
    "match_id, seat, guild_id, game, user_id, name, kind, ai_level, ai_from, team, place, "
    "score, won, finished_at"
)
END_COLUMNS = "match_id, guild_id, game, end_how, finished_at, season"
# The server's current season (NULL before its first season change: season 1).
SEASON_NOW = "SELECT MAX(number) FROM seasons WHERE guild_id = ?"
# The season is read in the writing transaction, after the server's id as a parameter.
END_VALUES = f"{places(5)}, COALESCE(({SEASON_NOW}), 1)"


def result_upserts(dialect: Dialect) -> tuple[str, str]:
    """(every seat's result: result_params; the match's end: its ids, how it ended, when,
    and the server again for its season)."""
    return (
        dialect.upsert("results", RESULT_COLUMNS, "match_id, seat"),
        dialect.upsert("match_ends", END_COLUMNS, "match_id", END_VALUES),
    )


def result_params(
    match_id: int, guild_id: int, game: str, row: ResultRow, finished_at: float
) -> tuple[object, ...]:
    return (
        match_id,
        row.seat,
        guild_id,
        game,
        row.user_id,
        row.name,
        row.kind,
        row.ai_level,
        row.ai_from,
        row.team,
        row.place,
        row.score,
        row.won,
        finished_at,
    )
