"""The games the bot offers, described once so lobby, storage and deadlines can serve them all."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engines import flip7, sequence_numbers, sink_or_swim
from engines.base import Game
from engines.flip7 import ai as flip7_ai
from engines.sequence_numbers import ai as sequence_ai
from engines.sink_or_swim import ai as sink_or_swim_ai


def _version_stamp(game: Game, version: int) -> int:
    return version


@dataclass(frozen=True, slots=True)
class GameSpec:
    """How the bot drives one engine.

    `stamp` names the moment a button belongs to: a click whose stamp differs from the
    current one is stale. Turn-based games use the match version; a game with
    simultaneous picks uses something that other players' picks do not change.
    `hand_over_after` missed turns in a row give the seat to the AI (None: never).
    `revisable`: a seat that has moved may move again (change a secret pick) while the
    stamp holds; the turn deadline then runs per stamp, not per move.
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
    revisable: bool = False


_REGISTRY: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    _REGISTRY[spec.key] = spec
    return spec


def spec_for(key: str) -> GameSpec:
    return _REGISTRY[key]


def all_specs() -> list[GameSpec]:
    return list(_REGISTRY.values())


def _trick_stamp(game: Any, version: int) -> int:
    """Picks are simultaneous: a pick menu stays good until its trick is resolved."""
    return int(game.round) * 100 + int(game.trick)


FLIP7 = register(
    GameSpec(
        key="flip7",
        title="Flip 7: With a Vengeance",
        min_players=flip7.MIN_PLAYERS,
        max_players=flip7.MAX_PLAYERS,
        new_game=flip7.new_game,
        load=flip7.Flip7Game.from_dict,
        action_from_code=flip7.action_from_code,
        choose_ai=flip7_ai.choose,
        ai_levels=flip7_ai.AI_LEVELS,
    )
)

SINK_OR_SWIM = register(
    GameSpec(
        key="sinkorswim",
        title="Sink or Swim",
        min_players=sink_or_swim.MIN_PLAYERS,
        max_players=sink_or_swim.MAX_PLAYERS,
        new_game=sink_or_swim.new_game,
        load=sink_or_swim.SinkOrSwimGame.from_dict,
        action_from_code=sink_or_swim.action_from_code,
        choose_ai=sink_or_swim_ai.choose,
        ai_levels=sink_or_swim_ai.AI_LEVELS,
        stamp=_trick_stamp,
        revisable=True,
    )
)

SEQUENCE = register(
    GameSpec(
        key="sequence",
        title="Sequence Numbers",
        min_players=sequence_numbers.MIN_PLAYERS,
        max_players=sequence_numbers.MAX_PLAYERS,
        new_game=sequence_numbers.new_game,
        load=sequence_numbers.SequenceGame.from_dict,
        action_from_code=sequence_numbers.action_from_code,
        choose_ai=sequence_ai.choose,
        ai_levels=sequence_ai.AI_LEVELS,
        hand_over_after=3,
    )
)
