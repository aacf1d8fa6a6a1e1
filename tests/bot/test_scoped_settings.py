"""Scoped settings (issue 48, item 3): a server's, a channel's and a member's keys, each a
JSON value, on both backends; a new kind of setting needs no migration."""

from __future__ import annotations

from bot.storage.doors import CHANNEL, MEMBER, SERVER


async def test_i48_3_each_scope_keeps_its_own_keys_and_none_removes_one(any_storage):
    await any_storage.set_scoped(SERVER, 1, "house.flip7", {"options": {"goal": 150}})
    await any_storage.set_scoped(CHANNEL, 1, "house.flip7", {"pace": "daily"})
    await any_storage.set_scoped(MEMBER, 1, "quiet", {"from": "22:00"})
    await any_storage.set_scoped(SERVER, 1, "queue_minutes", 45)
    assert await any_storage.scoped(SERVER, 1) == {
        "house.flip7": {"options": {"goal": 150}},
        "queue_minutes": 45,
    }
    assert await any_storage.scoped(CHANNEL, 1) == {"house.flip7": {"pace": "daily"}}
    assert await any_storage.scoped(MEMBER, 1) == {"quiet": {"from": "22:00"}}
    assert await any_storage.scoped(SERVER, 2) == {}
    await any_storage.set_scoped(SERVER, 1, "queue_minutes", 30)  # replaced, not added
    await any_storage.set_scoped(SERVER, 1, "house.flip7", None)
    assert await any_storage.scoped(SERVER, 1) == {"queue_minutes": 30}
    await any_storage.set_scoped(SERVER, 1, "never.set", None)  # removing nothing is fine
