"""AI seats: legal picks from the seat's own view, and sensible choices in plain spots."""

from __future__ import annotations

import pytest

from engines.base import IllegalMove
from engines.sink_or_swim import Pick, new_game
from engines.sink_or_swim.ai import AI_LEVELS, choose, timeout_move

from .helpers import EVEN_HANDS, NAMES3, NAMES4, ann_eliminated, play, stacked


@pytest.mark.parametrize("level", AI_LEVELS)
def test_ai_plays_whole_games_legally(level: str) -> None:
    game = new_game(NAMES3, 4)
    while not game.is_over:
        for seat in game.to_act():
            action = choose(game, seat, level)
            assert action in game.legal_actions(seat)
            game.apply(seat, action)
    outcome = game.outcome()
    assert outcome is not None and outcome.winners
    assert max(outcome.scores) == outcome.scores[outcome.winners[0]]


def test_ai_decides_from_its_own_view_only() -> None:
    # Bob's and Cid's hands differ between the games but their belt counts do not.
    other = [
        [29, 30, 31, 32, 1, 2, 3, 4, 5, 6, 7, 8],
        [33, 34, 35, 36, 9, 10, 11, 12, 57, 58, 59, 60],
    ]
    first = stacked(NAMES3, EVEN_HANDS, [2, 11])
    second = stacked(NAMES3, [EVEN_HANDS[0], *other], [2, 11])
    assert first.view(0) == second.view(0)
    for level in AI_LEVELS:
        assert choose(first, 0, level) == choose(second, 0, level)


def test_s4_strong_ai_ducks_high_tides_with_a_sure_lowest_card() -> None:
    game = stacked(NAMES3, EVEN_HANDS, [11, 12])
    assert choose(game, 1, "strong") == Pick(1)  # Bob's 1 is surely lowest: he takes nothing


def test_s4_strong_ai_grabs_a_low_tide_when_it_shows_the_highest() -> None:
    game = stacked(NAMES3, EVEN_HANDS, [9, 12, 1, 2])
    play(game, 55, 60, 5)  # Bob takes 9, Ann takes 12 and shows the highest tide
    assert game.showing(0) == 12
    assert game.view(0).known_hands[0] == (25, 26, 27, 28, 49, 50, 51, 52, 53, 54, 56)
    # Ann knows 50–56 are hers or gone, so 49 wins exactly as often as 56 and costs less.
    assert choose(game, 0, "strong") == Pick(49)


def test_ai_refuses_unknown_levels_and_idle_seats() -> None:
    game = stacked(NAMES3, EVEN_HANDS, [4, 7])
    with pytest.raises(IllegalMove) as error:
        choose(game, 0, "genius")
    assert error.value.kind == "unknown_ai_level" and error.value.data["level"] == "genius"
    for seat in range(3):
        game.apply(seat, timeout_move(game, seat))
    assert choose(game, 0) in game.legal_actions(0)


def test_s5_ai_refuses_an_eliminated_seat() -> None:
    game = ann_eliminated()
    with pytest.raises(IllegalMove) as error:
        choose(game, 0)
    assert (error.value.kind, error.value.data) == ("nothing_to_pick", {"seat": 0})


def test_ai_chooses_among_the_decision_options() -> None:
    game = new_game(NAMES4, 12)
    while not game.is_over:
        seat = game.to_act()[0]
        decision = game.decision(seat)
        assert decision is not None
        action = choose(game, seat, "strong")
        assert action in decision.options
        game.apply(seat, action)


def test_i26_s4_timeout_keeps_the_belt_when_a_card_surely_can() -> None:
    # Ann shows the highest tide, 12. Her 60 surely takes the lower tide card, 1, and the 2
    # goes to someone else, so she can't show the highest; her lowest card could leave her
    # on 12, and a belt down.
    hands = [
        [25, 26, 27, 28, 49, 50, 51, 52, 53, 54, 55, 60],
        [29, 30, 31, 32, 56, 57, 58, 59, 1, 2, 3, 4],
        EVEN_HANDS[2],
    ]
    game = stacked(NAMES3, hands, [11, 12, 1, 2])
    play(game, 55, 59, 5)  # Bob takes 11, Ann 12 and loses a belt
    assert game.showing(0) == 12 and game.belts[0] == 3
    assert timeout_move(game, 0) == Pick(60)
    play(game, 60, 29, 33)
    assert game.showing(0) == 1 and game.belts[0] == 3
