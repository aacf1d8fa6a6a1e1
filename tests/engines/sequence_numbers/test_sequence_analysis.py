"""A finished Sequence Numbers match's analysis (issue 39, item 4): each play valued against
the best play the hard AI finds, with what that play does; the steps before a play, an
exchange and a pass are not valued; and an accuracy that ranks random play (which is what
the simple AI plays: a random card on a random cell) below the strong AI, the strong below
the hard."""

from __future__ import annotations

from engines.sequence_numbers import ChooseCard, Play
from engines.sequence_numbers.analysis import judge
from tests.engines.analysis_helpers import accuracy_at

from .helpers import card_for, table

SEEDS = range(1, 9)


def _four_in_row_c():
    chips = {"C2": 0, "C3": 0, "C4": 0, "C6": 0}
    return table(hands=[[card_for("C5"), "a1", "a2", "P", "M"], []], chips=chips)


def test_g1_missing_the_winning_play_costs_the_win():
    game = _four_in_row_c()
    winning = Play(card_for("C5"), "C5")
    judged = judge(game, 0, Play("a1", "A8"))
    assert judged is not None and judged.kind == "play"
    assert judged.best == winning.code and judged.data["reason"] == "complete"
    assert judged.data["best_card"] == winning.card and judged.data["best_cell"] == "C5"
    assert judged.cost == judged.values[winning.code] - judged.values["a1.A8"] > 10_000
    assert judge(game, 0, winning).cost == 0


def test_a_step_before_the_play_is_not_valued_and_the_play_after_it_is():
    game = _four_in_row_c()
    assert judge(game, 0, ChooseCard("a1")) is None
    game.apply(0, ChooseCard("a1"))
    judged = judge(game, 0, Play("a1", "G9"))
    assert judged is not None and judged.cost > 10_000  # every play still counts


def test_accuracy_ranks_random_and_simple_below_strong_below_hard():
    scores = {
        level: accuracy_at("sequence", 2, level, SEEDS)
        for level in ("random", "simple", "strong", "hard")
    }
    assert max(scores["random"], scores["simple"]) < scores["strong"] < scores["hard"]
    assert max(scores["random"], scores["simple"]) < 60 and scores["hard"] > 99


def test_i46_7_a_play_is_ranked_among_every_play_open_to_the_seat():
    """The analysis tells a play's rank in the game's terms: of the plays the seat could
    make, how many were better (every one valued alike), never the AI's points."""
    game = _four_in_row_c()
    plays = [move for move in game.complete_moves(0) if isinstance(move, Play)]
    ranked = {play.code: judge(game, 0, play) for play in plays}
    assert all(found is not None for found in ranked.values())
    for code, found in ranked.items():
        assert found is not None and found.data["plays"] == len(plays)
        assert 0 <= found.data["better"] < len(plays)
        assert (found.data["better"] == 0) == (found.cost == 0), code
    winning = ranked[Play(card_for("C5"), "C5").code]
    assert winning is not None and winning.data["better"] == 0
    # Each play's count is the number of plays valued above it: ranks that agree.
    values = {code: found.values[code] for code, found in ranked.items() if found is not None}
    for code, found in ranked.items():
        assert found is not None
        assert found.data["better"] == sum(1 for v in values.values() if v > values[code])
