"""Where sentences are worded: the shared helpers and the protocol each game's texts meet.

Engines hand over kinds and data; each game's `texts` module (beside its cog) turns them
into sentences, and the platform words its own here. Every sentence passes through `_`,
the one point where a translation catalog will choose the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from bot.events import ABANDONED, HANDED_OVER, LEFT, RETURNED, STARTED, TIMED_OUT
from engines.base import Action, Decision, Event, IllegalMove


def _(message: str) -> str:
    """Mark a sentence for the translation catalogs. English is the source language, so
    until a catalog for the reader's language exists the sentence is returned as written."""
    return message


def join_names(names: Sequence[str]) -> str:
    """ "ann", "ann and bob", "ann, bob and cat"."""
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def seat_names(seats: Sequence[Any]) -> list[str]:
    """How each seat is called at the table: a member's seat the AI is playing for them
    says so ("alice (AI)"); seats that were AI from the start carry it in their name."""
    return _named([seat.name for seat in seats], [_played_for(seat) for seat in seats])


def _played_for(seat: Any) -> bool:
    """Whether the AI plays a member's seat for them now."""
    return seat.ai is not None and seat.user_id is not None


def _named(names: Sequence[str], played_for: Sequence[bool]) -> list[str]:
    return [
        _("{name} (AI)").format(name=name) if ai else name
        for name, ai in zip(names, played_for, strict=True)
    ]


def names_at_each(seats: Sequence[Any], events: Sequence[Event]) -> list[list[str]]:
    """The seats' names as each event happened, for retelling it: "alice (AI)" only while
    the AI played her seat, whoever plays it now. Told backwards from the seats as they are,
    undoing each hand-over and return; those two events name the member plainly."""
    plain = [seat.name for seat in seats]
    played_for = [_played_for(seat) for seat in seats]
    names = _named(plain, played_for)
    told: list[list[str]] = []
    for event in reversed(events):
        seat = event.data.get("seat")
        if event.kind in (HANDED_OVER, RETURNED) and isinstance(seat, int):
            told.append(plain)
            played_for[seat] = event.kind == RETURNED  # as the seat was before this event
            names = _named(plain, played_for)
        else:
            told.append(names)
    told.reverse()
    return told


def count(number: int, one: str, many: str) -> str:
    """`number` with the right noun: count(1, "game", "games") is "1 game"."""
    return f"{number} {one if number == 1 else many}"


def signed(number: int) -> str:
    """A number with a typographic minus, matching the cards' "−2"."""
    return f"−{-number}" if number < 0 else str(number)


def points(number: int) -> str:
    """A score in points: "1 point", "−3 points"."""
    return f"{signed(number)} {_('point') if abs(number) == 1 else _('points')}"


class GameTexts(Protocol):
    """How one game's kinds are worded. `names` are the seats' display names in seat order."""

    title: str

    def event(self, event: Event, names: Sequence[str]) -> str:
        """One sentence for an event of this game."""
        ...

    def decision(self, decision: Decision, names: Sequence[str]) -> str:
        """The question a decision asks, addressed to the deciding player."""
        ...

    def option(self, action: Action, view: object, names: Sequence[str]) -> str:
        """A short label (at most 80 characters) for one option of a decision; `view` is the
        deciding seat's view, for labels that depend on the table."""
        ...

    def error(self, error: IllegalMove, names: Sequence[str]) -> str:
        """One short sentence saying why a move was refused."""
        ...

    def rules(self, options: Mapping[str, Any]) -> str:
        """The short rules, for a match played with these lobby options."""
        ...

    def score(self, score: int) -> str:
        """A final score with its unit, for results ("113 points", "2 SEQUENCES")."""
        ...


COMMON_ERRORS = {
    "no_such_seat": _("You are not playing at this table."),
    "game_over": _("The game is over."),
    "bad_option": _("That setting isn't allowed here."),
    "unknown_option": _("This game has no such setting."),
    "not_your_turn": _("It's {name}'s turn, not yours."),
    "not_an_option": _("That is not one of the choices right now."),
    "bad_code": _("That button isn't a move of this game."),
    "bad_state": _("This game's saved state is damaged, so it can't go on."),
}


def common_error(error: IllegalMove, names: Sequence[str]) -> str:
    """Wording for the refusals every engine shares; a game's texts fall back on it."""
    template = COMMON_ERRORS.get(error.kind, _("That move isn't allowed right now."))
    seat = error.data.get("seat")
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
    return template.format(name=name)


# -- the games' texts, registered by their cogs; the platform's own events ------------------

_GAME_TEXTS: dict[str, GameTexts] = {}


def register_texts(key: str, texts: GameTexts) -> None:
    _GAME_TEXTS[key] = texts


def texts_for(key: str) -> GameTexts:
    return _GAME_TEXTS[key]


def game_title(key: str) -> str:
    """A game's title; a match of a game whose plug-in the host removed shows its key."""
    texts = _GAME_TEXTS.get(key)
    return texts.title if texts is not None else key


PLATFORM_EVENTS = {
    STARTED: _("The game started with {players} players."),
    TIMED_OUT: _("{name} ran out of time; the bot moved for them."),
    HANDED_OVER: _(
        "{name} missed {missed} turns in a row; the AI plays their seat until they are back."
    ),
    RETURNED: _("{name} is back and plays their seat again."),
    LEFT: _("{name} left the game; the AI plays their seat now."),
    ABANDONED: _("{name} left, and no player is left at the table."),
}


LEGACY_TEXT = "text"  # events stored before they were data carry their sentence here


def is_legacy(event: Event) -> bool:
    """Whether the event was stored as a sentence, before events were data."""
    return set(event.data) == {LEGACY_TEXT}


def event_text(texts: GameTexts, event: Event, names: Sequence[str]) -> str:
    """One sentence for any event of a match: the platform's own, or the game's."""
    if is_legacy(event):
        return str(event.data[LEGACY_TEXT])
    template = PLATFORM_EVENTS.get(event.kind)
    if template is None:
        return texts.event(event, names)
    seat = event.data.get("seat")
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
    return template.format(name=name, **{k: v for k, v in event.data.items() if k != "seat"})


def logged_lines(texts: GameTexts, logged: Sequence[Event], seats: Sequence[Any]) -> list[str]:
    """Sentences for a match's stored events, each naming the seats as they were then.
    Events stored before events were data are shown as they were written."""
    named = names_at_each(seats, logged)
    return [event_text(texts, event, names) for event, names in zip(logged, named, strict=True)]
