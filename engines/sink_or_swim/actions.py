"""Sink or Swim's one move, the secret pick of a weather card (S4.2), and its code."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engines.base import BadCode
from engines.sink_or_swim.cards import WEATHER_CARDS


@dataclass(frozen=True, slots=True)
class Pick:
    """The secret choice of one weather card for the current trick (S4.2)."""

    card: int

    @property
    def code(self) -> str:
        return f"p{self.card}"


_PICK_CODE = re.compile(r"p([1-9][0-9]?)")


def action_from_code(code: str) -> Pick:
    """Turn a button or select code back into its action."""
    match = _PICK_CODE.fullmatch(code) if isinstance(code, str) else None
    if match is None or int(match.group(1)) not in WEATHER_CARDS:
        raise BadCode(code=code if isinstance(code, str) else repr(code))
    return Pick(int(match.group(1)))
