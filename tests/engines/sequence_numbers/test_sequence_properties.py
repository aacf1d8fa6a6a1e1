"""Hypothesis properties and AI checks for Sequence Numbers."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.base import IllegalMove
from engines.sequence_numbers import Back, Exchange, Play, SequenceGame, new_game
from engines.sequence_numbers.ai import AI_LEVELS, choose, timeout_move
from engines.sequence_numbers.cards import FULL_DECK
from engines.sequence_numbers.scoring import count_sequences, locked_cells
from engines.sequence_numbers.simulate import main as simulate_main
from engines.sequence_numbers.simulate import play_one

from .helpers import NAMES, card_for, table

PLAYER_SETUPS = st.sampled_from([(2, None), (3, None), (4, None), (6, 2), (6, 3)])


def _random_game(setup: tuple[int, int | None], seed: int, moves: int) -> SequenceGame:
    players, teams = setup
    game = new_game(NAMES[:players], seed, teams=teams)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(game.turn, rng.choice(game.complete_moves(game.turn)))
    return game


@settings(max_examples=25, deadline=None)
@given(PLAYER_SETUPS, st.integers(0, 10**6))
def test_g6_g9_random_play_ends_conserving_cards_and_chips(setup, seed):
    players, teams = setup
    game = new_game(NAMES[:players], seed, teams=teams)
    rng = random.Random(seed)
    placed = removed = 0
    for _ in range(3000):
        if game.is_over:
            break
        action = rng.choice(game.complete_moves(game.turn))
        game.apply(game.turn, action)
        if isinstance(action, Play):
            removed += action.card == "M"
            placed += action.card != "M"
        held = [card for hand in game.hands for card in hand]
        assert Counter(held + game.draw_pile + game.discard) == Counter(FULL_DECK)
        assert sum(chip != -1 for chip in game.chips) == placed - removed
    assert game.is_over
    assert game.locked == locked_cells(game.chips, game.num_teams)
    teams_n = game.num_teams
    assert game.sequences == [count_sequences(game.chips, t) for t in range(teams_n)]
    outcome = game.outcome()
    assert outcome.scores == tuple(game.sequences[seat % teams_n] for seat in range(players))
    if outcome.winners:
        team = outcome.winners[0] % teams_n
        assert game.sequences[team] >= game.required
        assert outcome.winners == tuple(s for s in range(players) if s % teams_n == team)
    else:
        assert game.drawn and max(game.sequences) < game.required


@settings(max_examples=15, deadline=None)
@given(PLAYER_SETUPS, st.integers(0, 10**6))
def test_g6_g9_random_steps_through_decisions_end_the_game(setup, seed):
    """Only the decisions' own options, one step at a time (Back now and then), reach the end."""
    players, teams = setup
    game = new_game(NAMES[:players], seed, teams=teams)
    rng = random.Random(seed)
    for _ in range(20000):
        if game.is_over:
            break
        (seat,) = game.to_act()
        options = game.legal_actions(seat)
        assert options == list(game.decision(seat).options)
        forward = [o for o in options if not isinstance(o, Back)]
        action = rng.choice(options if rng.random() < 0.1 or not forward else forward)
        epoch = game.epoch()
        game.apply(seat, action)
        assert game.epoch() != epoch
    assert game.is_over and game.outcome() is not None


@settings(max_examples=20, deadline=None)
@given(PLAYER_SETUPS, st.integers(0, 10**6), st.integers(0, 60))
def test_json_round_trip_is_exact_and_continues_identically(setup, seed, moves):
    game = _random_game(setup, seed, moves)
    copy = SequenceGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert copy.to_dict() == game.to_dict()
    for _ in range(40):
        if game.is_over:
            break
        seat = game.turn
        action = choose(game, seat, "simple")
        assert choose(copy, seat, "simple") == action
        assert game.apply(seat, action) == copy.apply(seat, action)
    assert copy.to_dict() == game.to_dict()


def test_ai_levels_and_timeouts_play_complete_legal_moves():
    assert AI_LEVELS == ("simple", "strong", "hard")  # weakest first: the last plays lapsed seats
    game = new_game(NAMES[:4], 11)
    for _ in range(30):
        seat = game.turn
        for level in AI_LEVELS:
            assert choose(game, seat, level) in game.complete_moves(seat)
        timeout = timeout_move(game, seat)
        assert timeout in game.complete_moves(seat)
        game.apply(seat, timeout)


def test_ai_strong_and_a_timeout_complete_a_sequence():
    chips = {"C2": 0, "C3": 0, "C4": 0, "C6": 0}
    game = table(hands=[[card_for("C5"), "a1", "a2", "P", "M"], []], chips=chips)
    assert choose(game, 0) == Play(card_for("C5"), "C5")
    assert timeout_move(game, 0) == Play(card_for("C5"), "C5")  # a lapsed turn plays well


def test_ai_strong_and_a_timeout_block_an_opponent_four_with_a_plain_card():
    chips = {"E1": 0, "E2": 1, "E3": 1, "E4": 1, "E5": 1}  # open only at E6
    game = table(hands=[[card_for("E6"), "a40", "P", "M", "a30"], []], chips=chips)
    assert choose(game, 0) == Play(card_for("E6"), "E6")
    assert timeout_move(game, 0) == Play(card_for("E6"), "E6")


def test_ai_strong_keeps_plus_and_minus_for_moves_that_matter():
    game = table(hands=[["a11", "a12", "P", "M", "a30"], []], chips={"G5": 1})
    move = choose(game, 0)
    assert move.card not in ("P", "M")
    game = table(
        hands=[["a40", "a41", "P", "M", "a30"], []], chips={f"F{c}": 1 for c in (3, 4, 5, 6)}
    )
    assert choose(game, 0) in (Play("P", "F2"), Play("P", "F7"), Play("M", "F4"), Play("M", "F5"),
                               Play("M", "F3"), Play("M", "F6"))  # fmt: skip


def test_ai_strong_exchanges_a_dead_card_first():
    game = table(hands=[["a7", "a11"], []], chips={"B2": 1, "H1": 0})
    assert choose(game, 0) == Exchange("a7")


def test_ai_refuses_an_unknown_level_and_a_seat_not_to_act():
    game = new_game(NAMES[:2], 1, first=0)
    for call, kind in (
        (lambda: choose(game, 0, "genius"), "unknown_ai_level"),
        (lambda: choose(game, 1, "strong"), "not_your_turn"),
        (lambda: timeout_move(game, 1), "not_your_turn"),
    ):
        with pytest.raises(IllegalMove) as refused:
            call()
        assert refused.value.kind == kind


def test_simulator_prints_figures(capsys):
    simulate_main(["--games", "4", "--players", "2", "--seed", "3"])
    out = capsys.readouterr().out
    for figure in ("games/s:", "turns per game:", "draws:", "strong: win rate", "simple: win rate"):
        assert figure in out


def test_simulator_games_follow_the_rules_and_its_figures_are_theirs(capsys):
    """The simulator's games, replayed: cards conserved (G4), each win one whole team's with
    its SEQUENCES (G1, G2), and the printed turns per game are those games' turns."""
    turns = 0
    for seed in (3, 4):
        seat_levels, winners, taken = play_one(4, ["strong", "simple"], seed)
        game = new_game([f"P{i + 1}" for i in range(4)], seed)
        while not game.is_over:
            game.apply(game.turn, choose(game, game.turn, seat_levels[game.turn]))
        held = [card for hand in game.hands for card in hand]
        assert Counter(held + game.draw_pile + game.discard) == Counter(FULL_DECK)
        assert (game.winners(), game.turns) == (winners, taken)
        if winners:
            assert winners in ([0, 2], [1, 3])
            assert game.sequences[game.team_of(winners[0])] >= game.required == 2
        turns += taken
    simulate_main(["--games", "2", "--players", "4", "--seed", "3"])
    assert f"turns per game: {turns / 2:.1f}" in capsys.readouterr().out
