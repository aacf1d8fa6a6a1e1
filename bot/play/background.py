"""Work a room runs beside the click that set it off, in tasks it owns: a failure is told to
the host once, and a stop cancels what is left and waits for it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable

from bot.core.failure_log import FailureLog


class Background:
    def __init__(self, failures: FailureLog, what: str) -> None:
        self.failures = failures
        self.what = what  # how the host's log names a failed step ("a queue step failed")
        self._tasks: set[asyncio.Task[None]] = set()

    def spawn(self, work: Callable[[], Awaitable[object]]) -> None:
        """Run `work()` in a task of this set; made only once the task runs, so a task
        stopped before it began leaves no coroutine never awaited."""

        async def run() -> None:
            try:
                await work()
            except Exception as error:
                self.failures.report(error, self.what)

        task = asyncio.get_running_loop().create_task(run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def stop(self) -> None:
        tasks, self._tasks = list(self._tasks), set()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
