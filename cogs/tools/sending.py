"""One sender per match: what a change shows is decided under the match lock, and sent
here, outside it, in the order the changes happened.

A change's sends form a batch. A click's batch waits for the clicker's own answer (its
gate), so the others see the change only after the one who made it. A send that shows a
thing (the table, one member's hand, the card) is superseded by a newer send of the same
thing queued before it went out: a table edit already out of date is never sent. A send
that fails is given up with one log line; nothing is retried twice or sent twice.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Hashable, Iterable
from dataclasses import dataclass

log = logging.getLogger(__name__)


@dataclass(slots=True)
class Send:
    """One Discord call (or a few that belong together) that a change decided on.

    `shows`: what it shows, for superseding (None: it must go whatever follows, such as a
    turn notice or the result)."""

    shows: Hashable | None
    run: Callable[[], Awaitable[None]]


@dataclass(slots=True)
class _Batch:
    sends: list[Send]
    gate: asyncio.Event | None


class MatchSenders:
    def __init__(self, track: Callable[[asyncio.Task[None]], None] | None = None) -> None:
        # A stop waits for the senders' work as for a click in flight (bot/process/service.py).
        self._track = track
        self._queues: dict[int, deque[_Batch]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}

    def queue(
        self, match_id: int, sends: Iterable[Send], gate: asyncio.Event | None = None
    ) -> None:
        """Queue a change's sends behind the match's earlier ones; what they show again
        replaces what earlier batches had not sent yet. A click's batch (with its gate) is
        sent by the click's own task once it has answered (`send_here`); any other starts
        the match's sender."""
        batch = _Batch(list(sends), gate)
        queue = self._queues.setdefault(match_id, deque())
        newer = {send.shows for send in batch.sends if send.shows is not None}
        if newer:
            for waiting in queue:
                waiting.sends = [s for s in waiting.sends if s.shows not in newer]
        queue.append(batch)
        if gate is None:  # a click's answer opens its gate however it ends (clicks.py)
            self.start(match_id)

    def start(self, match_id: int) -> None:
        """Start the match's sender on what is queued, unless it runs already."""
        if match_id in self._workers or not self._queues.get(match_id):
            return
        task = asyncio.get_running_loop().create_task(self._work(match_id))
        self._workers[match_id] = task
        if self._track is not None:
            self._track(task)

    async def send_here(self, match_id: int) -> None:
        """A click that has answered sends what its match has queued, unless the match's
        sender is at it already: no task of its own for the common case."""
        if match_id in self._workers or not self._queues.get(match_id):
            return
        task = asyncio.current_task()
        assert task is not None
        self._workers[match_id] = task
        await self._work(match_id)

    async def _work(self, match_id: int) -> None:
        queue = self._queues[match_id]
        try:
            while queue:
                batch = queue[0]
                if batch.gate is not None:
                    await batch.gate.wait()
                while batch.sends:  # read afresh: a newer batch may supersede what is left
                    send = batch.sends.pop(0)
                    try:
                        await send.run()
                    except Exception:
                        log.exception("match %s: a send was given up", match_id)
                queue.popleft()
        finally:
            del self._workers[match_id]
            if not queue:
                del self._queues[match_id]

    async def drain(self) -> None:
        """Wait until every match's sends are out (tests, and a stop)."""
        while self._workers:
            await asyncio.gather(*self._workers.values(), return_exceptions=True)
