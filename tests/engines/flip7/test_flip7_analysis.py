"""A finished Flip 7 match's analysis (issue 39, item 4): each decision valued by the hard
AI's win model, Hit or Stay with the exact bust chance over the unseen cards, and an
accuracy that ranks random choices below the simple AI, the simple below the hard."""

from __future__ import annotations

import copy
import random

from engines.base import GAMES, accuracy, analyse
from engines.flip7 import HIT, STAY, new_game
from engines.flip7.analysis import ACCURACY_SCALE, judge

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


def _played(seed: int, level: str) -> tuple[dict, list[list]]:
    """Seat 0 plays at `level` ("random": any legal choice), the others strong."""
    info = GAMES["flip7"]
    game = info.new_game(["a", "b", "c"], seed)
    first = copy.deepcopy(game.to_dict())
    pick, moves = random.Random(seed), []
    while acting := game.to_act():
        for seat in acting:
            if seat == 0 and level == "random":
                action = pick.choice(list(game.decision(seat).options))
            else:
                action = info.choose_ai(game, seat, level if seat == 0 else "strong")
            moves.append([seat, action.code])
            game.apply(seat, action)
    return first, moves


def test_accuracy_ranks_random_below_simple_below_hard():
    scores = {}
    for level in ("random", "simple", "hard"):
        costs = []
        for seed in SEEDS:
            first, moves = _played(seed, level)
            judged = analyse("flip7", first, moves, 0)
            assert all(1 <= step <= len(moves) and moves[step - 1][0] == 0 for step, _ in judged)
            costs += [found.cost for _step, found in judged]
        scores[level] = accuracy(costs, ACCURACY_SCALE)
    assert scores["random"] < scores["simple"] < scores["hard"]
    assert scores["random"] < 80 and scores["hard"] > 99
