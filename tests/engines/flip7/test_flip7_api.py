"""The contract the bot relies on: decisions, labels, codes, view, timeouts, JSON, AI."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from functools import partial

import pytest
from flip7_support import ANN, BOB, CAT, play, stacked

from engines.base import SCHEMA, Game, IllegalMove
from engines.flip7 import (
    HIT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    STAY,
    ChooseCard,
    ChoosePlayer,
    Flip7Game,
    Flip7View,
    PendingView,
    PlayerView,
    action_from_code,
    card_code,
    new_game,
)
from engines.flip7.ai import AI_LEVELS, choose, timeout_move
from engines.flip7.cards import FLIP_FOUR, HALVE, JUST_ONE_MORE, LUCKY_13, MINUS_4, SWAP, ZERO
from engines.flip7_fast.simulate import play_plain, simulate


def test_constants_and_card_codes() -> None:
    assert (MIN_PLAYERS, MAX_PLAYERS) == (2, 24)
    assert [card_code(c) for c in (ZERO, 9, LUCKY_13, MINUS_4)] == ["Zero", "9", "Lucky 13", "−4"]
    assert AI_LEVELS == ("simple", "strong", "hard")


def test_action_codes_round_trip_and_garbage_is_refused() -> None:
    for action in (HIT, STAY, ChoosePlayer(23), ChooseCard(4, 12)):
        assert action_from_code(action.code) == action
        assert len(action.code) < 40
    for garbage in ("", "p", "c1", "p1x", "hitt", "c1.2.3", None):
        with pytest.raises(IllegalMove) as refused:
            action_from_code(garbage)  # type: ignore[arg-type]
        assert refused.value.kind == "bad_code"


def test_view_has_the_public_table() -> None:
    game = stacked(["9", "Lucky 13", "÷2"], players=3)
    view = game.view(None)
    assert isinstance(view, Flip7View)
    assert view == game.view(BOB)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.round = 2  # type: ignore[misc]
    assert view.round == 1 and view.goal == 200 and view.brutal is False
    assert view.dealer == CAT and view.turn is None and view.draw_pile == 108 - 3
    assert view.discard_pile == 0 and view.resolving == (HALVE,)
    assert view.pending == PendingView(CAT, "give_modifier", {"card": HALVE})
    assert view.players[BOB] == PlayerView("Bob", (LUCKY_13,), "active", 13, 0)
    assert HALVE not in dict(view.unseen) and dict(view.unseen)[9] == 8
    assert sum(n for _, n in view.unseen) == view.draw_pile
    play(game, (CAT, ChoosePlayer(ANN)))
    view = game.view(None)
    assert view.turn == ANN and view.players[ANN].round_score == 4
    assert view.pending is not None and view.pending.kind == "hit_or_stay"
    assert not view.over and view.winners == ()


def test_seats_are_validated_everywhere() -> None:
    game = stacked(["5", "6"])
    for bad in (True, "0", 2, -1, 1.0, None):
        for call in (
            game.decision,
            game.legal_actions,
            partial(timeout_move, game),
            lambda seat: game.apply(seat, HIT),
        ):
            with pytest.raises(IllegalMove) as refused:
                call(bad)
            assert refused.value.kind == "no_such_seat"
        if bad is not None:
            with pytest.raises(IllegalMove) as refused:
                game.view(bad)
            assert refused.value.kind == "no_such_seat"
    with pytest.raises(IllegalMove) as refused:
        new_game(["Ann", "Bob"], 1, dealer=2)
    assert refused.value.kind == "no_such_seat"


def test_over_game_asks_nothing_of_anyone() -> None:
    game = new_game(["A", "B", "C"], 3, goal=50)
    while not game.is_over:
        (seat,) = game.to_act()
        game.apply(seat, choose(game, seat))
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == tuple(game.winners())
    assert outcome.scores == tuple(game.totals) and max(outcome.scores) >= 50
    for seat in range(3):
        assert game.decision(seat) is None and game.legal_actions(seat) == []
        with pytest.raises(IllegalMove) as refused:
            timeout_move(game, seat)
        assert refused.value.kind == "game_over"
    assert game.view(None).pending is None and game.view(None).over


def test_epoch_changes_with_every_accepted_move_only() -> None:
    game = stacked(["5", "6", "−4"])
    epochs = [game.epoch()]
    play(game, (ANN, HIT))
    epochs.append(game.epoch())
    with pytest.raises(IllegalMove):
        game.apply(BOB, HIT)
    assert game.epoch() == epochs[-1]
    play(game, (ANN, ChoosePlayer(BOB)))
    epochs.append(game.epoch())
    assert len(set(epochs)) == 3
    assert Flip7Game.from_dict(game.to_dict()).epoch() == game.epoch()


def test_f5_f6_each_dealt_card_and_each_hit_or_stay_is_a_turn_of_its_own() -> None:
    """A time-out completes one turn and stops where `turn_id` changes: a dealt card's
    choice, each hit-or-stay (the same player asked again too), and not a Swap's steps."""
    game = stacked(["−8", "9", "5", "Swap", "2"], players=3)
    assert game.decision(ANN).kind == "give_modifier"  # a dealt card's choice (F5)
    dealt = game.turn_id()
    play(game, (ANN, ChoosePlayer(BOB)))
    assert game.to_act() == [ANN] and game.decision(ANN).kind == "hit_or_stay"
    first_hit_or_stay = game.turn_id()
    assert first_hit_or_stay != dealt
    play(game, (ANN, HIT))  # the Swap: its steps are this turn's
    swap = game.turn_id()
    assert swap == first_hit_or_stay and game.decision(ANN).kind != "hit_or_stay"
    while game.to_act() == [ANN] and game.decision(ANN).kind != "hit_or_stay":
        play(game, (ANN, game.legal_actions(ANN)[0]))
        assert game.turn_id() == swap or game.to_act() != [ANN]
    play(game, (BOB, STAY), (CAT, STAY))
    alone = game.turn_id()
    assert game.to_act() == [ANN]
    play(game, (ANN, HIT))  # a 2: Ann is still in, alone, and asked again
    assert game.to_act() == [ANN] and game.decision(ANN).kind == "hit_or_stay"
    assert game.turn_id() != alone
    again = Flip7Game.from_dict(game.to_dict())
    assert again.turn_id() == game.turn_id()


def test_actions_and_setups_of_the_wrong_type_are_refused() -> None:
    """True is no seat and "56" no deck, though True == 1 and a string iterates."""
    game = stacked(["5", "9", "−4"])
    play(game, (ANN, HIT))
    before = game.to_dict()
    for wrong in (ChoosePlayer(True), ChoosePlayer(1.0), ChooseCard("0", 0)):  # type: ignore[arg-type]
        with pytest.raises(IllegalMove, match="not_an_option"):
            game.apply(ANN, wrong)
    assert game.to_dict() == before
    game.apply(ANN, ChoosePlayer(BOB))
    with pytest.raises(IllegalMove, match="unknown_card"):
        new_game(["Ann", "Bob"], 1, deck="56")  # type: ignore[arg-type]


def test_opening_events_and_schema() -> None:
    game = stacked(["5", "6"])
    assert [e.kind for e in game.opening_events()] == ["round_start", "flip", "flip"]
    raw = game.to_dict()
    assert raw[SCHEMA] == 2
    assert Flip7Game.from_dict(raw).opening_events() == []
    old = {key: value for key, value in raw.items() if key not in (SCHEMA, "epoch")}
    loaded = Flip7Game.from_dict(old)  # today's format: schema 1
    assert loaded.view(None) == game.view(None) and loaded.epoch() == 0
    with pytest.raises(IllegalMove) as refused:
        Flip7Game.from_dict({**raw, SCHEMA: 3})
    assert refused.value.kind == "unknown_schema"


def test_registered_game_info() -> None:
    from engines.flip7 import INFO

    assert INFO.key == "flip7" and (INFO.min_players, INFO.max_players) == (2, 24)
    assert INFO.check_options({}) == {"goal": 200, "brutal": False}
    assert INFO.ai_levels == AI_LEVELS and INFO.choose_ai is choose
    assert not INFO.simultaneous and not INFO.hidden_hands
    game = INFO.new_game(["A", "B"], 1, **INFO.check_options({"goal": 60, "brutal": True}))
    assert isinstance(game, Game) and game.goal == 60 and game.brutal
    assert INFO.from_dict(game.to_dict()).to_dict() == game.to_dict()


def test_timeout_is_stay_or_a_strong_choice() -> None:
    game = stacked(["5", "6"])
    assert timeout_move(game, ANN) == STAY
    with pytest.raises(IllegalMove) as refused:
        timeout_move(game, BOB)
    assert refused.value.kind == "not_your_turn" and refused.value.data == {"seat": ANN}
    game = stacked(["5", "6", "−4"])
    play(game, (ANN, HIT))
    assert timeout_move(game, ANN) == ChoosePlayer(BOB)


def test_timeout_never_aims_an_action_or_a_modifier_at_the_absent_player() -> None:
    checked = 0
    for seed in range(60):
        game = new_game(["A", "B", "C", "D"], seed, brutal=seed % 2 == 0, goal=100)
        while not game.is_over:
            (seat,) = game.to_act()
            decision = game.decision(seat)
            assert decision is not None
            action = timeout_move(game, seat)
            assert action in decision.options
            if decision.kind in ("choose_target", "give_modifier") and len(decision.options) > 1:
                assert action != ChoosePlayer(seat)
                checked += 1
            game.apply(seat, choose(game, seat))
    assert checked > 50


def test_saved_mid_flip_four_set_aside_continues_identically() -> None:
    game = stacked(["9", "Flip Four!", "Just One More!", "2", "Swap", "3", "4", "5"])
    play(game, (BOB, ChoosePlayer(ANN)))
    # Resolved in flip order; the Flip Four! itself waits below them (F7).
    assert game.held_cards() == [FLIP_FOUR, SWAP, JUST_ONE_MORE]
    assert game.decision(ANN).data == {"card": JUST_ONE_MORE}  # type: ignore[union-attr]
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
    with pytest.raises(IllegalMove) as refused:
        choose(new_game(["A", "B"], 1), 0, "genius")
    assert refused.value.kind == "unknown_ai_level" and refused.value.data == {"level": "genius"}


def test_strong_ai_swaps_to_bust_an_opponent() -> None:
    game = stacked(["5", "6", "6", "9", "Swap"])
    play(game, (ANN, HIT), (BOB, HIT))
    # Ann holds 5, 6 and drew a Swap; Bob holds 6, 9. Giving Bob Ann's 6 busts him.
    play(game, (ANN, HIT))
    while game.stack:
        game.apply(ANN, choose(game, ANN))
    assert game.view().players[BOB].status == "busted"
    assert game.view().players[ANN].status == "active"


def test_simulator_reports_figures() -> None:
    result = simulate(6, 4, 1, ["strong", "simple"])
    assert result["games_per_second"] > 0 and result["rounds_per_game"] > 1
    assert 0 <= result["bust_rate"] <= 1 and 0 <= result["flip7_rate"] <= 1
    assert result["win_rate_strong"] + result["win_rate_simple"] == pytest.approx(1)


def test_simulator_figures_recount_from_the_rules_events() -> None:
    """The speed layer's figures are the games' own: each game's totals are the sum of its
    round_score events, and the rounds, busts and Flip 7s are counted from the events the
    rules path gives for the same deals."""
    games, players, seed, levels = 6, 4, 1, ["strong", "simple"]
    names = [f"AI{p + 1}" for p in range(players)]
    kinds: Counter[str] = Counter()
    points = 0
    for g in range(games):
        seat_levels = [levels[(p + g) % len(levels)] for p in range(players)]
        game, events = play_plain(names, seed + g, seat_levels)
        scored = [e.data["score"] for e in events if e.kind == "round_score"]
        assert sum(game.totals) == sum(scored)  # no brutal swings: totals add up the rounds
        kinds.update(e.kind for e in events)
        points += sum(scored)
    rounds, busts, flip7s = kinds["round_end"], kinds["bust"], kinds["flip7"]
    result = simulate(games, players, seed, levels)
    assert result["rounds_per_game"] == rounds / games
    assert result["average_round_score"] == pytest.approx(points / (rounds * players))
    assert result["bust_rate"] == pytest.approx(busts / (rounds * players))
    assert result["flip7_rate"] == pytest.approx(flip7s / rounds)


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
