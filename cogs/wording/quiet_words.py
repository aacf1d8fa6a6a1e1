"""Quiet hours in words: the line `/games notify` and `/games quiet` show a member, and
the one line that tells them what was wrong with what they typed, with an example."""

from __future__ import annotations

from bot.rules.quiet import QuietHours
from cogs.wording.command_mentions import command
from cogs.wording.i18n import _, lazy_gettext, time_of_day
from cogs.wording.names import shown
from cogs.wording.pace_words import when

PROBLEMS = {
    "time": lazy_gettext(
        "“{typed}” isn't a time of day. Write hours and minutes on a 24-hour clock, for "
        "example 22:00 or 07:30."
    ),
    "zone": lazy_gettext(
        "“{typed}” isn't a time zone the bot knows. Name it as the time-zone database "
        "does, for example Europe/London or America/New_York: the list offers them as "
        "you type."
    ),
    "same": lazy_gettext(
        "Your quiet hours must begin and end at different times, for example from 22:00 to 07:00."
    ),
    "both": lazy_gettext(
        "Give the time your quiet hours begin and the time they end, for example from "
        "22:00 to 07:00, with your time zone."
    ),
    "no_zone": lazy_gettext(
        "Give your time zone too, for example Europe/London: the list offers them as you type."
    ),
}


def problem(kind: str, typed: str = "") -> str:
    """What was wrong with the quiet hours a member typed, as one line."""
    return str(PROBLEMS[kind]).format(typed=shown(typed))


def quiet_line(hours: QuietHours | None, now: float) -> str:
    """The member's quiet hours as `/games notify` lists them, and whether they hold now."""
    if hours is None:
        return _(
            "Quiet hours: none. Set them with {quiet} to hold your turn notices at night."
        ).format(quiet=command("games quiet"))
    line = _(
        "Quiet hours: from {start} to {end}, {zone} time (it's {now} there now). Your turn "
        "notices and reminders in relaxed and slower games wait until they end."
    ).format(**_filled(hours, now))
    return _holding_now(line, hours, now)


def quiet_set(hours: QuietHours, now: float) -> str:
    """The answer to a member who has just set their quiet hours."""
    text = _(
        "Done: your quiet hours are from {start} to {end}, {zone} time (it's {now} there "
        "now). Turn notices and reminders of your relaxed, daily and 3-day games wait until "
        "they end, while your turn's time still runs. Live games notify you as usual."
    ).format(**_filled(hours, now))
    return _holding_now(text, hours, now)


def quiet_off() -> str:
    return _("Done: no quiet hours. Your turn notices come as soon as your turn begins.")


def _holding_now(text: str, hours: QuietHours, now: float) -> str:
    """`text`, and when the quiet hours that hold now end, if they do."""
    ends = hours.ends_after(now)
    if ends is None:
        return text
    return text + "\n" + _("They hold now, and end {when}.").format(when=when(ends))


def _filled(hours: QuietHours, now: float) -> dict[str, str]:
    return {
        "start": time_of_day(hours.start),
        "end": time_of_day(hours.end),
        "zone": f"`{hours.zone}`",
        "now": time_of_day(hours.wall(now).time()),
    }
