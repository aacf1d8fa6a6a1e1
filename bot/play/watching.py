"""Members watching a match from its thread, without a seat (issue 39, item 2): who watches
which match, kept in the database (so a restart still counts them and tells them the
result) and in memory once read, so drawing a table reads no database.

A press of Watch toggles: it starts watching, and pressed again it stops. A second press
within `DOUBLE_CLICK` seconds of the member's last change is taken for a double click and
changes nothing, so a quick double click never undoes itself."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from bot.storage import MatchRecord
from bot.storage.doors import MatchWatchers

DOUBLE_CLICK = 2.0  # seconds
WATCH_LIMIT = 50  # watchers of one match: their mentions at the end fit in one message

Refused = Literal["no_thread", "ended", "seated", "double_click", "full"]


@dataclass(frozen=True, slots=True)
class Toggled:
    """What a press did: `watching` is the member's state after it, `count` the match's."""

    watching: bool
    count: int


class Watchers:
    def __init__(self, storage: MatchWatchers, clock: Callable[[], float]) -> None:
        self.storage = storage
        self.clock = clock
        self._known: dict[int, dict[int, float]] = {}  # match -> member -> since

    async def _of(self, match_id: int) -> dict[int, float]:
        known = self._known.get(match_id)
        if known is None:
            known = self._known[match_id] = dict(await self.storage.watchers(match_id))
        return known

    async def count(self, match_id: int) -> int:
        return len(await self._of(match_id))

    def known_count(self, match_id: int) -> int:
        """The count as last read (0 before it was read): for drawing, which reads nothing."""
        return len(self._known.get(match_id, {}))

    async def press(self, record: MatchRecord, user_id: int) -> Toggled | Refused:
        """A member's press of Watch on the match's card: the new state, or why nothing
        changed."""
        if record.thread_id is None:
            return "no_thread"
        if not record.is_open:
            return "ended"
        if any(seat.user_id == user_id for seat in record.seats):
            return "seated"
        watching = await self._of(record.id)
        now = self.clock()
        since = watching.get(user_id)
        if since is not None and now - since < DOUBLE_CLICK:
            return "double_click"
        if since is not None:
            await self.storage.remove_watcher(record.id, user_id)
            watching.pop(user_id, None)
            return Toggled(False, len(watching))
        if len(watching) >= WATCH_LIMIT:
            return "full"
        await self.storage.add_watcher(record.id, user_id, now)
        watching[user_id] = now
        return Toggled(True, len(watching))

    async def undo(self, match_id: int, user_id: int) -> None:
        """Take back a start that Discord refused (the member couldn't be added)."""
        await self.storage.remove_watcher(match_id, user_id)
        (await self._of(match_id)).pop(user_id, None)

    async def ended(self, match_id: int) -> list[int]:
        """The match is over: its watchers, to be told the result, then forgotten."""
        watching = list(await self._of(match_id))
        if watching:
            await self.storage.clear_watchers(match_id)
        self._known.pop(match_id, None)
        return watching
