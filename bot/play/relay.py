"""Changes saved by the bot's other processes, brought into this one (issue 47).

With several processes on one PostgreSQL database, a match is timed and shown in Discord
by the process that serves its server (bot/storage/shards.py), but followed, and played,
from any of them: a live table's page may reach any process. Each save notifies every
process of its match, version and server (the store's `listen`); here each one heard of a
match this process follows, holds or serves is read back and published on its bus
(`Live.heard`), in a task of its own so the feed is never held up. In the process that
serves the match, its timers are then planned from the new state, as after a move made
here: an AI's next move, the turn's deadline.

The feed's connection comes back when the server does; what was saved meanwhile was not
heard, so every match this process keeps or holds is then read again, and every timer it
runs planned afresh, as at a start. On SQLite there is nothing to hear: one process.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import Coroutine
from typing import Any

from bot.core.failure_log import FailureLog
from bot.play.auto_moves import AutoMoves
from bot.play.live import Live
from bot.play.published import MatchChange
from bot.play.sessions import Sessions
from bot.storage import StorageError
from bot.storage.doors import ChangeFeed, Deadlines, SavedChanges
from bot.storage.shards import serves

RETRY_AFTER = (0.5, 1.0, 2.0, 5.0, 10.0)  # seconds between attempts to hear again, in turn
KEEPALIVE = 30.0  # seconds between the round trips that find a connection silently gone


class Relay:
    def __init__(self, live: Live, sessions: Sessions, auto: AutoMoves, failures: FailureLog):
        self.live = live
        self.sessions = sessions
        self.changes: SavedChanges = sessions.doors.changes
        self.deadlines: Deadlines = sessions.doors.deadlines
        self.auto = auto
        self.failures = failures
        self.heard_count = 0  # notifications heard since the start (the tests wait on it)
        self._feed: ChangeFeed | None = None
        self._keeper: asyncio.Task[None] | None = None  # the round trips now and then
        self._again: asyncio.Task[None] | None = None  # connecting again after a loss
        self._tasks: set[asyncio.Task[None]] = set()
        live.from_elsewhere.append(self._made_elsewhere)

    async def start(self) -> None:
        """Start hearing, before the timers are restored, so that nothing saved after
        they were read goes unheard. A server away now is tried again in the background."""
        try:
            self._feed = await self.changes.listen(self._heard, self._lost)
        except StorageError as error:
            self._lost(error)
            return
        if self._feed is not None:  # None: SQLite, nothing to hear
            self._keeper = asyncio.create_task(self._keep_alive())

    async def _keep_alive(self) -> None:
        """A round trip now and then, for a connection a network dropped without a word."""
        while True:
            await asyncio.sleep(KEEPALIVE)
            if self._feed is not None:
                with contextlib.suppress(StorageError):  # told lost: connecting again
                    await self._feed.check()

    def _lost(self, error: StorageError | None = None) -> None:
        """The feed ended (or could not begin): told once, and connected again."""
        self._feed = None
        self._told_lost(error or StorageError("the PostgreSQL server ended the connection."))
        if self._again is None or self._again.done():
            self._again = asyncio.get_running_loop().create_task(self._connect_again())

    async def _connect_again(self) -> None:
        """Connect again once the server is back, then read back what the gap hid."""
        for attempt in itertools.count():
            await asyncio.sleep(RETRY_AFTER[min(attempt, len(RETRY_AFTER) - 1)])
            try:
                feed = await self.changes.listen(self._heard, self._lost)
            except StorageError as error:
                self._told_lost(error)
                continue
            self._feed = feed
            if feed is not None and self._keeper is None:
                self._keeper = asyncio.create_task(self._keep_alive())
            break
        await self._catch_up()

    def _told_lost(self, error: StorageError) -> None:
        self.failures.report(error, "hearing the changes of the bot's other processes failed")

    async def _catch_up(self) -> None:
        """After a gap: read again every match kept or held here, and plan every timer."""
        ids = sorted(set(self.live.bus.matches()) | set(self.sessions.held_ids()))
        try:
            records = await self.sessions.reads.get_matches(ids)
            for record in records:
                self._spawn(self.live.heard(record.id, record.version), record.id)
            await self.auto.restore()
        except StorageError as error:  # gone again: the next connection catches up
            self._told_lost(error)

    def _heard(self, match_id: int, version: int, guild_id: int) -> None:
        """A change committed on the database: read back and published in a task of its
        own, never in the feed's callback. Passed over without a read: this process's own
        change (published already), and a match this process neither follows (on its bus),
        holds, serves, nor is reading now (its lock held: a follower joining, whose read
        may have come before this change's save)."""
        self.heard_count += 1
        latest = self.live.bus.latest(match_id)
        if latest is not None and latest.version >= version:
            return
        sessions = self.sessions
        if (
            latest is not None
            or sessions.held(match_id) is not None
            or serves(sessions.settings.shards, guild_id)
            or sessions.busy(match_id)
        ):
            self._spawn(self.live.heard(match_id, version), match_id)

    def _made_elsewhere(self, change: MatchChange) -> None:
        """A change another process saved, now published here: the process that serves
        its server plans its timers from it."""
        if serves(self.sessions.settings.shards, change.guild_id):
            self._spawn(self._plan(change), change.match_id)

    async def _plan(self, change: MatchChange) -> None:
        """Under the match lock, as a move made here would: the timer from the change's
        state and its saved deadline; the match's end told to those who wait for it."""
        sessions = self.sessions
        async with sessions.session(change.match_id):
            latest = self.live.bus.latest(change.match_id)
            if latest is not None and latest.version > change.version:
                return  # a newer change was published since: it plans
            deadline = await self.deadlines.deadline_of(change.match_id)
            if deadline is not None and deadline.version != change.version:
                return  # saved over since: that change is heard next, and plans
            sessions.planner.plan(change.record, change.game, deadline)
        if not change.is_open:
            for listener in sessions.ended:
                listener(change.record)

    def _spawn(self, work: Coroutine[Any, Any, None], match_id: int) -> None:
        async def run() -> None:
            try:
                await work
            except Exception as error:
                what = f"reading back a change of match {match_id} saved elsewhere failed"
                self.failures.report(error, what)

        task = asyncio.get_running_loop().create_task(run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def settled(self) -> None:
        """Wait until every change heard so far is published and planned (tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def stop(self) -> None:
        for task in (self._keeper, self._again):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._keeper = self._again = None
        if self._feed is not None:
            await self._feed.close()
            self._feed = None
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*list(self._tasks), return_exceptions=True)
