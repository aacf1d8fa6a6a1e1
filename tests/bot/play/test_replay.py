"""Replays rebuild a match from its first state and moves (issue 39, item 1): every finished
match of a seeded series, of every game, replays to exactly the state and result it ended
with, and any step can be reached on its own."""

from __future__ import annotations

import copy

import pytest

from bot.play.replay import Move, game_at, marked_steps, step_and_marks, step_at, steps
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
        assert alone.asked == walked[index].asked
    assert game_at(key, first, moves, len(moves) + 5).to_dict() == walked[-1].game.to_dict()


def test_marked_steps_are_each_new_round_of_flip7():
    first, moves, end = played("flip7", 2, 3)
    starts = marked_steps("flip7", first, moves, {"round_start"})
    assert 0 not in starts and starts == sorted(set(starts))
    rounds = GAMES["flip7"].from_dict(end).view(None).round
    assert len(starts) == rounds - 1  # the first round was dealt before any move


# Each game's runs of steps, as its renderer marks them for the replay's jumps.
MARKS = {
    "flip7": [{"round_start"}],
    "sinkorswim": [{"round_start"}, {"reveal"}],
    "sequence": [{"play", "plus", "minus", "pass"}],
}


@pytest.mark.parametrize("key", sorted(TABLES))
def test_one_walk_gives_the_step_and_the_marked_steps(key):
    first, moves, _end = played(key, 2, TABLES[key])
    expected = [marked_steps(key, first, moves, kinds) for kinds in MARKS[key]]
    for index in (0, 1, len(moves) // 2, len(moves), len(moves) + 3):
        step, marks = step_and_marks(key, first, moves, index, MARKS[key])
        alone = step_at(key, first, moves, index)
        assert step.game.to_dict() == alone.game.to_dict() and step.events == alone.events
        assert step.asked == alone.asked and step.move == alone.move
        assert marks == expected
    assert all(len(found) > 1 for found in expected)


def test_a_step_keeps_the_decision_its_move_answered():
    """A Sequence Numbers member's turn is several steps (a card, maybe a row, a cell):
    each step keeps what its mover was asked, so a replay can tell a step without events."""
    first, _moves, _end = played("sequence", 1, 2)
    game = GAMES["sequence"].from_dict(first)
    seat = game.to_act()[0]
    card = next(o for o in game.decision(seat).options if o.code.startswith("c."))
    stepped = [Move(seat, card.code)]
    step = step_at("sequence", first, stepped, 1)
    assert step.events == [] and step.asked is not None
    assert step.asked.kind == "choose_card" and step.asked.seat == seat
    assert card in step.asked.options
