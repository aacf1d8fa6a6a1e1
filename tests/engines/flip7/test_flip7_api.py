"""The contract the bot relies on: decisions, labels, codes, view, timeouts, JSON, AI."""

from __future__ import annotations

import json
import random

import pytest
from flip7_support import ANN, BOB, CAT, play, stacked

from engines.base import IllegalMove
from engines.flip7 import (
    HIT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    STAY,
    ChooseCard,
    ChoosePlayer,
    Flip7Game,
    action_from_code,
    card_label,
    new_game,
)
from engines.flip7.ai import AI_LEVELS, choose
from engines.flip7.cards import JUST_ONE_MORE, LUCKY_13, MINUS_4, SWAP, ZERO
from engines.flip7.simulate import simulate


def test_constants_and_card_labels() -> None:
    assert (MIN_PLAYERS, MAX_PLAYERS) == (2, 24)
    assert [card_label(c) for c in (ZERO, 9, LUCKY_13, MINUS_4)] == ["Zero", "9", "Lucky 13", "−4"]
    assert AI_LEVELS == ("simple", "strong")


def test_action_codes_round_trip_and_garbage_is_refused() -> None:
    for action in (HIT, STAY, ChoosePlayer(23), ChooseCard(4, 12)):
        assert action_from_code(action.code) == action
        assert len(action.code) < 40
    for garbage in ("", "p", "c1", "p1x", "hitt", "c1.2.3", None):
        with pytest.raises(IllegalMove):
            action_from_code(garbage)  # type: ignore[arg-type]


def test_view_has_the_public_table() -> None:
    game = stacked(["9", "Lucky 13", "÷2"], players=3)
    view = game.view(None)
    assert view == game.view(BOB)
    json.dumps(view)
    assert {
        "round",
        "goal",
        "brutal",
        "dealer",
        "turn",
        "draw_pile",
        "discard_pile",
        "players",
        "pending",
    } <= set(view)
    assert view["round"] == 1 and view["goal"] == 200 and view["brutal"] is False
    assert view["dealer"] == CAT and view["turn"] is None and view["draw_pile"] == 108 - 3
    assert view["discard_pile"] == 0
    assert view["pending"] == {
        "seat": CAT,
        "kind": "give_modifier",
        "text": "Cat: give ÷2 to a player.",
    }
    assert view["players"][BOB] == {
        "name": "Bob",
        "row": ["Lucky 13"],
        "status": "active",
        "round_score": 13,
        "total": 0,
    }
    play(game, (CAT, ChoosePlayer(ANN)))
    view = game.view(None)
    assert view["turn"] == ANN and view["players"][ANN]["round_score"] == 4
    assert view["pending"]["kind"] == "hit_or_stay"


def test_labels_fit_the_decision() -> None:
    game = stacked(["Flip Four!", "5"])
    assert game.label(ChoosePlayer(BOB)) == "Flip Four! on Bob"
    game = stacked(["5", "6", "−4"])
    play(game, (ANN, HIT))
    assert game.label(ChoosePlayer(BOB)) == "Give −4 to Bob"
    game = stacked(["5", "6", "Steal"])
    assert game.label(ChooseCard(ANN, 0)) == "Ann's 5"
    assert game.label(HIT) == "Hit" and game.label(STAY) == "Stay"
    long = new_game(["A" * 100, "B"], 1)
    assert len(long.label(ChooseCard(0, 0) if long.rows[0] else ChoosePlayer(0))) <= 80


def test_timeout_is_stay_or_a_strong_choice() -> None:
    game = stacked(["5", "6"])
    assert game.timeout_action(ANN) == STAY
    with pytest.raises(IllegalMove):
        game.timeout_action(BOB)
    game = stacked(["5", "6", "−4"])
    play(game, (ANN, HIT))
    assert game.timeout_action(ANN) == ChoosePlayer(BOB)


def test_saved_mid_flip_four_set_aside_continues_identically() -> None:
    game = stacked(["9", "Flip Four!", "Just One More!", "2", "Swap", "3", "4", "5"])
    play(game, (BOB, ChoosePlayer(ANN)))
    assert game.held_cards() == [SWAP, JUST_ONE_MORE]  # resolved in flip order
    assert "Just One More!" in game.decision(ANN).text  # type: ignore[union-attr]
    raw = json.loads(json.dumps(game.to_dict()))
    copy = Flip7Game.from_dict(raw)
    assert copy.decision(ANN) == game.decision(ANN)
    for g in (game, copy):
        play(g, (ANN, ChoosePlayer(BOB)))
    assert copy.to_dict() == game.to_dict()


def test_ai_choices_are_legal_and_ignore_draw_order() -> None:
    for level in AI_LEVELS:
        game = new_game(["A", "B", "C", "D"], 9)
        rng = random.Random(4)
        while not game.is_over:
            (seat,) = game.to_act()
            action = choose(game, seat, level)
            assert action in game.legal_actions(seat)
            shuffled = Flip7Game.from_dict(game.to_dict())
            rng.shuffle(shuffled.draw)
            assert choose(shuffled, seat, level) == action
            game.apply(seat, action)
    with pytest.raises(IllegalMove):
        choose(new_game(["A", "B"], 1), 0, "genius")


def test_strong_ai_swaps_to_bust_an_opponent() -> None:
    game = stacked(["5", "6", "6", "9", "Swap"])
    play(game, (ANN, HIT), (BOB, HIT))
    # Ann holds 5, 6 and drew a Swap; Bob holds 6, 9. Giving Bob Ann's 6 busts him.
    play(game, (ANN, HIT))
    while game.stack:
        game.apply(ANN, choose(game, ANN))
    assert game.view()["players"][BOB]["status"] == "busted"
    assert game.view()["players"][ANN]["status"] == "active"


def test_simulator_reports_figures() -> None:
    result = simulate(6, 4, 1, ["strong", "simple"])
    assert result["games_per_second"] > 0 and result["rounds_per_game"] > 1
    assert 0 <= result["bust_rate"] <= 1 and 0 <= result["flip7_rate"] <= 1
    assert result["win_rate_strong"] + result["win_rate_simple"] == pytest.approx(1)


def test_strong_ai_aims_minus_cards_at_an_opponent() -> None:
    game = stacked(["9", "10", "8", "−6"], players=3)
    play(game, (ANN, STAY), (BOB, STAY), (CAT, HIT))
    assert choose(game, CAT) in (ChoosePlayer(ANN), ChoosePlayer(BOB))
    assert choose(game, CAT, "simple") != ChoosePlayer(CAT)


def test_strong_ai_stays_on_a_risky_high_row_and_hits_a_low_one() -> None:
    game = stacked(["12", "2", "11", "9", "10"])
    play(game, (ANN, HIT), (BOB, HIT), (ANN, HIT))
    assert game.round_score(ANN) == 33 and game.to_act() == [BOB]
    assert choose(game, BOB) == HIT  # Bob holds 2 and 9: little to lose
    play(game, (BOB, STAY))
    assert choose(game, ANN) == STAY  # 33 points on 12, 11, 10: a bust costs too much
