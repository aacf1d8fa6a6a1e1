"""Sink or Swim in words: every event, decision, option and refusal of the engine as a short
sentence. Pure: it reads kinds and data and gets names by seat, and never imports discord.
A sentence shows a weather or tide card through the texts' `CardShown` (its picture on
Discord once the emojis are synced); option labels name it by its number."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cogs.games.sinkorswim.faces import tide, weather
from cogs.games.sinkorswim.hint_words import hint_line
from cogs.ui.face import CardShown, in_words
from cogs.wording.i18n import _, lazy_gettext, ngettext, number
from cogs.wording.words import ai_level, common_error, join_names, points, signed
from engines.base import Action, Decision, Event, Hint, IllegalMove
from engines.sink_or_swim.actions import Pick
from engines.sink_or_swim.cards import card_belts
from engines.sink_or_swim.views import SinkOrSwimView

Names = Sequence[str]


class Cards:
    """The two kinds of card in a sentence, as `shown` shows them (a picture), else by
    their number."""

    def __init__(self, shown: CardShown = in_words) -> None:
        self.shown = shown

    def weather(self, card: int) -> str:
        return self.shown(weather(card), number(card))

    def tide(self, card: int) -> str:
        return self.shown(tide(card), number(card))


IN_WORDS = Cards()


def _belts_on_card(card: int) -> str:
    belts = card_belts(card)
    if belts == 1:
        return _("1 belt")
    if belts == 0.5:
        return _("half a belt")
    return _("no belt")


def _belts(belts: int) -> str:
    return ngettext("{count} belt", "{count} belts", belts).format(count=number(belts))


# ----- events --------------------------------------------------------------------------


def _picked(data: Mapping[str, Any], names: Names, cards: Cards) -> str:
    return _("{name} has picked.").format(name=names[data["seat"]])


def _repicked(data: Mapping[str, Any], names: Names, cards: Cards) -> str:
    return _("{name} changed their pick.").format(name=names[data["seat"]])


def _reveal(data: Mapping[str, Any], names: Names, cards: Cards) -> str:
    plays = [
        _("{name} played {card}").format(name=names[seat], card=cards.weather(card))
        for seat, card in data["plays"]
    ]
    return _("Trick {trick} revealed: {plays}.").format(
        trick=data["trick"], plays=join_names(plays)
    )


TOOK = {
    "lower": lazy_gettext("{name} takes the lower tide card ({tide})."),
    "higher": lazy_gettext("{name} takes the higher tide card ({tide})."),
    "either": lazy_gettext("{name} takes a tide card ({tide})."),
}


def _took_tide(data: Mapping[str, Any], names: Names, cards: Cards) -> str:
    return TOOK[data["which"]].format(name=names[data["seat"]], tide=cards.tide(data["tide"]))


def _lost_belt(data: Mapping[str, Any], names: Names, cards: Cards) -> str:
    if data["tied"]:
        template = _("{name} ties for the highest tide ({tide}) and loses a belt: {left} left.")
    else:
        template = _("{name} shows the highest tide ({tide}) and loses a belt: {left} left.")
    return template.format(
        name=names[data["seat"]], tide=cards.tide(data["tide"]), left=_belts(data["belts"])
    )


def _eliminated(data: Mapping[str, Any], names: Names, cards: Cards) -> str:
    if data["tied"]:
        template = _(
            "{name} ties for the highest tide ({tide}) with no belt left and is out of the round."
        )
    else:
        template = _(
            "{name} shows the highest tide ({tide}) with no belt left and is out of the round."
        )
    return template.format(name=names[data["seat"]], tide=cards.tide(data["tide"]))


def _round_end(data: Mapping[str, Any], names: Names, cards: Cards) -> str:
    if data["reason"] == "tricks_done":
        template = _("Round {round} ends after trick {trick}.")
    elif data["remaining"] == 0:
        template = _("Round {round} ends: nobody is left in it.")
    else:
        template = ngettext(
            "Round {round} ends: only {remaining} player is left in it.",
            "Round {round} ends: only {remaining} players are left in it.",
            data["remaining"],
        )
    return template.format(**data)


def _round_score(data: Mapping[str, Any], names: Names, cards: Cards) -> str:
    if data["eliminated"]:
        reason = _("out this round")
    else:
        reason = _("{belts} afloat").format(belts=_belts(data["belts"]))
    if data["bonus"]:
        reason = _("{reason} and the lowest-tide bonus").format(reason=reason)
    return _("{name} scores {points} ({reason}), {total} in all.").format(
        name=names[data["seat"]],
        points=signed(data["points"]),
        reason=reason,
        total=signed(data["total"]),
    )


def _hands_passed(data: Mapping[str, Any], names: Names, cards: Cards) -> str:
    holds = [
        _("{name} now holds {giver}'s hand").format(name=names[seat], giver=names[giver])
        for seat, giver in enumerate(data["received_from"])
    ]
    return _("Hands pass to the left: {holds}.").format(holds=join_names(holds))


def _round_start(data: Mapping[str, Any], names: Names, cards: Cards) -> str:
    belts = [
        _("{name} {belts}").format(name=names[seat], belts=number)
        for seat, number in enumerate(data["belts"])
    ]
    return _("Round {round} of {rounds} begins. Belts afloat: {belts}.").format(
        round=data["round"], rounds=data["rounds"], belts=", ".join(belts)
    )


def _tide_cards(data: Mapping[str, Any], names: Names, cards: Cards) -> str:
    low, high = (cards.tide(card) for card in data["tide_cards"])
    return _("Trick {trick}: the tide cards are {low} and {high}.").format(
        trick=data["trick"], low=low, high=high
    )


def _game_end(data: Mapping[str, Any], names: Names, cards: Cards) -> str:
    winners = data["winners"]
    best = points(data["scores"][winners[0]])
    who = join_names([names[seat] for seat in winners])
    if len(winners) == 1:
        return _("The game is over: {who} wins with {points}.").format(who=who, points=best)
    return _("The game is over: {who} share the win with {points}.").format(who=who, points=best)


EVENTS: dict[str, Callable[[Mapping[str, Any], Names, Cards], str]] = {
    "picked": _picked,
    "repicked": _repicked,
    "reveal": _reveal,
    "took_tide": _took_tide,
    "lost_belt": _lost_belt,
    "eliminated": _eliminated,
    "round_end": _round_end,
    "round_score": _round_score,
    "hands_passed": _hands_passed,
    "round_start": _round_start,
    "tide_cards": _tide_cards,
    "game_end": _game_end,
}

# ----- refusals ------------------------------------------------------------------------

ERRORS = {
    "out_of_round": lazy_gettext("You are out of this round and play no more tricks in it."),
    "already_played": lazy_gettext("You already played {card} this round."),
    "not_in_hand": lazy_gettext("You don't hold {card}."),
    "nothing_to_pick": lazy_gettext("{name} has nothing to pick now."),
    "unknown_ai_level": lazy_gettext("There is no AI level {level}; choose one of {levels}."),
    "player_count": lazy_gettext("Sink or Swim needs {low} to {high} players."),
    "duplicate_names": lazy_gettext("Every player needs a different name."),
    "bad_stacked_hands": lazy_gettext("Stacked hands must be {hands} hands of {size} cards."),
    "bad_stacked_cards": lazy_gettext(
        "Stacked hands must hold different weather cards from {low} to {high}."
    ),
    "bad_tide_order": lazy_gettext(
        "A stacked tide order may only use the tide cards {low} to {high}, twice each."
    ),
    "unknown_schema": lazy_gettext("This saved game is from a newer version of the bot."),
}

RULES = lazy_gettext(
    "Everyone gets 12 weather cards (1–60). A hand's 🛟 belts are the belts printed on "
    "its cards, rounded down.\n\n"
    "**Each trick** two tide cards are turned up. Everyone picks a weather card in secret, "
    "then all are revealed. The **highest** card takes the **lower** tide card, the second "
    "highest the higher one. Whoever then shows the highest tide loses a belt (ties all lose "
    "one). Must lose a belt with none left? You're **out** of the round.\n\n"
    "**A round** ends after 12 tricks, or when two or fewer players are left. Score +1 per "
    "belt afloat, −1 if you went out, +1 for showing the lowest tide. Then every hand passes "
    "to the left: remember what you played!\n\n"
    "**The game** lasts one round per player; the highest total wins.\n"
    "Press **Pick a card** on the table to pick privately. You can change your pick until the "
    "last one is in. Too slow, and your lowest card is played for you."
)


class SinkOrSwimTexts:
    """The `cogs.wording.words.GameTexts` of Sink or Swim; `shown` shows the cards its
    sentences name (labels name them by number whatever it is)."""

    def __init__(self, shown: CardShown = in_words) -> None:
        self.cards = Cards(shown)

    def showing(self, shown: CardShown) -> SinkOrSwimTexts:
        """These texts with the cards in their sentences shown by `shown`."""
        return SinkOrSwimTexts(shown)

    @property
    def title(self) -> str:
        return _("Sink or Swim")

    def setting(self, name: str, value: Any) -> str | None:
        return None  # Sink or Swim has no lobby options

    def event(self, event: Event, names: Names) -> str:
        wording = EVENTS.get(event.kind)
        if wording is None:
            raise LookupError(f"no text for Sink or Swim event {event.kind!r}")
        return wording(event.data, names, self.cards)

    def decision(self, decision: Decision, names: Names) -> str:
        data = decision.data
        if data["pick"] is not None:
            return _(
                "You picked {pick}. Pick another card to change it before the last pick is in."
            ).format(pick=self.cards.weather(data["pick"]))
        low, high = (self.cards.tide(card) for card in data["tide_cards"])
        return _("Trick {trick}: the tide cards are {low} and {high}. Pick a weather card.").format(
            trick=data["trick"], low=low, high=high
        )

    def option(self, action: Action, view: object, names: Names) -> str:
        assert isinstance(action, Pick)
        picked = isinstance(view, SinkOrSwimView) and view.pick == action.card
        template = _("Keep {card} ({belts})") if picked else _("Play {card} ({belts})")
        return template.format(card=action.card, belts=_belts_on_card(action.card))

    def error(self, error: IllegalMove, names: Names) -> str:
        template = ERRORS.get(error.kind)
        if template is None:
            return common_error(error, names)
        data = dict(error.data)
        if error.kind in ("already_played", "not_in_hand") and isinstance(data.get("card"), int):
            data["card"] = self.cards.weather(data["card"])
        seat = data.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(names):
            data["name"] = names[seat]
        if "levels" in data:
            data["levels"] = join_names([ai_level(level) for level in data["levels"]])
        return template.format(**data)

    def hint(self, hint: Hint, view: object, names: Names) -> str:
        return hint_line(hint, self.cards.weather, self.cards.tide)

    def score(self, score: int) -> str:
        return points(score)

    def rules(self, options: Mapping[str, Any]) -> str:
        return str(RULES)


TEXTS = SinkOrSwimTexts()
