"""A Sink or Swim practice hint in one line: the card the hard AI would pick and the tide
card it aims for, with how often that came out in its guesses at the others' picks."""

from __future__ import annotations

from collections.abc import Callable

from cogs.wording.i18n import lazy_gettext, number, percent
from engines.base import Hint

_AIMS = {
    "low": lazy_gettext(
        "Play {card}: it should be the highest card and take the lower tide card, {tide} "
        "({chance} of the AI's guesses at the others' picks)."
    ),
    "high": lazy_gettext(
        "Play {card}: it should be the second highest and take the higher tide card, {tide} "
        "({chance} of the AI's guesses at the others' picks)."
    ),
    "none": lazy_gettext(
        "Play {card}: two others should play higher, so it takes no tide card "
        "({chance} of the AI's guesses at the others' picks)."
    ),
}


def hint_line(
    hint: Hint, weather: Callable[[int], str] = number, tide: Callable[[int], str] = number
) -> str:
    """`weather` and `tide` show a card of each kind (its picture in message text)."""
    if hint.kind != "tide":
        raise KeyError(hint.kind)
    data = hint.data
    aimed = "" if data["tide"] is None else tide(data["tide"])
    return _AIMS[data["aim"]].format(
        card=weather(data["card"]), tide=aimed, chance=percent(data["chance"])
    )
