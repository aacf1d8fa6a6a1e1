"""A tournament as stored: its row, with what a moderator set, the entrants and the rounds in
one JSON document (`data`) that bot/tournament reads; and the statements both backends run."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.storage.statements import Statement

LIVE_STATES = ("signing_up", "checking_in", "running", "paused")
TOURNAMENT_COLUMNS = (
    "id, guild_id, channel_id, game, state, created_by, created_at, starts_at, message_id, "
    "due_at, data, version"
)
PODIUM_COLUMNS = "tournament_id, place, user_id, guild_id, game, points, finished_at"


@dataclass(slots=True)
class TournamentRecord:
    id: int
    guild_id: int
    channel_id: int
    game: str
    state: str
    created_by: int
    created_at: float
    starts_at: float
    message_id: int | None = None
    due_at: float | None = None  # its next timer: check-in, the start, a round's limit
    data: dict[str, Any] = field(default_factory=dict)
    version: int = 0
    problem: str | None = None  # why `data` could not be read (the row is left alone)

    @property
    def is_live(self) -> bool:
        return self.state in LIVE_STATES


@dataclass(frozen=True, slots=True)
class Podium:
    """One place of a finished tournament's podium, for the hall of fame."""

    tournament_id: int
    place: int
    user_id: int
    game: str
    points: float
    finished_at: float


def tournament_from_row(row: Sequence[Any]) -> TournamentRecord:
    try:
        data, problem = json.loads(row[10]), None
        if not isinstance(data, dict):
            data, problem = {}, "data_json: not an object"
    except (json.JSONDecodeError, TypeError):
        data, problem = {}, "data_json: invalid JSON"
    (id_, guild, channel, game, state, by, created, starts, message, due) = row[:10]
    return TournamentRecord(
        id_, guild, channel, game, state, by, created, starts, message, due, data, row[11], problem
    )


def tournament_insert(record: TournamentRecord) -> Statement:
    return (
        "INSERT INTO tournaments (guild_id, channel_id, game, state, created_by, created_at, "
        "starts_at, message_id, due_at, data, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)",
        (
            record.guild_id,
            record.channel_id,
            record.game,
            record.state,
            record.created_by,
            record.created_at,
            record.starts_at,
            record.message_id,
            record.due_at,
            json.dumps(record.data),
        ),
    )


def tournament_update(record: TournamentRecord, expected_version: int) -> Statement:
    """The guarded UPDATE of a tournament's row (its version must still be `expected`)."""
    return (
        "UPDATE tournaments SET state = ?, message_id = ?, due_at = ?, starts_at = ?, data = ?, "
        "version = ? WHERE id = ? AND version = ?",
        (
            record.state,
            record.message_id,
            record.due_at,
            record.starts_at,
            json.dumps(record.data),
            record.version,
            record.id,
            expected_version,
        ),
    )


def podium_insert(rows: Sequence[Podium], guild_id: int) -> Statement:
    return (
        f"INSERT INTO tournament_podiums ({PODIUM_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (p.tournament_id, p.place, p.user_id, guild_id, p.game, p.points, p.finished_at)
            for p in rows
        ],
    )
