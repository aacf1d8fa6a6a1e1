"""Sequence Numbers in words: events, decisions, option labels, refusals and the short rules.

Pure: imports only the engine, the cards' faces, `cogs.wording.i18n` and `cogs.wording.words`,
never Discord, so a test or a script can word a whole game. Every sentence passes through
`_`; cards keep their arithmetic notation ("5 + 6"), and only Plus, Minus and the colours are
words. A sentence shows a card through the texts' `CardShown` (its picture on Discord once
the emojis are synced); option labels name it in words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cogs.games.sequence.faces import face
from cogs.games.sequence.hint_words import hint_line
from cogs.ui.face import CardShown, in_words
from cogs.wording.i18n import _, ngettext, number
from cogs.wording.words import common_error
from engines.base import Action, Decision, Event, Hint, IllegalMove
from engines.sequence_numbers import (
    COLOURS,
    Back,
    ChooseCard,
    ChooseRow,
    Exchange,
    Pass,
    Play,
    SequenceView,
    cards,
)
from engines.sequence_numbers.board import CELLS_BY_NUMBER, SIZE, cell_name, parse_cell

LABEL_LIMIT = 80


# ---- words for the engine's ids -------------------------------------------------------------


def card_label(card: str) -> str:
    """A card as people read it: "5 + 6", "14 − 7", "Plus" or "Minus"."""
    if card == cards.PLUS:
        return _("Plus")
    if card == cards.MINUS:
        return _("Minus")
    return cards.label(card)


def shown_card(card: str, shown: CardShown) -> str:
    """A card in a sentence: as `shown` shows it (its picture), else its label."""
    return shown(face(card), card_label(card))


def colour_name(colour: str) -> str:
    names = {"Blue": _("Blue"), "Orange": _("Orange"), "Green": _("Green")}
    return names.get(colour, colour)


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return _("someone")


def team_words(team: int, seats: Sequence[int], names: Sequence[str]) -> str:
    """A lone player goes by their name, a real team by its colour (G2)."""
    if len(seats) == 1:
        return _name(names, seats[0])
    colour = COLOURS[team] if 0 <= team < len(COLOURS) else str(team)
    return _("Team {colour}").format(colour=colour_name(colour))


def team_name(team: int, view: SequenceView, names: Sequence[str]) -> str:
    """How the table names team `team`: "Team Blue", or a lone player's name."""
    return team_words(team, view.teams[team].seats, names)


# ---- events ---------------------------------------------------------------------------------


def _deal(data: Mapping[str, Any], names: Sequence[str], shown: CardShown) -> str:
    held = ngettext("{count} card", "{count} cards", data["hand_size"]).format(
        count=number(data["hand_size"])
    )
    return _("{name} starts; everyone holds {held}.").format(
        name=_name(names, data["first"]), held=held
    )


def _play(data: Mapping[str, Any], names: Sequence[str], shown: CardShown) -> str:
    return _("{name} played {card} on {cell}.").format(
        name=_name(names, data["seat"]), card=shown_card(data["card"], shown), cell=data["cell"]
    )


def _plus(data: Mapping[str, Any], names: Sequence[str], shown: CardShown) -> str:
    return _("{name} played {card} on {cell}.").format(
        name=_name(names, data["seat"]), card=shown_card(cards.PLUS, shown), cell=data["cell"]
    )


def _minus(data: Mapping[str, Any], names: Sequence[str], shown: CardShown) -> str:
    whose = team_words(data["victim"], data["victim_seats"], names)
    return _("{name} played {card} and removed {whose}'s chip from {cell}.").format(
        name=_name(names, data["seat"]),
        card=shown_card(cards.MINUS, shown),
        whose=whose,
        cell=data["cell"],
    )


def _exchange(data: Mapping[str, Any], names: Sequence[str], shown: CardShown) -> str:
    return _("{name} exchanged the dead card {card}.").format(
        name=_name(names, data["seat"]), card=shown_card(data["card"], shown)
    )


def _sequence(data: Mapping[str, Any], names: Sequence[str], shown: CardShown) -> str:
    team = team_words(data["team"], data["seats"], names)
    first, last = data["cells"][0], data["cells"][-1]
    if data["count"] == 1:
        template = _("{team} completed a SEQUENCE ({first}–{last}).")
    else:
        template = _("{team} completed {count} SEQUENCES ({first}–{last}).")
    return template.format(team=team, count=data["count"], first=first, last=last)


def _win(data: Mapping[str, Any], names: Sequence[str], shown: CardShown) -> str:
    team = team_words(data["team"], data["seats"], names)
    alone = len(data["seats"]) == 1
    if data["count"] == 1:
        template = _("{team} wins with a SEQUENCE.") if alone else _("{team} win with a SEQUENCE.")
    elif alone:
        template = _("{team} wins with {count} SEQUENCES.")
    else:
        template = _("{team} win with {count} SEQUENCES.")
    return template.format(team=team, count=data["count"])


def _pass(data: Mapping[str, Any], names: Sequence[str], shown: CardShown) -> str:
    return _("{name} has no legal move and passes.").format(name=_name(names, data["seat"]))


def _draw(data: Mapping[str, Any], names: Sequence[str], shown: CardShown) -> str:
    return _("Every player passed in a row: the game is a draw.")


def _reshuffle(data: Mapping[str, Any], names: Sequence[str], shown: CardShown) -> str:
    return _("The discard pile was shuffled into a new draw pile.")


EVENTS: dict[str, Callable[[Mapping[str, Any], Sequence[str], CardShown], str]] = {
    "deal": _deal,
    "play": _play,
    "plus": _plus,
    "minus": _minus,
    "exchange": _exchange,
    "sequence": _sequence,
    "win": _win,
    "pass": _pass,
    "draw": _draw,
    "reshuffle": _reshuffle,
}


# ---- decisions and their options ------------------------------------------------------------


def _decision_text(decision: Decision, shown: CardShown) -> str:
    card = decision.data.get("card")
    if decision.kind == "pass":
        return _("No card of yours can be played, even after an exchange: you pass.")
    if decision.kind == "choose_row":
        return _("Choose a row for your {card}.").format(card=shown_card(card or "", shown))
    if decision.kind == "choose_cell":
        if card == cards.MINUS:
            return _("Choose the opponent chip to remove.")
        row = decision.data.get("row")
        if row:
            return _("Choose where to play {card} in row {row}.").format(
                card=shown_card(card or "", shown), row=row
            )
        return _("Choose where to play {card}.").format(card=shown_card(card or "", shown))
    if any(isinstance(option, Exchange) for option in decision.options):
        return _("Choose a card to play, or exchange a dead card first.")
    return _("Choose a card to play.")


def _owner_at(view: SequenceView, cell: str) -> Any:
    index = parse_cell(cell)
    return view.board[index // SIZE][index % SIZE]


def _card_choice(card: str, view: SequenceView) -> str:
    if card == cards.PLUS:
        return _("Plus (any empty cell)")
    if card == cards.MINUS:
        return _("Minus (remove an opponent chip)")
    spots = CELLS_BY_NUMBER[cards.answer(card) or 0]
    free = [cell_name(c) for c in spots if _owner_at(view, cell_name(c)) is None]
    if not free:
        return card_label(card)
    return _("{card} ({cells})").format(card=card_label(card), cells=_(" or ").join(free))


def _play_label(action: Play, view: SequenceView, names: Sequence[str]) -> str:
    if action.card == cards.MINUS:
        owner = _owner_at(view, action.cell)
        if isinstance(owner, int) and 0 <= owner < len(view.teams):
            return _("Minus: remove {cell} ({team})").format(
                cell=action.cell, team=team_name(owner, view, names)
            )
        return _("Minus: remove {cell}").format(cell=action.cell)
    if action.card == cards.PLUS:
        return _("Plus on {cell}").format(cell=action.cell)
    return _("{card} on {cell}").format(card=card_label(action.card), cell=action.cell)


def _option_text(action: Action, view: SequenceView, names: Sequence[str]) -> str:
    if isinstance(action, Play):
        return _play_label(action, view, names)
    if isinstance(action, ChooseCard):
        return _card_choice(action.card, view)
    if isinstance(action, Exchange):
        return _("Exchange dead card {card}").format(card=card_label(action.card))
    if isinstance(action, ChooseRow):
        return _("Row {row}").format(row=action.row)
    if isinstance(action, Pass):
        return _("Pass")
    if isinstance(action, Back):
        return _("Back")
    return action.code


def choice_words(
    asked: Decision, action: Action, names: Sequence[str], shown: CardShown = in_words
) -> str | None:
    """A step of a turn that made no event, as a replay tells it: a card chosen, a row
    chosen for it, or a step back (from the decision it answered); None for any other."""
    name = _name(names, asked.seat)
    card = asked.data.get("card")
    if isinstance(action, ChooseCard):
        return _("{name} chose {card} to play.").format(
            name=name, card=shown_card(action.card, shown)
        )
    if isinstance(action, ChooseRow) and card:
        return _("{name} chose row {row} for {card}.").format(
            name=name, row=action.row, card=shown_card(card, shown)
        )
    if isinstance(action, Back) and card:
        if asked.kind == "choose_cell" and asked.data.get("row"):
            return _("{name} went back to choose another row for {card}.").format(
                name=name, card=shown_card(card, shown)
            )
        return _("{name} put {card} back to choose another card.").format(
            name=name, card=shown_card(card, shown)
        )
    return None


# ---- refusals -------------------------------------------------------------------------------


def _error_fields(data: Mapping[str, Any], shown: CardShown) -> dict[str, Any]:
    """The data made readable: card ids become cards shown, lists become "C8 or H6"."""
    fields = dict(data)
    if isinstance(fields.get("card"), str) and fields["card"] in cards.FULL_DECK:
        fields["card"] = shown_card(fields["card"], shown)
    for key in ("cells", "allowed"):
        if isinstance(fields.get(key), list):
            fields[key] = _(" or ").join(str(item) for item in fields[key])
    return fields


def _not_dead(fields: Mapping[str, Any]) -> str:
    free = list(fields.get("free_cells", []))
    if not free:
        return _("{card} is not dead.").format(card=fields["card"])
    if len(free) == 1:
        return _("{card} is not dead: {cell} is still free.").format(
            card=fields["card"], cell=free[0]
        )
    return _("{card} is not dead: {first} and {second} are still free.").format(
        card=fields["card"], first=free[0], second=free[1]
    )


def _error_templates() -> dict[str, str]:
    return {
        "five_players": _("Five players can't split into equal teams: play with 2, 3, 4 or 6."),
        "bad_player_count": _("Sequence Numbers is for {low} to {high} players (not 5)."),
        "bad_teams": _("With {players} players the game has {allowed} teams, not {teams}."),
        "missing_name": _("Every player needs a name."),
        "bad_deck": _("A stacked deck can't hold more copies of a card than the full deck."),
        "bad_card": _("That is not a Sequence Numbers card."),
        "bad_cell": _("That is not a cell: use a row letter A-J and a column 1-10, like C8."),
        "bad_schema": _("This game was saved by a newer version of the bot."),
        "unknown_ai_level": _("There is no AI level called {level}."),
        "card_not_held": _("You don't hold {card}."),
        "no_empty_cell": _("There is no empty cell left for a Plus."),
        "no_removable_chip": _("There is no opponent chip a Minus can remove now."),
        "dead_card": _("{card} is dead: both {cells} are taken."),
        "choose_card_first": _("Choose a card before a row."),
        "row_has_no_cell": _("{card} can't go anywhere in row {row}."),
        "nothing_to_undo": _("There is no step to go back from."),
        "must_play": _("You can still play or exchange a card, so you can't pass."),
        "no_chip": _("There is no chip on {cell} to remove."),
        "own_chip": _("A Minus removes an opponent's chip, not your own."),
        "locked_chip": _("The chip on {cell} is part of a SEQUENCE and can't be removed."),
        "free_space": _("{cell} is a free space: no chip goes there."),
        "cell_taken": _("{cell} already holds a chip."),
        "wrong_cell": _("{card} makes {answer}: it goes on {cells}, not {cell}."),
        "already_exchanged": _("You have already exchanged a dead card this turn."),
        "plus_never_dead": _("A Plus is never dead: play it on any empty cell."),
        "minus_never_dead": _("A Minus is never dead, so it can't be exchanged."),
    }


ERROR_KINDS = frozenset({*_error_templates(), "not_dead"})
"""Every refusal kind this game words itself; the rest fall back on `common_error`."""


# ---- the rules ------------------------------------------------------------------------------


def _goal(options: Mapping[str, Any]) -> str:
    sequences = options.get("sequences")
    players = options.get("players")
    if sequences is None and isinstance(players, int):
        sequences = 1 if players <= 3 else 2
    if sequences == 1:
        return _("One SEQUENCE wins.")
    if sequences == 2:
        return _("Two SEQUENCES win.")
    return _("With 2 or 3 players one SEQUENCE wins; with 4 or 6 you need two.")


def _seating(options: Mapping[str, Any]) -> str:
    if options.get("teams") == 3:
        text = _("Six players sit in three teams of two, seated alternately, sharing a colour.")
        if options.get("sequences") != 1:
            text += " " + _("Three teams needing two SEQUENCES draw most games: one is advised.")
        return text
    return _(
        "With 4 or 6 players you play in two teams, seated alternately; teammates share a colour."
    )


class SequenceTexts:
    """The `cogs.wording.words.GameTexts` of Sequence Numbers; `shown` shows the cards its
    sentences name (labels name them in words whatever it is)."""

    def __init__(self, shown: CardShown = in_words) -> None:
        self.shown = shown

    def showing(self, shown: CardShown) -> SequenceTexts:
        """These texts with the cards in their sentences shown by `shown`."""
        return SequenceTexts(shown)

    @property
    def title(self) -> str:
        return _("Sequence Numbers")

    def setting(self, name: str, value: Any) -> str | None:
        if name == "teams":
            return ngettext("{count} team", "{count} teams", value).format(count=number(value))
        if name == "sequences":
            return ngettext("{count} SEQUENCE to win", "{count} SEQUENCES to win", value).format(
                count=number(value)
            )
        return None

    def event(self, event: Event, names: Sequence[str]) -> str:
        word = EVENTS.get(event.kind)
        if word is None:
            return _("Something happened on the board.")
        return word(event.data, names, self.shown)

    def decision(self, decision: Decision, names: Sequence[str]) -> str:
        return _decision_text(decision, self.shown)

    def option(self, action: Action, view: object, names: Sequence[str]) -> str:
        assert isinstance(view, SequenceView)
        return _option_text(action, view, names)[:LABEL_LIMIT]

    def error(self, error: IllegalMove, names: Sequence[str]) -> str:
        if error.kind not in ERROR_KINDS:
            return common_error(error, names)
        fields = _error_fields(error.data, self.shown)
        if error.kind == "not_dead":
            return _not_dead(fields)
        return _error_templates()[error.kind].format(**fields)

    def hint(self, hint: Hint, view: object, names: Sequence[str]) -> str:
        assert isinstance(view, SequenceView)
        return hint_line(
            hint,
            lambda card: shown_card(card, self.shown),
            lambda team: team_name(team, view, names),
        )

    def score(self, score: int) -> str:
        return ngettext("{count} SEQUENCE", "{count} SEQUENCES", score).format(count=number(score))

    def rules(self, options: Mapping[str, Any]) -> str:
        paragraphs = [
            _(
                "Every card is a sum or a difference; its **answer** is a number on the board, "
                "which shows each of 1–48 twice. On your turn play one card: put a chip on one "
                "of the two cells with its answer. **Plus** puts a chip on any empty cell; "
                "**Minus** removes an opponent chip (not one in a finished SEQUENCE). The bot "
                "then draws for you."
            ),
            _(
                "A **SEQUENCE** is five of your chips in a straight line — across, down or "
                "diagonal; the ★ corners count for everyone."
            )
            + " "
            + _goal(options)
            + " "
            + _seating(options),
            _(
                "A card whose two cells are both taken is **dead**: once per turn you may "
                "exchange it for a new one before you play. With no card you can play you "
                "pass; when everyone passes in a row the game is a draw. Hands are secret."
            ),
        ]
        return "\n\n".join(paragraphs)


TEXTS = SequenceTexts()

__all__ = [
    "ERROR_KINDS",
    "EVENTS",
    "TEXTS",
    "SequenceTexts",
    "card_label",
    "choice_words",
    "team_name",
]
