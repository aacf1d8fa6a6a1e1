"""The cards' emojis at start, with Discord's delay put back: how long the start takes
without the sync and with it (a first start, which makes every emoji, and a restart, which
only lists them), and the calls each makes.

python -m bench.card_emojis [--delay 0.1]

Every REST call to SimCord waits `--delay` seconds first, as a call to Discord takes tens to
hundreds of ms. "logged in" is the bot ready to answer (setup done); the sync runs after it
in the background, so "sync done" is when the tables first show pictures.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from collections.abc import Iterator
from contextlib import AsyncExitStack, contextmanager
from pathlib import Path
from typing import Any

import simcord
import simcord.http.client

from bot.core.settings import Settings
from bot.process.app import TabletopBot
from cogs.app import create_bot
from cogs.ui.card_faces import pictures

EMOJI_ROUTES = "/applications/{application_id}/emojis"


@contextmanager
def delayed(delay: float) -> Iterator[list[str]]:
    """Each REST call waits `delay` s; yields the calls made (method and route), in order."""
    calls: list[str] = []
    real = simcord.http.client.FakeHTTPClient.request

    async def slow(self: Any, route: Any, **kwargs: Any) -> Any:
        calls.append(f"{route.method} {route.path}")
        await asyncio.sleep(delay)
        return await real(self, route, **kwargs)

    simcord.http.client.FakeHTTPClient.request = slow  # type: ignore[method-assign]
    try:
        yield calls
    finally:
        simcord.http.client.FakeHTTPClient.request = real  # type: ignore[method-assign]


async def one_start(
    stack: AsyncExitStack, env: simcord.Env | None, settings: Settings, calls: list[str], sync: bool
) -> tuple[simcord.Env, TabletopBot, str]:
    """One start on `settings`' database, on the same simulated Discord as the last (a
    restart), each drawing the pictures afresh, as a new process does. The bot starts its
    sync at the end of its setup; here it is started just after (SimCord waits for a
    bot's tasks at login, Discord doesn't)."""
    pictures.cache_clear()
    calls.clear()
    started = time.perf_counter()
    bot = create_bot(settings)
    if env is None:
        env = await stack.enter_async_context(simcord.run(bot))
    else:
        await env.restart_bot(bot)
    logged_in = time.perf_counter() - started
    said = f"logged in after {logged_in:.2f} s with {len(calls)} calls"
    if sync:
        bot.start_emoji_sync()
        assert bot.emoji_sync is not None
        shown = await bot.emoji_sync
        done = time.perf_counter() - started
        emoji_calls = [call for call in calls if EMOJI_ROUTES in call]
        created = sum(call.startswith("POST") for call in emoji_calls)
        said += (
            f"; sync done after {done:.2f} s (pictures shown: {shown}): "
            f"{len(emoji_calls)} emoji calls, {created} emojis made"
        )
    return env, bot, said


async def run(delay: float) -> None:
    with tempfile.TemporaryDirectory(prefix="tabletop-bench-emojis-") as folder:
        settings = Settings(
            token="bench", database_path=Path(folder) / "bot.sqlite3", ai_delay=0, card_emojis=False
        )
        env: simcord.Env | None = None
        bot: TabletopBot | None = None
        async with AsyncExitStack() as stack:
            with delayed(delay) as calls:
                for name, sync in (
                    ("start without the sync", False),
                    ("first start with the sync", True),
                    ("restart with the sync", True),
                ):
                    if bot is not None:
                        await bot.shutdown_storage()
                    env, bot, said = await one_start(stack, env, settings, calls, sync)
                    print(f"{name}: {said}")
                    stack.push_async_callback(bot.shutdown_storage)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--delay", type=float, default=0.1, help="seconds per REST call")
    args = parser.parse_args()
    if args.delay < 0:
        parser.error("--delay must be 0 seconds or more")
    print(f"every REST call delayed {args.delay * 1000:.0f} ms")
    asyncio.run(run(args.delay))


if __name__ == "__main__":
    main()
