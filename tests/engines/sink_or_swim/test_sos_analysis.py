"""A finished Sink or Swim match's analysis (issue 39, item 4): each pick valued by the hard
AI's own judgement in belts, with the chance each card loses a belt this trick; a pick
changed before the reveal counts once, as the last one made, at the reveal's step; and an
accuracy that ranks random picks below the simple AI, the simple below the hard."""

from __future__ import annotations

from engines.base import analyse
from engines.sink_or_swim import Pick, new_game
from engines.sink_or_swim.ai import choose
from engines.sink_or_swim.analysis import judge
from engines.sink_or_swim.game import TRICKS_PER_ROUND
from tests.engines.analysis_helpers import accuracy_at

from .helpers import NAMES3, NAMES4, stacked

SEEDS = range(1, 9)
# Ann's top card beats every other; her others are the lowest of the game.
HANDS = [[*range(1, 12), 60], list(range(12, 24)), list(range(24, 36))]


def test_s4_4_s5_a_pick_that_surely_floods_costs_more_than_a_belt_with_none_left():
    # Both tide cards are 12s: whoever takes one shows 12, the highest, and loses a belt;
    # Ann's hand has no belt, so it puts her out of the round (S5).
    game = stacked(NAMES3, HANDS, [12, 12])
    judged = judge(game, 0, Pick(60))
    assert judged is not None and judged.kind == "pick"
    assert set(judged.values) == {Pick(card).code for card in HANDS[0]}
    assert judged.data["belt"] == 1.0 and judged.data["card"] == 60
    assert judged.best != "p60" and judged.data["best_belt"] == 0.0
    assert judged.cost == judged.values[judged.best] - judged.values["p60"]
    assert judged.data["belts_left"] == 0 and judged.cost > 1.5
    best = judge(game, 0, Pick(judged.data["best_card"]))
    assert best is not None and best.cost == 0


def test_s4_2_a_changed_pick_is_judged_once_as_the_last_made_at_the_reveal():
    game = stacked(NAMES3, HANDS, [12, 12])
    first = game.to_dict()
    moves = [[0, "p60"], [1, "p12"], [0, "p1"], [2, "p24"]]
    judged = analyse("sinkorswim", first, moves, 0)
    assert [(step, found.chosen) for step, found in judged] == [(4, "p1")]
    assert analyse("sinkorswim", first, moves, 1)[0][0] == 4


def test_the_last_card_of_a_round_is_no_choice():
    game = new_game(NAMES4, 2)
    while not (game.trick == TRICKS_PER_ROUND and 0 in game.to_act()):
        for seat in game.to_act():
            game.apply(seat, choose(game, seat, "strong"))
    assert judge(game, 0, Pick(game.hand(0)[0])) is None


def test_accuracy_ranks_random_below_simple_below_hard():
    scores = {
        level: accuracy_at("sinkorswim", 4, level, SEEDS) for level in ("random", "simple", "hard")
    }
    assert scores["random"] < scores["simple"] < scores["hard"]
    assert scores["random"] < 75 and scores["hard"] > 99
