"""Refusals, notices and failures as kinds plus data; cogs/ word them for their reader."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class Refusal(Exception):
    """A request the bot declines, shown privately to the member who asked. `kind` names
    the reason and `data` holds what its wording needs (a count, a game's key, an engine's
    `IllegalMove` with the seats it names)."""

    def __init__(self, kind: str, **data: Any) -> None:
        super().__init__(kind)
        self.kind = kind
        self.data = data


@dataclass(frozen=True, slots=True)
class Notice:
    """What a lobby or seat change did ("ann joined"), as a kind plus data."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)


class NotSaved(Exception):
    """Writing a change failed and was rolled back: the request did not happen."""


class SavedNotShown(Exception):
    """The change was saved, but showing it failed."""
