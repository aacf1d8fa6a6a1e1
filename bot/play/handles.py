"""The three rooms of the match service that the Discord layer uses in many small ways, each
as a read-only handle that names only its own verbs: the queues, members' quiet hours, and a
match's watchers. `MatchService` hands these out; anything else a caller does with matches
is one of its own verbs. Through a handle nothing reaches the room's own collaborators."""

from __future__ import annotations

from typing import Protocol

from bot.play.queues import Standing, Where
from bot.play.watching import Refused, Toggled
from bot.rules.queue import QueueSettings
from bot.rules.quiet import QuietHours
from bot.storage import HeldNotice, MatchRecord
from bot.storage.queue_records import QueueEntry, QueueTable


class QueueHandle(Protocol):
    """A server's queues: their settings, a member's place in them, a table's Ready."""

    async def settings(self, guild_id: int) -> QueueSettings: ...

    async def set_channel(self, guild_id: int, channel_id: int | None) -> None: ...

    async def set_size(self, guild_id: int, game: str, size: int | None) -> None: ...

    async def set_expiry(self, guild_id: int, minutes: int | None) -> None: ...

    async def join(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        user_id: int,
        name: str,
        pace: str | None,
        where: Where,
    ) -> Standing: ...

    async def places(self, guild_id: int, user_id: int) -> list[Standing]: ...

    async def leave(
        self, guild_id: int, user_id: int, game: str | None = None
    ) -> list[QueueEntry]: ...

    async def reseat(self, guild_id: int, where: Where) -> None: ...

    async def set_message(self, match_id: int, message_id: int) -> None: ...

    async def ready(self, match_id: int, user_id: int) -> QueueTable: ...


class QuietHandle(Protocol):
    """Members' quiet hours, and the turn notices held through them."""

    async def hours(self, user_id: int) -> QuietHours | None: ...

    async def set_hours(self, user_id: int, hours: QuietHours | None) -> None: ...

    async def ends(self, user_id: int) -> float | None: ...

    async def held_in(self, match_id: int) -> dict[int, HeldNotice]: ...

    async def hold(self, held: HeldNotice) -> None: ...

    async def drop(self, held: HeldNotice) -> None: ...


class WatchHandle(Protocol):
    """The members who watch a match from its thread."""

    def known_count(self, match_id: int) -> int: ...

    async def press(self, record: MatchRecord, user_id: int) -> Toggled | Refused: ...

    async def undo(self, match_id: int, user_id: int) -> None: ...

    async def ended(self, match_id: int) -> list[int]: ...
