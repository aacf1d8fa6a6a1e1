"""The standings where only PostgreSQL can go wrong: several processes on one database."""

from __future__ import annotations

import asyncio

import asyncpg

from bot.storage import PostgresStorage
from bot.storage.postgres.results import SEASON_LOCK
from bot.storage.postgres.standings_store import RETENTION_LOCK
from engines.base import Event
from tests.bot.standings_helpers import finish, members, win
from tests.waiting import until


async def test_one_members_matches_finishing_in_two_processes_at_once_both_count(postgres_url):
    """Two pools (two processes' worth of connections) finish matches of member 11 at
    the same moment, ten times over, new and rated members alike: every one is rated."""
    one, two = await PostgresStorage.open(postgres_url), await PostgresStorage.open(postgres_url)
    try:
        for n in range(10):
            await asyncio.gather(
                finish(one, members(win([5, 1]), 11, 20 + n), now=2000.0 + n, channel=2 * n),
                finish(two, members(win([5, 1]), 11, 40 + n), now=2000.0 + n, channel=2 * n + 1),
            )
        rating = (await one.standings.member_ratings(1, 11, season=False))["flip7"]
        assert (rating.games, rating.wins) == (20, 20)
        trend = await two.standings.rating_trend(1, "flip7", 11, season=False, count=20)
        assert len(trend) == 20
        changes = await _fetch(
            postgres_url,
            "SELECT mu_before, mu_after FROM rating_changes WHERE key = '11' AND season = 0 "
            "ORDER BY mu_before",
        )
        # Each match started from the one before it: the skills form one unbroken chain.
        assert [r[0] for r in changes[1:]] == [r[1] for r in changes[:-1]]
    finally:
        await one.close()
        await two.close()


async def test_retention_runs_in_one_process_at_a_time(postgres_url):
    storage = await PostgresStorage.open(postgres_url)
    holder = await asyncpg.connect(postgres_url)
    try:
        match = await finish(storage, members(win([2, 1]), 11, 12), now=1000.0)
        record = await storage.get_match(match)
        await storage.save(record, expected_version=1, now=1000.0, events=[Event("x", {})])
        async with holder.transaction():  # another process is pruning
            await holder.execute("SELECT pg_advisory_xact_lock($1)", RETENTION_LOCK)
            assert await storage.standings.prune_events(5000.0) == 0
            assert await storage.standings.match_events(match) != []
        assert await storage.standings.prune_events(5000.0) == 1
        assert await storage.standings.match_events(match) == []
        assert await storage.standings.prune_events(5000.0) == 0
    finally:
        await holder.close()
        await storage.close()


async def test_a_match_finishing_during_a_season_change_counts_in_the_new_season(postgres_url):
    guild = 1456074443980800006  # a server id of Discord's size (past 32 bits)
    storage = await PostgresStorage.open(postgres_url)
    holder = await asyncpg.connect(postgres_url)
    try:
        held = holder.transaction()
        await held.start()  # a season change under way elsewhere holds the lock alone
        await holder.execute(
            "SELECT pg_advisory_xact_lock($1, $2)", SEASON_LOCK, guild % 2147483647
        )
        rows = members(win([2, 1]), 11, 12)
        finishing = asyncio.create_task(finish(storage, rows, now=3000.0, guild=guild))
        waiting = "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"

        async def blocked() -> bool:
            return bool(await holder.fetchval(waiting)) or finishing.done()

        await until(blocked, "the finishing match to reach the season's lock")
        assert not finishing.done()  # it waits rather than rating into the ending season
        await holder.execute("INSERT INTO seasons VALUES ($1, 2, 2999.0)", guild)
        await held.commit()
        match = await finishing
        assert (await storage.standings.member_ratings(guild, 11))["flip7"].games == 1
        summary = await storage.standings.history(guild)
        assert [s.match_id for s in summary] == [match]
        assert await _fetch(postgres_url, "SELECT season FROM match_ends") == [(2,)]
        season, hall = await storage.standings.new_season(guild, 4000.0)
        assert (season.number, hall) == (3, [])  # one game each: nobody ranked yet
    finally:
        await holder.close()
        await storage.close()


async def _fetch(url: str, sql: str) -> list[tuple]:
    db = await asyncpg.connect(url)
    try:
        return [tuple(r) for r in await db.fetch(sql)]
    finally:
        await db.close()
