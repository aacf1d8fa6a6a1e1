"""A match's changes published as data (issue 47, item 1): every saved change reaches the
match's subscribers in version order with the events it made and each seat's own view; a
subscriber that joins late gets where the match stands, one that resumes gets the changes
after the version it saw, without a gap or a repeat, and one that falls far behind gets a
snapshot."""

from __future__ import annotations

import pytest

from bot.core.settings import Settings
from bot.play import bus as bus_module
from bot.play.bus import Delivery, Subscription
from bot.play.changes import Change
from bot.play.lobby import LobbyRequest
from bot.play.matches import MatchService
from bot.storage import Storage
from bot.storage.interface import doors_of

ALICE, BOB = 100, 200


async def _quiet(change: Change) -> None:
    return None


@pytest.fixture
async def service(tmp_path):
    storage = await Storage.open(tmp_path / "bot.sqlite3")
    matches = MatchService(
        doors_of(storage), Settings(token="t", ai_delay=0, game_seed=7), lambda: 1000.0
    )
    yield matches
    await matches.stop()
    await storage.close()


async def _flip7(service: MatchService) -> int:
    record = await service.open_lobby(
        LobbyRequest(
            guild_id=1, channel_id=5, game="flip7", host_id=ALICE, host_name="alice", options={}
        )
    )
    await service.act_in_lobby(record.id, BOB, "bob", "join", _quiet)
    await service.act_in_lobby(record.id, ALICE, "alice", "start", _quiet)
    return record.id


async def _move(service: MatchService, match_id: int) -> Change:
    """The acting member's first legal move."""
    record, game = await service.current(match_id)
    assert game is not None
    seat = game.to_act()[0]
    action = game.legal_actions(seat)[0]
    code = _code_of(record.game, game, seat, action)
    user = record.seats[seat].user_id
    assert user is not None
    return await service.play(match_id, user, game.epoch(), code, _quiet)


def _code_of(key, game, seat, action) -> str:
    decision = game.decision(seat)
    for option in decision.options:
        if option == action:
            return option.code
    raise AssertionError("no such option")


def _drain(subscription: Subscription) -> list[Delivery]:
    got = []
    while subscription.pending():
        got.append(subscription._waiting.popleft())
    return got


async def test_i47_1_each_saved_change_reaches_a_follower_in_order_with_its_events(service):
    match_id = await _flip7(service)
    following = await service.follow(match_id)
    assert following is not None
    first = await following.next()
    assert first is not None and first.snapshot
    start = first.change.version
    made = [await _move(service, match_id) for _ in range(4)]
    got = _drain(following)
    assert [d.change.version for d in got] == [start + 1, start + 2, start + 3, start + 4]
    assert not any(d.snapshot for d in got)
    for delivery, change in zip(got, made, strict=True):
        assert [e.kind for e in delivery.change.events] == [e.kind for e in change.events]
        assert change.published is not None
        assert delivery.change is change.published


async def test_i47_1_a_change_is_frozen_at_its_version(service):
    match_id = await _flip7(service)
    following = await service.follow(match_id)
    assert following is not None
    await following.next()
    await _move(service, match_id)
    delivery = await following.next()
    assert delivery is not None
    published = delivery.change
    seen = published.view(None)
    acting = published.to_act()
    for _ in range(3):
        await _move(service, match_id)
    # Later moves change the live game and record, never the published copies.
    assert published.view(None) == seen
    assert published.to_act() == acting
    assert published.record.version == published.version
    record, _game = await service.current(match_id)
    assert record is not published.record and record.version == published.version + 3


async def test_i47_1_a_seat_sees_its_own_view_in_a_change(service):
    record = await service.open_lobby(
        LobbyRequest(
            guild_id=1,
            channel_id=5,
            game="sinkorswim",
            host_id=ALICE,
            host_name="alice",
            options={},
        )
    )
    for user, name in ((BOB, "bob"), (300, "carol")):
        await service.act_in_lobby(record.id, user, name, "join", _quiet)
    await service.act_in_lobby(record.id, ALICE, "alice", "start", _quiet)
    following = await service.follow(record.id)
    assert following is not None
    delivery = await following.next()
    assert delivery is not None
    change = delivery.change
    _live, game = await service.current(record.id)
    assert game is not None
    for seat in range(3):
        assert change.view(seat) == game.view(seat)
    assert change.view(None) == game.view(None)
    assert change.decision(0) == game.decision(0)


async def test_i47_1_a_follower_resumes_after_the_version_it_saw(service):
    match_id = await _flip7(service)
    first = await service.follow(match_id)
    assert first is not None
    start = (await first.next()).change.version
    await _move(service, match_id)
    seen = (await first.next()).change.version
    first.close()
    for _ in range(3):
        await _move(service, match_id)
    again = await service.follow(match_id, since=seen)
    assert again is not None
    got = _drain(again)
    assert [d.change.version for d in got] == [seen + 1, seen + 2, seen + 3]
    assert not any(d.snapshot for d in got)
    assert seen == start + 1


async def test_i47_1_an_unknown_or_forgotten_version_resumes_from_a_snapshot(service):
    match_id = await _flip7(service)
    following = await service.follow(match_id, since=10_000)
    assert following is not None
    got = _drain(following)
    assert len(got) == 1 and got[0].snapshot
    assert got[0].change.version == (await service.current(match_id))[0].version


async def test_i47_1_a_follower_far_behind_gets_one_snapshot(service, monkeypatch):
    monkeypatch.setattr(bus_module, "BEHIND", 3)
    match_id = await _flip7(service)
    following = await service.follow(match_id)
    assert following is not None
    _drain(following)
    for _ in range(5):
        await _move(service, match_id)
    got = _drain(following)
    latest = (await service.current(match_id))[0].version
    assert got[-1].change.version == latest
    assert any(d.snapshot for d in got)
    versions = [d.change.version for d in got]
    assert versions == sorted(set(versions))  # in order, none twice


async def test_i47_1_a_match_nobody_moved_in_since_the_start_is_followed_as_it_stands(
    tmp_path,
):
    path = tmp_path / "bot.sqlite3"
    storage = await Storage.open(path)
    settings = Settings(token="t", ai_delay=0, game_seed=7)
    first = MatchService(doors_of(storage), settings, lambda: 1000.0)
    match_id = await _flip7(first)
    version = (await first.current(match_id))[0].version
    await first.stop()
    await storage.close()
    storage = await Storage.open(path)
    second = MatchService(doors_of(storage), settings, lambda: 1000.0)
    try:
        following = await second.follow(match_id)
        assert following is not None
        delivery = await following.next()
        assert delivery is not None and delivery.snapshot
        assert delivery.change.version == version and delivery.change.game is not None
        await _move(second, match_id)
        assert following.pending() == 1  # published before the move returns
        assert following._waiting[0].change.version == version + 1
        assert await second.follow(999_999) is None
    finally:
        await second.stop()
        await storage.close()
