"""Hypothesis properties over random legal play, including changed picks and saves."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.sink_or_swim import SinkOrSwimGame, new_game
from engines.sink_or_swim.cards import TIDE_DECK

MAX_MOVES = 5 * 12 * 5 * 3  # rounds × tricks × players × (a pick and up to two changes)


def _check_invariants(game: SinkOrSwimGame) -> None:
    n = len(game.names)
    for seat in range(n):
        held = game.hands[game.hand_index(seat)]
        unplayed, played = game.hand(seat), game.played[seat]
        assert sorted(unplayed + played) == held and not set(unplayed) & set(played)
        assert game.belts[seat] >= 0
        assert set(game.view(seat).known_hands[seat]) == set(unplayed)
        for other, known in enumerate(game.view(seat).known_hands):
            assert set(known) <= set(game.hand(other))
    all_cards = [card for hand in game.hands for card in hand]
    assert len(all_cards) == len(set(all_cards)) == 12 * n
    if not game.is_over:
        tides = [t for pile in game.tides for t in pile] + game.tide_cards + game.tide_pile
        assert sorted(tides) == sorted(TIDE_DECK)


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(3, 5),
    seed=st.integers(0, 2**32),
    play_seed=st.integers(0, 2**32),
)
def test_random_legal_play_ends_and_conserves_cards(players: int, seed: int, play_seed: int):
    game = new_game([f"P{i}" for i in range(players)], seed)
    rng = random.Random(play_seed)
    moves = 0
    while not game.is_over:
        seat = rng.choice([s for s in game.in_round() if game.legal_actions(s)])
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        moves += 1
        assert moves <= MAX_MOVES * 10
        if moves % 7 == 0:
            _check_invariants(game)
    _check_invariants(game)
    outcome = game.outcome()
    assert len(game.round_scores) == players and outcome is not None and outcome.winners
    assert list(outcome.scores) == [sum(col) for col in zip(*game.round_scores, strict=True)]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), stop=st.integers(0, 200))
def test_json_round_trip_is_exact_at_any_point(seed: int, stop: int) -> None:
    game = new_game(["Ann", "Bob", "Cid", "Dee"], seed)
    rng = random.Random(seed)
    for _ in range(stop):
        if game.is_over:
            break
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    raw = json.loads(json.dumps(game.to_dict()))
    copy = SinkOrSwimGame.from_dict(raw)
    assert copy.to_dict() == game.to_dict()
    assert copy.rng.random() == game.rng.random()
