"""The writes that record how a match ended: every seat's result, the match's end for the
history, and (when it was played out) the rating step, all in the move's transaction."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from bot.storage.rating_step import Finished, is_ratable, rate_finished
from bot.storage.records import MatchRecord, ResultRow
from bot.storage.standings_data import EndHow
from bot.storage.statements import Statement, Step

RESULT_INSERT = (
    "INSERT OR REPLACE INTO results (match_id, seat, guild_id, game, user_id, name, kind, "
    "ai_level, ai_from, team, place, score, won, finished_at) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
END_INSERT = (
    "INSERT OR REPLACE INTO match_ends (match_id, guild_id, game, end_how, finished_at, season) "
    "VALUES (?, ?, ?, ?, ?, COALESCE((SELECT MAX(number) FROM seasons WHERE guild_id = ?), 1))"
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


def result_statements(
    record: MatchRecord, rows: Sequence[ResultRow], end: EndHow, now: float
) -> list[Statement | Step]:
    ids = (record.id, record.guild_id, record.game)
    statements: list[Statement | Step] = [
        (RESULT_INSERT, [result_params(*ids, row, now) for row in rows]),
        (END_INSERT, (*ids, end, now, record.guild_id)),
    ]
    if end == "played" and is_ratable(rows):
        finished = Finished(record.id, record.guild_id, record.game, now, tuple(rows))
        statements.append(functools.partial(rate_finished, match=finished))
    return statements
