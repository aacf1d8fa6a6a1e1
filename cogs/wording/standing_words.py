"""The wording shared by the leaderboard, stats, history and a match's story: places, how a
seat was played, how a match ended, a rating's change."""

from __future__ import annotations

from collections.abc import Callable

from bot.storage.standings_data import EndHow, SeatResult
from cogs.wording.i18n import _, lazy_gettext, number
from cogs.wording.names import shown
from cogs.wording.words import ai_level, signed

MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}

END_HOW = {
    "played": lazy_gettext("played to the end"),
    "unrated": lazy_gettext("played to the end, unrated"),
    "reset": lazy_gettext("ended early by a reset; no rating changed"),
    "abandoned": lazy_gettext("abandoned: every member left"),
}


def place_mark(place: int | None) -> str:
    """🥇 🥈 🥉 for the first three places, "4." after them, "–" for a match not played out."""
    if place is None:
        return "–"
    return MEDALS.get(place) or f"{number(place)}."


def seat_label(seat: SeatResult, way: Callable[[str], str] = shown) -> str:
    """A seat's name and, when not its member's own play to the end, who played it; escaped
    for message text, or `way=plain` for a select's option."""
    name = way(seat.name)
    if seat.kind == "ai":
        return _("{name} (AI, {level})").format(name=name, level=ai_level(seat.ai_level or ""))
    if seat.kind == "member_ai":
        return _("{name} (the AI finished for them)").format(name=name)
    if seat.kind == "left":
        return _("{name} (left; the AI finished for them)").format(name=name)
    return name


def end_how_text(how: EndHow) -> str:
    template = END_HOW.get(how)
    return str(template) if template is not None else how


def change_text(change: int | None) -> str:
    """A rating's change: "+12", "−3", "±0"; "–" when there is none."""
    if change is None:
        return "–"
    if change == 0:
        return "±0"
    return f"+{number(change)}" if change > 0 else signed(change)
