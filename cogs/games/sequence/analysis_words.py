"""A Sequence Numbers analysis in lines, one per play the hard AI valued: the card and cell
played against the best play found, how far below it the play scores (the hard AI's
points), and
what the best play does to a line (as the practice hint tells it)."""

from __future__ import annotations

from collections.abc import Callable

from cogs.wording.i18n import _, lazy_gettext, number
from cogs.wording.words import judged_mark
from engines.base import Judged

_REASONS = {
    "complete": lazy_gettext(
        "{mark} Step {step}: {card} on {cell} scores {cost} below the best play "
        "found, {best} on {best_cell}, which completes a SEQUENCE ({line})."
    ),
    "block": lazy_gettext(
        "{mark} Step {step}: {card} on {cell} scores {cost} below the best play "
        "found, {best} on {best_cell}, which blocks {team}'s line of {count} ({line})."
    ),
    "remove": lazy_gettext(
        "{mark} Step {step}: {card} on {cell} scores {cost} below the best play "
        "found, {best} on {best_cell}, which breaks {team}'s line of {count} ({line})."
    ),
}


def analysis_line(
    step: int, found: Judged, card: Callable[[str], str], team: Callable[[int, list[int]], str]
) -> str:
    """`card` shows a card as the table does (its picture, or its sum); `team` names a
    colour by the seats that share it."""
    if found.kind != "play":
        raise KeyError(found.kind)
    data, line = found.data, found.data["line"]
    values = {
        "mark": judged_mark(found),
        "step": step,
        "card": card(data["card"]),
        "cell": data["cell"],
        "best": card(data["best_card"]),
        "best_cell": data["best_cell"],
        # the hard AI's points: a tenth matters only below ten
        "cost": number(round(found.cost, 1) if found.cost < 10 else round(found.cost)),
    }
    if found.cost <= 0:
        return _("{mark} Step {step}: {card} on {cell}, as good as the best play found.").format(
            **values
        )
    if "first" not in line:  # every line through the best cell is spoiled or spent
        return _(
            "{mark} Step {step}: {card} on {cell} scores {cost} below the best "
            "play found, {best} on {best_cell}."
        ).format(**values)
    values |= {
        "line": f"{line['first']}–{line['last']}",
        "count": number(line["line"]),
        "team": team(line["team"], data["teams"][line["team"]]),
    }
    if data["reason"] in _REASONS:
        return _REASONS[data["reason"]].format(**values)
    if line["line"] == 1:
        return _(
            "{mark} Step {step}: {card} on {cell} scores {cost} below the best "
            "play found, {best} on {best_cell}, which starts your line {line}."
        ).format(**values)
    return _(
        "{mark} Step {step}: {card} on {cell} scores {cost} below the best play "
        "found, {best} on {best_cell}, which builds your line {line} to {count} chips."
    ).format(**values)
