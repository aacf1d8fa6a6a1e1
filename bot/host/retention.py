"""Pruning old event logs: at start and then daily, the bot's own timer deletes the event
logs of matches that ended more than EVENT_RETENTION_DAYS ago (their results and ratings
stay)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.core.failure_log import FailureLog
from bot.core.settings import Settings
from bot.play.scheduler import Due, Scheduler
from bot.storage import Standings

DAY = 86400.0
JOB = 0  # the one timer this scheduler keeps

log = logging.getLogger(__name__)


class Retention:
    def __init__(
        self,
        standings: Standings,
        settings: Settings,
        clock: Callable[[], float],
        failures: FailureLog,
    ) -> None:
        self.standings = standings
        self.settings = settings
        self.clock = clock
        self.failures = failures
        self.timers = Scheduler(clock, self._fire)

    def start(self) -> None:
        """Prune now (soon after start-up), then once a day."""
        self.timers.set(JOB, Due(self.clock(), 0, "prune"))

    async def prune(self) -> int:
        """Prune every log past its age now; return how many matches' logs went."""
        before = self.clock() - self.settings.event_retention_days * DAY
        pruned = await self.standings.prune_events(before)
        if pruned:
            log.info("pruned the event logs of %s finished matches", pruned)
        return pruned

    async def _fire(self, _job: int, _version: int, _kind: str) -> None:
        try:
            await self.prune()
        except Exception as error:  # a failed prune (a busy database) is tried again tomorrow
            self.failures.report(error, "pruning old event logs failed; tried again in a day")
        self.timers.set(JOB, Due(self.clock() + DAY, 0, "prune"))

    async def stop(self) -> None:
        await self.timers.stop()
