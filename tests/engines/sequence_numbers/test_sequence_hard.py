"""The hard AI (issue 30): legal moves, decided from the seat's own view only, threats
weighed by who can fill or stop them, Plus and Minus kept, and clearly stronger than simple."""

from __future__ import annotations

import random

import pytest

from engines.sequence_numbers import Play, new_game
from engines.sequence_numbers.ai import choose
from engines.sequence_numbers.board import parse_cell
from engines.sequence_numbers.hard import _threat, _Unseen
from engines.sequence_numbers.simulate import play_one
from engines.sequence_numbers.strong import Board

from .helpers import NAMES, card_for, table


@pytest.mark.parametrize("setup", [(2, None), (3, None), (4, None), (6, 3)])
def test_i30_every_hard_move_is_legal(setup):
    players, teams = setup
    for seed in range(2):
        game = new_game(NAMES[:players], 70 + seed, teams=teams)
        for _ in range(60):
            if game.is_over:
                break
            move = choose(game, game.turn, "hard")
            assert move in game.complete_moves(game.turn)
            game.apply(game.turn, move)


@pytest.mark.parametrize("players", [2, 4])
def test_i30_hard_decides_the_same_whatever_it_cannot_see(players):
    """Resampled states deal the other hands and the draw pile anew: the seat's view is the
    same, and so is its hard move."""
    game = new_game(NAMES[:players], 5)
    for turn in range(40):
        if game.is_over:
            break
        seat = game.turn
        other = game.resample(seat, random.Random(turn))
        assert other.hands != game.hands or other.draw_pile != game.draw_pile
        assert other.view(seat) == game.view(seat)
        move = choose(game, seat, "hard")
        assert choose(other, seat, "hard") == move
        game.apply(seat, move)


def test_g1_i30_hard_completes_a_sequence_with_a_plain_card():
    chips = {"C2": 0, "C3": 0, "C4": 0, "C6": 0}
    game = table(hands=[[card_for("C5"), "a1", "a2", "P", "M"], []], chips=chips)
    assert choose(game, 0, "hard") == Play(card_for("C5"), "C5")


def test_i30_hard_blocks_an_opponent_four_with_a_plain_card():
    chips = {"E1": 0, "E2": 1, "E3": 1, "E4": 1, "E5": 1}  # open only at E6
    game = table(hands=[[card_for("E6"), "a40", "P", "M", "a30"], []], chips=chips)
    assert choose(game, 0, "hard") == Play(card_for("E6"), "E6")


def test_i30_hard_keeps_plus_and_minus_when_a_plain_card_serves():
    game = table(hands=[["a11", "a12", "P", "M", "a30"], []], chips={"G5": 1, "G6": 1})
    assert choose(game, 0, "hard").card not in ("P", "M")


def _threat_of(hand: list[str], chips: dict[str, int], cell: str) -> float:
    game = table(hands=[hand, []], chips=chips)
    view = game.view(0)
    board = Board(view)
    return _threat(view, board, _Unseen(view, board.chips), parse_cell(cell), hand)


def test_i30_a_four_is_worth_more_when_the_hand_can_fill_it_or_it_has_two_ends():
    # C5 makes C2-C5: open at C1 and C6, only a Minus on C5 stops both
    double = _threat_of(["a40"], {"C2": 0, "C3": 0, "C4": 0}, "C5")
    # C2 makes C2-C5 with C6 taken: open at C1 only
    blocked = {"C3": 0, "C4": 0, "C5": 0, "C6": 1}
    held = _threat_of([card_for("C1")], blocked, "C2")
    unheld = _threat_of(["a40"], blocked, "C2")
    assert _threat_of(["a40"], {}, "C5") == 0.0  # no four, no threat
    assert held > unheld > 0.0
    assert double > unheld


def test_i30_hard_beats_simple_by_a_wide_margin():
    won = 0
    for seed in range(60):
        levels, winners, _ = play_one(2, ["hard", "simple"], 900 + seed)
        won += any(levels[seat] == "hard" for seat in winners)
    assert won >= 50  # the strong AI wins 98 % of these
