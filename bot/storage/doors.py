"""The doors the Discord layer goes through to what is stored: each a few methods of the
store, named for what its callers do with them, so a cog sees what it uses and no more.
`Store` is made of them and the rest (interface.py), so each method is declared once; the
match service hands them out (`MatchService.reads`, `.preferences`, `.notices`, and
`.standings`, the store's own `Standings`). A test keeps the Discord layer to these
(tests/test_doors.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from bot.storage.lobby_listing import LobbyPage
from bot.storage.queue_records import QueueEntry, QueueTable
from bot.storage.records import HeldNotice, MatchRecord, TurnNotice
from bot.storage.shards import Shards
from bot.storage.tournament_records import Podium
from engines.base import Event

__all__ = [
    "CHANNEL",
    "MEMBER",
    "SERVER",
    "HeldNotices",
    "MatchReads",
    "OpenLobbies",
    "Preferences",
    "Queues",
    "ScopedSettings",
    "TurnNotices",
]

# The scopes a setting is kept for; where two say, the narrower wins (a channel's over its
# server's), as the reader decides.
SERVER, CHANNEL, MEMBER = "server", "channel", "member"


class MatchReads(Protocol):
    """Matches as they are stored, read to find one, show it or list them."""

    instance: str  # the database's short id, repeated in button ids

    async def get_match(self, match_id: int) -> MatchRecord | None: ...

    async def events(self, match_id: int, limit: int = 50) -> list[tuple[int, Event]]: ...

    async def replay(self, match_id: int) -> tuple[dict[str, Any] | None, list[list[Any]]]: ...

    async def match_in_thread(self, thread_id: int) -> MatchRecord | None: ...

    async def open_matches_in_channel(
        self, channel_id: int, game: str | None = None
    ) -> list[MatchRecord]: ...

    async def latest_match_in_channel(self, channel_id: int, game: str) -> MatchRecord | None: ...

    async def open_matches(self, guild_id: int | None = None) -> list[MatchRecord]: ...

    async def member_matches(self, guild_id: int | None, user_id: int) -> list[MatchRecord]: ...

    async def last_played(self, guild_id: int) -> str | None: ...

    async def podiums(self, guild_id: int) -> list[Podium]: ...


class Preferences(Protocol):
    """What a server and its members chose: languages, where tables go, how turns are told."""

    async def language(self, guild_id: int) -> str | None: ...

    async def set_language(self, guild_id: int, language: str | None) -> None: ...

    async def member_language(self, user_id: int) -> str | None: ...

    async def set_member_language(self, user_id: int, language: str | None) -> None: ...

    async def tables_where(self, guild_id: int) -> str | None: ...

    async def set_tables_where(self, guild_id: int, where: str | None) -> None: ...

    async def reminders_on(self, guild_id: int) -> bool: ...

    async def set_reminders(self, guild_id: int, on: bool) -> None: ...

    async def notify_how(self, user_id: int) -> str | None: ...

    async def set_notify_how(self, user_id: int, how: str | None) -> None: ...


class TurnNotices(Protocol):
    """The turn notices that are up, kept so a restart can still take them down."""

    async def turn_notices(self, match_id: int) -> list[TurnNotice]: ...

    async def keep_turn_notice(self, notice: TurnNotice) -> None: ...

    async def drop_turn_notice(self, match_id: int, user_id: int) -> None: ...


class Queues(Protocol):
    """The queues that seat people (issue 48, item 2; bot/play/queues.py): each member's
    place in a game's queue of a server, and the tables opened from them that wait for
    their members' Ready. Written by the queue room alone (bot/storage/queue_store.py)."""

    async def queue_entry(self, guild_id: int, game: str, user_id: int) -> QueueEntry | None: ...

    async def member_queue_entries(
        self, guild_id: int | None, user_id: int
    ) -> list[QueueEntry]: ...

    async def queue_head(
        self, guild_id: int, game: str, pace: str, count: int
    ) -> list[QueueEntry]: ...

    async def queue_place(self, entry: QueueEntry) -> tuple[int, int]: ...

    async def every_queue_entry(self) -> list[QueueEntry]: ...

    async def put_in_queue(self, entry: QueueEntry) -> QueueEntry: ...

    async def drop_queue_entries(self, entry_ids: Sequence[int]) -> None: ...

    async def queue_tables(self) -> list[QueueTable]: ...

    async def queue_table(self, match_id: int) -> QueueTable | None: ...

    async def seat_from_queue(self, table: QueueTable, entry_ids: Sequence[int]) -> None: ...

    async def set_queue_table(self, table: QueueTable) -> None: ...

    async def drop_queue_table(self, match_id: int) -> None: ...


class OpenLobbies(Protocol):
    """A server's lobbies with a free seat, counted and paged by the database (issue 48)."""

    async def lobbies_with_seats(
        self,
        guild_id: int,
        places: Sequence[int],
        most_players: Mapping[str, int],
        *,
        offset: int = 0,
        limit: int = 10,
    ) -> LobbyPage: ...


class HeldNotices(Protocol):
    """The turn notices and reminders held through members' quiet hours, kept so that a
    restart still sends each when those end."""

    async def held_notices(self, shards: Shards | None = None) -> list[HeldNotice]: ...

    async def hold_notice(self, held: HeldNotice) -> None: ...

    async def drop_held_notice(self, match_id: int, user_id: int) -> None: ...


class ScopedSettings(Protocol):
    """A server's, a channel's and a member's settings as keys with JSON values, in one
    table: a new kind of setting is a new key, and needs no migration. Each key is owned
    by the one module that reads and writes it."""

    async def scoped(self, scope: str, scope_id: int) -> dict[str, Any]:
        """Every key set for this server, channel or member ({} when none)."""
        ...

    async def set_scoped(self, scope: str, scope_id: int, key: str, value: Any) -> None:
        """Set one key (a value JSON can hold); None removes it."""
        ...
