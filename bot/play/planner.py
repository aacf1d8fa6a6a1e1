"""Each open match's one timer: an AI move soon, else its deadline (or the reminder before
it), else nothing. What runs when a timer is due is set by the match service."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable

from bot.core.failure_log import FailureLog, outage_of
from bot.core.settings import Settings
from bot.play.deadlines import next_due
from bot.play.scheduler import Due, Fire, Scheduler
from bot.storage import Deadline, MatchRecord, OpenBrief
from bot.storage.shards import serves
from engines.base import Game

RETRY_AFTER = 10.0  # seconds before a timer that met an unusable database runs again


async def _nothing(match_id: int, version: int, kind: str) -> None:
    return None


class Planner:
    def __init__(
        self, clock: Callable[[], float], settings: Settings, failures: FailureLog
    ) -> None:
        self.clock = clock
        self.settings = settings
        self.failures = failures
        self.fire: Fire = _nothing  # the match service's automatic step
        self.timers = Scheduler(clock, self._fire)
        self._apart: set[asyncio.Task[None]] = set()

    async def _fire(self, match_id: int, version: int, kind: str) -> None:
        """Run a due timer. One that met an unusable database runs again shortly, so an AI
        turn or a deadline missed while the database was away is made once it is back."""
        await self._guarded(match_id, version, kind, self.fire(match_id, version, kind))

    def finish_apart(self, match_id: int, version: int, kind: str, work: Awaitable[None]) -> None:
        """Finish a timer's step in a task of its own (an AI move waiting for its worker),
        so the timers due after it run meanwhile; its failures are told as the timer's."""
        task = asyncio.create_task(self._guarded(match_id, version, kind, work))
        self._apart.add(task)
        task.add_done_callback(self._apart.discard)

    async def _guarded(self, match_id: int, version: int, kind: str, work: Awaitable[None]) -> None:
        try:
            await work
        except Exception as error:
            again = outage_of(error) is not None
            later = f"; it runs again in {RETRY_AFTER:g} s" if again else ""
            self.failures.report(error, f"timer {kind} of match {match_id} failed{later}")
            if again and self.timers.pending(match_id) is None:  # nothing newer armed since
                self.timers.set(match_id, Due(self.clock() + RETRY_AFTER, version, kind))

    def plan(
        self,
        record: MatchRecord,
        game: Game | None,
        deadline: Deadline | None,
        now: float | None = None,
    ) -> None:
        """Arm the match's one timer: an AI move soon, else its deadline, else nothing.
        `now` spares a second read of the clock when the caller has just read it."""
        now = self.clock() if now is None else now
        if not record.is_open or not serves(self.settings.shards, record.guild_id):
            # A match of a server another process serves is timed there (a member may play
            # it here, from the live table): that process hears of the change and plans.
            self.timers.set(record.id, None)
        elif game is not None and any(record.seats[s].ai for s in game.to_act()):
            self.timers.set(record.id, Due(now + self.settings.ai_delay, record.version, "ai"))
        elif deadline is not None:
            self.timers.set(record.id, next_due(record, deadline, now, self.settings))
        else:
            self.timers.set(record.id, None)

    def plan_brief(self, brief: OpenBrief, now: float) -> None:
        """Re-arm a match from its stored deadline alone (at start-up, without its game)."""
        if brief.deadline is not None:
            self.timers.set(brief.id, next_due(brief, brief.deadline, now, self.settings))

    def set(self, match_id: int, due: Due | None) -> None:
        self.timers.set(match_id, due)

    async def stop(self) -> None:
        await self.timers.stop()
        for task in list(self._apart):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
