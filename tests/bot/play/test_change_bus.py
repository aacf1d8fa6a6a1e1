"""The change bus's memory (issue 47, items 1 and 5): a followed match keeps its last
changes so a page that reconnects resumes without a gap, also for a while after its last
subscriber left; a match nobody follows keeps only its latest change, and only so many such
matches are kept at all."""

from __future__ import annotations

from bot.play import bus as bus_module
from bot.play.bus import ChangeBus
from bot.play.published import published
from bot.storage import MatchRecord, MatchStatus
from bot.storage.records import Seat


def change(match_id: int, version: int):
    record = MatchRecord(
        id=match_id,
        guild_id=1,
        channel_id=2,
        game="flip7",
        host_id=3,
        status=MatchStatus.LOBBY,
        version=version,
        seats=[Seat("ann", 3)],
        options={},
        state=None,
    )
    return published(record, (), 0)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def versions(subscription) -> list[tuple[int, bool]]:
    got = []
    while subscription.pending():
        delivery = subscription._waiting.popleft()
        got.append((delivery.change.version, delivery.snapshot))
    return got


def test_i47_5_a_match_nobody_follows_keeps_only_its_latest_change():
    bus = ChangeBus(Clock())
    for version in range(1, 6):
        bus.publish(change(7, version))
    assert list(bus._kept[7]) == [bus.latest(7)] and bus.latest(7).version == 5
    # A page that saw version 3 can't be resumed from it: it gets the match as it stands.
    assert versions(bus.subscribe(7, since=3)) == [(5, True)]


def test_i47_2_a_page_gone_a_moment_resumes_without_a_gap():
    clock = Clock()
    bus = ChangeBus(clock)
    bus.publish(change(7, 1))
    page = bus.subscribe(7)
    assert versions(page) == [(1, True)]
    bus.publish(change(7, 2))
    assert versions(page) == [(2, False)]
    page.close()  # the page's connection dropped
    clock.now += bus_module.LINGER / 2
    for version in (3, 4, 5):
        bus.publish(change(7, version))
    again = bus.subscribe(7, since=2)
    assert versions(again) == [(3, False), (4, False), (5, False)]
    again.close()
    clock.now += bus_module.LINGER + 1  # gone for good: what it missed gives way
    bus.publish(change(7, 6))
    assert versions(bus.subscribe(7, since=5)) == [(6, True)]


def test_i47_5_only_so_many_unfollowed_matches_are_kept(monkeypatch):
    monkeypatch.setattr(bus_module, "IDLE", 3)
    bus = ChangeBus(Clock())
    followed = bus.subscribe(1)
    for match_id in range(1, 7):
        bus.publish(change(match_id, 1))
    assert bus.followed(1) and bus.latest(1) is not None  # followed: never let go
    assert sorted(bus.matches()) == [1, 4, 5, 6]
    followed.close()
    assert bus.latest(1) is not None and bus.latest(4) is None  # now the most recent idle
