"""Where sentences are worded: the shared helpers and the protocol each game's texts meet.

Engines and bot/ hand over kinds and data; each game's `texts` module (beside its cog)
turns them into sentences, and the platform words its own here and in `cogs.wording.replies`.
Every sentence passes through `_` (or `ngettext`), which looks it up in the catalog of
the language of the message being built (`cogs.wording.i18n`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from bot.play.events import ABANDONED, HANDED_OVER, LEFT, RETURNED, STARTED, TIMED_OUT
from cogs.wording.i18n import _, lazy_gettext, ngettext, number
from cogs.wording.names import shown
from engines.base import Action, Decision, Event, Hint, IllegalMove, Judged


def join_names(names: Sequence[str]) -> str:
    """ "ann", "ann and bob", "ann, bob and cat"."""
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def either(choices: Sequence[str]) -> str:
    """ "2", "2 or 3", "2, 3, 4 or 6"."""
    if len(choices) < 2:
        return "".join(choices)
    return _("{first} or {last}").format(first=", ".join(choices[:-1]), last=choices[-1])


def seat_names(seats: Sequence[Any], way: Callable[[str], str] = shown) -> list[str]:
    """How each seat is called at the table: a seat the AI plays says so ("Ada (AI)"),
    whether it was an AI seat from the start or a member's seat handed over. Names come
    escaped for message text; `way=plain` gives them for labels and placeholders."""
    return _named([way(seat.name) for seat in seats], [_played(seat) for seat in seats])


def _played(seat: Any) -> bool:
    """Whether the AI plays the seat now (an AI seat, or a member's handed over)."""
    return seat.ai is not None


def _named(names: Sequence[str], played: Sequence[bool]) -> list[str]:
    return [
        _("{name} (AI)").format(name=name) if ai else name
        for name, ai in zip(names, played, strict=True)
    ]


def names_at_each(seats: Sequence[Any], events: Sequence[Event]) -> list[list[str]]:
    """The seats' names as each event happened, for retelling it: "alice (AI)" only while
    the AI played her seat, whoever plays it now. Told backwards from the seats as they are,
    undoing each hand-over, return and leaving; those events name the member plainly."""
    members = [shown(seat.name) for seat in seats]
    played = [_played(seat) for seat in seats]
    names = _named(members, played)
    told: list[list[str]] = []
    for event in reversed(events):
        seat = event.data.get("seat")
        if event.kind in (HANDED_OVER, RETURNED, LEFT, ABANDONED) and isinstance(seat, int):
            told.append(members)
            played[seat] = event.kind == RETURNED  # as the seat was before this event
            names = _named(members, played)
        else:
            told.append(names)
    told.reverse()
    return told


def ai_level(level: str) -> str:
    """An AI level's name ("hard", "strong", "simple"), as players read it."""
    levels = {"hard": _("hard"), "strong": _("strong"), "simple": _("simple")}
    return levels.get(level, level)


def names_of(seats: Sequence[int], record: Any) -> str:
    """The named seats of a match, as the table calls them: "ann and Ada (AI)"."""
    names = seat_names(record.seats)
    return join_names([names[s] for s in seats])


def judged_mark(judged: Judged) -> str:
    """An analysed decision's mark: ✅ the best move or one as good, ⚠️ one that cost."""
    return "✅" if judged.cost <= 0 else "⚠️"


def signed(value: int) -> str:
    """A number with a typographic minus, matching the cards' "−2"."""
    return f"−{number(-value)}" if value < 0 else number(value)


def points(value: int) -> str:
    """A score in points: "1 point", "−3 points"."""
    return ngettext("{points} point", "{points} points", abs(value)).format(points=signed(value))


class GameTexts(Protocol):
    """How one game's kinds are worded. `names` are the seats' display names in seat order."""

    @property
    def title(self) -> str:
        """The game's name, in the reader's language."""
        ...

    def setting(self, name: str, value: Any) -> str | None:
        """A lobby option as the lobby lists it ("goal 100", "brutal mode"); None: not shown."""
        ...

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

    def hint(self, hint: Hint, view: object, names: Sequence[str]) -> str:
        """A practice table's hint in one line, for the seat whose `view` it was made from
        (an unknown kind raises KeyError; a game that gives no hints raises it for all)."""
        ...


COMMON_ERRORS = {
    "no_such_seat": lazy_gettext("You are not playing at this table."),
    "game_over": lazy_gettext("The game is over."),
    "bad_option": lazy_gettext("That setting isn't allowed here."),
    "unknown_option": lazy_gettext("This game has no such setting."),
    "not_your_turn": lazy_gettext("It's {name}'s turn, not yours."),
    "not_an_option": lazy_gettext("That is not one of the choices right now."),
    "bad_code": lazy_gettext("That button isn't a move of this game."),
    "bad_state": lazy_gettext("This game's saved state is damaged, so it can't go on."),
}


def common_error(error: IllegalMove, names: Sequence[str]) -> str:
    """Wording for the refusals every engine shares; a game's texts fall back on it."""
    template = COMMON_ERRORS.get(error.kind) or _("That move isn't allowed right now.")
    seat = error.data.get("seat")
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
    return template.format(name=name)


# -- the platform's own events ---------------------------------------------------------

PLATFORM_EVENTS = {
    STARTED: lazy_gettext("The game started with {players} players."),
    TIMED_OUT: lazy_gettext("{name} ran out of time; the bot moved for them."),
    HANDED_OVER: lazy_gettext(
        "{name} missed {missed} turns in a row; the AI plays their seat until they are back."
    ),
    RETURNED: lazy_gettext("{name} is back and plays their seat again."),
    LEFT: lazy_gettext("{name} left the game; the AI plays their seat now."),
    ABANDONED: lazy_gettext("{name} left, and no player is left at the table."),
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
