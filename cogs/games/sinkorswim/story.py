"""A Sink or Swim round retold: why each player scored what they did (the belts still afloat,
going out, the lowest-tide bonus), from the round's events (S6).

Pure wording over events, like texts.py; the table shows it from the round's end until the
next trick is revealed, and under the last round when the game is over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cogs.games.sinkorswim.texts import IN_WORDS, Cards
from cogs.wording.i18n import _, ngettext, number
from cogs.wording.words import signed
from engines.base import Event


def last_round_told(logged: Sequence[Event]) -> slice | None:
    """Where the log holds the events of the round that ended last, up to its scores, while
    the table still retells it: until the next trick is revealed. None: nothing to retell."""
    ends = [i for i, event in enumerate(logged) if event.kind == "round_end"]
    if not ends:
        return None
    end = ends[-1]
    if any(event.kind == "reveal" for event in logged[end:]):
        return None
    starts = [i for i, event in enumerate(logged[:end]) if event.kind == "round_start"]
    stop = end + 1
    while stop < len(logged) and logged[stop].kind == "round_score":
        stop += 1
    return slice(starts[-1] if starts else 0, stop)


def round_summary(
    events: Sequence[Event], named: Sequence[Sequence[str]], cards: Cards = IN_WORDS
) -> list[str]:
    """One line per seat for a finished round: its points, total and why, in the order
    they count. `named` holds the seats' names as each event happened; `cards` shows the
    tide cards named."""
    outs: dict[int, str] = {}
    trick: int | None = None
    lines = []
    for event, names in zip(events, named, strict=True):
        data: Mapping[str, Any] = event.data
        if event.kind == "reveal":
            trick = data["trick"]
        elif event.kind == "eliminated" and trick is not None:
            outs[data["seat"]] = _(
                "💀 out at trick {trick}, tide {tide}, with no belt left −1"
            ).format(trick=number(trick), tide=cards.tide(data["tide"]))
        elif event.kind == "round_score":
            seat = data["seat"]
            lines.append(
                _("**{name}** {score} · total {total} — {why}").format(
                    name=names[seat],
                    score=signed(data["points"]),
                    total=signed(data["total"]),
                    why=" · ".join(_reasons(data, outs.get(seat), cards)),
                )
            )
    return lines


def _reasons(data: Mapping[str, Any], out: str | None, cards: Cards) -> list[str]:
    """+1 a belt afloat, −1 for going out, +1 the lowest tide (S6), as the engine scored."""
    belts = data["belts"]
    if belts:
        reasons = [
            ngettext(
                "🛟 {count} belt afloat +{count}", "🛟 {count} belts afloat +{count}", belts
            ).format(count=number(belts))
        ]
    else:
        reasons = [_("🛟 no belt afloat")]
    if data["eliminated"]:
        reasons.append(out or _("💀 out of the round −1"))
    if data["bonus"]:
        if "tide" not in data:  # scored before the event kept the tide shown
            reasons.append(_("🌊 lowest tide +1"))
        elif data["tide"] is None:
            reasons.append(_("🌊 no tide card, the lowest +1"))
        else:
            reasons.append(_("🌊 lowest tide ({tide}) +1").format(tide=cards.tide(data["tide"])))
    return reasons
