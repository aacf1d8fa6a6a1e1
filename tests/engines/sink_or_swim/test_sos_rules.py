"""One test group per rule id of docs/rules/sink-or-swim.md, on stacked decks."""

from __future__ import annotations

import random

import pytest

from engines.base import IllegalMove
from engines.sink_or_swim import Pick, card_belts, hand_belts, new_game
from engines.sink_or_swim.ai import timeout_move
from engines.sink_or_swim.cards import TIDE_DECK
from engines.sink_or_swim.scoring import score_round

from .helpers import EVEN_HANDS, NAMES3, NAMES4, ann_eliminated, kinds, play, stacked, with_kind


def test_s2_belts_on_weather_cards() -> None:
    assert [card_belts(c) for c in (1, 12, 13, 24, 25, 36, 37, 48, 49, 60)] == [
        0, 0, 0.5, 0.5, 1, 1, 0.5, 0.5, 0, 0,
    ]  # fmt: skip
    assert sum(card_belts(c) for c in range(1, 61)) == 24
    assert sorted(TIDE_DECK) == sorted(list(range(1, 13)) * 2)


def test_s2_player_count_is_three_to_five() -> None:
    for names in (["Ann", "Bob"], ["A", "B", "C", "D", "E", "F"]):
        with pytest.raises(IllegalMove) as error:
            new_game(names, 1)
        assert (error.value.kind, error.value.data) == (
            "player_count",
            {"players": len(names), "low": 3, "high": 5},
        )
    for count in (3, 4, 5):
        assert len(new_game([f"P{i}" for i in range(count)], 1).names) == count


def test_s3_belt_count_rounds_down() -> None:
    assert hand_belts([13, 14, 15, 16, 17, 18, 19, 1, 2, 3, 4, 5]) == 3  # 3.5 -> 3
    assert hand_belts([25, 26, 27, 28, 29, 13, 49, 50, 51, 52, 53, 54]) == 5  # 5.5 -> 5
    assert hand_belts(list(range(1, 13))) == 0


def test_s3_deal_twelve_secret_cards_each() -> None:
    game = new_game(NAMES4, 42)
    cards = [c for hand in game.hands for c in hand]
    assert len(cards) == 48 and len(set(cards)) == 48
    assert game.belts == [hand_belts(hand) for hand in game.hands]
    mine = game.view(0)
    assert [entry.card for entry in mine.hand] == game.hands[0]
    assert all(entry.belts == card_belts(entry.card) for entry in mine.hand)
    assert game.view(None).hand == ()
    assert [entry.card for entry in game.view(1).hand] == game.hands[1]
    assert str(tuple(game.hands[1])) not in str(mine)


def test_s3_same_seed_same_deal() -> None:
    assert new_game(NAMES3, 5).hands == new_game(NAMES3, 5).hands
    assert new_game(NAMES3, 5).hands != new_game(NAMES3, 6).hands


def test_s4_highest_takes_lower_tide_second_takes_higher() -> None:
    game = stacked(NAMES3, EVEN_HANDS, [9, 3])
    assert game.view(None).tide_cards == (3, 9)
    events = play(game, 56, 60, 12)
    assert game.tides == [[9], [3], []]
    assert [game.showing(s) for s in range(3)] == [9, 3, None]
    assert with_kind(events, "took_tide") == [
        {"seat": 1, "tide": 3, "which": "lower"},
        {"seat": 0, "tide": 9, "which": "higher"},
    ]
    assert game.belts == [3, 4, 4]
    assert with_kind(events, "lost_belt") == [{"seat": 0, "tide": 9, "tied": False, "belts": 3}]


def test_s4_new_tide_card_goes_on_top() -> None:
    game = stacked(NAMES3, EVEN_HANDS, [8, 10, 1, 2])
    play(game, 56, 60, 12)  # Bob 8, Ann 10
    play(game, 55, 1, 11)  # Ann 1, Cid 2
    assert game.tides[0] == [10, 1]
    assert game.view(None).players[0].showing == 1
    assert game.belts == [3, 3, 4]  # Ann lost to 10, then Bob's 8 was highest


def test_s4_tie_for_highest_tide_all_lose() -> None:
    game = stacked(NAMES3, EVEN_HANDS, [5, 5])
    events = play(game, 56, 60, 12)
    assert game.belts == [3, 3, 4]
    assert with_kind(events, "took_tide") == [
        {"seat": 1, "tide": 5, "which": "either"},
        {"seat": 0, "tide": 5, "which": "either"},
    ]
    assert with_kind(events, "lost_belt") == [
        {"seat": 0, "tide": 5, "tied": True, "belts": 3},
        {"seat": 1, "tide": 5, "tied": True, "belts": 3},
    ]


def test_s4_no_tide_card_shows_nothing_and_is_never_highest() -> None:
    game = stacked(NAMES3, EVEN_HANDS, [1, 2])
    play(game, 56, 60, 12)
    assert game.showing(2) is None
    assert game.belts == [3, 4, 4]  # Ann shows 2 > Bob's 1; Cid shows nothing


def test_s4_picks_are_simultaneous_and_secret() -> None:
    game = stacked(NAMES3, EVEN_HANDS, [4, 7])
    assert game.to_act() == [0, 1, 2]
    epoch = game.epoch()
    events = game.apply(1, Pick(60))
    assert [e.to_dict() for e in events] == [{"kind": "picked", "data": {"seat": 1}}]
    assert game.to_act() == [0, 2] and game.epoch() == epoch
    assert game.view(1).pick == 60
    assert game.view(0).pick is None
    assert "60" not in str(game.view(None).players) and game.view(None).last_trick is None
    assert [p.picked for p in game.view(2).players] == [False, True, False]
    assert Pick(60) in game.legal_actions(1)  # picking again changes the pick
    decision = game.decision(1)
    assert decision is not None and decision.data["pick"] == 60
    other = game.decision(0)
    assert other is not None and other.data["pick"] is None


def test_s4_changing_a_pick_before_the_last_is_in() -> None:
    game = stacked(NAMES3, EVEN_HANDS, [4, 7])
    game.apply(0, Pick(49))
    changed = game.apply(0, Pick(56))
    assert [e.to_dict() for e in changed] == [{"kind": "repicked", "data": {"seat": 0}}]
    assert game.view(0).pick == 56
    game.apply(1, Pick(60))
    events = game.apply(2, Pick(5))
    assert kinds(events)[:2] == ["picked", "reveal"]
    assert events[1].data == {"round": 1, "trick": 1, "plays": [[0, 56], [1, 60], [2, 5]]}
    assert game.played == [[56], [60], [5]]
    last_trick = game.view(None).last_trick
    assert last_trick is not None and last_trick.plays == ((0, 56), (1, 60), (2, 5))
    assert game.trick == 2 and game.to_act() == [0, 1, 2]


def test_s4_played_card_leaves_the_hand() -> None:
    game = stacked(NAMES3, EVEN_HANDS, [4, 7])
    play(game, 56, 60, 5)
    assert Pick(56) not in game.legal_actions(0)
    assert game.view(0).players[0].hand_size == 11
    with pytest.raises(IllegalMove) as error:
        game.apply(0, Pick(56))
    assert (error.value.kind, error.value.data) == ("already_played", {"seat": 0, "card": 56})


def test_s5_losing_last_belt_does_not_eliminate_but_owing_one_does() -> None:
    hands = [
        [13, 14, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58],  # 1 belt
        list(range(1, 13)),  # 0 belts
        [15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 59, 60],  # 5 belts
    ]
    game = stacked(NAMES3, hands, [1, 12, 2, 3])
    play(game, 49, 1, 60)  # Cid takes 1, Ann takes 12 and loses her only belt
    assert game.belts == [0, 0, 5] and game.eliminated == [False, False, False]
    events = play(game, 13, 2, 59)  # Cid takes 2, Ann takes 3: highest again, no belt left
    assert game.history[-1]["eliminated"] == [0] and game.history[-1]["lost_belt"] == []
    assert with_kind(events, "eliminated") == [{"seat": 0, "tide": 3, "tied": False}]
    assert with_kind(events, "lost_belt") == []
    # S5: only two players remain, so the round ends at once and is scored (S6).
    assert "round_end" in kinds(events)
    assert game.round_scores[0] == [-1, 1, 5]  # Bob shows nothing: lowest-tide bonus
    assert game.round == 2


def test_s5_several_eliminated_at_once_and_two_left_ends_round() -> None:
    hands = [
        [49, 50, 51, 52, 53, 54, 1, 2, 3, 4, 5, 6],  # 0 belts
        list(range(37, 49)),  # 6 belts
        [55, 56, 57, 58, 59, 60, 7, 8, 9, 10, 11, 12],  # 0 belts
        list(range(13, 25)),  # 6 belts
    ]
    game = stacked(NAMES4, hands, [12, 12])
    events = play(game, 54, 37, 60, 13)
    assert [e.data["seat"] for e in events if e.kind == "eliminated"] == [0, 2]
    assert with_kind(events, "eliminated") == [
        {"seat": 0, "tide": 12, "tied": True},
        {"seat": 2, "tide": 12, "tied": True},
    ]
    assert with_kind(events, "round_end") == [
        {"round": 1, "trick": 1, "remaining": 2, "reason": "too_few_left"}
    ]
    # S6: Bob and Dee show no tide card, so both take the bonus; the eliminated cannot.
    assert game.round_scores[0] == [-1, 7, -1, 7]
    scores = with_kind(events, "round_score")
    assert scores[0] == {
        "seat": 0,
        "round": 1,
        "points": -1,
        "belts": 0,
        "eliminated": True,
        "bonus": False,
        "tide": None,
        "total": -1,
    }
    assert scores[1] == {
        "seat": 1,
        "round": 1,
        "points": 7,
        "belts": 6,
        "eliminated": False,
        "bonus": True,
        "tide": None,
        "total": 7,
    }


def test_s5_eliminated_player_picks_no_more() -> None:
    game = ann_eliminated()
    assert game.eliminated == [True, False, False, False]
    assert game.to_act() == [1, 2, 3] and game.legal_actions(0) == []
    assert game.decision(0) is None and game.view(None).players[0].showing is None
    with pytest.raises(IllegalMove) as error:
        game.apply(0, Pick(50))
    assert (error.value.kind, error.value.data) == ("out_of_round", {"seat": 0})
    assert [p.name for p in game.view(None).players if p.eliminated] == ["Ann"]


def test_s6_seed_example_scoring() -> None:
    # Sarah 3 belts, Brian 0, Aidan 2, Julia 1 belt and the lowest tide showing.
    results = score_round([3, 0, 2, 1], [False] * 4, [9, 11, 7, 2])
    assert [r.points for r in results] == [3, 0, 2, 2]
    assert [r.bonus for r in results] == [False, False, False, True]


def test_s6_no_tide_card_counts_lowest_and_ties_share_bonus() -> None:
    assert [r.points for r in score_round([2, 2, 2], [False] * 3, [None, 1, None])] == [3, 2, 3]
    assert [r.points for r in score_round([2, 2, 2], [False] * 3, [4, 4, 6])] == [3, 3, 2]


def test_s6_eliminated_cannot_take_bonus_and_nobody_left_means_no_bonus() -> None:
    results = score_round([0, 1, 2], [True, False, False], [None, 3, 5])
    assert [r.points for r in results] == [-1, 2, 2]
    assert [r.points for r in score_round([0, 0, 0], [True] * 3, [None] * 3)] == [-1, -1, -1]


def test_s6_full_round_of_twelve_tricks_is_scored() -> None:
    game = stacked(NAMES3, EVEN_HANDS, [])
    rng = random.Random(3)
    while game.round == 1:
        events = play(game, *(rng.choice(game.hand(s)) for s in game.to_act()))
    assert len(game.history) == 12 or game.round_scores[0].count(-1) >= 1
    round_end = events[kinds(events).index("round_end")]
    assert round_end.data["round"] == 1
    if round_end.data["reason"] == "tricks_done":
        assert round_end.data["trick"] == 12 and round_end.data["remaining"] > 2
    else:
        assert round_end.data["remaining"] <= 2
    assert sum(game.round_scores[0]) == sum(game.scores)


def test_s7_hands_and_belts_pass_left_every_round() -> None:
    hands = [
        list(range(25, 37)),  # 12 belts
        list(range(1, 13)),  # 0 belts
        list(range(13, 25)),  # 6 belts
    ]
    game = stacked(NAMES3, hands, [])
    seen = []
    while not game.is_over:
        if game.trick == 1 and not any(game.picks):
            seen.append(([game.hand(s) for s in range(3)], list(game.belts)))
        game.apply(game.to_act()[0], timeout_move(game, game.to_act()[0]))
    assert len(seen) == 3 and len(game.round_scores) == 3
    # Round 2: Ann (seat 0) holds Cid's first hand, Bob holds Ann's, Cid holds Bob's.
    assert seen[1] == ([hands[2], hands[0], hands[1]], [6, 12, 0])
    assert seen[2] == ([hands[1], hands[2], hands[0]], [0, 6, 12])


def test_s7_hands_passed_event_and_tide_cleared() -> None:
    hands = [
        [13, 14, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58],
        list(range(1, 13)),
        [15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 59, 60],
    ]
    game = stacked(NAMES3, hands, [1, 12, 2, 3])
    play(game, 49, 1, 60)
    events = play(game, 13, 2, 59)
    assert kinds(events)[-4:] == ["round_score", "hands_passed", "round_start", "tide_cards"]
    # Each seat receives the hand of its right neighbour: Ann gets Cid's, Bob Ann's, Cid Bob's.
    assert events[-3].data == {"round": 2, "received_from": [2, 0, 1]}
    assert events[-2].data == {"round": 2, "rounds": 3, "belts": [5, 1, 0]}
    assert events[-1].data == {"round": 2, "trick": 1, "tide_cards": list(game.tide_cards)}
    assert game.tides == [[], [], []] and game.eliminated == [False] * 3
    assert game.trick == 1 and len(game.tide_pile) == 22


def test_s1_game_lasts_as_many_rounds_as_players_and_winner_has_top_score() -> None:
    game = new_game(NAMES4, 11)
    rng = random.Random(11)
    events = []
    while not game.is_over:
        seat = game.to_act()[0]
        events = game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert len(game.round_scores) == 4 and game.to_act() == []
    outcome = game.outcome()
    assert outcome is not None
    assert list(outcome.scores) == [sum(col) for col in zip(*game.round_scores, strict=True)]
    best = max(outcome.scores)
    assert outcome.winners == tuple(s for s, v in enumerate(outcome.scores) if v == best)
    assert events[-1].kind == "game_end"
    assert events[-1].data == {"winners": list(outcome.winners), "scores": list(outcome.scores)}
    with pytest.raises(IllegalMove) as error:
        game.apply(0, Pick(1))
    assert error.value.kind == "game_over"


def test_s1_tie_for_first_is_a_shared_win() -> None:
    for seed in range(200):
        game = new_game(NAMES3, seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_act()[0]
            events = game.apply(seat, rng.choice(game.legal_actions(seat)))
        outcome = game.outcome()
        assert outcome is not None
        if len(outcome.winners) > 1:
            break
    else:
        pytest.fail("no shared win in 200 seeded games")
    assert events[-1].kind == "game_end" and events[-1].data["winners"] == list(outcome.winners)
    assert len({outcome.scores[s] for s in outcome.winners}) == 1
    assert not outcome.draw
