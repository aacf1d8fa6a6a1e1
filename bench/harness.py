"""What the benches share: sizes that must be positive, percentiles and win-share
intervals, and the real bot under SimCord with its database closed however the run ends.

An open aiosqlite connection is a thread of its own that keeps the process alive, so a
bench that failed with its storage open would hang instead of exiting; SimCord closes
nothing of the bot's (tests/conftest.py closes it the same way)."""

from __future__ import annotations

import argparse
import math
import statistics
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager

import simcord

from bot.core.settings import Settings
from bot.process.app import TabletopBot
from cogs.app import create_bot, draw_every_card


def positive(text: str) -> int:
    """An argparse type: a whole number from 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not at least 1")
    return value


def p50_p99(values: Sequence[float]) -> tuple[float, float]:
    """The median and the 99th percentile (nearest rank) of `values`."""
    ordered = sorted(values)
    return statistics.median(ordered), ordered[math.ceil(len(ordered) * 0.99) - 1]


def share_interval(share: float, count: int) -> float:
    """Half the width of the 95 % interval of a share over `count` games (normal approx.)."""
    return 1.96 * math.sqrt(share * (1.0 - share) / count)


@asynccontextmanager
async def simulated(
    settings: Settings, clock: Callable[[], float] | None = None
) -> AsyncIterator[tuple[TabletopBot, simcord.Env]]:
    """A bot built from `settings`, logged in to SimCord; its database closed at the end.
    `clock`: the bot's clock instead of the one SimCord moves (`time.time`: its timers
    come due in real time, as AI moves do on a live bot). The card faces are drawn first:
    SimCord gives a starting bot 5 s to settle, which the emoji sync's drawing can pass on a
    busy machine."""
    if settings.card_emojis:
        draw_every_card()
    bot = create_bot(settings) if clock is None else create_bot(settings, clock)
    try:
        async with simcord.run(bot) as env:
            yield bot, env
    finally:
        await bot.shutdown_storage()
