"""Stepping through a finished match from its first state and its moves, for replays: the
game at every step, rebuilt by the engine itself, so a replay shows exactly what was played.
Pure (no storage, no sentences, no game named): a move is a seat and the action's code,
as `GameInfo.action_from_code` reads it back."""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.base import GAMES, Event, Game


@dataclass(frozen=True, slots=True)
class Move:
    """One accepted decision: the seat that made it and its action's code."""

    seat: int
    code: str

    def to_list(self) -> list[Any]:
        return [self.seat, self.code]

    @classmethod
    def from_list(cls, raw: Sequence[Any]) -> Move:
        seat, code = raw
        return cls(int(seat), str(code))


@dataclass(slots=True)
class Step:
    """The table after `index` moves (0: as dealt), the move that led there (None at the
    start) and the events that move made."""

    index: int
    game: Game
    move: Move | None
    events: list[Event] = field(default_factory=list)


def steps(key: str, first_state: Mapping[str, Any], moves: Sequence[Move]) -> Iterator[Step]:
    """Every step of the match, from the first state through each move in order. Each step's
    game is a separate copy, so a caller may keep any of them."""
    info = GAMES[key]
    game = _loaded(key, first_state)
    yield Step(0, _loaded(key, game.to_dict()), None)
    for index, move in enumerate(moves, start=1):
        events = game.apply(move.seat, info.action_from_code(move.code))
        yield Step(index, _loaded(key, game.to_dict()), move, events)


def game_at(key: str, first_state: Mapping[str, Any], moves: Sequence[Move], index: int) -> Game:
    """The game after the first `index` moves (clamped to the match's length)."""
    info = GAMES[key]
    game = _loaded(key, first_state)
    for move in moves[: max(0, index)]:
        game.apply(move.seat, info.action_from_code(move.code))
    return game


def _loaded(key: str, state: Mapping[str, Any]) -> Game:
    """A game of its own from a state: an engine's `to_dict` and `from_dict` may share lists
    with the game, and a replay must change neither the caller's state nor an earlier step."""
    return GAMES[key].from_dict(copy.deepcopy(dict(state)))


def step_at(key: str, first_state: Mapping[str, Any], moves: Sequence[Move], index: int) -> Step:
    """The step after the first `index` moves (clamped), with the events its move made."""
    info = GAMES[key]
    index = min(max(0, index), len(moves))
    game = game_at(key, first_state, moves, index - 1) if index else _loaded(key, first_state)
    if index == 0:
        return Step(0, game, None)
    move = moves[index - 1]
    return Step(index, game, move, game.apply(move.seat, info.action_from_code(move.code)))


def round_starts(
    key: str, first_state: Mapping[str, Any], moves: Sequence[Move], round_start: str
) -> list[int]:
    """The steps at which a round began (a move whose events include `round_start`), for
    a replay's "to the round's start" control; step 0 always counts."""
    return [0] + [
        step.index
        for step in steps(key, first_state, moves)
        if any(event.kind == round_start for event in step.events)
    ]


def step_and_rounds(
    key: str,
    first_state: Mapping[str, Any],
    moves: Sequence[Move],
    index: int,
    round_start: str | None,
) -> tuple[Step, list[int]]:
    """The step after the first `index` moves (clamped) and the steps at which a round
    began (as `round_starts`; [0] for a game without rounds), in one walk through the
    match: a replay page needs both, and a long match is not rebuilt twice."""
    info = GAMES[key]
    index = min(max(0, index), len(moves))
    game = _loaded(key, first_state)
    shown = Step(0, _loaded(key, game.to_dict()), None) if index == 0 else None
    starts = [0]
    for number, move in enumerate(moves, start=1):
        events = game.apply(move.seat, info.action_from_code(move.code))
        if round_start is not None and any(event.kind == round_start for event in events):
            starts.append(number)
        if number == index:
            shown = Step(number, _loaded(key, game.to_dict()), move, events)
    assert shown is not None
    return shown, starts
