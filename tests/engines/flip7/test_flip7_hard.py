"""The hard Flip 7 AI (issue 30): legal moves, only the seat's view, play to win the game."""

from __future__ import annotations

import random

from bench.ai_strength_flip7 import win_share
from engines.flip7.actions import ChoosePlayer
from engines.flip7.ai import AI_LEVELS, choose
from engines.flip7.effects import Bonus
from engines.flip7.game import Flip7Game, new_game
from engines.flip7.hard import bonus_to, should_hit, win_weights
from engines.flip7.table import FLIP7, STAYED


def _decisions(games: int, brutal: bool) -> list[tuple[Flip7Game, int]]:
    """Copies of every decision point of `games` games between all levels (hard twice)."""
    found = []
    for g in range(games):
        game = new_game(["A", "B", "C", "D"], 100 + g, brutal=brutal)
        levels = ["hard", "strong", "hard", "simple"]
        while not game.is_over:
            (seat,) = game.to_act()
            found.append((Flip7Game.from_dict(game.to_dict()), seat))
            game.apply(seat, choose(game, seat, levels[seat]))
    return found


def test_i30_hard_is_the_strongest_level_and_plays_only_legal_moves() -> None:
    assert AI_LEVELS[-1] == "hard"
    checked = 0
    for brutal in (False, True):
        for game, seat in _decisions(3, brutal)[::2]:
            assert choose(game, seat, "hard") in game.legal_actions(seat)
            checked += 1
    assert checked > 300


def test_i30_hard_decides_alike_on_states_its_seat_cannot_tell_apart() -> None:
    """Two games that differ only in the draw pile's order (all a Flip 7 seat cannot see:
    `resample`) get the same hard move, at every decision of a few games."""
    rng = random.Random(30)
    tried = moved = 0
    for game, seat in _decisions(2, brutal=True):
        action = choose(game, seat, "hard")
        for _ in range(2):
            other = game.resample(seat, rng)
            tried += 1
            moved += other.draw != game.draw
            assert choose(other, seat, "hard") == action
    assert moved > 0.9 * tried  # the hidden order really changed


def _standing(totals: list[int], *, brutal: bool = False) -> Flip7Game:
    """A game between rounds' hands: every row empty and stayed, the totals given."""
    game = new_game(["A", "B", "C", "D"], 5, brutal=brutal)
    for seat, total in enumerate(totals):
        game.rows[seat].clear()
        game.mask[seat] = game.nums[seat] = game.numsum[seat] = 0
        game.status[seat] = STAYED
        game.totals[seat] = total
    game.best_total = max(totals)
    return game


def test_i30_hard_weighs_whoever_threatens_to_win_most() -> None:
    weights = win_weights(_standing([120, 185, 150, 60]), 0)
    assert weights[0] == 1.0
    assert weights[1] < weights[2] < weights[3] < 0  # the one near the goal weighs most


def test_i30_brutal_flip7_takes_15_from_a_winner_and_keeps_them_otherwise() -> None:
    everyone = [0, 1, 2, 3]
    game = _standing([150, 205, 120, 100], brutal=True)
    game.status[0] = FLIP7
    game.stack.append(Bonus(0))
    assert bonus_to(game, 0, everyone) == 1  # +15 leaves 165 against 205: the game is lost
    assert choose(game, 0, "hard") == ChoosePlayer(1)
    early = _standing([40, 45, 30, 35], brutal=True)
    assert bonus_to(early, 0, everyone) == 0  # far from the goal, +15 for itself


def test_i30_hard_hits_when_staying_loses_the_game() -> None:
    """Another player stayed above the goal and above anything the seat has: a hit is its
    only chance, even on a row the strong AI would keep."""
    game = _standing([150, 210, 100, 100])
    game.status[0] = 0  # active, with a 10 and a 12 (22 points)
    for card in (10, 12):
        game._put_number(0, card)
    game.phase, game.turn = 1, 0
    assert should_hit(game, 0)
    game.totals[1] = 160  # nobody wins this round: a row of 22 is worth keeping
    game.best_total = 160
    assert not should_hit(game, 0)


def test_i30_hard_beats_the_simple_ai_clearly() -> None:
    share, timings = win_share(200, 1, "simple", brutal=False)
    assert share > 0.65  # about 0.8 measured; two seats of four make 0.5 even
    assert timings
