"""Stepping through a finished match from its first state and its moves, for replays: the
game at every step, rebuilt by the engine itself, so a replay shows exactly what was played.
Pure (no storage, no sentences, no game named): a move is a seat and the action's code,
as `GameInfo.action_from_code` reads it back."""

from __future__ import annotations

import copy
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.base import GAMES, Decision, Event, Game


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
    start), the events that move made and the decision it answered (what the mover was
    asked: a replay words a move that made no event, a card picked before its cell, by it)."""

    index: int
    game: Game
    move: Move | None
    events: list[Event] = field(default_factory=list)
    asked: Decision[Any] | None = None


def steps(key: str, first_state: Mapping[str, Any], moves: Sequence[Move]) -> Iterator[Step]:
    """Every step of the match, from the first state through each move in order. Each step's
    game is a separate copy, so a caller may keep any of them."""
    info = GAMES[key]
    game = _loaded(key, first_state)
    yield Step(0, _loaded(key, game.to_dict()), None)
    for index, move in enumerate(moves, start=1):
        asked = game.decision(move.seat)
        events = game.apply(move.seat, info.action_from_code(move.code))
        yield Step(index, _loaded(key, game.to_dict()), move, events, asked)


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
    asked = game.decision(move.seat)
    events = game.apply(move.seat, info.action_from_code(move.code))
    return Step(index, game, move, events, asked)


def marked_steps(
    key: str, first_state: Mapping[str, Any], moves: Sequence[Move], kinds: Collection[str]
) -> list[int]:
    """The steps whose move made an event of one of `kinds` (a round begun, a trick
    revealed), where a replay's jumps land."""
    return [
        step.index
        for step in steps(key, first_state, moves)
        if any(event.kind in kinds for event in step.events)
    ]


def step_and_marks(
    key: str,
    first_state: Mapping[str, Any],
    moves: Sequence[Move],
    index: int,
    marks: Sequence[Collection[str]] = (),
) -> tuple[Step, list[list[int]]]:
    """The step after the first `index` moves (clamped) and, for each set of event kinds
    in `marks`, the steps marked by it (as `marked_steps`), in one walk through the match:
    a replay page needs both, and a long match is not rebuilt twice."""
    info = GAMES[key]
    index = min(max(0, index), len(moves))
    game = _loaded(key, first_state)
    shown = Step(0, _loaded(key, game.to_dict()), None) if index == 0 else None
    marked: list[list[int]] = [[] for _kinds in marks]
    for number, move in enumerate(moves, start=1):
        asked = game.decision(move.seat) if number == index else None
        events = game.apply(move.seat, info.action_from_code(move.code))
        for found, kinds in zip(marked, marks, strict=True):
            if any(event.kind in kinds for event in events):
                found.append(number)
        if number == index:
            shown = Step(number, _loaded(key, game.to_dict()), move, events, asked)
    assert shown is not None
    return shown, marked
