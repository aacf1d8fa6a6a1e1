"""The application emojis' records on both backends, and the one-process-at-a-time hold
the sync runs under: on PostgreSQL a second process waits for the first."""

from __future__ import annotations

import asyncio

from bot.process.app_emojis import SYNC_LOCK
from bot.storage import PostgresStorage


async def test_emoji_records_round_trip(any_storage):
    assert await any_storage.app_emojis() == {}
    await any_storage.save_app_emoji("f7_12", "aaa", 11)
    await any_storage.save_app_emoji("sos_w37", "bbb", 12)
    await any_storage.save_app_emoji("f7_12", "ccc", 13)  # redrawn: replaced
    assert await any_storage.app_emojis() == {"f7_12": ("ccc", 13), "sos_w37": ("bbb", 12)}
    await any_storage.forget_app_emoji("sos_w37")
    assert await any_storage.app_emojis() == {"f7_12": ("ccc", 13)}


async def test_a_second_process_waits_for_the_sync_of_the_first(postgres_url):
    first, second = (
        await PostgresStorage.open(postgres_url),
        await PostgresStorage.open(postgres_url),
    )
    order: list[str] = []
    try:
        async with first.exclusive(SYNC_LOCK):
            order.append("first in")

            async def wait_turn() -> None:
                async with second.exclusive(SYNC_LOCK):
                    order.append("second in")

            waiting = asyncio.create_task(wait_turn())
            await asyncio.sleep(2.0)  # beyond the pool's 1.5 s lock timeout: still waiting
            assert not waiting.done()
            order.append("first out")
        await asyncio.wait_for(waiting, 10)
        assert order == ["first in", "first out", "second in"]
    finally:
        await first.close()
        await second.close()
