"""A finished Flip 7 match's analysis (issue 39, item 4): each decision valued by the hard
AI's win model, Hit or Stay with the exact bust chance over the unseen cards, and an
accuracy that ranks random choices below the simple AI, the simple below the hard."""

from __future__ import annotations

from engines.base import analyse
from engines.flip7 import HIT, STAY, new_game
from engines.flip7.analysis import judge
from engines.flip7.cards import card_from_label
from tests.engines.analysis_helpers import accuracy_at, played

SEEDS = range(1, 13)


def test_hit_or_stay_is_valued_with_the_bust_chance_counted_by_hand():
    # alice draws 12, bob 11: 11 of the 12 twelves are unseen among 106 cards.
    game = new_game(["alice", "bob"], 1, deck=["12", "11"], dealer=1)
    judged = judge(game, 0, STAY)
    assert judged is not None and judged.kind == "hit_or_stay"
    assert judged.data["bust"] == 11 / 106 and judged.data["stay_score"] == 12
    # 12 points at the start of a game to 200: one more card is worth it, staying costs.
    assert judged.best == HIT.code and judged.cost > 0
    assert judged.cost == judged.values[HIT.code] - judged.values[STAY.code]
    assert judge(game, 0, HIT).cost == 0
    assert 12 < judged.data["hit_score"] < 12 + 13  # one more card then Stay, on average


def test_accuracy_ranks_random_below_simple_below_hard():
    scores = {
        level: accuracy_at("flip7", 3, level, SEEDS) for level in ("random", "simple", "hard")
    }
    assert scores["random"] < scores["simple"] < scores["hard"]
    assert scores["random"] < 80 and scores["hard"] > 99


def test_each_judged_step_is_a_move_of_the_seat_analysed():
    first, moves = played("flip7", 3, 1, "simple")
    judged = analyse("flip7", first, moves, 0)
    assert judged and all(moves[step - 1][0] == 0 for step, _ in judged)


def test_i46_7_a_card_aimed_at_a_player_is_named_in_the_analysis_data():
    """alice is dealt −4: whom she gives it to is valued, with the card for the words to
    name ("you chose bob for −4") and both the target and the best one as seats."""
    game = new_game(["alice", "bob"], 1, deck=["-4", "11"], dealer=1)
    decision = game.decision(0)
    assert decision is not None and decision.kind == "give_modifier"
    for option in decision.options:
        judged = judge(game, 0, option)
        assert judged is not None and judged.kind == "choose_target"
        assert judged.data["card"] == card_from_label("-4") and "bonus" not in judged.data
        assert judged.data["target"] == option.seat
        assert judged.data["best_target"] in (0, 1)
