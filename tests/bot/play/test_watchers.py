"""Watchers of a match (issue 39, item 2), on both backends: kept across a reopening of the
database (migration 014), toggled by a press, a double click taken for one press, refused
for a seated member, a match without a thread and an ended match."""

from __future__ import annotations

from bot.play.watching import DOUBLE_CLICK, Toggled, Watchers
from bot.storage import MatchStatus, Seat
from tests.bot.storage_helpers import open_lobby


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_watchers_are_kept_and_cleared(backend):
    storage = await backend.open()
    try:
        record = await open_lobby(storage)
        await storage.add_watcher(record.id, 7, 1000.0)
        await storage.add_watcher(record.id, 8, 1001.0)
        await storage.add_watcher(record.id, 7, 1002.0)  # already watching: kept as it was
        assert await storage.watchers(record.id) == [(7, 1000.0), (8, 1001.0)]
    finally:
        await storage.close()
    storage = await backend.open()  # as after a restart
    try:
        assert await storage.watchers(record.id) == [(7, 1000.0), (8, 1001.0)]
        await storage.remove_watcher(record.id, 7)
        assert await storage.watchers(record.id) == [(8, 1001.0)]
        await storage.clear_watchers(record.id)
        assert await storage.watchers(record.id) == []
    finally:
        await storage.close()


async def test_a_press_toggles_and_a_double_click_counts_once(any_storage):
    clock = Clock()
    record = await open_lobby(any_storage)
    record.status, record.thread_id = MatchStatus.PLAYING, 555
    watchers = Watchers(any_storage, clock)
    assert await watchers.press(record, 7) == Toggled(True, 1)
    assert await watchers.press(record, 7) == "double_click"
    clock.now += DOUBLE_CLICK + 1
    assert await watchers.press(record, 8) == Toggled(True, 2)
    assert await watchers.press(record, 7) == Toggled(False, 1)
    assert await Watchers(any_storage, clock).count(record.id) == 1  # read back from storage
    assert await watchers.press(record, 100) == "seated"  # Ann has a seat
    assert await watchers.ended(record.id) == [8]
    assert await any_storage.watchers(record.id) == []


async def test_a_match_without_a_thread_or_ended_is_not_watched(any_storage):
    watchers = Watchers(any_storage, Clock())
    record = await open_lobby(any_storage)
    record.status = MatchStatus.PLAYING
    assert await watchers.press(record, 7) == "no_thread"
    record.thread_id, record.status = 555, MatchStatus.FINISHED
    assert await watchers.press(record, 7) == "ended"
    record.status = MatchStatus.PLAYING
    record.seats.append(Seat("Bob", 9))
    assert await watchers.press(record, 9) == "seated"
