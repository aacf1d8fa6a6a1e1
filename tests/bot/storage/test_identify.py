"""Issue 36, item 13: processes started together take turns to identify. On PostgreSQL each
shard's identify waits for its rate-limit bucket (shard % max_concurrency) across every
process, and holds it for the window after; on SQLite discord.py's own wait stays."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from itertools import pairwise

import asyncpg
import pytest
from discord.http import Route

from bot.core.settings import Settings
from bot.process.app import ShardedTabletopBot, TabletopBot, create_bot
from bot.storage import IDENTIFY_WINDOW, IdentifyGate
from bot.storage.postgres.identify import IDENTIFY_LOCK
from tests.bot.identify_runner import TOKEN, discord_api, identify_at_once

WINDOW = 0.5  # seconds, for the tests; Discord's is 5


async def identify_locks(url: str) -> list[tuple[int, bool]]:
    """The identify locks on the server: (bucket, granted) each, held or waited for."""
    db = await asyncpg.connect(url)
    try:
        rows = await db.fetch(
            "SELECT objid, granted FROM pg_locks WHERE locktype = 'advisory'"
            " AND classid = $1 AND objsubid = 2",
            IDENTIFY_LOCK,
        )
        return sorted((int(row["objid"]), row["granted"]) for row in rows)
    finally:
        await db.close()


def gaps_in_each_bucket(stamps: list[tuple[int, float]], concurrency: int) -> list[float]:
    buckets: dict[int, list[float]] = {}
    for shard, at in stamps:
        buckets.setdefault(shard % concurrency, []).append(at)
    return [later - earlier for times in buckets.values() for earlier, later in pairwise(times)]


async def test_i36_four_processes_started_at_once_identify_one_window_apart(postgres_url):
    went, stamps = identify_at_once(
        postgres_url, shard_count=4, processes=4, max_concurrency=1, window=WINDOW
    )
    assert sorted(shard for shard, _at in stamps) == [0, 1, 2, 3]  # every one identified
    gaps = gaps_in_each_bucket(stamps, 1)
    assert len(gaps) == 3 and min(gaps) >= WINDOW, gaps
    assert stamps[-1][1] - went >= 3 * WINDOW
    assert await identify_locks(postgres_url) == []  # the processes let go as they ended


async def test_i36_each_rate_limit_bucket_takes_turns_of_its_own(postgres_url):
    """max_concurrency 2: shards 0, 2, 4, 6 take turns, and so do 1, 3, 5, 7, side by side."""
    _went, stamps = identify_at_once(
        postgres_url, shard_count=8, processes=4, max_concurrency=2, window=WINDOW
    )
    assert sorted(shard for shard, _at in stamps) == list(range(8))
    gaps = gaps_in_each_bucket(stamps, 2)
    assert len(gaps) == 6 and min(gaps) >= WINDOW, gaps
    # One queue for all would put every two identifies a window apart.
    assert min(later - earlier for (_s, earlier), (_t, later) in pairwise(stamps)) < WINDOW


@pytest.fixture
async def sharded_on_postgres(postgres_url, monkeypatch):
    """A factory: the sharded bot on PostgreSQL, logged in to a local Discord REST API that
    gives `max_concurrency` (None: one without the session start limits)."""
    opened: list[ShardedTabletopBot] = []
    with contextlib.ExitStack() as apis:

        async def make(concurrency: int | None, shard_ids: tuple[int, ...]) -> ShardedTabletopBot:
            monkeypatch.setattr(Route, "BASE", apis.enter_context(discord_api(concurrency)))
            settings = Settings(
                token=TOKEN, database_url=postgres_url, shard_count=4, shard_ids=shard_ids
            )
            bot = create_bot(settings, ())
            assert isinstance(bot, ShardedTabletopBot) and bot.identify_gate is not None
            bot.identify_gate.window = 0.5
            await bot.http.static_login(TOKEN)
            opened.append(bot)
            return bot

        yield make
        for bot in opened:
            assert bot.identify_gate is not None
            await bot.identify_gate.close()
            await bot.http.close()


def _fields(settings: Settings) -> dict[str, object]:
    return {name: getattr(settings, name) for name in settings.__slots__}


async def test_i36_on_postgresql_the_bots_hook_takes_its_buckets_lock(
    sharded_on_postgres, postgres_url
):
    bot = await sharded_on_postgres(2, (1, 3))
    await bot.before_identify_hook(1, initial=True)
    identified = time.monotonic()  # the IDENTIFY goes out now; the window starts after it
    assert await identify_locks(postgres_url) == [(1, True)]  # bucket 1 % 2, held
    await bot.before_identify_hook(3)  # bucket 1 again: once the window has passed
    assert time.monotonic() - identified >= 0.5
    assert bot.identify_gate is not None
    await bot.identify_gate.close()
    assert await identify_locks(postgres_url) == []


async def test_i36_without_session_start_limits_every_shard_is_in_bucket_0(
    sharded_on_postgres, postgres_url, caplog
):
    bot = await sharded_on_postgres(None, (3,))
    with caplog.at_level(logging.WARNING, logger="bot.process.app"):
        await bot.before_identify_hook(3, initial=True)
    assert await identify_locks(postgres_url) == [(0, True)]
    assert "max_concurrency unknown" in caplog.text


async def test_i36_on_sqlite_discord_pys_own_wait_stays(settings):
    bot = create_bot(Settings(**{**_fields(settings), "shard_count": 2}), ())
    assert isinstance(bot, ShardedTabletopBot) and bot.identify_gate is None
    await asyncio.wait_for(bot.before_identify_hook(0, initial=True), 1)  # the first: at once
    with pytest.raises(TimeoutError):  # any later one: discord.py's 5 s
        await asyncio.wait_for(bot.before_identify_hook(1), 0.3)
    unsharded = create_bot(settings, ())
    assert type(unsharded) is TabletopBot and unsharded.identify_gate is None


async def test_i36_an_unsharded_bot_on_postgresql_uses_bucket_0(postgres_url):
    bot = create_bot(Settings(token=TOKEN, database_url=postgres_url), ())
    assert bot.identify_gate is not None and bot.identify_gate.window == IDENTIFY_WINDOW
    bot.identify_gate.window = 0.2
    await bot.before_identify_hook(None, initial=True)
    assert await identify_locks(postgres_url) == [(0, True)]
    await bot.identify_gate.close()
    assert await identify_locks(postgres_url) == []


async def test_i36_a_shard_given_up_while_waiting_leaves_the_queue(postgres_url):
    """discord.py cancels a shard's connect after its timeout: the waiting session ends."""
    first, second = IdentifyGate(postgres_url, 1.0), IdentifyGate(postgres_url, 1.0)
    await first.before_identify(0, 1)
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(second.before_identify(0, 1), 0.3)
    await second.close()  # its session closed
    assert await identify_locks(postgres_url) == [(0, True)]  # no waiter left behind
    await first.close()
    await second.before_identify(0, 1)  # free again once the window ran out
    await second.close()


async def test_i36_without_the_database_a_shard_identifies_after_a_whole_window(caplog):
    gate = IdentifyGate("postgresql://postgres@/none?host=/nonexistent", 0.3)
    asked = time.monotonic()
    with caplog.at_level(logging.WARNING):
        await gate.before_identify(2, 1)
    assert time.monotonic() - asked >= 0.3
    assert "shard 2 identifies without the other processes" in caplog.text
