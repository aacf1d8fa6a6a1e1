"""Replays rebuild a match from its first state and moves (issue 39, item 1): every finished
match of a seeded series, of every game, replays to exactly the state and result it ended
with, and any step can be reached on its own."""

from __future__ import annotations

import copy

import pytest

from bot.play.replay import Move, game_at, round_starts, step_and_rounds, step_at, steps
from engines.base import GAMES

SEEDS = range(1, 6)
TABLES = {"flip7": 4, "sinkorswim": 4, "sequence": 2}


def played(key: str, seed: int, players: int) -> tuple[dict, list[Move], dict]:
    """A seeded AI match: its first state, its moves as the bot would keep them, its end."""
    info = GAMES[key]
    game = info.new_game([f"P{i}" for i in range(players)], seed)
    first = copy.deepcopy(game.to_dict())  # as the database keeps it, apart from the game
    levels = info.ai_levels
    moves: list[Move] = []
    while acting := game.to_act():
        for seat in acting:
            action = info.choose_ai(game, seat, levels[(seat + seed) % len(levels)])
            moves.append(Move(seat, action.code))
            game.apply(seat, action)
    assert game.outcome() is not None
    return first, moves, copy.deepcopy(game.to_dict())


@pytest.mark.parametrize("key", sorted(TABLES))
def test_every_match_of_a_seeded_series_replays_to_its_saved_result(key):
    info = GAMES[key]
    for seed in SEEDS:
        first, moves, end = played(key, seed, TABLES[key])
        stored = [Move.from_list(move.to_list()) for move in moves]  # as JSON keeps them
        kept = copy.deepcopy(first)
        walked = list(steps(key, first, stored))
        assert first == kept  # the replay changed nothing it was given
        assert len(walked) == len(moves) + 1 and walked[0].move is None
        last = walked[-1].game
        assert last.to_dict() == end
        assert last.outcome() == info.from_dict(end).outcome()
        assert walked[0].game.outcome() is None


@pytest.mark.parametrize("key", sorted(TABLES))
def test_any_step_is_reached_alone_as_the_walk_reached_it(key):
    first, moves, _end = played(key, 3, TABLES[key])
    walked = list(steps(key, first, moves))
    for index in (0, 1, len(moves) // 2, len(moves)):
        assert game_at(key, first, moves, index).to_dict() == walked[index].game.to_dict()
        alone = step_at(key, first, moves, index)
        assert alone.game.to_dict() == walked[index].game.to_dict()
        assert alone.events == walked[index].events and alone.move == walked[index].move
    assert game_at(key, first, moves, len(moves) + 5).to_dict() == walked[-1].game.to_dict()


def test_round_starts_mark_each_new_round_of_flip7():
    first, moves, end = played("flip7", 2, 3)
    starts = round_starts("flip7", first, moves, "round_start")
    assert starts[0] == 0 and starts == sorted(set(starts))
    rounds = GAMES["flip7"].from_dict(end).view(None).round
    assert len(starts) == rounds  # the first round was dealt before any move


@pytest.mark.parametrize("key", sorted(TABLES))
def test_one_walk_gives_the_step_and_the_rounds_starts(key):
    first, moves, _end = played(key, 2, TABLES[key])
    round_start = {"flip7": "round_start", "sinkorswim": "round_start"}.get(key)
    expected = round_starts(key, first, moves, round_start) if round_start else [0]
    for index in (0, 1, len(moves) // 2, len(moves), len(moves) + 3):
        step, starts = step_and_rounds(key, first, moves, index, round_start)
        alone = step_at(key, first, moves, index)
        assert step.game.to_dict() == alone.game.to_dict() and step.events == alone.events
        assert starts == expected
    assert round_start is None or len(expected) > 1
