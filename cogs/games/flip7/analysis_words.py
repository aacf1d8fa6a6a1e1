"""A Flip 7 analysis in lines, one per decision the hard AI valued: Hit or Stay with the
chance one more card busts and the round score it should bring, or the player a card was
aimed at, each against the best by the chance to win the game."""

from __future__ import annotations

from collections.abc import Sequence

from cogs.wording.i18n import _, number, percent
from cogs.wording.words import judged_mark
from engines.base import Judged


def analysis_line(step: int, found: Judged, names: Sequence[str]) -> str:
    """`names` are the seats' names, escaped for message text."""
    chosen, best = found.values[found.chosen], found.values[found.best]
    if found.kind == "hit_or_stay":
        data = found.data
        made = _("Hit") if found.chosen == "hit" else _("Stay")
        return _(
            "{mark} Step {step}: {made} on {score} · bust {bust} · one more card then Stay "
            "{expected} · win chance {chosen} (best {best})"
        ).format(
            mark=judged_mark(found),
            step=step,
            made=made,
            score=number(int(data["stay_score"])),
            bust=percent(float(data["bust"])),
            expected=number(round(float(data["hit_score"]), 1)),
            chosen=percent(chosen),
            best=percent(best),
        )
    if found.kind != "choose_target":
        raise KeyError(found.kind)
    target = int(found.data.get("target", 0))
    best_target = int(found.data.get("best_target", target))
    return _(
        "{mark} Step {step}: aimed at {target} (best: {best_target}) · win chance {chosen} "
        "(best {best})"
    ).format(
        mark=judged_mark(found),
        step=step,
        target=names[target] if 0 <= target < len(names) else "?",
        best_target=names[best_target] if 0 <= best_target < len(names) else "?",
        chosen=percent(chosen),
        best=percent(best),
    )
