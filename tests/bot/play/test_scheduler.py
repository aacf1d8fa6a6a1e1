"""The timer heap: earliest first, a replaced timer fires once at its new time, and the heap
does not grow with replacements."""

from __future__ import annotations

from bot.play.scheduler import Due, Scheduler
from tests.waiting import until


async def test_timers_fire_earliest_first_and_replaced_ones_only_at_their_new_time():
    now = [1000.0]
    fired: list[tuple[int, int, str]] = []

    async def fire(match_id, version, kind):
        fired.append((match_id, version, kind))

    timers = Scheduler(lambda: now[0], fire)
    for match_id in range(2000):
        timers.set(match_id, Due(2000.0 + match_id, 1, "turn"))
    for match_id in range(0, 2000, 2):  # every other timer moves to the past, then again
        timers.set(match_id, Due(900.0 + match_id, 2, "turn"))
        timers.set(match_id, Due(990.0 - match_id / 100, 3, "ai"))
    timers.set(1, None)
    assert len(timers._heap) <= 4 * 2000  # replaced entries are shed, not hoarded
    await until(lambda: len(fired) >= 1000, "the thousand timers now in the past to fire")
    assert sorted(fired) == [(m, 3, "ai") for m in range(0, 2000, 2)]
    assert [m for m, _, _ in fired] == sorted((m for m in range(0, 2000, 2)), reverse=True)
    assert timers.pending(3) == Due(2003.0, 1, "turn") and timers.pending(1) is None
    await timers.stop()
