"""A Flip 7 practice hint in one line: the hard AI's move, the chance a hit busts, and the
round score each choice is expected to leave."""

from __future__ import annotations

from collections.abc import Callable

from cogs.wording.i18n import _, number, percent
from engines.base import Action, Hint
from engines.flip7.actions import action_from_code


def hint_line(hint: Hint, label: Callable[[Action], str]) -> str:
    """`label` words one option as the table does (a Swap's card, a target)."""
    if hint.kind == "choose":
        return _("The hard AI would choose: {option}.").format(
            option=label(action_from_code(hint.move))
        )
    if hint.kind != "hit_or_stay":
        raise KeyError(hint.kind)
    data = hint.data
    values = {
        "bust": percent(data["bust"]),
        "hit": number(round(data["hit_score"], 1)),
        "stay": number(data["stay_score"]),
    }
    if data["must_hit"]:
        template = _("Hit: The Zero lets you do nothing else ({bust} chance to bust).")
    elif hint.move == "hit":
        template = _(
            "Hit: {bust} chance to bust; a hit is worth {hit} points on average, staying {stay}."
        )
    else:
        template = _(
            "Stay: {bust} chance to bust; staying keeps {stay} points, a hit is worth {hit} on "
            "average."
        )
    return template.format(**values)
