"""The contract surface: actions and codes, seats, decisions, views, epoch, outcome, refusals
by kind, persistence and the registered GameInfo."""

from __future__ import annotations

import json
from dataclasses import FrozenInstanceError, asdict
from functools import partial
from typing import Any

import pytest

from engines.base import SCHEMA, Decision, Game, IllegalMove, Outcome
from engines.sink_or_swim import (
    INFO,
    MAX_PLAYERS,
    MIN_PLAYERS,
    CardView,
    Pick,
    PlayerView,
    SinkOrSwimGame,
    action_from_code,
    new_game,
)
from engines.sink_or_swim import ai as sos_ai
from engines.sink_or_swim.ai import timeout_move

from .helpers import EVEN_HANDS, NAMES3, NAMES4, play, stacked


def _refusal(call: Any, *args: Any, **kwargs: Any) -> IllegalMove:
    with pytest.raises(IllegalMove) as error:
        call(*args, **kwargs)
    return error.value


def test_s2_player_limits_are_exported() -> None:
    assert (MIN_PLAYERS, MAX_PLAYERS) == (3, 5)


def test_game_info_is_registered_under_its_stored_key() -> None:
    # GAMES[...] would import every engine package; the others are not ours to load here.
    assert INFO.key == "sinkorswim"
    assert (INFO.min_players, INFO.max_players) == (3, 5)
    assert INFO.simultaneous and INFO.hidden_hands
    assert INFO.options == () and INFO.ai_levels == sos_ai.AI_LEVELS
    game = INFO.new_game(NAMES3, 5)
    assert isinstance(game, Game) and isinstance(game, SinkOrSwimGame)
    assert INFO.from_dict(game.to_dict()).to_dict() == game.to_dict()
    assert INFO.action_from_code("p12") == Pick(12)
    assert INFO.choose_ai(game, 0, "simple") in game.legal_actions(0)


def test_pick_codes_round_trip_and_reject_garbage() -> None:
    for card in (1, 9, 10, 60):
        action = Pick(card)
        assert action_from_code(action.code) == action and len(action.code) < 40
    for garbage in ("p0", "p61", "p07", "x12", "", "p", "12", "p1;drop"):
        error = _refusal(action_from_code, garbage)
        assert (error.kind, error.data) == ("bad_code", {"code": garbage})


@pytest.mark.parametrize("seat", [True, False, "0", 1.0, -1, 3, None])
def test_seats_are_plain_ints_in_range(seat: Any) -> None:
    game = stacked(NAMES3, EVEN_HANDS, [4, 7])
    before = game.to_dict()
    calls = [
        lambda: game.apply(seat, Pick(25)),
        lambda: game.decision(seat),
        lambda: game.legal_actions(seat),
        lambda: timeout_move(game, seat),
    ]
    if seat is not None:
        calls.append(lambda: game.view(seat))
    for call in calls:
        assert _refusal(call).kind == "no_such_seat"
    assert game.to_dict() == before


def test_s4_decision_offers_the_unplayed_hand() -> None:
    game = stacked(NAMES3, EVEN_HANDS, [4, 7])
    decision = game.decision(0)
    assert isinstance(decision, Decision)
    assert (decision.kind, decision.seat) == ("pick", 0)
    assert decision.data == {"round": 1, "trick": 1, "tide_cards": (4, 7), "pick": None}
    assert decision.options == tuple(game.legal_actions(0))
    assert decision.options == tuple(Pick(c) for c in sorted(EVEN_HANDS[0]))
    game.apply(0, Pick(27))
    again = game.decision(0)
    assert again is not None and again.data["pick"] == 27 and Pick(27) in again.options


def test_s4_timeout_plays_the_lowest_card() -> None:
    game = stacked(NAMES3, EVEN_HANDS, [4, 7])
    assert [timeout_move(game, s) for s in range(3)] == [Pick(25), Pick(1), Pick(5)]
    play(game, 25, 1, 5)
    assert timeout_move(game, 0) == Pick(26)


def test_s4_epoch_holds_during_picks_and_rises_with_each_trick() -> None:
    game = new_game(NAMES4, 21)
    epochs = [game.epoch()]
    while not game.is_over:
        seat = game.to_act()[0]
        before = game.epoch()
        game.apply(seat, timeout_move(game, seat))
        if game.to_act() and len(game.to_act()) < len(game.in_round()):
            assert game.epoch() == before  # a pick came in, the trick is still open
        else:
            assert game.epoch() > before
        epochs.append(game.epoch())
    assert epochs == sorted(epochs)
    assert len(set(epochs)) == len(game.history) + 1


def test_game_over_asks_nothing_and_refuses_moves() -> None:
    game = new_game(NAMES3, 8)
    assert game.outcome() is None
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(seat, timeout_move(game, seat))
    assert game.to_act() == []
    for seat in range(3):
        assert game.decision(seat) is None and game.legal_actions(seat) == []
        assert _refusal(partial(timeout_move, game), seat).kind == "nothing_to_pick"
        assert _refusal(game.apply, seat, Pick(1)).kind == "game_over"
    outcome = game.outcome()
    assert isinstance(outcome, Outcome)
    assert outcome.scores == tuple(game.scores)
    best = max(game.scores)
    assert outcome.winners == tuple(s for s, v in enumerate(game.scores) if v == best)
    assert game.view(None).winners == outcome.winners and game.view(None).is_over


def test_opening_events_open_round_one_and_are_gone_once_loaded() -> None:
    game = stacked(NAMES3, EVEN_HANDS, [4, 7])
    opening = game.opening_events()
    assert [(e.kind, dict(e.data)) for e in opening] == [
        ("round_start", {"round": 1, "rounds": 3, "belts": [4, 4, 4]}),
        ("tide_cards", {"round": 1, "trick": 1, "tide_cards": [4, 7]}),
    ]
    assert SinkOrSwimGame.from_dict(game.to_dict()).opening_events() == []


def test_illegal_moves_name_their_kind_and_change_nothing() -> None:
    game = stacked(NAMES3, EVEN_HANDS, [4, 7])
    game.apply(0, Pick(25))
    before = game.to_dict()
    cases = [
        (1, Pick(25), "not_in_hand", {"seat": 1, "card": 25}),
        (3, Pick(25), "no_such_seat", {"seat": "3"}),
        (0, "p26", "not_an_option", {}),
    ]
    for seat, action, kind, data in cases:
        error = _refusal(game.apply, seat, action)
        assert (error.kind, error.data) == (kind, data)
        assert game.to_dict() == before


def test_bad_setups_are_refused() -> None:
    cases: list[tuple[Any, dict[str, Any], str, dict[str, Any]]] = [
        (["Ann", "Ann", "Bob"], {}, "duplicate_names", {}),
        (NAMES3, {"goal": 5}, "unknown_option", {"option": "goal"}),
        (NAMES3, {"hands": EVEN_HANDS[:2]}, "bad_stacked_hands", {"hands": 3, "size": 12}),
        (
            NAMES3,
            {"hands": [EVEN_HANDS[0], EVEN_HANDS[0], EVEN_HANDS[2]]},
            "bad_stacked_cards",
            {"low": 1, "high": 60},
        ),
        (NAMES3, {"tide_order": [5, 5, 5]}, "bad_tide_order", {"low": 1, "high": 12}),
        (["Ann", "Bob"], {}, "player_count", {"players": 2, "low": 3, "high": 5}),
    ]
    for names, options, kind, data in cases:
        error = _refusal(new_game, names, 1, **options)
        assert (error.kind, error.data) == (kind, data)


def test_s8_views_hide_hands_and_picks() -> None:
    game = stacked(NAMES4, [*EVEN_HANDS, list(range(13, 25))], [4, 7])
    game.apply(2, Pick(36))
    spectator = game.view(None)
    assert (spectator.round, spectator.rounds, spectator.trick) == (1, 4, 1)
    assert spectator.tide_cards == (4, 7) and spectator.last_trick is None
    assert spectator.seat is None and spectator.pick is None
    assert spectator.hand == () and spectator.known_hands == ()
    assert spectator.players[2] == PlayerView(
        name="Cid",
        showing=None,
        belts=4,
        eliminated=False,
        picked=True,
        score=0,
        hand_size=12,
        played=(),
    )
    own = game.view(2)
    assert own.pick == 36 and own.seat == 2
    assert own.hand[0] == CardView(card=5, belts=0.0)
    assert own.known_hands[0] == () and own.known_hands[2] == tuple(sorted(EVEN_HANDS[2]))
    assert game.view(0).pick is None
    assert "36" not in json.dumps(asdict(game.view(0)))
    json.dumps(asdict(own))
    with pytest.raises(FrozenInstanceError):
        own.pick = 5  # type: ignore[misc]


def test_s4_last_trick_view_after_a_reveal() -> None:
    game = stacked(NAMES3, EVEN_HANDS, [9, 3])
    play(game, 56, 60, 12)
    last = game.view(None).last_trick
    assert last is not None
    assert (last.round, last.trick) == (1, 1)
    assert last.plays == ((0, 56), (1, 60), (2, 12))
    assert last.took == ((1, 3), (0, 9))
    assert (last.lost_belt, last.eliminated) == ((0,), ())


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
    known = game.view(0).known_hands
    assert known[1] == tuple(sorted(hands[0]))  # Bob now holds Ann's first hand: Ann saw it whole
    assert known[0] == tuple(sorted(hands[2]))  # her own hand
    assert known[2] == (1, 2)  # Cid holds Bob's first hand: only the revealed 1 and 2 are known


def test_json_round_trip_continues_identically() -> None:
    game = new_game(NAMES4, 99)
    for _ in range(30):
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[-1])
    game.apply(game.to_act()[0], game.legal_actions(game.to_act()[0])[0])  # a pick mid-trick
    raw = json.loads(json.dumps(game.to_dict()))
    assert raw[SCHEMA] == 2
    copy = SinkOrSwimGame.from_dict(raw)
    assert copy.to_dict() == game.to_dict()
    assert copy.view(1) == game.view(1) and copy.epoch() == game.epoch()
    while not game.is_over:
        seat = game.to_act()[0]
        action = timeout_move(game, seat)
        assert [e.to_dict() for e in copy.apply(seat, action)] == [
            e.to_dict() for e in game.apply(seat, action)
        ]
    assert copy.to_dict() == game.to_dict() and copy.outcome() == game.outcome()


def test_schema_1_saves_load_and_unknown_schemas_are_refused() -> None:
    game = new_game(NAMES3, 17)
    play(game, *(game.hand(s)[0] for s in game.to_act()))
    game.apply(1, Pick(game.hand(1)[-1]))
    old = game.to_dict()
    del old[SCHEMA]  # what the bot saved before the contract
    loaded = SinkOrSwimGame.from_dict(old)
    assert loaded.to_dict() == game.to_dict() and loaded.to_dict()[SCHEMA] == 2
    assert loaded.view(1) == game.view(1)
    error = _refusal(SinkOrSwimGame.from_dict, {**old, SCHEMA: 3})
    assert (error.kind, error.data) == ("unknown_schema", {"schema": 3})
