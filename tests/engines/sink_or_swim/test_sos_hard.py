"""The hard AI (issue 30): legal picks, decided from the seat's own view only, the others'
memory of passed hands modelled as the rules give it (S7), and clearly stronger than simple."""

from __future__ import annotations

import random

import pytest

from engines.sink_or_swim import new_game
from engines.sink_or_swim.ai import AI_LEVELS, choose
from engines.sink_or_swim.hard import _their_view
from engines.sink_or_swim.simulate import Tally, play_game


def test_i30_hard_is_the_last_level_so_it_plays_handed_over_seats():
    assert AI_LEVELS == ("simple", "strong", "hard")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_i30_every_hard_pick_is_legal(players):
    game = new_game([f"P{seat}" for seat in range(players)], 30 + players)
    decisions = 0
    while not game.is_over and decisions < 150:
        for seat in game.to_act():
            pick = choose(game, seat, "hard")
            assert pick in game.legal_actions(seat)
            game.apply(seat, pick)
            decisions += 1
    assert decisions >= 150 or game.is_over


def _midgame(players: int, seed: int, tricks: int):
    """A game some tricks in, played by strong seats."""
    game = new_game([f"P{seat}" for seat in range(players)], seed)
    for _ in range(tricks):
        for seat in game.to_act():
            game.apply(seat, choose(game, seat, "strong"))
    return game


@pytest.mark.parametrize("seed", range(6))
def test_i30_hard_decides_the_same_whatever_it_cannot_see(seed):
    """A resampled state deals the hands this seat never held and the others' picks anew;
    the seat's view is the same, and so is its hard pick."""
    game = _midgame(4, seed, tricks=2 + 3 * (seed % 3))  # round 1: after it all is revealed
    for seat in game.to_act():
        other = game.resample(seat, random.Random(seed))
        assert other.to_dict()["hands"] != game.to_dict()["hands"]
        assert other.view(seat) == game.view(seat)
        assert choose(other, seat, "hard") == choose(game, seat, "hard")


def test_s7_i30_hard_models_what_each_opponent_saw_of_the_passed_hands():
    """In round 3 of 4, an opponent knows whole the hands it held in rounds 1 and 2: the
    guess of its view must hold exactly the cards its real view holds for those seats."""
    game = _midgame(4, 3, tricks=24 + 3)
    assert game.round == 3
    me = 0
    hands = {seat: game.hand(seat) for seat in range(4)}
    for other in range(1, 4):
        guessed = _their_view(game.view(me), other, hands).known_hands
        truth = game.view(other).known_hands
        held = [seat for seat in range(4) if 1 <= (seat - other) % 4 <= 2]
        assert len(held) == 2
        for seat in held:
            assert guessed[seat] == truth[seat] == tuple(hands[seat])


def test_i30_hard_beats_simple_by_a_wide_margin():
    tally = Tally()
    for seed in range(40):
        levels = ["hard", "simple"] * 2
        play_game(4, 500 + seed, levels[seed % 2 :] + levels[: seed % 2], tally)
    # the strong AI takes about 79 % of the wins from two simple seats; 60 % is far below
    assert tally.level_wins["hard"] / tally.games > 0.6
