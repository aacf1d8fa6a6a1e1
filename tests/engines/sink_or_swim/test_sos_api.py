"""The bot-facing surface: actions and codes, decisions, labels, views, errors, persistence."""

from __future__ import annotations

import json

import pytest

from engines.base import IllegalMove
from engines.sink_or_swim import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Pick,
    SinkOrSwimGame,
    action_from_code,
    new_game,
)

from .helpers import EVEN_HANDS, NAMES3, NAMES4, play, stacked


def test_s2_player_limits_are_exported() -> None:
    assert (MIN_PLAYERS, MAX_PLAYERS) == (3, 5)


def test_pick_codes_round_trip_and_reject_garbage() -> None:
    for card in (1, 9, 10, 60):
        action = Pick(card)
        assert action_from_code(action.code) == action and len(action.code) < 40
    for garbage in ("p0", "p61", "p07", "x12", "", "p", "12", "p1;drop"):
        with pytest.raises(IllegalMove):
            action_from_code(garbage)


def test_s4_decision_offers_the_unplayed_hand() -> None:
    game = stacked(NAMES3, EVEN_HANDS, [4, 7])
    decision = game.decision(0)
    assert decision.kind == "pick"
    assert decision.text == "Trick 1: the tide cards are 4 and 7. Pick a weather card."
    assert decision.options == game.legal_actions(0) == [Pick(c) for c in sorted(EVEN_HANDS[0])]
    assert len(decision.options) <= 25
    assert game.label(Pick(25)) == "Play 25 (1 belt)"
    assert game.label(Pick(13)) == "Play 13 (half a belt)"
    assert game.label(Pick(60)) == "Play 60 (no belt)"


def test_s4_timeout_plays_the_lowest_card() -> None:
    game = stacked(NAMES3, EVEN_HANDS, [4, 7])
    assert [game.timeout_action(s) for s in range(3)] == [Pick(25), Pick(1), Pick(5)]
    play(game, 25, 1, 5)
    assert game.timeout_action(0) == Pick(26)


def test_illegal_moves_explain_and_change_nothing() -> None:
    game = stacked(NAMES3, EVEN_HANDS, [4, 7])
    game.apply(0, Pick(25))
    before = game.to_dict()
    cases = [
        (1, Pick(25), "Bob does not hold 25."),
        (3, Pick(25), "There is no seat 3 at this table."),
        (0, "p26", "That is not a weather card pick."),
    ]
    for seat, action, message in cases:
        with pytest.raises(IllegalMove) as error:
            game.apply(seat, action)
        assert str(error.value) == message
        assert game.to_dict() == before


def test_bad_setups_are_refused() -> None:
    with pytest.raises(IllegalMove, match="different name"):
        new_game(["Ann", "Ann", "Bob"], 1)
    with pytest.raises(IllegalMove, match="no option 'goal'"):
        new_game(NAMES3, 1, goal=5)
    with pytest.raises(IllegalMove, match="3 hands of 12 cards"):
        new_game(NAMES3, 1, hands=EVEN_HANDS[:2])
    with pytest.raises(IllegalMove, match="different weather cards"):
        new_game(NAMES3, 1, hands=[EVEN_HANDS[0], EVEN_HANDS[0], EVEN_HANDS[2]])
    with pytest.raises(IllegalMove, match="tide cards"):
        new_game(NAMES3, 1, tide_order=[5, 5, 5])


def test_s8_views_hide_hands_and_picks() -> None:
    game = stacked(NAMES4, [*EVEN_HANDS, list(range(13, 25))], [4, 7])
    game.apply(2, Pick(36))
    spectator = game.view(None)
    assert set(spectator) >= {"round", "rounds", "trick", "tide_cards", "players", "last_trick"}
    assert not {"hand", "pick", "known_hands"} & set(spectator)
    assert spectator["players"][2] == {
        "name": "Cid",
        "showing": None,
        "belts": 4,
        "eliminated": False,
        "picked": True,
        "score": 0,
        "hand_size": 12,
        "played": [],
    }
    own = game.view(2)
    assert own["pick"] == 36 and own["seat"] == 2
    assert own["hand"][0] == {"card": 5, "belts": 0.0}
    assert own["known_hands"][0] == [] and own["known_hands"][2] == sorted(EVEN_HANDS[2])
    assert game.view(0)["pick"] is None
    json.dumps(own)


def test_s7_known_hands_remember_the_hand_held_last_round() -> None:
    hands = [
        [13, 14, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58],
        list(range(1, 13)),
        [15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 59, 60],
    ]
    game = stacked(NAMES3, hands, [1, 12, 2, 3])
    play(game, 49, 1, 60)
    play(game, 13, 2, 59)  # round 1 ends: Ann is out
    assert game.round == 2
    known = game.view(0)["known_hands"]
    assert known[1] == sorted(hands[0])  # Bob now holds Ann's first hand, which Ann saw whole
    assert known[0] == sorted(hands[2])  # her own hand
    assert known[2] == [1, 2]  # Cid holds Bob's first hand: only the revealed 1 and 2 are known


def test_json_round_trip_continues_identically() -> None:
    game = new_game(NAMES4, 99)
    for _ in range(30):
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[-1])
    game.apply(game.to_act()[0], game.legal_actions(game.to_act()[0])[0])  # a pick mid-trick
    copy = SinkOrSwimGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert copy.to_dict() == game.to_dict()
    assert copy.view(1) == game.view(1)
    while not game.is_over:
        seat = game.to_act()[0]
        action = game.timeout_action(seat)
        assert [e.to_dict() for e in copy.apply(seat, action)] == [
            e.to_dict() for e in game.apply(seat, action)
        ]
    assert copy.to_dict() == game.to_dict() and copy.winners() == game.winners()
