"""A Sequence Numbers analysis in lines, one per play the hard AI valued, in the game's
terms: the card and cell played, how many of the plays open to the seat were better, and
what the best play found would have done to a line (as the practice hint tells it). The
hard AI's own points, by which it ranks the plays, are never shown: they are its unit,
not the game's."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cogs.wording.i18n import _, lazy_gettext, ngettext, number
from cogs.wording.words import judged_mark
from engines.base import Judged

_REASONS = {
    "complete": lazy_gettext(
        "The best play found, {best} on {best_cell}, would have completed a SEQUENCE ({line})."
    ),
    "block": lazy_gettext(
        "The best play found, {best} on {best_cell}, would have blocked {team}'s line of "
        "{count} ({line})."
    ),
    "remove": lazy_gettext(
        "The best play found, {best} on {best_cell}, would have broken {team}'s line of "
        "{count} ({line})."
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
    values: dict[str, Any] = {
        "mark": judged_mark(found),
        "step": step,
        "card": card(data["card"]),
        "cell": data["cell"],
        "best": card(data["best_card"]),
        "best_cell": data["best_cell"],
    }
    if found.cost <= 0:
        return _("{mark} Step {step}: {card} on {cell}, as good as the best play found.").format(
            **values
        )
    better = int(data.get("better", 1))
    made = ngettext(
        "{mark} Step {step}: you played {card} on {cell}; {better} of the {plays} plays "
        "open to you was better.",
        "{mark} Step {step}: you played {card} on {cell}; {better} of the {plays} plays "
        "open to you were better.",
        better,
    ).format(better=number(better), plays=number(int(data.get("plays", better + 1))), **values)
    return f"{made} {_best(data, line, values, team)}"


def _best(
    data: Mapping[str, Any],
    line: Mapping[str, Any],
    values: dict[str, Any],
    team: Callable[[int, list[int]], str],
) -> str:
    """What the best play found would have done to a line, in a sentence."""
    if "first" not in line:  # every line through the best cell is spoiled or spent
        return _("The best play found was {best} on {best_cell}.").format(**values)
    shown = values | {
        "line": f"{line['first']}–{line['last']}",
        "count": number(line["line"]),
        "team": team(line["team"], data["teams"][line["team"]]),
    }
    if data["reason"] in _REASONS:
        return _REASONS[data["reason"]].format(**shown)
    if line["line"] == 1:
        return _(
            "The best play found, {best} on {best_cell}, would have started your line {line}."
        ).format(**shown)
    return _(
        "The best play found, {best} on {best_cell}, would have built your line {line} up to "
        "{count} chips."
    ).format(**shown)
