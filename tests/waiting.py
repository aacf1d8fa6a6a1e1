"""Waiting for what a test checks, never for a fixed time.

A test that needs the bot (or a worker, a timer, another process) to have done something
polls for that thing itself. The limit is generous on purpose: a loaded machine (the suite
runs on both cores, browsers beside it) only makes the wait longer, and only a bot that never
does the thing reaches the limit, which then fails with what was last seen."""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")

LIMIT = 60.0  # seconds: far beyond any honest wait, so it never decides a passing run
POLL = 0.01


async def until(
    check: Callable[[], T | Awaitable[T]], what: str, limit: float = LIMIT, poll: float = POLL
) -> T:
    """The first truthy value `check` returns (awaited when it is a coroutine)."""
    deadline = time.monotonic() + limit
    while True:
        value = check()
        if inspect.isawaitable(value):
            value = await value
        if value:
            return value  # type: ignore[return-value]
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {limit:.0f} s for {what}; last seen: {value!r}")
        await asyncio.sleep(poll)


def until_sync(check: Callable[[], T], what: str, limit: float = LIMIT, poll: float = 0.05) -> T:
    """`until` for code outside an event loop (a subprocess's output, a file)."""
    deadline = time.monotonic() + limit
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {limit:.0f} s for {what}; last seen: {value!r}")
        time.sleep(poll)
