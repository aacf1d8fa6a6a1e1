"""Sink or Swim games saved by the bot before the engine contract (state schema 1, no
SCHEMA key) load mid-trick exactly as saved and play on to a proper end."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engines.base import SCHEMA, rng_from_saved
from engines.sink_or_swim import SinkOrSwimGame
from engines.sink_or_swim.ai import choose
from tests.upgrade.saved import saved_rows

SAVED_FIELDS = (
    "names",
    "hands",
    "hand_belts",
    "round",
    "trick",
    "tide_pile",
    "tide_cards",
    "played",
    "tides",
    "belts",
    "eliminated",
    "picks",
    "scores",
    "round_scores",
    "history",
    "over",
    "rng",
)


@pytest.fixture
def saved() -> list[dict[str, Any]]:
    states = [state for _, _, state in saved_rows("sinkorswim")]
    assert states, "the fixture holds no Sink or Swim match in play"
    return states


def test_fixture_states_are_schema_1(saved: list[dict[str, Any]]) -> None:
    for raw in saved:
        assert SCHEMA not in raw and set(raw) == set(SAVED_FIELDS)


def test_s4_saved_games_load_mid_trick_as_saved(saved: list[dict[str, Any]]) -> None:
    for raw in saved:
        game = SinkOrSwimGame.from_dict(raw)
        again = game.to_dict()
        assert {key: value for key, value in again.items() if key not in (SCHEMA, "rng")} == {
            key: value for key, value in raw.items() if key != "rng"
        }
        # The generator is saved in a shorter form now, in the same state.
        assert rng_from_saved(again["rng"]).getstate() == rng_from_saved(raw["rng"]).getstate()
        assert game.to_dict()[SCHEMA] == 2
        assert (game.round, game.trick) == (raw["round"], raw["trick"])
        assert game.round >= 2 and not game.is_over
        assert game.picks == raw["picks"]
        waiting = [s for s, pick in enumerate(raw["picks"]) if pick is None]
        assert game.to_act() == waiting and len(waiting) == 2
        for seat, pick in enumerate(raw["picks"]):
            view = game.view(seat)
            assert view.pick == pick
            unplayed = [
                c for c in raw["hands"][game.hand_index(seat)] if c not in raw["played"][seat]
            ]
            assert [card.card for card in view.hand] == unplayed
            assert game.view(None).players[seat].picked == (pick is not None)
        assert game.epoch() == raw["round"] * 100 + raw["trick"]  # the stamp old buttons carry
        assert game.opening_events() == []


def test_s1_saved_games_play_to_the_end(saved: list[dict[str, Any]]) -> None:
    for raw in saved:
        game = SinkOrSwimGame.from_dict(raw)
        first_reveal = None
        while not game.is_over:
            for seat in game.to_act():
                events = game.apply(seat, choose(game, seat, "strong"))
                reveals = [e for e in events if e.kind == "reveal"]
                if first_reveal is None and reveals:
                    first_reveal = reveals[0]
        assert first_reveal is not None
        saved_picks = {seat: pick for seat, pick in enumerate(raw["picks"]) if pick is not None}
        played = dict(first_reveal.data["plays"])
        assert all(played[seat] == pick for seat, pick in saved_picks.items())
        outcome = game.outcome()
        assert outcome is not None
        assert len(game.round_scores) == len(raw["names"])
        assert game.round_scores[: len(raw["round_scores"])] == raw["round_scores"]
        columns = zip(*game.round_scores, strict=True)
        assert list(outcome.scores) == [sum(column) for column in columns]
        best = max(outcome.scores)
        assert outcome.winners == tuple(s for s, v in enumerate(outcome.scores) if v == best)
        again = SinkOrSwimGame.from_dict(json.loads(json.dumps(game.to_dict())))
        assert again.outcome() == outcome
