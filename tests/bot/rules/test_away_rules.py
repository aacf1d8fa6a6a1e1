"""The rules of days away (bot/rules/away.py): the cap of 14 days in any 30, and how a stopped
clock keeps the rest of a turn."""

from __future__ import annotations

from bot.rules.away import (
    DAY,
    current,
    days_left,
    moved_due,
    stopped_until,
)

NOW = 1_000 * DAY


def test_fourteen_days_are_left_to_a_member_never_away():
    assert days_left([], NOW) == 14


def test_days_already_away_in_the_last_30_count_against_the_14():
    periods = [(NOW - 20 * DAY, NOW - 13 * DAY), (NOW - 5 * DAY, NOW - 2 * DAY)]  # 7 + 3
    assert days_left(periods, NOW) == 4


def test_a_period_that_leaves_the_window_while_a_new_one_runs_frees_its_days():
    """Every 30 days ending within the new period count: 13 days away that ended 16 days
    ago fall out of the window a day for each day of the new one, 14 days that ended 14
    days ago do not fall out soon enough for even one."""
    assert days_left([(NOW - 29 * DAY, NOW - 16 * DAY)], NOW) == 14
    assert days_left([(NOW - 28 * DAY, NOW - 14 * DAY)], NOW) == 0
    assert days_left([(NOW - 20 * DAY, NOW - 10 * DAY)], NOW) == 4


def test_the_current_period_counts_only_up_to_now():
    periods = [(NOW - 3 * DAY, NOW + 4 * DAY)]
    assert current(periods, NOW) is not None
    assert days_left(periods, NOW) == 11
    assert current(periods, NOW + 5 * DAY) is None


def test_a_stopped_clock_keeps_the_rest_of_the_turn_from_the_return():
    assert moved_due(NOW + 600, NOW, NOW + 2 * DAY) == NOW + 2 * DAY + 600  # going away
    assert moved_due(NOW + 2 * DAY + 600, NOW + 2 * DAY, NOW + DAY) == NOW + DAY + 600  # back early
    assert moved_due(NOW - 5, NOW, NOW + DAY) == NOW + DAY  # a turn already over keeps nothing


def test_only_daily_and_three_day_matches_stop_and_only_for_members_still_away():
    away = {"1": NOW + DAY, "2": NOW - 1}
    assert stopped_until("daily", away, [1, 2], NOW) == NOW + DAY
    assert stopped_until("three_days", away, [2], NOW) == NOW  # bob is back
    for pace in ("live", "relaxed"):
        assert stopped_until(pace, away, [1], NOW) == NOW
