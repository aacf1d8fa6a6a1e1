"""One timer task for every match: AI moves, turn deadlines and lobby expiries.

A task per match would leave hundreds of sleeping tasks on a busy bot; instead one task
sleeps until the earliest due time, runs what is due, and sleeps again (the shape of
RoboDanny's reminder timers). It is only ever cancelled while asleep, never mid-move.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

log = logging.getLogger(__name__)

Fire = Callable[[int, int, str], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class Due:
    at: float
    version: int
    kind: str  # "ai", "remind", "turn" or "lobby"


class Scheduler:
    def __init__(self, clock: Callable[[], float], fire: Fire) -> None:
        self._clock = clock
        self._fire = fire
        self._due: dict[int, Due] = {}
        self._runner: asyncio.Task[None] | None = None
        self._runner_wakes_at = 0.0
        self._sleeping = False

    def set(self, match_id: int, due: Due | None) -> None:
        """Replace the match's pending timer (None: it has none)."""
        if due is None:
            self._due.pop(match_id, None)
        else:
            self._due[match_id] = due
        self._rearm()

    def _rearm(self) -> None:
        earliest = min((due.at for due in self._due.values()), default=None)
        runner = self._runner
        if runner is not None and not runner.done():
            if not self._sleeping:
                return  # busy running what was due; it re-arms when done
            if earliest is not None and self._runner_wakes_at <= earliest:
                return  # already wakes early enough
            runner.cancel()
        self._runner = None
        if earliest is not None:
            self._runner_wakes_at = earliest
            self._sleeping = True
            self._runner = asyncio.create_task(self._run(earliest), name="match-timers")

    async def _run(self, wake_at: float) -> None:
        await asyncio.sleep(max(0.0, wake_at - self._clock()))
        self._sleeping = False
        now = self._clock()
        ready = [(match_id, due) for match_id, due in self._due.items() if due.at <= now]
        for match_id, due in ready:
            if self._due.get(match_id) == due:
                del self._due[match_id]
                try:
                    await self._fire(match_id, due.version, due.kind)
                except Exception:
                    log.exception("timer %s of match %s failed", due.kind, match_id)
        self._runner = None
        self._rearm()

    async def stop(self) -> None:
        self._due.clear()
        runner, self._runner = self._runner, None
        if runner is not None and not runner.done():
            runner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await runner
