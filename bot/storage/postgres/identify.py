"""Gateway identifies spaced out across every process of the bot.

Discord starts at most `max_concurrency` sessions (IDENTIFY) per 5 seconds for a bot, over
all its connections, in buckets `shard_id % max_concurrency`; one identify past that costs
a session from the bot's daily limit. Processes started together (the `tabletop@` units)
would all identify at once, so each takes its bucket's advisory lock on the shared database
before identifying, and keeps it until the window after the identify has passed. The lock
is a session lock on a connection of its own: it ends with that connection, so a process
that dies frees it, and two shards of one process never share (and re-enter) one lock."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Coroutine
from typing import Any

import asyncpg

log = logging.getLogger(__name__)

IDENTIFY_WINDOW = 5.0  # seconds Discord counts identifies over, per bucket
# The locks' first key (the second is the bucket); other advisory locks of the bot use
# other first keys or the one-key form, which PostgreSQL keeps apart.
IDENTIFY_LOCK = 0x7AB1E1D0
CONNECT_WAIT = 10.0  # seconds to reach the server before identifying on this process's own
# The connection waits for the lock as long as it takes (a queue of processes); discord.py
# gives up a shard's connect after its own timeout, and the connection is closed then.
_SERVER_SETTINGS = {"lock_timeout": "0", "application_name": "tabletop-bot identify"}
_FAILURES = (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError)


class IdentifyGate:
    """`before_identify(shard, max_concurrency)` returns when that shard may identify;
    `close()` waits out the windows still held."""

    def __init__(self, url: str, window: float = IDENTIFY_WINDOW) -> None:
        self.url = url
        self.window = window
        self._holding: set[asyncio.Task[None]] = set()

    async def before_identify(self, shard_id: int, max_concurrency: int) -> None:
        bucket = shard_id % max(1, max_concurrency)
        asked = time.monotonic()
        db: asyncpg.Connection | None = None
        try:
            db = await asyncpg.connect(
                self.url, timeout=CONNECT_WAIT, server_settings=_SERVER_SETTINGS
            )
            await db.execute("SELECT pg_advisory_lock($1, $2)", IDENTIFY_LOCK, bucket)
        except _FAILURES as error:
            if db is not None:
                db.terminate()
            # Unsure when another process identified: wait a whole window, as discord.py does.
            log.warning(
                "shard %s identifies without the other processes (PostgreSQL: %s); "
                "after a wait of %g s",
                shard_id,
                type(error).__name__,
                self.window,
            )
            await asyncio.sleep(self.window)
            return
        except BaseException:
            # Cancelled while waiting (discord.py's connect timeout): asyncpg cancels the wait
            # on the server; closing the session after that lets go of a lock granted meanwhile.
            if db is not None:
                self._keep(self._close(db))
            raise
        waited = time.monotonic() - asked
        log.info(
            "shard %s identifies (bucket %s of %s; waited %.1f s for it)",
            shard_id,
            bucket,
            max_concurrency,
            waited,
        )
        # The hold starts once the identify is on its way: this task first runs after the
        # caller's send, which follows without a pause.
        self._keep(self._hold(db))

    def _keep(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._holding.add(task)
        task.add_done_callback(self._holding.discard)

    async def _hold(self, db: asyncpg.Connection) -> None:
        """Keep the bucket's lock through the window, then end the session (and the lock)."""
        try:
            await asyncio.sleep(self.window)
        finally:
            await self._close(db)

    @staticmethod
    async def _close(db: asyncpg.Connection) -> None:
        try:
            await asyncio.wait_for(db.close(), CONNECT_WAIT)
        except _FAILURES:
            db.terminate()
        except asyncio.CancelledError:
            db.terminate()
            raise

    async def close(self) -> None:
        """Let the windows still held run out (at most one window), so a process stopping
        right after an identify doesn't free its bucket early."""
        await asyncio.gather(*self._holding, return_exceptions=True)
