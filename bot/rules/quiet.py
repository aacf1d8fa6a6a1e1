"""Quiet hours: the hours of a member's night on the wall clock of their own time zone,
through which the turn notices and reminders of their slow matches wait (bot/play/quiet.py
holds them). Pure: reading the times and zone a member typed, and whether a
moment falls in their quiet hours and when those end, across midnight and the changes of
daylight saving time.

This module owns the MEMBER-scoped setting QUIET_KEY, kept as
{"from": "22:00", "to": "07:00", "zone": "Europe/Berlin"}."""

from __future__ import annotations

import math
import re
import zoneinfo
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import cache
from typing import Any, TypeVar

QUIET_KEY = "quiet"
T = TypeVar("T")
MOST_ZONES = 25  # the names an autocomplete offers, at most (Discord's limit)
# The regions of the database's own zone names, offered before its older aliases
# ("US/Eastern", "Etc/GMT+5").
REGIONS = frozenset(
    [
        "Africa",
        "America",
        "Antarctica",
        "Arctic",
        "Asia",
        "Atlantic",
        "Australia",
        "Europe",
        "Indian",
        "Pacific",
    ]
)
# 22:30 or 7:05; also 22.30 and 22h30, as many write a time in Indonesian and Vietnamese.
_CLOCK = re.compile(r"(\d{1,2})\s*[:.hH]\s*(\d{2})")


def parse_time(typed: str) -> time | None:
    """A time of day as a member types it (None when it is none)."""
    found = _CLOCK.fullmatch(typed.strip())
    if found is None:
        return None
    hour, minute = int(found[1]), int(found[2])
    if hour > 23 or minute > 59:
        return None
    return time(hour, minute)


@cache
def _zone_names() -> dict[str, str]:
    """Every zone of the time-zone database, by its name in lower case."""
    return {name.lower(): name for name in zoneinfo.available_timezones()}


def _folded(typed: str) -> str:
    return "_".join(typed.split()).lower()


def parse_zone(typed: str) -> str | None:
    """The zone a member named, spelled as the database spells it: any case, and spaces
    for underscores ("asia/ho chi minh"); None when the database has no such zone."""
    return _zone_names().get(_folded(typed))


def zones_like(typed: str) -> list[str]:
    """Zone names for an autocomplete: those whose place starts with what was typed
    ("berlin", "ho chi"), then those that hold it anywhere; the regions' own names before
    the older aliases."""
    wanted = _folded(typed)
    names = _zone_names()

    def rank(key: str) -> tuple[int, int, str]:
        place = key.rsplit("/", 1)[-1]
        starts = place.startswith(wanted) or key.startswith(wanted)
        region = names[key].split("/", 1)[0] in REGIONS
        return (0 if starts else 1, 0 if region else 1, key)

    found = sorted((key for key in names if wanted in key), key=rank)
    return [names[key] for key in found[:MOST_ZONES]]


def _wall(zone: zoneinfo.ZoneInfo, moment: float) -> datetime:
    """The zone's wall clock at `moment` (a naive date and time)."""
    return datetime.fromtimestamp(moment, zone).replace(tzinfo=None)


def _reaches(zone: zoneinfo.ZoneInfo, day: date, at: time, after: float) -> float:
    """The first moment after `after` at which the zone's wall clock reads `at` on `day`
    (a time read twice, as the clock is set back, has two); a time the clock skips (set
    forward) is reached when the clock jumps past it."""
    wanted = datetime.combine(day, at)
    readings = [wanted.replace(tzinfo=zone, fold=fold).timestamp() for fold in (0, 1)]
    readings = [moment for moment in readings if _wall(zone, moment) == wanted]
    if readings:  # none after `after`: the last, and the caller's period is empty
        return next((moment for moment in readings if moment > after), readings[-1])
    # Skipped: read with the offset after the jump the time falls before it, with the
    # offset before the jump after it; the jump lies between, on a whole second.
    before = math.floor(wanted.replace(tzinfo=zone, fold=1).timestamp())
    past = math.ceil(wanted.replace(tzinfo=zone, fold=0).timestamp())
    while past - before > 1:
        middle = (before + past) // 2
        if _wall(zone, middle) >= wanted:
            past = middle
        else:
            before = middle
    return float(past)


@dataclass(frozen=True, slots=True)
class QuietHours:
    """From `start` to `end` each day on the wall clock of `zone` (past midnight when
    `end` comes first); `start` and `end` differ."""

    start: time
    end: time
    zone: str

    def to_value(self) -> dict[str, str]:
        """As kept in the member's QUIET_KEY setting."""
        return {"from": clock_text(self.start), "to": clock_text(self.end), "zone": self.zone}

    @classmethod
    def from_value(cls, raw: Any) -> QuietHours | None:
        """As kept; None for none, or for a value this system can't read (a zone the
        time-zone database no longer has): then nothing is held."""
        if not isinstance(raw, dict):
            return None
        start = parse_time(str(raw.get("from", "")))
        end = parse_time(str(raw.get("to", "")))
        zone = parse_zone(str(raw.get("zone", "")))
        if start is None or end is None or zone is None or start == end:
            return None
        return cls(start, end, zone)

    @property
    def tz(self) -> zoneinfo.ZoneInfo:
        return zoneinfo.ZoneInfo(self.zone)

    def wall(self, moment: float) -> datetime:
        """The member's wall clock at `moment`."""
        return _wall(self.tz, moment)

    def period_at(self, moment: float) -> tuple[float, float] | None:
        """The quiet hours that hold at `moment`, as (from, until) moments; None when none
        do. Each day's run from the first time the wall clock reads `start` that day to the
        first time after it reads `end`, so an hour the clock repeats (set back) neither
        breaks them nor begins them twice."""
        day = self.wall(moment).date()
        for begins_on in (day - timedelta(days=1), day, day + timedelta(days=1)):
            begins = _reaches(self.tz, begins_on, self.start, -math.inf)
            ends_on = begins_on if self.start < self.end else begins_on + timedelta(days=1)
            ends = _reaches(self.tz, ends_on, self.end, begins)
            if begins <= moment < ends:
                return begins, ends
        return None

    def holds_at(self, moment: float) -> bool:
        return self.period_at(moment) is not None

    def ends_after(self, moment: float) -> float | None:
        """When the quiet hours that hold at `moment` end (None when none hold then)."""
        period = self.period_at(moment)
        return None if period is None else period[1]


class BadQuietHours(ValueError):
    """What a member typed makes no quiet hours: `kind` says why ("time", "zone": `typed`
    is none; "same": they begin as they end; "both": a time is missing; "no_zone": so is
    the zone)."""

    def __init__(self, kind: str, typed: str = "") -> None:
        super().__init__(kind)
        self.kind = kind
        self.typed = typed


def typed_hours(
    start: str | None, end: str | None, zone: str | None, kept: QuietHours | None
) -> QuietHours:
    """The quiet hours a member asked for: what they left out stays as it was (`kept`),
    so a new zone alone or new times alone will do once they have quiet hours."""
    begins, ends = _read(start, parse_time, "time"), _read(end, parse_time, "time")
    named = _read(zone, parse_zone, "zone")
    if kept is not None:
        hours = QuietHours(begins or kept.start, ends or kept.end, named or kept.zone)
    elif begins is None or ends is None:
        raise BadQuietHours("both")
    elif named is None:
        raise BadQuietHours("no_zone")
    else:
        hours = QuietHours(begins, ends, named)
    if hours.start == hours.end:
        raise BadQuietHours("same")
    return hours


def _read(typed: str | None, parse: Callable[[str], T | None], kind: str) -> T | None:
    """What a member typed, read (None when they typed nothing); BadQuietHours when it
    reads as nothing."""
    if typed is None:
        return None
    found = parse(typed)
    if found is None:
        raise BadQuietHours(kind, typed)
    return found


def clock_text(at: time) -> str:
    """A time of day as 24-hour hh:mm, as it is kept and shown."""
    return at.strftime("%H:%M")
