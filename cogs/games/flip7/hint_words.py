"""A Flip 7 practice hint in one line: the hard AI's move and why: for hit or stay the
chance a hit busts and the round score each choice is expected to leave; for a card aimed
at a player what it should do to them."""

from __future__ import annotations

from collections.abc import Callable

from cogs.wording.i18n import _, number, percent
from engines.base import Action, Hint
from engines.flip7.actions import action_from_code


def hint_line(hint: Hint, label: Callable[[Action], str]) -> str:
    """`label` words one option as the table does (a Swap's card, a target)."""
    if hint.kind in ("choose_target", "choose_pick"):
        return _choice_line(hint, label(action_from_code(hint.move)))
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


def _choice_line(hint: Hint, option: str) -> str:
    """A choice's hint with its reason: what a card aimed at a player should do to them."""
    if hint.kind == "choose_pick":
        return _(
            "The hard AI would choose: {option}. Of every card it can reach, that plan gains "
            "you the most once each player's points are weighed by their chance to win."
        ).format(option=option)
    data = hint.data
    delta = data["delta"]
    points = ("+" if delta > 0 else "") + number(round(delta, 1))
    if data["mine"]:
        return _(
            "The hard AI would choose: {option}. It should change your round score by "
            "{points} points on average."
        ).format(option=option, points=points)
    return _(
        "The hard AI would choose: {option}. It should change their round score by {points} "
        "points on average, and they have a {chance} chance to win the game."
    ).format(option=option, points=points, chance=percent(data["chance"]))
