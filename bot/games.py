"""The games the bot offers, described once so lobby, storage and deadlines can serve them all."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engines.base import Game


def _version_stamp(game: Game, version: int) -> int:
    return version


@dataclass(frozen=True, slots=True)
class GameSpec:
    """How the bot drives one engine.

    `stamp` names the moment a button belongs to: a click whose stamp differs from the
    current one is stale. Turn-based games use the match version; a game with
    simultaneous picks uses something that other players' picks do not change.
    `hand_over_after` missed turns in a row give the seat to the AI (None: never).
    """

    key: str
    title: str
    min_players: int
    max_players: int
    new_game: Callable[..., Game]
    load: Callable[[dict[str, Any]], Game]
    action_from_code: Callable[[str], Any]
    choose_ai: Callable[[Game, int, str], Any]
    ai_levels: tuple[str, ...]
    stamp: Callable[[Game, int], int] = _version_stamp
    hand_over_after: int | None = None


_REGISTRY: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    _REGISTRY[spec.key] = spec
    return spec


def spec_for(key: str) -> GameSpec:
    return _REGISTRY[key]


def all_specs() -> list[GameSpec]:
    return list(_REGISTRY.values())
