"""One timer task for every match: AI moves, turn deadlines and lobby expiries.

A task per match would leave hundreds of sleeping tasks on a busy bot; instead one task
sleeps until the earliest due time, runs what is due, and sleeps again (the shape of
RoboDanny's reminder timers). It is only ever cancelled while asleep, never mid-move.

Timers sit in a heap. Replacing a match's timer pushes a new entry and leaves the old one
to be skipped when it surfaces (its sequence number no longer matches), so `set()` costs
O(log n) whatever the number of matches.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
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
        self._due: dict[int, tuple[Due, int]] = {}  # match -> its timer, its heap entry's number
        self._heap: list[tuple[float, int, int]] = []  # (due at, entry number, match)
        self._numbers = itertools.count()
        self._runner: asyncio.Task[None] | None = None
        self._runner_wakes_at = 0.0
        self._sleeping = False

    def set(self, match_id: int, due: Due | None) -> None:
        """Replace the match's pending timer (None: it has none)."""
        if due is None:
            self._due.pop(match_id, None)
        else:
            number = next(self._numbers)
            self._due[match_id] = (due, number)
            heapq.heappush(self._heap, (due.at, number, match_id))
        self._rearm()

    @property
    def count(self) -> int:
        """How many matches have a timer armed."""
        return len(self._due)

    def pending(self, match_id: int) -> Due | None:
        entry = self._due.get(match_id)
        return entry[0] if entry else None

    def _earliest(self) -> float | None:
        """The earliest live timer, dropping replaced entries from the top of the heap."""
        heap = self._heap
        while heap:
            at, number, match_id = heap[0]
            entry = self._due.get(match_id)
            if entry is not None and entry[1] == number:
                return at
            heapq.heappop(heap)
        return None

    def _rearm(self) -> None:
        if len(self._heap) > 64 and len(self._heap) > 4 * len(self._due):
            self._heap = [(d.at, n, m) for m, (d, n) in self._due.items()]  # shed dead entries
            heapq.heapify(self._heap)
        earliest = self._earliest()
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
        ready: list[tuple[int, int]] = []
        while (at := self._earliest()) is not None and at <= now:
            _at, number, match_id = heapq.heappop(self._heap)
            ready.append((match_id, number))
        for match_id, number in ready:
            entry = self._due.get(match_id)
            if entry is None or entry[1] != number:
                continue  # replaced or cleared by an earlier timer's move
            del self._due[match_id]
            due = entry[0]
            try:
                await self._fire(match_id, due.version, due.kind)
            except Exception:
                log.exception("timer %s of match %s failed", due.kind, match_id)
        self._runner = None
        self._rearm()

    async def stop(self) -> None:
        self._due.clear()
        self._heap.clear()
        runner, self._runner = self._runner, None
        if runner is not None and not runner.done():
            runner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await runner
