"""A Sink or Swim analysis in lines, one per pick the hard AI valued: the card played and
its chance to lose a belt that trick, against the hard AI's pick, and what the pick cost,
told as what it is: the hard AI's estimate, in belts, of what the tide the pick left
showing loses over this trick and the rest of the round (one pick can so cost more than
one belt). A seat with no belt left is put out of the round instead (S5), which the line
says, and its cost is an estimate counted in belts, not belts lost."""

from __future__ import annotations

from collections.abc import Callable

from cogs.wording.i18n import lazy_gettext, number, percent
from cogs.wording.words import judged_mark
from engines.base import Judged

_BEST = lazy_gettext(
    "{mark} Step {step} (round {round}, trick {trick}): {card}, as good as the hard AI's "
    "pick; a {belt} chance to lose a belt that trick."
)
_BEST_OUT = lazy_gettext(
    "{mark} Step {step} (round {round}, trick {trick}): {card}, as good as the hard AI's "
    "pick; with no belt left, a {belt} chance to be out of the round that trick."
)
_COSTLY = lazy_gettext(
    "{mark} Step {step} (round {round}, trick {trick}): {card} had a {belt} chance to lose "
    "a belt that trick; the hard AI would pick {best} ({best_belt}). Estimated belts lost "
    "over this trick and the rest of the round: {cost} more than with the hard AI's pick."
)
_COSTLY_OUT = lazy_gettext(
    "{mark} Step {step} (round {round}, trick {trick}): with no belt left, {card} had a "
    "{belt} chance to put you out of the round that trick; the hard AI would pick {best} "
    "({best_belt}). Estimated cost over this trick and the rest of the round, counted in "
    "belts: {cost} more than with the hard AI's pick."
)


def analysis_line(step: int, found: Judged, card: Callable[[int], str]) -> str:
    """`card` shows a weather card as the table does (its picture, or its number)."""
    if found.kind != "pick":
        raise KeyError(found.kind)
    data = found.data
    out = data["belts_left"] == 0  # a flood puts the seat out of the round (S5)
    template = {
        (False, False): _BEST,
        (False, True): _BEST_OUT,
        (True, False): _COSTLY,
        (True, True): _COSTLY_OUT,
    }[(found.cost > 0, out)]
    return template.format(
        mark=judged_mark(found),
        step=step,
        round=number(data["round"]),
        trick=number(data["trick"]),
        card=card(data["card"]),
        belt=percent(data["belt"]),
        best=card(data["best_card"]),
        best_belt=percent(data["best_belt"]),
        cost=number(round(found.cost, 2)),
    )
