"""AI decisions that take more than a few milliseconds, made off the event loop.

A game names the AI levels that think long (`GameInfo.thinking_levels`); their decisions
run in a pool of worker processes, one fewer than the CPUs the bot may use (at least one),
so the loop keeps a core for clicks. Processes rather than threads: the searches are pure
Python, and a thread would hold the GIL the loop needs for as long as it thinks. A worker
gets the saved state (`to_dict`, a few KB, about 0.2 ms to send) and returns the move's
code (`engines.base.decide_from_state`), so the decision is the one the live game would
make. Each decision has a budget: a decision still unanswered then (the pool swamped or
broken) is dropped, and the caller moves as a lapsed turn does (`GameInfo.timeout_move`).
The pool starts at the first long decision and is shut down, its workers joined, at stop.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from functools import partial
from typing import Any

from engines.base import (
    GAMES,
    AnyGame,
    AnyGameInfo,
    Judged,
    analyse,
    analyse_from_state,
    decide_from_state,
    hint_from_state,
    packaged_games,
)

log = logging.getLogger(__name__)

THINK_BUDGET = 1.0  # seconds a long decision may take once the pool runs
START_LIMIT = 30.0  # seconds the pool's first worker may take to start (imports)


def default_workers() -> int:
    """One worker per CPU this process may run on, but one: that one is the event loop's."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        cpus = os.cpu_count() or 1
    return max(1, cpus - 1)


@dataclass(slots=True)
class LoopTime:
    """The event loop's own time spent on AI decisions (deciding in place, or saving the
    state and sending it to the pool): what a click waited behind, summed up. CPU time of
    the loop's thread, so a machine busy elsewhere does not inflate it."""

    decisions: int = 0
    seconds: float = 0.0
    longest: float = 0.0

    def add(self, seconds: float) -> None:
        self.decisions += 1
        self.seconds += seconds
        self.longest = max(self.longest, seconds)


class Thinker:
    """Decides AI moves: in place when they are quick, in the worker pool when they think.
    `workers` 0 decides everything in place (a host that may not start processes)."""

    def __init__(self, workers: int, budget: float = THINK_BUDGET) -> None:
        self.workers = workers
        self.budget = budget
        self._pool: Executor | None = None
        self._started: asyncio.Future[Any] | None = None
        self.on_loop = LoopTime()

    def off_loop(self, info: AnyGameInfo, level: str) -> bool:
        """Whether this level's decisions go to the pool."""
        return self.workers > 0 and level in info.thinking_levels

    def ask(self, info: AnyGameInfo, game: AnyGame, seat: int, level: str) -> asyncio.Future[Any]:
        """Send the decision to the pool now, from the game as it stands (call it under the
        match's lock); await `answer` for the move."""
        start = time.thread_time()
        state = game.to_dict()
        asked = self._send(partial(decide_from_state, _module(info), info.key, state, seat, level))
        self.on_loop.add(time.thread_time() - start)
        return asked

    def decide_here(self, info: AnyGameInfo, game: AnyGame, seat: int, level: str) -> Any:
        """The move of a level quick enough to decide on the loop, decided now."""
        start = time.thread_time()
        action = info.choose_ai(game, seat, level)
        self.on_loop.add(time.thread_time() - start)
        return action

    def ask_hint(self, info: AnyGameInfo, game: AnyGame, seat: int) -> asyncio.Future[Any]:
        """Send a practice hint to the pool now (it is the strongest level's judgement);
        await `result` for it."""
        return self._send(partial(hint_from_state, _module(info), info.key, game.to_dict(), seat))

    def _send(self, job: Callable[[], Any]) -> asyncio.Future[Any]:
        loop = asyncio.get_running_loop()
        try:
            asked = loop.run_in_executor(self.running_pool(loop), job)
        except BrokenProcessPool:  # a worker died (killed, out of memory): start anew
            log.warning("the AI workers had stopped; starting them again")
            self._drop_pool()
            asked = loop.run_in_executor(self.running_pool(loop), job)
        # A decision dropped past its budget may still fail later: read it, so asyncio does
        # not log it as an exception nobody retrieved.
        asked.add_done_callback(_retrieved)
        return asked

    async def answer(self, info: AnyGameInfo, asked: asyncio.Future[Any]) -> Any | None:
        """The move the pool decided, or None when it was late past the budget or the pool
        failed: the caller then makes the safe move itself."""
        code = await self.result(info, asked)
        return None if code is None else info.action_from_code(code)

    async def result(self, info: AnyGameInfo, asked: asyncio.Future[Any]) -> Any | None:
        """What the pool worked out, or None when it was late past the budget or failed."""
        try:
            if self._started is not None:
                await asyncio.wait_for(asyncio.shield(self._started), START_LIMIT)
            return await asyncio.wait_for(asyncio.shield(asked), self.budget)
        except TimeoutError:
            log.warning("AI work for %s took over %.1f s; not waited for", info.key, self.budget)
            return None
        except BrokenProcessPool:
            log.warning("the AI workers stopped (%s); the pool starts again", info.key)
            self._drop_pool()
            return None

    async def decide(self, info: AnyGameInfo, game: AnyGame, seat: int, level: str) -> Any:
        """The AI's move now: in place, or from the pool with the safe move if it is late."""
        if not self.off_loop(info, level):
            return self.decide_here(info, game, seat, level)
        action = await self.answer(info, self.ask(info, game, seat, level))
        return info.timeout_move(game, seat) if action is None else action

    async def analyse(
        self, key: str, first: dict[str, Any], moves: list[list[Any]], seat: int
    ) -> list[tuple[int, Judged]]:
        """A finished match's decisions of one seat, valued by its strongest AI off the loop:
        in the workers when they run, else in a thread."""
        if self.workers > 0:
            loop = asyncio.get_running_loop()
            module = GAMES[key].new_game.__module__
            job = partial(analyse_from_state, module, key, first, moves, seat)
            result: list[tuple[int, Judged]] = await loop.run_in_executor(
                self.running_pool(loop), job
            )
            return result
        return await asyncio.to_thread(analyse, key, first, moves, seat)

    def running_pool(self, loop: asyncio.AbstractEventLoop) -> Executor:
        """The worker pool, started if it is not running."""
        if self._pool is None:
            # spawn: a forked child would copy the loop's threads (the database's) mid-step.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context)
            self._started = loop.run_in_executor(self._pool, packaged_games)
        return self._pool

    def _drop_pool(self) -> None:
        """Shut the pool down (a broken one joins at once): queued decisions dropped."""
        pool, self._pool = self._pool, None
        started, self._started = self._started, None
        if started is not None:
            started.cancel()
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)

    def stop(self) -> None:
        """Shut the pool down at the bot's stop: the workers and the pool's thread joined."""
        self._drop_pool()


def _module(info: AnyGameInfo) -> str:
    """The module a worker imports so the game is registered there (see decide_from_state)."""
    return info.new_game.__module__


def _retrieved(future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.exception()
