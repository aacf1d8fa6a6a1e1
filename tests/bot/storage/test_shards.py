"""Two processes on one database, each running half the shards: each restores and times
only the matches of servers on its own shards, so every lobby expires exactly once."""

from __future__ import annotations

from dataclasses import replace

from bot.core.settings import Settings
from bot.play.changes import Change
from bot.play.lobby import LobbyRequest
from bot.play.matches import MatchService
from bot.storage import EndReason, Storage
from bot.storage.interface import doors_of
from bot.storage.shards import Shards, shard_of
from tests.waiting import until

# Servers whose ids put them on shard 0 and shard 1 of 2.
GUILDS = {0: 6 << 22, 1: (7 << 22) + 12345}


async def _open_lobbies(path, base, now):
    store = await Storage.open(path)
    service = MatchService(doors_of(store), base, lambda: now)
    ids = {}
    for shard, guild in GUILDS.items():
        record = await service.open_lobby(
            LobbyRequest(
                guild_id=guild,
                channel_id=100 + shard,
                game="flip7",
                host_id=1,
                host_name="ann",
                options={},
            ),
        )
        ids[shard] = record.id
    await service.stop()
    await store.close()
    return ids


async def test_guild_ids_fall_on_the_shards_discord_puts_them():
    assert [shard_of(guild, 2) for guild in GUILDS.values()] == [0, 1]
    assert Shards(2, (1,)).owns(GUILDS[1]) and not Shards(2, (1,)).owns(GUILDS[0])


async def test_each_process_restores_and_fires_only_its_own_shards_deadlines(tmp_path):
    path = tmp_path / "games.sqlite3"
    base = Settings(token="t", database_path=path, ai_delay=0, lobby_timeout=60, shard_count=2)
    ids = await _open_lobbies(path, base, 1000.0)
    # Both processes start after every lobby ran out: each expires only its own.
    fired: dict[int, list[int]] = {0: [], 1: []}
    services, stores = [], []
    for shard in (0, 1):
        store = await Storage.open(path)
        stores.append(store)
        service = MatchService(doors_of(store), replace(base, shard_ids=(shard,)), lambda: 2000.0)

        async def publish(change: Change, shard: int = shard) -> None:
            fired[shard].append(change.record.id)

        service.publish = publish
        services.append(service)
    for service in services:
        await service.restore()
    # Each process fires its own lobby's expiry, and holds no timer for the other one: a
    # timer it held for the other's lobby would fire (or still wait) before this passes.
    await until(
        lambda: (
            len(fired[0]) + len(fired[1]) >= 2
            and all(s.due(m) is None for s in services for m in ids.values())
        ),
        "both lobbies to expire and no timer left in either process",
    )
    assert fired == {0: [ids[0]], 1: [ids[1]]}
    for service, store in zip(services, stores, strict=True):
        await service.stop()
        for match_id in ids.values():
            record = await service.reads.get_match(match_id)
            assert record is not None and record.ended_reason == EndReason.LOBBY_EXPIRED
        await store.close()


async def test_without_shard_settings_one_process_restores_every_match(tmp_path):
    path = tmp_path / "games.sqlite3"
    base = Settings(token="t", database_path=path, ai_delay=0, lobby_timeout=60)
    ids = await _open_lobbies(path, base, 1000.0)
    store = await Storage.open(path)
    service = MatchService(doors_of(store), base, lambda: 1000.0)
    await service.restore()
    assert all(service.due(match_id) is not None for match_id in ids.values())
    sharded = MatchService(
        doors_of(store), replace(base, shard_count=2, shard_ids=(1,)), lambda: 1000.0
    )
    await sharded.restore()
    assert sharded.due(ids[0]) is None
    assert sharded.due(ids[1]) is not None
    for each in (service, sharded):
        await each.stop()
    await store.close()
