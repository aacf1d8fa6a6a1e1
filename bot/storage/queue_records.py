"""What the queues keep (issue 48, item 2): a member's place in a game's queue, and a table
the queue opened that waits for its members' Ready."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

ENTRY_COLUMNS = "id, guild_id, game, user_id, name, pace, joined_at, expires_at"
TABLE_COLUMNS = "match_id, guild_id, due_at, ready, message_id"


@dataclass(frozen=True, slots=True)
class QueueEntry:
    """One member waiting in one game's queue of a server, at a pace, until `expires_at`."""

    guild_id: int
    game: str
    user_id: int
    name: str
    pace: str
    joined_at: float
    expires_at: float
    id: int = 0  # the database's, for the expiry's timer

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> QueueEntry:
        return cls(
            id=int(row[0]),
            guild_id=int(row[1]),
            game=str(row[2]),
            user_id=int(row[3]),
            name=str(row[4]),
            pace=str(row[5]),
            joined_at=float(row[6]),
            expires_at=float(row[7]),
        )


@dataclass(frozen=True, slots=True)
class QueueTable:
    """A table the queue opened: the members who pressed Ready, when the wait for the others
    ends, and the message that asks (None until it is posted)."""

    match_id: int
    guild_id: int
    due_at: float
    ready: tuple[int, ...] = ()
    message_id: int | None = None

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> QueueTable:
        import json

        return cls(
            match_id=int(row[0]),
            guild_id=int(row[1]),
            due_at=float(row[2]),
            ready=tuple(int(user) for user in json.loads(row[3] or "[]")),
            message_id=None if row[4] is None else int(row[4]),
        )
