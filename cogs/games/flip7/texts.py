"""Flip 7's sentences: every event, decision, option and refusal of engines.flip7, worded.

Pure: it imports only the engine, the cards' faces, cogs.wording.i18n and cogs.wording.words,
so tests word whole games without Discord. Cards are named here (`card_label`), in the
reader's language; a sentence shows a card through its texts' `CardShown` (its picture on
Discord once the emojis are synced), a label always in words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cogs.games.flip7.faces import face
from cogs.games.flip7.hint_words import hint_line
from cogs.ui.face import CardShown, in_words
from cogs.wording.i18n import _, lazy_gettext, number
from cogs.wording.words import common_error, join_names, points, signed
from engines.base import Action, BadCode, Decision, Event, Hint, IllegalMove
from engines.flip7 import cards
from engines.flip7.actions import ChooseCard, ChoosePlayer, Hit, Stay
from engines.flip7.cards import is_number
from engines.flip7.game import BRUTAL_OPTION, GOAL_OPTION
from engines.flip7.views import Flip7View

MAX_OPTION = 80
_ORDINALS = {2: lazy_gettext("second"), 3: lazy_gettext("third"), 4: lazy_gettext("fourth")}
# The cards with a name; the others are numbers and modifiers ("9", "−4", "÷2").
CARD_NAMES = {
    cards.ZERO: lazy_gettext("Zero"),
    cards.UNLUCKY_7: lazy_gettext("Unlucky 7"),
    cards.LUCKY_13: lazy_gettext("Lucky 13"),
    cards.JUST_ONE_MORE: lazy_gettext("Just One More!"),
    cards.FLIP_FOUR: lazy_gettext("Flip Four!"),
    cards.SWAP: lazy_gettext("Swap"),
    cards.STEAL: lazy_gettext("Steal"),
    cards.DISCARD: lazy_gettext("Discard"),
}


# What a take-that card does, for the table to say while its holder chooses a target.
CARD_EFFECTS = {
    cards.JUST_ONE_MORE: lazy_gettext("{card}: they take one more card, then must stay."),
    cards.FLIP_FOUR: lazy_gettext("{card}: they take the next four cards, one at a time."),
    cards.SWAP: lazy_gettext("{card}: two face-up cards of two players change places."),
    cards.STEAL: lazy_gettext("{card}: a face-up card moves from their row to the thief's."),
    cards.DISCARD: lazy_gettext("{card}: one face-up card of theirs goes to the discards."),
    cards.HALVE: lazy_gettext("{card}: halves the sum of their number cards."),
}


def card_effect(card: int) -> str | None:
    """One line of what an action or modifier card does to whoever gets it (in words: it
    is small print under the prompt, which shows the card's picture where it names it)."""
    named = card_label(card)
    if cards.MINUS[card]:
        return _("{card}: takes {amount} from their round score.").format(
            card=named, amount=number(cards.MINUS[card])
        )
    effect = CARD_EFFECTS.get(card)
    return effect.format(card=named) if effect is not None else None


def card_label(card: int) -> str:
    """A card as players read it: "9", "Zero", "Flip Four!", "−4"."""
    name = CARD_NAMES.get(card)
    return str(name) if name is not None else cards.card_code(card)


def ordinal(copy: int) -> str:
    """ "second" for the second copy of a number, and so on."""
    word = _ORDINALS.get(copy)
    return str(word) if word is not None else number(copy)


def _end(sentence: str) -> str:
    """Close a sentence with a full stop unless it already ends like one ("Flip Four!")."""
    return sentence if sentence.endswith(("!", "?", ".")) else sentence + "."


class _Words:
    """Names, possessives and cards for one table's sentences."""

    def __init__(self, names: Sequence[str], shown: CardShown = in_words) -> None:
        self.names = names
        self.shown = shown

    def card(self, card: int, words: str | None = None) -> str:
        """A card in a sentence: its picture, or `words` (its name by default)."""
        return self.shown(face(card), card_label(card) if words is None else words)

    def cards(self, cards: Sequence[int]) -> str:
        return ", ".join(self.card(card) for card in cards)

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"#{seat}"

    def whose(self, owner: int, actor: int) -> str:
        if owner == actor:
            return _("their")
        return _("{name}'s").format(name=self.name(owner))


# ------------------------------------------------------------------ events


def _flip(data: Mapping[str, Any], w: _Words) -> str:
    """How a card arrived: dealt, flipped (a number) or drawn (an action or a modifier)."""
    name, card, how = w.name(data["seat"]), w.card(data["card"]), data["how"]
    if how == "deal":
        return _end(_("{name} was dealt {card}").format(name=name, card=card))
    number = is_number(data["card"])
    if how == "flip4":
        template = (
            _("{name} flipped {card} (Flip Four! {n} of 4).")
            if number
            else _("{name} drew {card} (Flip Four! {n} of 4).")
        )
        return template.format(name=name, card=card, n=data["ordinal"])
    if how == "jom":
        template = (
            _("{name} flipped {card} (Just One More!).")
            if number
            else _("{name} drew {card} (Just One More!).")
        )
        return template.format(name=name, card=card)
    template = _("{name} flipped {card}") if number else _("{name} drew {card}")
    return _end(template.format(name=name, card=card))


def _no_card(data: Mapping[str, Any], w: _Words) -> str:
    if data.get("how") == "flip4":
        return _("No card is left to draw; {name} receives nothing (Flip Four! {n} of 4).").format(
            name=w.name(data["seat"]), n=data["ordinal"]
        )
    return _("No card is left to draw; {name} receives nothing.").format(name=w.name(data["seat"]))


def _stay(data: Mapping[str, Any], w: _Words) -> str:
    name = w.name(data["seat"])
    if data.get("forced") == "no_card":
        return _("{name} has nothing to draw and stays.").format(name=name)
    if data.get("forced") == "just_one_more":
        return _("{name} must stay (Just One More!).").format(name=name)
    return _("{name} stays.").format(name=name)


def _bust(data: Mapping[str, Any], w: _Words) -> str:
    value = _("Zero") if data["value"] == 0 else str(data["value"])
    if "card" in data:  # the card that busted, its value in words
        value = w.card(data["card"], value)
    return _("{name} busted on a {ordinal} {value}.").format(
        name=w.name(data["seat"]), ordinal=ordinal(data["copy"]), value=value
    )


def _discarded(data: Mapping[str, Any], w: _Words) -> str:
    cards = w.cards(data["cards"])
    if data["reason"] == "busted":
        return _("{cards} is discarded: {name} has busted.").format(
            cards=cards, name=w.name(data["seat"])
        )
    if data["reason"] == "flip7":
        return _end(_("Unresolved cards are discarded: {cards}").format(cards=cards))
    return _end(_("Set-aside cards are discarded: {cards}").format(cards=cards))


def _modifier(data: Mapping[str, Any], w: _Words) -> str:
    card = w.card(data["card"])
    if data["to"] == data["seat"]:
        return _("{name} keeps {card}.").format(name=w.name(data["seat"]), card=card)
    return _("{name} gives {card} to {target}.").format(
        name=w.name(data["seat"]), card=card, target=w.name(data["to"])
    )


def _target(data: Mapping[str, Any], w: _Words) -> str:
    card = w.card(data["card"])
    if data["to"] == data["seat"]:
        return _("{name} plays {card} on themself.").format(name=w.name(data["seat"]), card=card)
    return _("{name} plays {card} on {target}.").format(
        name=w.name(data["seat"]), card=card, target=w.name(data["to"])
    )


def _swap(data: Mapping[str, Any], w: _Words) -> str:
    (first, second), (card1, card2) = data["players"], data["cards"]
    seat = data["seat"]
    return _("{name} swapped {whose1} {card1} with {whose2} {card2}.").format(
        name=w.name(seat),
        whose1=w.whose(first, seat),
        card1=w.card(card1),
        whose2=w.whose(second, seat),
        card2=w.card(card2),
    )


def _steal(data: Mapping[str, Any], w: _Words) -> str:
    return _("{name} stole {victim}'s {card}.").format(
        name=w.name(data["seat"]), victim=w.name(data["from"]), card=w.card(data["card"])
    )


def _discard(data: Mapping[str, Any], w: _Words) -> str:
    return _("{name} discarded {whose} {card}.").format(
        name=w.name(data["seat"]),
        whose=w.whose(data["from"], data["seat"]),
        card=w.card(data["card"]),
    )


def _round_score(data: Mapping[str, Any], w: _Words) -> str:
    return _("{name} scores {score} this round (total {total}).").format(
        name=w.name(data["seat"]), score=signed(data["score"]), total=signed(data["total"])
    )


def _game_over(data: Mapping[str, Any], w: _Words) -> str:
    return _("{name} wins with {total} points.").format(
        name=join_names([w.name(p) for p in data["winners"]]), total=signed(data["total"])
    )


def _tie(data: Mapping[str, Any], w: _Words) -> str:
    return _("{names} are tied at {total}; another round is played.").format(
        names=join_names([w.name(p) for p in data["seats"]]), total=signed(data["total"])
    )


def _bonus(data: Mapping[str, Any], w: _Words) -> str:
    if data["to"] == data["seat"]:
        return _("{name} takes the Flip 7 bonus of +{amount}.").format(
            name=w.name(data["seat"]), amount=data["amount"]
        )
    return _("{name} takes {amount} from {target}'s total.").format(
        name=w.name(data["seat"]), amount=data["amount"], target=w.name(data["to"])
    )


_EVENTS: dict[str, Callable[[Mapping[str, Any], _Words], str]] = {
    "round_start": lambda d, w: _("Round {round} begins; {name} deals.").format(
        round=d["round"], name=w.name(d["dealer"])
    ),
    "flip": _flip,
    "no_card": _no_card,
    "stay": _stay,
    "bust": _bust,
    "wipe": lambda d, w: _("Unlucky 7 wiped {name}'s row.").format(name=w.name(d["seat"])),
    "flip7": lambda d, w: _("{name} has Flip 7!").format(name=w.name(d["seat"])),
    "discarded": _discarded,
    "no_target": lambda d, w: _("{card} has no legal target and is discarded.").format(
        card=w.card(d["card"])
    ),
    "reshuffle": lambda d, w: _(
        "The discard pile was shuffled into a new draw pile of {cards} cards."
    ).format(cards=d["cards"]),
    "modifier": _modifier,
    "target": _target,
    "swap": _swap,
    "steal": _steal,
    "discard": _discard,
    "round_score": _round_score,
    "round_end": lambda d, w: _("Round {round} is over.").format(round=d["round"]),
    "game_over": _game_over,
    "tie": _tie,
    "flip7_bonus": _bonus,
}
EVENT_KINDS = frozenset(_EVENTS)

# ------------------------------------------------------------------ decisions


def _hit_or_stay(data: Mapping[str, Any], name: str, w: _Words) -> str:
    if data.get("must_hit"):
        return _("{name} holds The Zero and must hit.").format(name=name)
    return _("{name}: hit or stay?").format(name=name)


def _swap_step(kind: str, data: Mapping[str, Any], name: str, w: _Words) -> str:
    first, card, second = data["first"], data["first_card"], data["second"]
    if first is None:
        return _("{name}: Swap, choose the first player.").format(name=name)
    if card is None:
        return _("{name}: Swap, choose {first}'s card.").format(name=name, first=w.name(first))
    if second is None:
        return _("{name}: Swap {first}'s {card} with whose card?").format(
            name=name, first=w.name(first), card=w.card(card)
        )
    return _("{name}: Swap {first}'s {card} with which of {second}'s cards?").format(
        name=name, first=w.name(first), card=w.card(card), second=w.name(second)
    )


def _take_step(kind: str, data: Mapping[str, Any], name: str, w: _Words) -> str:
    card = w.card(data["card"])
    if data["victim"] is None:
        return _("{name}: {card}, choose a player.").format(name=name, card=card)
    return _("{name}: {card}, choose {victim}'s card.").format(
        name=name, card=card, victim=w.name(data["victim"])
    )


_DECISIONS: dict[str, Callable[[str, Mapping[str, Any], str, _Words], str]] = {
    "hit_or_stay": lambda k, d, n, w: _hit_or_stay(d, n, w),
    "choose_target": lambda k, d, n, w: _("{name}: play {card} on whom?").format(
        name=n, card=w.card(d["card"])
    ),
    "give_modifier": lambda k, d, n, w: _("{name}: give {card} to whom?").format(
        name=n, card=w.card(d["card"])
    ),
    "swap_player": _swap_step,
    "swap_card": _swap_step,
    "steal_player": _take_step,
    "steal_card": _take_step,
    "discard_player": _take_step,
    "discard_card": _take_step,
    "flip7_bonus": lambda k, d, n, w: _(
        "{name}: take +{amount} for Flip 7, or take {amount} from another player's total?"
    ).format(name=n, amount=d["amount"]),
}
DECISION_KINDS = frozenset(_DECISIONS)

# ------------------------------------------------------------------ errors

_ERRORS = {
    "must_hit": lazy_gettext("You hold The Zero: you must hit."),
    "player_count": lazy_gettext("Flip 7 needs {low} to {high} players."),
    "bad_names": lazy_gettext("Every player needs a name."),
    "deck_exhausted": lazy_gettext("The deck has no more {card} cards."),
    "unknown_card": lazy_gettext("There is no card called {card}."),
    "unknown_ai_level": lazy_gettext("There is no AI level called {level}."),
    "unknown_schema": lazy_gettext("This saved game comes from a version this bot doesn't know."),
}


def _option_error(option: str) -> str | None:
    if option == GOAL_OPTION.name:
        low, high = GOAL_OPTION.low, GOAL_OPTION.high
        assert low is not None and high is not None  # the goal is a bounded number
        return _("The goal must be a whole number from {low} to {high}.").format(
            low=number(low), high=number(high)
        )
    if option == BRUTAL_OPTION.name:
        return _("Brutal mode is either on or off.")
    return None


def _error_fields(error: IllegalMove) -> dict[str, Any]:
    fields = dict(error.data)
    if isinstance(fields.get("card"), int):
        fields["card"] = card_label(fields["card"])
    return fields


class Flip7Texts:
    """`cogs.wording.words.GameTexts` for Flip 7; `shown` shows the cards its sentences name
    (labels name them in words whatever it is)."""

    def __init__(self, shown: CardShown = in_words) -> None:
        self.shown = shown

    def showing(self, shown: CardShown) -> Flip7Texts:
        """These texts with the cards in their sentences shown by `shown`."""
        return Flip7Texts(shown)

    @property
    def title(self) -> str:
        return _("Flip 7: With a Vengeance")

    def setting(self, name: str, value: Any) -> str | None:
        if name == GOAL_OPTION.name:
            return _("goal {goal}").format(goal=number(value))
        if name == BRUTAL_OPTION.name:
            return _("brutal mode") if value else None
        return None

    def event(self, event: Event, names: Sequence[str]) -> str:
        return _EVENTS[event.kind](event.data, _Words(names, self.shown))

    def decision(self, decision: Decision, names: Sequence[str]) -> str:
        words = _Words(names, self.shown)
        return _DECISIONS[decision.kind](
            decision.kind, decision.data, words.name(decision.seat), words
        )

    def option(self, action: Action, view: object, names: Sequence[str]) -> str:
        text = self._option(action, view, _Words(names))
        return text if len(text) <= MAX_OPTION else text[: MAX_OPTION - 1] + "…"

    def _option(self, action: Action, view: object, w: _Words) -> str:
        if isinstance(action, Hit):
            return _("Hit")
        if isinstance(action, Stay):
            return _("Stay")
        # The menu sits on the public table, read by everyone: each option names its player,
        # the chooser too (never "me", which reads as the reader).
        assert isinstance(view, Flip7View)
        pending = view.pending
        chooser = pending.seat if pending is not None else -1
        if isinstance(action, ChooseCard):
            card = w.card(view.players[action.seat].row[action.index])
            return _("{name}'s {card}").format(name=w.name(action.seat), card=card)
        if not isinstance(action, ChoosePlayer):
            raise BadCode(code=repr(action))
        if pending is not None and pending.kind == "flip7_bonus":
            amount, name = pending.data["amount"], w.name(action.seat)
            if action.seat == chooser:
                return _("+{amount} to {name}").format(amount=amount, name=name)
            return _("{amount} to {name}").format(amount=signed(-amount), name=name)
        return w.name(action.seat)

    def hint(self, hint: Hint, view: object, names: Sequence[str]) -> str:
        # The option as its label words it, but with the card in the sentence shown.
        words = _Words(names, self.shown)
        return hint_line(hint, lambda action: self._option(action, view, words))

    def error(self, error: IllegalMove, names: Sequence[str]) -> str:
        refused_option = _option_error(str(error.data.get("option")))
        if error.kind == "bad_option" and refused_option is not None:
            return refused_option
        template = _ERRORS.get(error.kind)
        if template is None:
            return common_error(error, names)
        return template.format(**_error_fields(error))

    def score(self, score: int) -> str:
        return points(score)

    def rules(self, options: Mapping[str, Any]) -> str:
        goal = options.get("goal", GOAL_OPTION.default)
        brutal = options.get("brutal", BRUTAL_OPTION.default)
        mode = (
            _(
                "This match is played in **brutal mode**: scores can go negative, minus "
                "cards can hit busted players, and a Flip 7 may take 15 from another "
                "player instead."
            )
            if brutal
            else _(
                "This match is not in brutal mode (in brutal mode scores can go negative, "
                "minus cards can hit busted players, and a Flip 7 may take 15 from another "
                "player instead)."
            )
        )
        return _(
            "On your turn **Hit** (flip a card) or **Stay** (bank your row). A second card of "
            "a number you hold **busts** you: 0 for the round. Seven different numbers is "
            "**Flip 7**: +15 and the round ends at once. First to the goal ({goal}) at a "
            "round's end wins; a tie plays on.\n\n"
            "**Specials**: The Zero: you must hit, and you score 0 unless you Flip 7. "
            "Unlucky 7 wipes your row. Lucky 13 lets you hold a second 13.\n"
            "**Actions**: Just One More! (take one card, then stay), Flip Four! (take four), "
            "Swap, Steal and Discard face-up cards.\n"
            "**Modifiers**: −2…−10 and ÷2: give them to any player still in.\n"
            "{mode}"
        ).format(goal=number(goal), mode=mode)


TEXTS = Flip7Texts()
