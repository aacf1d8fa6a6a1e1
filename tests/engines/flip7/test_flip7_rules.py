"""One or more tests per rule F1-F12, on stacked decks."""

from __future__ import annotations

import json

import pytest
from flip7_support import (
    ANN,
    BOB,
    CAT,
    card_counts,
    cards,
    find,
    full_counts,
    has,
    kinds,
    play,
    rows,
    stacked,
    status,
    with_no_card_left,
)

from engines.base import IllegalMove
from engines.flip7 import HIT, STAY, ChooseCard, ChoosePlayer, Flip7Game, new_game
from engines.flip7.ai import timeout_move
from engines.flip7.cards import FLIP_FOUR, HALVE, JUST_ONE_MORE, MINUS_4, ONE_DECK, SWAP
from engines.flip7.scoring import row_score

# ---------------------------------------------------------------- F1 goal, ties


def with_totals(game: Flip7Game, totals: list[int]) -> Flip7Game:
    raw = game.to_dict()
    raw["totals"] = totals
    return Flip7Game.from_dict(raw)


def test_f1_game_ends_at_goal_with_single_leader() -> None:
    game = with_totals(stacked(["5", "3"], goal=50), [47, 10])
    events = play(game, (ANN, STAY), (BOB, STAY))
    assert game.is_over and game.winners() == [ANN]
    assert game.final_scores() == [52, 13]
    assert events[-1].kind == "game_over"
    assert events[-1].data == {"winners": [ANN], "total": 52, "totals": [52, 13]}
    assert game.outcome() is not None and game.outcome().winners == (ANN,)  # type: ignore[union-attr]
    assert game.to_act() == [] and game.decision(ANN) is None
    with pytest.raises(IllegalMove) as refused:
        game.apply(ANN, HIT)
    assert refused.value.kind == "game_over"


def test_f1_tie_at_goal_plays_another_round() -> None:
    game = with_totals(stacked(["5", "5", "3", "4"], goal=50), [45, 45])
    events = play(game, (ANN, STAY), (BOB, STAY))
    assert not game.is_over
    assert has(events, "tie", seats=[ANN, BOB], total=50)
    assert game.round == 2 and game.dealer == ANN
    # Round 2 deals Bob first (left of the dealer Ann): Bob 3, Ann 4.
    assert rows(game) == [["4"], ["3"]]
    play(game, (BOB, STAY), (ANN, STAY))
    assert game.is_over and game.winners() == [ANN] and game.final_scores() == [54, 53]


def test_f1_goal_option_is_validated() -> None:
    for goal in (20, True, 1001):
        with pytest.raises(IllegalMove) as refused:
            new_game(["Ann", "Bob"], 1, goal=goal)
        assert refused.value.kind == "bad_option" and refused.value.data["option"] == "goal"
    with pytest.raises(IllegalMove) as refused:
        new_game(["Ann", "Bob"], 1, brutal=1)  # type: ignore[arg-type]
    assert refused.value.kind == "bad_option" and refused.value.data["option"] == "brutal"
    assert new_game(["Ann", "Bob"], 1, goal=1000).goal == 1000


# ---------------------------------------------------------------- F2 players, decks, dealer


def test_f2_player_counts_and_two_decks_above_18() -> None:
    for players in (1, 25):
        with pytest.raises(IllegalMove) as refused:
            new_game([f"P{i}" for i in range(players)], 1)
        assert refused.value.kind == "player_count"
        assert refused.value.data == {"players": players, "low": 2, "high": 24}
    eighteen = new_game([f"P{i}" for i in range(18)], 1)
    nineteen = new_game([f"P{i}" for i in range(19)], 1)
    assert eighteen.decks == 1 and sum(card_counts(eighteen).values()) == 108
    assert nineteen.decks == 2 and sum(card_counts(nineteen).values()) == 216
    assert card_counts(nineteen) == full_counts(nineteen)


def test_f2_random_first_dealer_passes_left() -> None:
    dealers = {new_game(["A", "B", "C", "D"], seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    game = stacked(["5", "6", "7"], players=3, dealer=1)
    assert game.dealer == 1
    assert rows(game) == [["6"], ["7"], ["5"]] and game.to_act() == [CAT]
    play(game, (CAT, STAY), (ANN, STAY), (BOB, HIT))
    while game.round == 1:
        seat = game.to_act()[0]
        game.apply(seat, STAY if STAY in game.legal_actions(seat) else HIT)
    assert game.dealer == 2


# ---------------------------------------------------------------- F3 the deck


def test_f3_deck_has_108_cards_with_seven_7s_and_thirteen_13s() -> None:
    assert sum(ONE_DECK) == 108
    assert ONE_DECK[7] + ONE_DECK[cards("Unlucky 7")[0]] == 7
    assert ONE_DECK[13] + ONE_DECK[cards("Lucky 13")[0]] == 13
    assert sum(ONE_DECK[1:14]) == 89
    game = new_game(["Ann", "Bob", "Cat"], 5)
    assert card_counts(game) == full_counts(game)


# ---------------------------------------------------------------- F4 bust


def test_f4_duplicate_number_busts_and_scores_zero() -> None:
    game = stacked(["9", "4", "9"])
    events = play(game, (ANN, HIT))
    assert has(events, "bust", seat=ANN, card="9", value=9, copy=2)
    assert status(game, ANN) == "busted"
    assert game.round_score(ANN) == 0
    assert game.to_act() == [BOB]


# ---------------------------------------------------------------- F5 opening deal


def test_f5_action_dealt_in_opening_deal_is_resolved_before_the_deal_goes_on() -> None:
    game = stacked(["Flip Four!", "2", "3", "4", "5", "6", "8"], players=3)
    decision = game.decision(ANN)
    assert decision is not None and decision.kind == "choose_target"
    assert decision.data == {"card": FLIP_FOUR} and decision.seat == ANN
    assert rows(game) == [[], [], []]
    events = play(game, (ANN, ChoosePlayer(BOB)))
    assert rows(game) == [[], ["2", "3", "4", "5", "6"], ["8"]]
    assert has(events, "flip", seat=BOB, card="6", how="deal")
    assert [e.data["ordinal"] for e in find(events, "flip", how="flip4")] == [1, 2, 3, 4]
    assert game.to_act() == [ANN]


def test_f5_player_made_to_stay_in_the_deal_is_skipped() -> None:
    game = stacked(["Just One More!", "5", "6"], players=3)
    events = play(game, (ANN, ChoosePlayer(BOB)))
    assert [(e.kind, e.data) for e in events[:3]] == [
        ("target", {"seat": ANN, "card": JUST_ONE_MORE, "to": BOB, "forced": False}),
        ("flip", {"seat": BOB, "card": 5, "how": "jom"}),
        ("stay", {"seat": BOB, "forced": "just_one_more"}),
    ]
    assert rows(game) == [[], ["5"], ["6"]]
    assert game.to_act() == [ANN]


def test_f5_modifier_in_the_deal_is_given_at_once() -> None:
    game = stacked(["−4", "5", "6"])
    assert game.decision(ANN).kind == "give_modifier"  # type: ignore[union-attr]
    play(game, (ANN, ChoosePlayer(BOB)))
    assert rows(game) == [[], ["−4", "5"]]


# ---------------------------------------------------------------- F6 hit or stay


def test_f6_turns_go_clockwise_from_left_of_dealer_until_nobody_is_active() -> None:
    game = stacked(["5", "6", "7", "8", "3", "4"], players=3)
    assert game.to_act() == [ANN]
    assert game.legal_actions(BOB) == []
    with pytest.raises(IllegalMove) as refused:
        game.apply(BOB, HIT)
    assert refused.value.kind == "not_your_turn" and refused.value.data == {"seat": ANN}
    play(game, (ANN, HIT), (BOB, STAY), (CAT, HIT), (ANN, STAY))
    assert game.to_act() == [CAT]
    events = play(game, (CAT, STAY))
    scored = [e.data for e in events if e.kind == "round_score"]
    assert [{k: v for k, v in d.items() if k != "row"} for d in scored] == [
        {"seat": ANN, "score": 13, "total": 13},
        {"seat": BOB, "score": 6, "total": 6},
        {"seat": CAT, "score": 10, "total": 10},
    ]
    assert [sum(d["row"]) for d in scored] == [13, 6, 10]  # each row as it scored
    assert game.round == 2 and game.dealer == ANN


def test_f6_illegal_moves_change_nothing() -> None:
    game = stacked(["0", "5"])
    before = json.dumps(game.to_dict())
    refusals = []
    for seat, action in (
        (BOB, STAY),
        (ANN, STAY),
        (ANN, ChoosePlayer(BOB)),
        (ANN, "hit"),
        (True, HIT),
        ("0", HIT),
        (2, HIT),
        (-1, HIT),
    ):
        with pytest.raises(IllegalMove) as refused:
            game.apply(seat, action)  # type: ignore[arg-type]
        refusals.append(refused.value.kind)
    assert refusals == [
        "not_your_turn",
        "must_hit",
        "not_an_option",
        "not_an_option",
        *["no_such_seat"] * 4,
    ]
    assert json.dumps(game.to_dict()) == before


# ---------------------------------------------------------------- F7 scoring, discard, reshuffle


def test_f7_worked_example_48_to_35() -> None:
    numbers = cards("12", "11", "10", "8", "4", "2", "1")
    assert row_score([*numbers, HALVE, MINUS_4], flip7=True) == 35
    game = stacked(["12", "5", "11", "÷2", "−4", "10", "8", "4", "2", "1"])
    play(
        game,
        (ANN, HIT),
        (BOB, STAY),
        (ANN, HIT),
        (ANN, ChoosePlayer(ANN)),
        (ANN, HIT),
        (ANN, ChoosePlayer(ANN)),
    )
    events = play(game, (ANN, HIT), (ANN, HIT), (ANN, HIT), (ANN, HIT), (ANN, HIT))
    assert has(events, "flip7", seat=ANN)
    assert has(events, "round_score", seat=ANN, score=35, total=35)
    assert has(events, "round_score", seat=BOB, score=5, total=5)


def test_f7_minus_cards_never_take_a_round_below_zero() -> None:
    assert row_score(cards("3", "−10")) == 0
    assert row_score(cards("9", "÷2", "−2")) == 2


def test_f7_used_cards_go_to_the_discard_pile() -> None:
    game = stacked(["5", "6", "9", "3"])
    play(game, (ANN, STAY), (BOB, STAY))
    assert sorted(game.discard) == [5, 6]
    assert rows(game) == [["3"], ["9"]]


def _only_cards_on_top(game: Flip7Game, top: list[int]) -> Flip7Game:
    """Move the whole draw pile to the discard pile except `top` (drawn first to last)."""
    raw = game.to_dict()
    rest = list(raw["draw"])
    for card in top:
        rest.remove(card)
    raw["discard"] = raw["discard"] + rest
    raw["draw"] = top[::-1]
    return Flip7Game.from_dict(raw)


def test_f7_reshuffle_mid_round_keeps_rows_and_resolving_cards_out() -> None:
    game = _only_cards_on_top(stacked(["5", "6"]), [FLIP_FOUR, 2])
    discarded = len(game.discard)
    events = play(game, (ANN, HIT), (ANN, ChoosePlayer(BOB)))
    reshuffle = [e for e in events if e.kind == "reshuffle"]
    assert len(reshuffle) == 1 and reshuffle[0].data["cards"] == discarded
    assert rows(game)[ANN] == ["5"] and rows(game)[BOB][:2] == ["6", "2"]
    assert card_counts(game) == full_counts(game)


def test_f7_no_card_anywhere_gives_nothing() -> None:
    game = stacked(["5", "6"])
    game = with_no_card_left(game)
    events = play(game, (ANN, HIT))
    assert [(e.kind, e.data) for e in events] == [("no_card", {"seat": ANN, "how": "hit"})]
    assert game.to_act() == [BOB]


def test_f7_holder_of_the_zero_with_nothing_to_draw_stays() -> None:
    game = stacked(["Zero", "6"])
    game = with_no_card_left(game)
    events = play(game, (ANN, HIT))
    assert [(e.kind, e.data) for e in events[:2]] == [
        ("no_card", {"seat": ANN, "how": "hit"}),
        ("stay", {"seat": ANN, "forced": "no_card"}),
    ]
    assert game.to_act() == [BOB] and status(game, ANN) == "stayed"


def test_f7_flip_four_is_discarded_only_after_its_set_aside_cards_resolve() -> None:
    """Seat 1's Flip Four! sets Just One More! aside; played on seat 2, it draws from an
    empty pile: the reshuffled discard pile must not hold the Flip Four! still resolving."""
    dealt = stacked(["5", "2", "1"], players=3)
    game = _only_cards_on_top(dealt, cards("Flip Four!", "Just One More!", "3", "4", "6"))
    other_flip_four = game.discard.count(FLIP_FOUR)
    events = play(game, (ANN, HIT), (ANN, ChoosePlayer(BOB)))
    assert rows(game)[BOB] == ["2", "3", "4", "6"]
    assert [e.data["ordinal"] for e in find(events, "flip", seat=BOB, how="flip4")] == [1, 2, 3, 4]
    assert game.decision(BOB).kind == "choose_target"  # type: ignore[union-attr]
    assert game.held_cards() == [FLIP_FOUR, JUST_ONE_MORE]
    assert other_flip_four == 1 and game.discard.count(FLIP_FOUR) == other_flip_four
    events = play(game, (BOB, ChoosePlayer(CAT)))
    assert kinds(events)[:2] == ["target", "reshuffle"]
    # 100 cards: 108 less the 5 in rows and the Flip Four! and Just One More! resolving.
    assert find(events, "reshuffle")[0].data == {"cards": 100}
    assert has(events, "flip", seat=CAT, card="3", how="jom")
    assert game.draw.count(FLIP_FOUR) == other_flip_four
    assert game.held_cards() == [] and game.discard == [JUST_ONE_MORE, FLIP_FOUR]
    assert card_counts(game) == full_counts(game)


def test_f7_ruling_zero_holder_who_receives_nothing_stays_at_once() -> None:
    """(ruling) A holder of The Zero who hits and receives nothing stays; others may hit on."""
    game = stacked(["Zero", "6"])
    game = with_no_card_left(game)
    events = play(game, (ANN, HIT))
    assert kinds(events) == ["no_card", "stay"]
    assert events[1].data == {"seat": ANN, "forced": "no_card"}
    assert status(game, ANN) == "stayed" and game.to_act() == [BOB]
    events = play(game, (BOB, HIT))
    assert kinds(events) == ["no_card"] and status(game, BOB) == "active"
    assert game.legal_actions(BOB) == [HIT, STAY]


# ---------------------------------------------------------------- F8 special numbers


def test_f8_the_zero_forbids_stay_until_just_one_more() -> None:
    game = stacked(["Zero", "5", "9", "Just One More!", "3"])
    decision = game.decision(ANN)
    assert decision is not None and decision.options == (HIT,)
    assert decision.kind == "hit_or_stay" and decision.data == {"must_hit": True}
    with pytest.raises(IllegalMove) as refused:
        game.apply(ANN, STAY)
    assert refused.value.kind == "must_hit"
    assert timeout_move(game, ANN) == HIT
    play(game, (ANN, HIT), (BOB, STAY))
    events = play(game, (ANN, HIT), (ANN, ChoosePlayer(ANN)))
    assert has(events, "stay", seat=ANN, forced="just_one_more")
    assert has(events, "round_score", seat=ANN, score=0, total=0)


def test_f8_the_zero_scores_with_flip7() -> None:
    row = cards("Zero", "1", "2", "3", "4", "5", "6")
    assert row_score(row) == 0
    assert row_score(row, flip7=True) == 21 + 15


def test_f8_unlucky_7_wipes_the_row_and_cannot_bust_but_a_later_7_does() -> None:
    game = stacked(["7", "5", "3", "−4", "Unlucky 7", "7"])
    play(game, (ANN, HIT), (BOB, STAY), (ANN, HIT), (ANN, ChoosePlayer(ANN)))
    assert rows(game)[ANN] == ["7", "3", "−4"]
    events = play(game, (ANN, HIT))
    assert has(events, "wipe", seat=ANN)
    assert rows(game)[ANN] == ["Unlucky 7"] and game.round_score(ANN) == 7
    events = play(game, (ANN, HIT))
    assert has(events, "bust", seat=ANN, value=7, copy=2)


def test_f8_unlucky_7_mid_flip_four_discards_first_then_flips_on() -> None:
    game = stacked(["9", "Flip Four!", "4", "Unlucky 7", "2", "3"])
    events = play(game, (BOB, ChoosePlayer(ANN)))
    assert has(events, "wipe", seat=ANN)
    assert rows(game)[ANN] == ["Unlucky 7", "2", "3"]
    assert 9 in game.discard and 4 in game.discard


def test_f8_lucky_13_allows_one_other_13_either_order() -> None:
    game = stacked(["13", "5", "Lucky 13", "13"])
    play(game, (ANN, HIT))
    assert status(game, ANN) == "active"
    assert game.round_score(ANN) == 26
    events = play(game, (BOB, STAY), (ANN, HIT))
    assert has(events, "bust", seat=ANN, value=13, copy=3)
    game = stacked(["Lucky 13", "5", "13"])
    play(game, (ANN, HIT))
    assert status(game, ANN) == "active"


def test_f8_discarding_lucky_13_from_two_13s_leaves_a_plain_13() -> None:
    game = stacked(["13", "5", "Lucky 13", "Discard", "13"])
    play(game, (ANN, HIT), (BOB, HIT))
    assert game.decision(BOB).kind == "discard_player"  # type: ignore[union-attr]
    play(game, (BOB, ChoosePlayer(ANN)), (BOB, ChooseCard(ANN, 1)))
    assert rows(game)[ANN] == ["13"]
    assert status(game, ANN) == "active"
    events = play(game, (ANN, HIT))
    assert has(events, "bust", seat=ANN, value=13, copy=2)


def test_f8_two_zeros_bust_with_two_decks() -> None:
    names = [f"P{i}" for i in range(19)]
    game = new_game(names, 3, deck=["Zero", *["12"] * 17, "6", "Zero"], dealer=18)
    events = game.apply(0, HIT)
    assert has(events, "bust", seat=0, card="Zero", value=0, copy=2)


# ---------------------------------------------------------------- F9 Flip 7


def test_f9_flip7_by_hit_ends_the_round_at_once() -> None:
    game = stacked(["1", "9", "2", "3", "4", "5", "6", "8", "10"], players=3)
    play(game, (ANN, HIT), (BOB, STAY), (CAT, STAY), (ANN, HIT), (ANN, HIT), (ANN, HIT))
    play(game, (ANN, HIT))
    assert game.round == 1
    events = play(game, (ANN, HIT))
    assert (events[0].kind, events[0].data) == ("flip", {"seat": ANN, "card": 10, "how": "hit"})
    assert (events[1].kind, events[1].data) == ("flip7", {"seat": ANN})
    assert game.round == 2


def test_f9_flip7_during_flip_four_discards_pending_cards() -> None:
    deck = [
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        "8",
        "9",
        "10",
        "11",
        "12",
        "Flip Four!",
        "Steal",
        "7",
        "13",
    ]
    game = stacked(deck)
    for _ in range(4):
        play(game, (ANN, HIT), (BOB, HIT))
    play(game, (ANN, HIT))
    assert rows(game) == [["1", "3", "5", "8", "10", "12"], ["2", "4", "6", "9", "11"]]
    events = play(game, (BOB, HIT), (BOB, ChoosePlayer(ANN)))
    assert has(events, "flip7", seat=ANN)
    assert has(events, "discarded", cards=cards("Flip Four!", "Steal"), reason="flip7")
    assert has(events, "round_score", seat=ANN, score=61, total=61)
    assert has(events, "round_score", seat=BOB, score=32, total=32)
    assert rows(game)[BOB] == ["13"]  # the unflipped card is dealt in round 2


def test_f9_steal_that_completes_flip7() -> None:
    deck = ["1", "2", "3", "4", "5", "6", "8", "9", "10", "12", "Steal"]
    game = stacked(deck)
    play(game, (ANN, HIT), (BOB, HIT), (ANN, HIT), (BOB, HIT), (ANN, HIT), (BOB, HIT))
    play(game, (ANN, HIT), (BOB, STAY), (ANN, HIT))
    assert rows(game) == [["1", "3", "5", "8", "10", "12"], ["2", "4", "6", "9"]]
    play(game, (ANN, HIT))
    decision = game.decision(ANN)
    assert decision is not None and decision.kind == "steal_card"  # only Bob to steal from
    events = play(game, (ANN, ChooseCard(BOB, 3)))
    assert [(e.kind, e.data) for e in events[:2]] == [
        ("steal", {"seat": ANN, "from": BOB, "card": 9}),
        ("flip7", {"seat": ANN}),
    ]
    assert has(events, "round_score", seat=ANN, score=63, total=63)


def test_f9_swap_that_completes_flip7() -> None:
    deck = ["1", "2", "3", "4", "5", "6", "−2", "10", "12", "9", "Swap"]
    game = stacked(deck)
    play(game, (ANN, HIT), (BOB, HIT), (ANN, HIT), (BOB, HIT), (ANN, HIT))
    play(game, (ANN, ChoosePlayer(ANN)), (BOB, STAY), (ANN, HIT), (ANN, HIT), (ANN, HIT))
    assert rows(game) == [["1", "3", "5", "−2", "10", "12", "9"], ["2", "4", "6"]]
    play(game, (ANN, HIT))
    events = play(
        game, (ANN, ChoosePlayer(ANN)), (ANN, ChooseCard(ANN, 3)), (ANN, ChooseCard(BOB, 0))
    )
    assert has(events, "swap", seat=ANN, players=[ANN, BOB], cards=cards("−2", "2"))
    assert has(events, "round_score", seat=ANN, score=57, total=57)
    assert has(events, "round_score", seat=BOB, score=8, total=8)
    assert has(events, "flip7", seat=ANN)


# ---------------------------------------------------------------- F10 actions


def test_f10_just_one_more_forces_an_active_opponent_to_stay() -> None:
    game = stacked(["Just One More!", "5", "6", "8"], players=3)
    play(game, (ANN, ChoosePlayer(CAT)))
    assert rows(game) == [[], ["6"], ["5"]]
    assert status(game, CAT) == "stayed"


def test_f10_flip_four_that_draws_just_one_more() -> None:
    game = stacked(["Flip Four!", "2", "Just One More!", "3", "4", "5", "6"])
    events = play(game, (ANN, ChoosePlayer(BOB)))
    assert has(events, "flip", seat=BOB, card="Just One More!", how="flip4", ordinal=2)
    decision = game.decision(BOB)
    assert decision is not None and decision.kind == "choose_target"
    assert decision.data == {"card": JUST_ONE_MORE}
    assert rows(game) == [[], ["2", "3", "4"]]
    events = play(game, (BOB, ChoosePlayer(ANN)))
    assert rows(game) == [["5"], ["2", "3", "4", "6"]]
    assert status(game, ANN) == "stayed"
    assert game.to_act() == [BOB]


def test_f10_flip_four_interrupted_by_a_bust_discards_set_aside_cards() -> None:
    game = stacked(["5", "Flip Four!", "Swap", "8", "5", "9"])
    events = play(game, (BOB, ChoosePlayer(ANN)))
    assert has(events, "bust", seat=ANN, value=5, copy=2)
    assert has(events, "discarded", seat=ANN, cards=[SWAP], reason="set_aside")
    assert SWAP in game.discard and FLIP_FOUR in game.discard
    assert game.draw[-1] == 9  # the fourth card was never drawn
    assert game.to_act() == [BOB]


def test_f10_set_aside_cards_resolve_in_flip_order_after_the_four() -> None:
    game = stacked(["9", "Flip Four!", "−2", "2", "−4", "3"])
    play(game, (BOB, ChoosePlayer(ANN)))
    assert rows(game)[ANN] == ["9", "2", "3"]
    decision = game.decision(ANN)
    assert decision is not None and decision.data == {"card": cards("−2")[0]}
    play(game, (ANN, ChoosePlayer(BOB)))
    assert game.decision(ANN).data == {"card": MINUS_4}  # type: ignore[union-attr]


def test_f10_swap_that_busts_both_players() -> None:
    game = stacked(["5", "6", "6", "5", "Swap"])
    play(game, (ANN, HIT), (BOB, HIT), (ANN, HIT))
    assert game.decision(ANN).kind == "swap_player"  # type: ignore[union-attr]
    play(game, (ANN, ChoosePlayer(ANN)), (ANN, ChooseCard(ANN, 0)))
    decision = game.decision(ANN)  # Bob is the only other holder: picked for Ann
    assert decision is not None and decision.kind == "swap_card"
    events = play(game, (ANN, ChooseCard(BOB, 0)))
    assert [(e.kind, e.data) for e in events[:3]] == [
        ("swap", {"seat": ANN, "players": [ANN, BOB], "cards": [5, 6]}),
        ("bust", {"seat": ANN, "card": 6, "value": 6, "copy": 2}),
        ("bust", {"seat": BOB, "card": 5, "value": 5, "copy": 2}),
    ]
    assert game.round == 2


def test_f10_swap_giving_away_lucky_13_for_a_13_busts() -> None:
    game = stacked(["13", "13", "Lucky 13", "5", "Swap"])
    play(game, (ANN, HIT), (BOB, HIT), (ANN, HIT))
    play(game, (ANN, ChoosePlayer(ANN)), (ANN, ChooseCard(ANN, 1)), (ANN, ChooseCard(BOB, 0)))
    assert status(game, ANN) == "busted"
    assert rows(game)[BOB] == ["5", "Lucky 13"]


def test_f10_steal_of_a_duplicate_busts_the_stealer() -> None:
    game = stacked(["5", "5", "Steal"])
    events = play(game, (ANN, HIT))  # one victim with one card: the Steal is forced
    assert has(events, "steal", seat=ANN, card="5") and has(events, "bust", seat=ANN, value=5)


def test_f10_no_legal_target_discards_the_action() -> None:
    for card in ("Swap", "Steal", "Discard"):
        game = stacked([card, "5"])
        assert has(game.opening_events(), "no_target", seat=ANN, card=card)
        assert rows(game) == [[], ["5"]]
    game = stacked(["5", "Swap"])
    assert has(game.opening_events(), "no_target", seat=BOB, card="Swap")


def test_f10_only_player_left_must_target_themself() -> None:
    game = stacked(["5", "6", "5", "Flip Four!", "2", "3", "4", "8"])
    events = play(game, (ANN, HIT), (BOB, HIT))
    assert has(events, "target", seat=BOB, card="Flip Four!", to=BOB, forced=True)
    assert rows(game)[BOB] == ["6", "2", "3", "4", "8"]


def test_f10_stayed_player_hit_by_an_action_stays_stayed() -> None:
    game = stacked(["5", "6", "Flip Four!", "2", "3", "4", "8"])
    play(game, (ANN, STAY), (BOB, HIT), (BOB, ChoosePlayer(ANN)))
    assert rows(game)[ANN] == ["5", "2", "3", "4", "8"]
    assert status(game, ANN) == "stayed"


def test_f10_discard_removes_a_chosen_card() -> None:
    game = stacked(["5", "6", "−4", "Discard"])
    play(game, (ANN, HIT), (ANN, ChoosePlayer(ANN)), (BOB, HIT))
    decision = game.decision(BOB)
    assert decision is not None
    assert decision.options == (ChoosePlayer(ANN), ChoosePlayer(BOB))
    events = play(game, (BOB, ChoosePlayer(ANN)), (BOB, ChooseCard(ANN, 1)))
    assert has(events, "discard", seat=BOB, card=MINUS_4, **{"from": ANN})
    assert rows(game)[ANN] == ["5"]


# ---------------------------------------------------------------- F11 modifiers


def test_f11_modifier_goes_to_a_stayed_player_and_halving_rounds_down() -> None:
    game = stacked(["9", "6", "÷2"])
    play(game, (ANN, STAY), (BOB, HIT), (BOB, ChoosePlayer(ANN)))
    assert rows(game)[ANN] == ["9", "÷2"] and game.round_score(ANN) == 4


def test_f11_modifier_is_yours_when_you_are_the_only_one_left() -> None:
    game = stacked(["5", "6", "5", "−2"])
    events = play(game, (ANN, HIT), (BOB, HIT))
    assert has(events, "modifier", seat=BOB, card="−2", to=BOB, forced=True)
    assert game.round_score(BOB) == 4


def test_f11_busted_players_get_no_modifier_in_normal_mode() -> None:
    game = stacked(["5", "6", "8", "5", "−4"], players=3)
    play(game, (ANN, HIT), (BOB, HIT))
    decision = game.decision(BOB)
    assert decision is not None and ChoosePlayer(ANN) not in decision.options


# ---------------------------------------------------------------- F12 brutal mode


def test_f12_brutal_round_scores_go_below_zero() -> None:
    assert row_score(cards("3", "−10"), brutal=True) == -7
    assert row_score(cards("Zero", "3", "−10"), brutal=True) == 0


def test_f12_brutal_minus_cards_reach_busted_players_but_halving_does_not() -> None:
    game = stacked(["5", "6", "8", "5", "−4"], players=3, brutal=True)
    play(game, (ANN, HIT), (BOB, HIT))
    decision = game.decision(BOB)
    assert decision is not None and ChoosePlayer(ANN) in decision.options
    play(game, (BOB, ChoosePlayer(ANN)))
    assert game.round_score(ANN) == -4
    game = stacked(["5", "6", "8", "5", "÷2"], players=3, brutal=True)
    play(game, (ANN, HIT), (BOB, HIT))
    assert ChoosePlayer(ANN) not in game.decision(BOB).options  # type: ignore[union-attr]


def test_f12_brutal_flip7_takes_15_from_another_player() -> None:
    game = with_totals(stacked(["1", "9", "2", "3", "4", "5", "6", "8"], brutal=True), [0, 40])
    play(game, (ANN, HIT), (BOB, STAY), (ANN, HIT), (ANN, HIT), (ANN, HIT), (ANN, HIT))
    play(game, (ANN, HIT))
    assert game.round_score(ANN) == 29 + 15  # until Ann decides
    decision = game.decision(ANN)
    assert decision is not None and decision.kind == "flip7_bonus"
    assert decision.options == (ChoosePlayer(ANN), ChoosePlayer(BOB))
    assert decision.data == {"amount": 15}
    events = play(game, (ANN, ChoosePlayer(BOB)))
    assert has(events, "flip7_bonus", seat=ANN, to=BOB, amount=15)
    assert game.final_scores() == [29, 40 + 9 - 15]
