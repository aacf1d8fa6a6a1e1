"""A Flip 7 round retold: why each player scored what they did (busted on which card, Flip 7,
the modifiers they were given, a −15, a time-out), from the round's events.

Pure wording over events, like texts.py; the table shows it when a round ends and keeps
it until every member still in the next round has taken a turn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.play.events import TIMED_OUT
from cogs.games.flip7.texts import card_label, ordinal
from cogs.wording.i18n import _, ngettext, number
from cogs.wording.words import signed
from engines.base import Event
from engines.flip7.cards import is_number


@dataclass
class _Result:
    """What happened to one seat this round."""

    row: list[int] = field(default_factory=list)
    givers: dict[int, list[str]] = field(default_factory=dict)  # a modifier card: from whom
    bust: str | None = None
    flip7: bool = False
    wiped: bool = False
    stayed: bool = False
    given: list[str] = field(default_factory=list)
    bonus: str | None = None
    timeouts: int = 0


def moved(events: Sequence[Event]) -> set[int]:
    """The seats that took a turn of their own (a hit, a stay, or the bot's move for them)
    in the round these events start; the deal is nobody's move."""
    return {
        e.data["seat"]
        for e in events
        if e.kind in ("stay", TIMED_OUT)
        or (e.kind in ("flip", "no_card") and e.data.get("how") == "hit")
    }


def text_chip(card: int) -> str:
    """A card in a line as text: its name in code style."""
    return f"`{card_label(card)}`"


def round_summary(
    events: Sequence[Event],
    named: Sequence[Sequence[str]],
    chip: Callable[[int], str] = text_chip,
) -> list[str]:
    """One line per seat for a finished round: its score and why. `named` holds the seats'
    names as each event happened; `chip` shows a card (text, or its emoji)."""
    results = [_Result() for _ in named[0]] if named else []
    for event, names in zip(events, named, strict=True):
        _note(event, results, names)
    lines = []
    for event, names in zip(events, named, strict=True):
        if event.kind == "round_score":
            seat = event.data["seat"]
            results[seat].row = event.data.get("row", [])  # rounds saved before rows were
            # The totals are on the player lines above; the line stays short enough for one row.
            lines.append(
                _("**{name}** {score}: {why}").format(
                    name=names[seat],
                    score=signed(event.data["score"]),
                    why=_why(results[seat], chip),
                )
            )
    return lines


def _note(event: Event, results: list[_Result], names: Sequence[str]) -> None:
    data: Mapping[str, Any] = event.data
    if event.kind == TIMED_OUT:
        results[data["seat"]].timeouts += 1
    elif event.kind == "bust":
        value = _("Zero") if data["value"] == 0 else str(data["value"])
        results[data["seat"]].bust = _("💥 on a {ordinal} {value}").format(
            ordinal=ordinal(data["copy"]), value=value
        )
    elif event.kind == "flip7":
        results[data["seat"]].flip7 = True
    elif event.kind == "wipe":
        results[data["seat"]].wiped = True
    elif event.kind == "stay":
        results[data["seat"]].stayed = True
    elif event.kind == "modifier":
        if data["to"] != data["seat"]:
            results[data["to"]].givers.setdefault(data["card"], []).append(names[data["seat"]])
    elif event.kind == "flip7_bonus":
        _note_bonus(data, results, names)


def _note_bonus(data: Mapping[str, Any], results: list[_Result], names: Sequence[str]) -> None:
    amount = data["amount"]
    if data["to"] == data["seat"]:
        results[data["seat"]].bonus = _("+{amount} bonus").format(amount=amount)
        return
    results[data["seat"]].bonus = _("took {amount} from {name}").format(
        amount=amount, name=names[data["to"]]
    )
    results[data["to"]].given.append(
        _("−{amount} from {name}'s Flip 7").format(amount=amount, name=names[data["seat"]])
    )


def _why(result: _Result, chip: Callable[[int], str]) -> str:
    """The reasons in the order they count: the row's cards, the modifiers, a wipe or a
    bust, the Flip 7 bonus; then anything unusual about how the round ended for them."""
    numbers = [card for card in result.row if is_number(card)]
    parts = [" ".join(chip(card) for card in numbers)] if numbers else []
    if not result.row and result.stayed:  # nothing drawn, or Discard, Steal or Swap took it
        # TRANSLATORS: a reason in a round's summary, after "**name** score:"; the player stayed
        # and ended the round holding no card at all.
        parts.append(_("stayed with an empty row"))
    for card in result.row:
        if not is_number(card):  # a modifier: its chip, and who gave it if someone did
            givers = result.givers.get(card)
            shown = chip(card)
            parts.append(
                _("{card} from {name}").format(card=shown, name=givers.pop(0)) if givers else shown
            )
    parts += result.given
    if result.wiped:
        parts.append(_("Unlucky 7 wiped the row"))
    if result.bust is not None:
        parts.append(result.bust)
    if result.flip7:
        parts.append(_("Flip 7") + (f" {result.bonus}" if result.bonus else ""))
    elif result.bust is None and not result.stayed:  # staying, the usual end, goes unsaid
        parts.append(_("still in when the round ended"))
    if result.timeouts:
        parts.append(
            ngettext(
                "the bot moved for them {count} time",
                "the bot moved for them {count} times",
                result.timeouts,
            ).format(count=number(result.timeouts))
        )
    return " · ".join(parts)
