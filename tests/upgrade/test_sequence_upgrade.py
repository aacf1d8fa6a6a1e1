"""Sequence Numbers matches saved before the engine contract (schema 1, no schema key) load
as they were saved and play on to a proper end."""

from __future__ import annotations

import json

import pytest

from engines.base import SCHEMA, rng_from_saved
from engines.sequence_numbers import INFO, LastMove, Play, SequenceGame
from engines.sequence_numbers.ai import timeout_move
from engines.sequence_numbers.scoring import count_sequences, locked_cells
from tests.upgrade.saved import saved_rows

SAVED = saved_rows("sequence")


def test_fixture_holds_the_two_saved_sequence_matches():
    assert [match for match, _, _ in SAVED] == [208, 209]
    assert [SCHEMA in state for _, _, state in SAVED] == [False, False]
    assert [state["pending_card"] for _, _, state in SAVED] == ["a22", None]


@pytest.mark.parametrize(("match", "options", "old"), SAVED, ids=[str(m) for m, _, _ in SAVED])
def test_v1_match_loads_as_saved_and_plays_to_the_end(match, options, old):
    game = INFO.from_dict(json.loads(json.dumps(old)))
    assert isinstance(game, SequenceGame)
    new = game.to_dict()
    assert new[SCHEMA] == 2
    kept = ("names", "num_teams", "draw_pile", "hands", "turn", "discard", "chips")
    kept += ("locked", "sequences", "exchanged", "passes", "winner_team", "drawn")
    kept += ("pending_card", "pending_row", "turns")
    assert {key: new[key] for key in kept} == {key: old[key] for key in kept}
    # The generator is saved in a shorter form now, in the same state.
    assert rng_from_saved(new["rng"]).getstate() == rng_from_saved(old["rng"]).getstate()
    players = len(old["names"])
    assert game.required == (1 if players <= 3 else 2)
    assert game.num_teams == options.get("teams", 2)
    last = old["last_move"]
    assert game.view(None).last_move == LastMove(
        seat=last["seat"], card=game.discard[-1], cell=last["cell"], kind=last["kind"]
    )
    assert SequenceGame.from_dict(new).to_dict() == new

    seat = old["turn"]
    decision = game.decision(seat)
    if old["pending_card"] is None:
        assert decision.kind in ("choose_card", "pass")
    else:
        card = old["pending_card"]
        assert decision.kind == "choose_cell" and decision.data == {"card": card, "row": None}
        assert decision.options[:-1] and all(
            isinstance(option, Play) and option.card == card for option in decision.options[:-1]
        )
    assert game.legal_actions(seat) == list(decision.options)
    hands = [[card.code for card in game.view(s).hand] for s in range(players)]
    assert hands == old["hands"]

    epoch = game.epoch()
    if old["pending_card"] is not None:
        game.apply(seat, decision.options[0])  # finish the saved half-made move
        assert game.epoch() != epoch
    for _ in range(5000):
        if game.is_over:
            break
        (seat,) = game.to_act()
        game.apply(seat, timeout_move(game, seat))
    outcome = game.outcome()
    assert game.is_over and outcome is not None
    teams = game.num_teams
    sequences = [count_sequences(game.chips, team) for team in range(teams)]
    assert list(game.sequences) == sequences
    assert game.locked == locked_cells(game.chips, teams)
    assert outcome.scores == tuple(sequences[s % teams] for s in range(players))
    if outcome.winners:
        team = outcome.winners[0] % teams
        assert sequences[team] >= game.required
        assert outcome.winners == tuple(s for s in range(players) if s % teams == team)
    else:
        assert game.drawn and max(sequences) < game.required
