"""Hypothesis properties over random legal play (F2, F3, F7, F12)."""

from __future__ import annotations

import json
import random

from flip7_support import card_counts, full_counts
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.flip7 import Flip7Game, action_from_code, new_game
from engines.flip7.table import BUSTED
from engines.flip7_fast.game import new_fast_game

MAX_MOVES = 20_000


def random_game(seed: int, players: int, brutal: bool, goal: int) -> Flip7Game:
    return new_game([f"P{i}" for i in range(players)], seed, brutal=brutal, goal=goal)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 24),
    brutal=st.booleans(),
    goal=st.sampled_from([50, 100, 200]),
)
def test_random_legal_play_ends_and_every_card_is_in_one_place(
    seed: int, players: int, brutal: bool, goal: int
) -> None:
    game = random_game(seed, players, brutal, goal)
    rng = random.Random(seed)
    full = full_counts(game)
    assert sum(full.values()) == (108 if players <= 18 else 216)
    for _ in range(MAX_MOVES):
        assert card_counts(game) == full
        if game.is_over:
            break
        (seat,) = game.to_act()
        options = game.legal_actions(seat)
        assert 1 <= len(options) <= 25
        action = rng.choice(options)
        assert action_from_code(action.code) == action
        events = game.apply(seat, action)
        for event in events:
            if event.kind == "round_end" and not brutal:
                assert min(event.data["scores"]) >= 0
        if not brutal:
            assert all(game.round_score(p) >= 0 for p in range(players))
    assert game.is_over
    (winner,) = game.winners()
    assert game.totals[winner] >= goal
    assert sorted(game.totals)[-2] < game.totals[winner]


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 8),
    brutal=st.booleans(),
    stop=st.integers(0, 150),
)
def test_json_round_trip_is_exact_and_continues_identically(
    seed: int, players: int, brutal: bool, stop: int
) -> None:
    game = random_game(seed, players, brutal, 100)
    rng = random.Random(seed)
    for _ in range(stop):
        if game.is_over:
            break
        (seat,) = game.to_act()
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    raw = game.to_dict()
    copy = Flip7Game.from_dict(json.loads(json.dumps(raw)))
    assert copy.to_dict() == raw
    assert copy.view(None) == game.view(None)
    for _ in range(200):
        if game.is_over:
            break
        (seat,) = game.to_act()
        assert copy.to_act() == [seat]
        action = rng.choice(game.legal_actions(seat))
        assert copy.apply(seat, action) == game.apply(seat, action)
    assert copy.to_dict() == game.to_dict()


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6))
def test_f12_non_brutal_busted_rows_score_zero(seed: int, players: int) -> None:
    game = random_game(seed, players, False, 50)
    rng = random.Random(seed)
    while not game.is_over:
        (seat,) = game.to_act()
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        for p in range(players):
            if game.status[p] == BUSTED:
                assert game.round_score(p) == 0


def _kept_sums(game: Flip7Game) -> tuple[object, ...]:
    """The sums of every row still in play (a busted row's are never read again) and the
    draw pile's counts."""
    rows = [
        (game.mask[p], game.nums[p], game.numsum[p], game.halves[p], game.minus[p])
        for p, status in enumerate(game.status)
        if status != BUSTED
    ]
    return rows, game.unseen, game.unseen_numbers, game.unseen_points


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 20), brutal=st.booleans())
def test_sums_kept_during_play_match_a_recount(seed: int, players: int, brutal: bool) -> None:
    """The engine updates its per-row sums and draw-pile counts move by move, and the AI
    trusts them; a game rebuilt from JSON counts them afresh."""
    from engines.flip7.ai import choose

    start = new_game if seed % 2 == 0 else new_fast_game  # the speed layer keeps them too
    game = start([f"P{i}" for i in range(players)], seed, brutal=brutal, goal=100)
    rng = random.Random(seed)
    for _ in range(MAX_MOVES):
        assert _kept_sums(game) == _kept_sums(Flip7Game.from_dict(game.to_dict()))
        if game.is_over:
            break
        (seat,) = game.to_act()
        action = choose(game, seat) if rng.random() < 0.7 else rng.choice(game.legal_actions(seat))
        game.apply(seat, action)
    assert game.is_over
