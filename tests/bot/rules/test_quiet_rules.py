"""The rules of quiet hours (bot/rules/quiet.py, issue 48, item 4): what a member may type,
and when their quiet hours hold and end, across midnight and daylight saving time."""

from __future__ import annotations

from datetime import UTC, datetime, time
from zoneinfo import available_timezones

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bot.rules.quiet import (
    BadQuietHours,
    QuietHours,
    parse_time,
    parse_zone,
    typed_hours,
    zones_like,
)

NIGHT = (time(22), time(7))
HOUR = 3600.0


def at(text: str) -> float:
    """A UTC moment written as 2027-03-28T01:00."""
    return datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp()


def test_i48_4_times_are_read_as_members_write_them():
    assert parse_time("22:30") == time(22, 30)
    assert parse_time(" 7:05 ") == time(7, 5)
    assert parse_time("22.30") == time(22, 30)  # Indonesian
    assert parse_time("22h30") == time(22, 30)  # Vietnamese
    assert parse_time("00:00") == time(0)


def test_i48_4_what_is_no_time_of_day_is_refused():
    for typed in ("24:00", "12:60", "7", "7:5", "seven", "", "-1:00", "10:00pm"):
        assert parse_time(typed) is None, typed


def test_i48_4_a_zone_is_one_of_the_database_in_any_case():
    assert parse_zone("Asia/Ho_Chi_Minh") == "Asia/Ho_Chi_Minh"
    assert parse_zone("asia/ho chi minh") == "Asia/Ho_Chi_Minh"
    assert parse_zone(" Asia/Jakarta ") == "Asia/Jakarta"
    assert parse_zone("utc") == "UTC"


def test_i48_4_what_is_no_zone_of_the_database_is_refused():
    for typed in ("Mars/Olympus_Mons", "GMT+7", "Asia", "../../etc/passwd", "", "Hanoi"):
        assert parse_zone(typed) is None, typed


def test_i48_4_the_autocomplete_offers_the_places_that_start_so_first():
    assert zones_like("berlin")[0] == "Europe/Berlin"
    assert zones_like("ho chi")[0] == "Asia/Ho_Chi_Minh"
    assert zones_like("jak") == ["Asia/Jakarta"]
    assert len(zones_like("")) == 25
    assert zones_like("nowhere at all") == []


def test_i48_4_quiet_hours_are_kept_and_read_back():
    hours = QuietHours(*NIGHT, "Asia/Jakarta")
    assert hours.to_value() == {"from": "22:00", "to": "07:00", "zone": "Asia/Jakarta"}
    assert QuietHours.from_value(hours.to_value()) == hours


def test_i48_4_a_kept_value_that_reads_badly_holds_nothing():
    for raw in (
        None,
        "22:00-07:00",
        {"from": "22:00", "to": "07:00"},
        {"from": "22:00", "to": "22:00", "zone": "UTC"},
        {"from": "22:00", "to": "07:00", "zone": "Atlantis/Capital"},
    ):
        assert QuietHours.from_value(raw) is None, raw


def test_i48_4_night_hours_hold_across_midnight_and_end_in_the_morning():
    hours = QuietHours(*NIGHT, "Asia/Ho_Chi_Minh")  # UTC+7, no daylight saving
    assert not hours.holds_at(at("2027-01-10T14:59:59"))  # 21:59:59 there
    assert hours.ends_after(at("2027-01-10T15:00")) == at("2027-01-11T00:00")  # 22:00 there
    assert hours.ends_after(at("2027-01-10T17:30")) == at("2027-01-11T00:00")  # 00:30 there
    assert hours.ends_after(at("2027-01-10T23:59:59")) == at("2027-01-11T00:00")
    assert not hours.holds_at(at("2027-01-11T00:00"))  # 07:00 there: they are over
    assert hours.period_at(at("2027-01-10T20:00")) == (
        at("2027-01-10T15:00"),
        at("2027-01-11T00:00"),
    )


def test_i48_4_hours_within_one_day_hold_that_day_only():
    hours = QuietHours(time(13), time(15, 30), "UTC")
    assert not hours.holds_at(at("2027-01-10T12:59"))
    assert hours.ends_after(at("2027-01-10T13:00")) == at("2027-01-10T15:30")
    assert not hours.holds_at(at("2027-01-10T15:30"))
    assert not hours.holds_at(at("2027-01-10T23:00"))


def test_i48_4_a_night_the_clock_goes_forward_is_an_hour_shorter():
    """Berlin, 28 March 2027: at 02:00 the clock jumps to 03:00 (UTC+1 to UTC+2)."""
    hours = QuietHours(*NIGHT, "Europe/Berlin")
    begins, ends = hours.period_at(at("2027-03-27T23:00"))
    assert (begins, ends) == (at("2027-03-27T21:00"), at("2027-03-28T05:00"))
    assert ends - begins == 8 * HOUR


def test_i48_4_a_night_the_clock_goes_back_is_an_hour_longer():
    """Berlin, 31 October 2027: at 03:00 the clock goes back to 02:00 (UTC+2 to UTC+1)."""
    hours = QuietHours(*NIGHT, "Europe/Berlin")
    begins, ends = hours.period_at(at("2027-10-31T01:30"))
    assert (begins, ends) == (at("2027-10-30T20:00"), at("2027-10-31T06:00"))
    assert ends - begins == 10 * HOUR


def test_i48_4_an_end_the_clock_skips_comes_when_it_jumps():
    """Quiet until 02:30 in Berlin on 28 March 2027, a time that never comes: they end at
    the jump (02:00 CET, 01:00 UTC), not an hour later."""
    hours = QuietHours(time(22), time(2, 30), "Europe/Berlin")
    assert hours.ends_after(at("2027-03-28T00:30")) == at("2027-03-28T01:00")
    assert not hours.holds_at(at("2027-03-28T01:00"))


def test_i48_4_a_start_the_clock_skips_begins_when_it_jumps():
    hours = QuietHours(time(2, 30), time(6), "Europe/Berlin")
    assert not hours.holds_at(at("2027-03-28T00:59:59"))  # 01:59:59 CET
    assert hours.period_at(at("2027-03-28T01:00")) == (
        at("2027-03-28T01:00"),
        at("2027-03-28T04:00"),
    )


def test_i48_4_an_end_the_clock_reads_twice_comes_the_first_time():
    """Quiet until 02:30 in Berlin on 31 October 2027, read at 00:30 and 01:30 UTC: they
    end the first time, and the repeated hour does not bring them back."""
    hours = QuietHours(time(22), time(2, 30), "Europe/Berlin")
    assert hours.ends_after(at("2027-10-31T00:00")) == at("2027-10-31T00:30")
    assert not hours.holds_at(at("2027-10-31T01:10"))  # 02:10 again, after the end


def test_i48_4_a_start_in_the_repeated_hour_is_not_broken_by_it():
    """From 02:15 in Berlin on 31 October 2027: begun at 00:15 UTC (02:15 CEST), they hold
    on when the clock goes back to 02:00 and do not begin again at 02:15 CET."""
    hours = QuietHours(time(2, 15), time(6), "Europe/Berlin")
    begins, ends = hours.period_at(at("2027-10-31T01:05"))  # 02:05 CET
    assert (begins, ends) == (at("2027-10-31T00:15"), at("2027-10-31T05:00"))


def test_i48_4_new_york_springs_forward_on_its_own_day():
    hours = QuietHours(time(23), time(7), "America/New_York")
    ends = hours.ends_after(at("2027-03-14T05:00"))  # 00:00 EST
    assert ends == at("2027-03-14T11:00")  # 07:00 EDT


ZONES = sorted(available_timezones())
MOMENTS = st.floats(min_value=at("2000-01-01T00:00"), max_value=at("2040-01-01T00:00"))
TIMES = st.builds(time, st.integers(0, 23), st.sampled_from((0, 15, 30, 45, 59)))


# A zone's first use reads its file from the time-zone database: no deadline per example.
@settings(max_examples=200, deadline=None)
@given(zone=st.sampled_from(ZONES), start=TIMES, end=TIMES, moment=MOMENTS)
def test_i48_4_quiet_hours_are_one_run_that_ends_within_a_day(zone, start, end, moment):
    assume(start != end)
    hours = QuietHours(start, end, zone)
    period = hours.period_at(moment)
    if period is None:
        assert hours.ends_after(moment) is None
        return
    begins, ends = period
    assert begins <= moment < ends <= moment + 26 * HOUR
    assert hours.holds_at(begins) and hours.holds_at(max(begins, ends - 1))
    assert not hours.holds_at(ends)


def test_i48_4_what_a_member_types_makes_quiet_hours_or_says_why_not():
    assert typed_hours("22:00", "7:00", "asia/jakarta", None) == QuietHours(*NIGHT, "Asia/Jakarta")
    for typed, kind in (
        (("25:00", "07:00", "UTC"), "time"),
        (("22:00", "07:00", "Mars/Base"), "zone"),
        (("22:00", "22:00", "UTC"), "same"),
        (("22:00", None, "UTC"), "both"),
        ((None, None, "UTC"), "both"),
        (("22:00", "07:00", None), "no_zone"),
    ):
        with pytest.raises(BadQuietHours) as bad:
            typed_hours(*typed, None)
        assert bad.value.kind == kind, typed


def test_i48_4_what_a_member_leaves_out_stays_as_it_was():
    kept = QuietHours(*NIGHT, "Asia/Jakarta")
    assert typed_hours(None, None, "Europe/Berlin", kept) == QuietHours(*NIGHT, "Europe/Berlin")
    assert typed_hours("23:30", None, None, kept) == QuietHours(
        time(23, 30), time(7), "Asia/Jakarta"
    )
    with pytest.raises(BadQuietHours) as bad:
        typed_hours("07:00", None, None, kept)
    assert bad.value.kind == "same"
    with pytest.raises(BadQuietHours) as bad:
        typed_hours(None, "7 am", None, kept)
    assert (bad.value.kind, bad.value.typed) == ("time", "7 am")
