"""Building the engine's events cheaply.

A game builds a few hundred events (`engines.base.Event`, a frozen dataclass); its generated
`__init__` sets each field through `object.__setattr__`, which costs more than the rest of
making the event. `event` fills the same two slots directly: the result is an ordinary
`Event`, equal to `Event(kind, data)` in every way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import Event

_new = object.__new__
_set_kind = Event.kind.__set__  # type: ignore[attr-defined]
_set_data = Event.data.__set__  # type: ignore[attr-defined]


def event(kind: str, data: Mapping[str, Any]) -> Event:
    """`Event(kind, data)`, built without the frozen dataclass's `__init__`."""
    made = _new(Event)
    _set_kind(made, kind)
    _set_data(made, data)
    return made
