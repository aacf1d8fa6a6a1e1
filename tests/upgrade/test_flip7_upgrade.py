"""Flip 7 matches saved by the bot before the engine contract (state schema 1, no schema
key) load through `from_dict`, ask the very decision they were saved at, and play on."""

from __future__ import annotations

from typing import Any

from engines.base import SCHEMA, rng_from_saved
from engines.flip7 import ChooseCard, ChoosePlayer, Flip7Game
from engines.flip7.actions import HIT, STAY
from engines.flip7.ai import choose
from tests.upgrade.saved import saved_rows


def saved_matches() -> list[tuple[int, dict[str, Any]]]:
    return [(match_id, state) for match_id, _, state in saved_rows("flip7")]


def saved_decision(raw: dict[str, Any]) -> tuple[str, int, tuple[object, ...]]:
    """The decision a version 1 state waits on, read from its own fields."""
    names = raw["names"]
    if not raw["stack"]:
        seat = raw["turn"]
        zero = 0 in raw["rows"][seat]
        return "hit_or_stay", seat, (HIT,) if zero else (HIT, STAY)
    top = raw["stack"][-1]
    kind, seat = top[0], top[1]
    everyone = tuple(ChoosePlayer(p) for p in range(len(names)))
    in_play = tuple(ChoosePlayer(p) for p, status in enumerate(raw["status"]) if status != 2)
    if kind == 6:
        return "flip7_bonus", seat, everyone
    if kind == 0:
        card = top[2]
        if card >= 21:
            options = everyone if raw["brutal"] and card != 26 else in_play
            return "give_modifier", seat, options
        return "choose_target", seat, in_play
    if kind == 3 and top[3] >= 0 and top[4] < 0:
        first = top[3]
        cards = range(len(raw["rows"][first]))
        return "swap_card", seat, tuple(ChooseCard(first, i) for i in cards)
    raise AssertionError(f"no expectation written for stack entry {top}")


def test_there_are_saved_flip7_matches_mid_effect() -> None:
    tops = [raw["stack"][-1] for _, raw in saved_matches() if raw["stack"]]
    assert len(saved_matches()) == 5 and len(tops) == 4
    assert any(top[:3] == [3, top[1], 18] and top[3] >= 0 > top[4] for top in tops)  # Swap half
    assert any(top[0] == 0 and top[2] == 17 for top in tops)  # a Flip Four! target
    assert any(top[0] == 6 for top in tops)  # a brutal Flip 7 bonus
    assert any(top[0] == 0 and top[2] == 21 for top in tops)  # a modifier to give


def test_saved_matches_load_ask_the_saved_decision_and_play_to_the_end() -> None:
    for match_id, raw in saved_matches():
        check_match(match_id, raw)


def check_match(match_id: int, raw: dict[str, Any]) -> None:
    assert SCHEMA not in raw
    game = Flip7Game.from_dict(raw)
    kind, seat, options = saved_decision(raw)
    assert game.to_act() == [seat], match_id
    decision = game.decision(seat)
    assert decision is not None
    assert (decision.kind, decision.seat, decision.options) == (kind, seat, options), match_id
    assert game.to_dict()[SCHEMA] == 2
    again = game.to_dict()
    assert again["turns"] == 0  # turns are counted from the first save that knows them
    assert {k: v for k, v in again.items() if k not in (SCHEMA, "epoch", "turns", "rng")} == {
        k: v for k, v in raw.items() if k != "rng"
    }
    # The generator is saved in a shorter form now, in the same state.
    assert rng_from_saved(again["rng"]).getstate() == rng_from_saved(raw["rng"]).getstate()
    moves = 0
    while not game.is_over:
        (seat,) = game.to_act()
        game.apply(seat, choose(game, seat, "strong"))
        moves += 1
        assert moves < 20_000, match_id
    outcome = game.outcome()
    assert outcome is not None and len(outcome.winners) == 1, match_id
    (winner,) = outcome.winners
    assert outcome.scores == tuple(game.totals) and len(outcome.scores) == len(raw["names"])
    assert outcome.scores[winner] >= raw["goal"]
    assert all(
        score < outcome.scores[winner] for p, score in enumerate(outcome.scores) if p != winner
    )
    assert game.epoch() == moves
