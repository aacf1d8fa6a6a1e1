"""House rules: the defaults a server's moderators set for one game's new lobbies, for the
whole server or for one channel, whose settings win over the server's one by one.

Kept as the scoped settings' key `house.<game>` (this module owns it):
`{"options": {...}, "pace": ..., "ai": ..., "where": ...}`, each part optional. A lobby
keeps the house rules it was opened with in `extra.house` (owned here too), so its card
can say so and Add AI seats at their level. What a host chose at `/<game> start` wins over
the house rules; the game's own defaults fill in the rest."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from bot.errors import Refusal
from bot.rules.pace import PACES
from bot.storage import MatchRecord
from engines.base import GAMES, BadOption

PLACES = ("thread", "channel")


def setting_key(game: str) -> str:
    """The scoped settings' key of one game's house rules."""
    return f"house.{game}"


@dataclass(frozen=True, slots=True)
class HouseRules:
    """A game's defaults for new lobbies: lobby options, pace, AI level and where the
    table is played (None: not set here)."""

    options: Mapping[str, Any] = field(default_factory=dict)
    pace: str | None = None
    ai: str | None = None
    where: str | None = None

    @property
    def empty(self) -> bool:
        return not self.options and self.pace is self.ai is self.where is None

    def to_stored(self) -> dict[str, Any]:
        stored: dict[str, Any] = {"options": dict(self.options)} if self.options else {}
        for name in ("pace", "ai", "where"):
            if getattr(self, name) is not None:
                stored[name] = getattr(self, name)
        return stored

    def over(self, wider: HouseRules) -> HouseRules:
        """These rules where they say something, `wider`'s elsewhere (a channel's over its
        server's; a host's choices over the house's)."""
        return HouseRules(
            options={**wider.options, **self.options},
            pace=self.pace or wider.pace,
            ai=self.ai or wider.ai,
            where=self.where or wider.where,
        )


def checked(game: str, rules: HouseRules) -> HouseRules:
    """The rules if the game allows every one of them; a Refusal naming the first it
    doesn't (the slash command checks ranges, this checks what Discord can't)."""
    info = GAMES[game]
    known = {option.name for option in info.options}
    for name, value in rules.options.items():
        if name not in known:
            raise Refusal("unknown_option", option=name)
        try:
            info.option(name).check(value)
        except BadOption:
            raise Refusal("bad_option", option=name, value=value) from None
    if rules.pace is not None and rules.pace not in PACES:
        raise Refusal("unknown_button")
    if rules.ai is not None and rules.ai not in info.ai_levels:
        raise Refusal("unknown_button")
    if rules.where is not None and rules.where not in PLACES:
        raise Refusal("unknown_button")
    return rules


def from_stored(game: str, stored: Any) -> HouseRules:
    """House rules as kept; anything the game no longer allows (an option since removed,
    a level renamed) is left out rather than refusing every lobby of the server."""
    if not isinstance(stored, dict) or game not in GAMES:
        return HouseRules()
    info = GAMES[game]
    options: dict[str, Any] = {}
    for name, value in dict(stored.get("options") or {}).items():
        try:
            options[name] = checked(game, HouseRules(options={name: value})).options[name]
        except Refusal:
            continue
    pace, ai, where = stored.get("pace"), stored.get("ai"), stored.get("where")
    return HouseRules(
        options=options,
        pace=pace if pace in PACES else None,
        ai=ai if ai in info.ai_levels else None,
        where=where if where in PLACES else None,
    )


def used(house: HouseRules, options: Mapping[str, Any], pace: str | None) -> HouseRules:
    """The part of `house` a lobby keeps: what the host's own choices left standing."""
    return replace(
        house,
        options={k: v for k, v in house.options.items() if k not in options},
        pace=house.pace if pace is None else None,
    )


def host_chose_pace(record: MatchRecord) -> None:
    """The host picked the lobby's pace: the house's no longer stands on its line."""
    kept = record.extra.house
    if isinstance(kept, dict) and kept.pop("pace", None) is not None and not kept:
        record.extra.house = None


def applied(record: MatchRecord) -> HouseRules | None:
    """The house rules a lobby was opened with (None: none applied)."""
    stored = record.extra.house
    return None if stored is None else from_stored(record.game, stored)


def ai_level(record: MatchRecord) -> str | None:
    """The level a new AI seat of this lobby plays at (None: the game's strongest)."""
    house = applied(record)
    return None if house is None else house.ai
