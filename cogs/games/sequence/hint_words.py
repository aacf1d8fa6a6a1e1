"""A Sequence Numbers practice hint in one line: the hard AI's card and cell, and the line
(a five-cell window, named by its two ends) it builds, blocks, breaks or completes."""

from __future__ import annotations

from collections.abc import Callable

from cogs.wording.i18n import _, lazy_gettext, number
from engines.base import Hint

_LINES = {
    "block": lazy_gettext("Play {card} on {cell}: it blocks {team}'s line of {count} ({line})."),
    "remove": lazy_gettext("Play {card} on {cell}: it breaks {team}'s line of {count} ({line})."),
    "complete": lazy_gettext("Play {card} on {cell}: it completes a SEQUENCE ({line})."),
}


def hint_line(hint: Hint, card_label: Callable[[str], str], team: Callable[[int], str]) -> str:
    """`card_label` shows a card (its picture in message text, else its label), `team` words
    a colour, as the table does."""
    data = hint.data
    if hint.kind == "pass":
        return _("Pass: none of your cards can be played.")
    if hint.kind == "exchange":
        return _("Exchange {card}: it is a dead card, and you draw another.").format(
            card=card_label(data["card"])
        )
    values = {"card": card_label(data["card"]), "cell": data["cell"]}
    if "first" not in data:  # every line through the cell is spoiled or spent
        return _("Play {card} on {cell}.").format(**values)
    values |= {
        "line": f"{data['first']}–{data['last']}",
        "count": number(data["line"]),
        "team": team(data["team"]),
    }
    if hint.kind in _LINES:
        return _LINES[hint.kind].format(**values)
    if hint.kind != "build":
        raise KeyError(hint.kind)
    if data["line"] == 1:
        return _("Play {card} on {cell}: it starts your line {line}.").format(**values)
    return _("Play {card} on {cell}: it builds your line {line} to {count} chips.").format(**values)
