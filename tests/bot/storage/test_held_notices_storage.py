"""The notices held through members' quiet hours, as stored (issue 48, item 4): kept,
replaced and forgotten per member and match, listed only while their match is played and
by the servers a process serves, on SQLite and on PostgreSQL alike."""

from __future__ import annotations

from bot.storage import HeldNotice, MatchStatus, NewMatch, Seat, TurnDue
from bot.storage.shards import Shards

SHARD_ONE = 1 << 22  # a server on shard 1 of 2 (servers on shard 0 have ids below 2**22)


async def playing(storage, guild_id=1):
    """A match being played, by the lobby's start."""
    lobby = NewMatch(
        guild_id=guild_id,
        channel_id=10,
        game="flip7",
        host_id=100,
        seats=[Seat("Ann", 100)],
        options={},
    )
    record = await storage.create_match(lobby, now=1000.0)
    record.status, record.version = MatchStatus.PLAYING, 1
    await storage.save(record, expected_version=0, now=1001.0)
    return record


async def test_i48_4_a_held_notice_is_kept_replaced_and_forgotten(any_storage):
    storage = any_storage
    one, other = await playing(storage), await playing(storage, guild_id=SHARD_ONE)
    turn = TurnDue([3, 1], 90_000.5)
    await storage.hold_notice(HeldNotice(one.id, 100, turn, False, 50_000.0, 1))
    await storage.hold_notice(HeldNotice(one.id, 200, None, False, 60_000.0, 1))
    await storage.hold_notice(HeldNotice(other.id, 100, turn, False, 50_000.0, SHARD_ONE))
    await storage.hold_notice(HeldNotice(one.id, 100, turn, True, 55_000.0, 1))  # the reminder
    assert await storage.held_notices() == [
        HeldNotice(one.id, 100, turn, True, 55_000.0, 1),
        HeldNotice(one.id, 200, None, False, 60_000.0, 1),
        HeldNotice(other.id, 100, turn, False, 50_000.0, SHARD_ONE),
    ]
    assert [h.match_id for h in await storage.held_notices(Shards(2, (1,)))] == [other.id]
    await storage.drop_held_notice(one.id, 200)
    await storage.drop_held_notice(one.id, 300)  # none: harmless
    assert [(h.match_id, h.user_id) for h in await storage.held_notices(Shards(2, (0,)))] == [
        (one.id, 100)
    ]


async def test_i48_4_the_notices_of_an_ended_match_are_not_listed(any_storage):
    storage = any_storage
    record = await playing(storage)
    await storage.hold_notice(HeldNotice(record.id, 100, None, False, 50_000.0, 1))
    record.status, record.version = MatchStatus.FINISHED, 2
    await storage.save(record, expected_version=1, now=1002.0)
    assert await storage.held_notices() == []
