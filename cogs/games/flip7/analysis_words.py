"""A Flip 7 analysis in lines, one per decision the hard AI valued, for the member whose seat
it was: Hit or Stay with the points in their row, the chance one more card busts it and the
points one more card then Stay scores on average; or the player they chose for a card (or
for brutal Flip 7's bonus), named "yourself" when it was them; each with the chance to win
the game it left, against the best."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cogs.wording.i18n import _, ngettext, number, percent
from cogs.wording.words import judged_mark
from engines.base import Judged


def analysis_line(
    step: int, found: Judged, names: Sequence[str], seat: int, card: Callable[[int], str]
) -> str:
    """`names` are the seats' names, escaped for message text; `seat` is the reader's;
    `card` shows a card as the table's sentences do."""
    # to a tenth: a cost of a fraction of a point of win chance still shows as one
    chosen = percent(found.values[found.chosen], tenths=True)
    best = percent(found.values[found.best], tenths=True)
    if found.kind == "hit_or_stay":
        return _hit_or_stay(step, found, chosen, best)
    if found.kind != "choose_target":
        raise KeyError(found.kind)
    data = found.data
    target, best_target = int(data.get("target", 0)), int(data.get("best_target", 0))

    def name(at: int) -> str:
        return names[at] if 0 <= at < len(names) else "?"

    values = {
        "mark": judged_mark(found),
        "step": step,
        "target": name(target),
        "best_target": name(best_target),
        "chosen": chosen,
        "best": best,
    }
    if "bonus" in data:
        values["amount"] = number(int(data["bonus"]))
        made = (
            _(
                "{mark} Step {step}: you took the Flip 7 bonus of +{amount} yourself: win "
                "chance {chosen}."
            )
            if target == seat
            else _(
                "{mark} Step {step}: you took {amount} from {target}'s total with the Flip 7 "
                "bonus: win chance {chosen}."
            )
        )
        better = (
            _("Taking it yourself would have made it {best}.")
            if best_target == seat
            else _("Taking {amount} from {best_target}'s total would have made it {best}.")
        )
    else:
        values["card"] = card(int(data["card"]))
        made = (
            _("{mark} Step {step}: you chose yourself for {card}: win chance {chosen}.")
            if target == seat
            else _("{mark} Step {step}: you chose {target} for {card}: win chance {chosen}.")
        )
        better = (
            _("Choosing yourself would have made it {best}.")
            if best_target == seat
            else _("Choosing {best_target} would have made it {best}.")
        )
    if found.cost <= 0:
        return made.format(**values)
    return f"{made.format(**values)} {better.format(**values)}"


def _hit_or_stay(step: int, found: Judged, chosen: str, best: str) -> str:
    data = found.data
    score = int(data["stay_score"])
    if found.chosen == "hit":
        made = ngettext(
            "{mark} Step {step}: you hit with {score} point in your row.",
            "{mark} Step {step}: you hit with {score} points in your row.",
            score,
        )
    else:
        made = ngettext(
            "{mark} Step {step}: you stayed with {score} point in your row.",
            "{mark} Step {step}: you stayed with {score} points in your row.",
            score,
        )
    odds = _(
        "One more card had a {bust} chance to bust you; one more card and then Stay "
        "scores {expected} points on average. Win chance {chosen} (best: {best})."
    )
    values = {
        "mark": judged_mark(found),
        "step": step,
        "score": number(score),
        "bust": percent(float(data["bust"])),
        "expected": number(round(float(data["hit_score"]), 1)),
        "chosen": chosen,
        "best": best,
    }
    return f"{made.format(**values)} {odds.format(**values)}"
