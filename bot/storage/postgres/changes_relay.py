"""Changes other processes saved, heard through PostgreSQL's LISTEN/NOTIFY (issue 47).

Every save of a match notifies CHANNEL with "match:version:server" in the save's own
transaction, so the notification is delivered only once the change is committed, and never
for a save that was refused (a stale version) or rolled back. It names the change and no
more: a notification carries at most 8,000 bytes, and a game's state and events outgrow
that, so whoever hears it reads the change back from the database. The server (guild) lets
each process pass over, without a read, the changes of matches it neither follows nor
serves.

Each process listens on one connection of its own, outside the pool: a pooled connection
changes hands between calls, and one that is listening must stay put. The connection is
watched: its end is told at once, and a round trip now and then (`check`, called by
bot/play/relay.py) finds one a network dropped without a word. The caller then connects
again once the server is back, and reads back what it may have missed meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import asyncpg

from bot.storage.errors import StorageError

log = logging.getLogger(__name__)

CHANNEL = "tabletop_changes"
CONNECT_WAIT = 10.0  # seconds to reach the server (and for a round trip) before giving up
_SERVER_SETTINGS = {"application_name": "tabletop-bot changes"}
_FAILURES = (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError)

Heard = Callable[[int, int, int], None]  # (match_id, version, guild_id)


def payload(match_id: int, version: int, guild_id: int) -> str:
    """A change's notification, as the save's SQL builds it too."""
    return f"{match_id}:{version}:{guild_id}"


def parse(text: str) -> tuple[int, int, int] | None:
    """The match, version and server a notification names; None for anything else."""
    parts = text.split(":")
    if len(parts) != 3 or not all(part.isdigit() for part in parts):
        return None
    match_id, version, guild_id = (int(part) for part in parts)
    return match_id, version, guild_id


def unheard(error: BaseException) -> StorageError:
    return StorageError(
        f"the PostgreSQL server can't be reached to hear other processes' changes "
        f"({type(error).__name__})."
    )


class ChangeFeed:
    """One listening connection: `heard(match_id, version, guild_id)` is called for each change
    committed on the database (this process's own too), in the order they were committed,
    and `lost()` once if the connection ends other than by `close`."""

    def __init__(self, db: asyncpg.Connection, heard: Heard, lost: Callable[[], None]) -> None:
        self._db = db
        self._heard = heard
        self._lost = lost
        self._closing = False
        self._strange = False  # a notification of another shape was logged once
        db.add_termination_listener(self._terminated)

    @classmethod
    async def open(cls, url: str, heard: Heard, lost: Callable[[], None]) -> ChangeFeed:
        """Connect and LISTEN; StorageError when the server can't be reached."""
        try:
            db = await asyncpg.connect(url, timeout=CONNECT_WAIT, server_settings=_SERVER_SETTINGS)
        except _FAILURES as error:
            raise unheard(error) from None
        feed = cls(db, heard, lost)
        try:
            await db.add_listener(CHANNEL, feed._notified)
        except _FAILURES as error:
            feed._closing = True
            db.terminate()
            raise unheard(error) from None
        return feed

    def _notified(self, db: object, pid: int, channel: str, text: str) -> None:
        named = parse(text)
        if named is None:
            if not self._strange:
                self._strange = True
                log.warning("a notification on %s names no change: %.40r", CHANNEL, text)
            return
        self._heard(*named)

    def _terminated(self, db: object) -> None:
        if not self._closing:
            self._lost()

    async def check(self) -> None:
        """A round trip, for a connection a network may have dropped without a word: one
        that fails is ended (and `lost` called), with StorageError."""
        try:
            await asyncio.wait_for(self._db.execute("SELECT 1"), CONNECT_WAIT)
        except _FAILURES as error:
            self._db.terminate()
            raise unheard(error) from None

    async def close(self) -> None:
        self._closing = True
        try:
            await asyncio.wait_for(self._db.close(), CONNECT_WAIT)
        except _FAILURES:
            self._db.terminate()
