"""What every game engine shares: its error type, its events and the protocol the bot drives."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, Self


class IllegalMove(ValueError):
    """A move the rules do not allow. The message is written for the player who tried it."""


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, in order.

    `kind` is a stable machine name ("flip", "bust"); `text` is one plain-English
    sentence with player names and no markup, fit for a table message or a match log;
    `data` holds the details (seats, cards) for anyone who wants more than the text.
    """

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "data": self.data}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Event:
        return cls(raw["kind"], raw["text"], dict(raw.get("data", {})))


class Action(Protocol):
    """A move as a value. `code` is a short string (under 40 characters) that
    `action_from_code` in the same engine turns back into an equal action; the
    bot puts it in button and select ids."""

    @property
    def code(self) -> str: ...


class Game(Protocol):
    """The surface the bot drives. Seats are 0-based indices in seating order."""

    names: list[str]

    @property
    def is_over(self) -> bool: ...

    def to_act(self) -> list[int]:
        """Seats whose decision the game is waiting for now (several for simultaneous picks)."""
        ...

    def legal_actions(self, seat: int) -> list[Any]: ...

    def apply(self, seat: int, action: Any) -> list[Event]:
        """Apply one move; raise IllegalMove and change nothing if it is not allowed."""
        ...

    def timeout_action(self, seat: int) -> Any:
        """The move made for a seat whose turn deadline passed."""
        ...

    def winners(self) -> list[int]:
        """Winning seats once the game is over (several on a shared win); empty otherwise."""
        ...

    def final_scores(self) -> list[int]:
        """Each seat's final score or total, in seat order (for results and leaderboards)."""
        ...

    def to_dict(self) -> dict[str, Any]: ...

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Self: ...
