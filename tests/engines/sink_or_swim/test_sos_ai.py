"""AI seats: legal picks from the seat's own view, and sensible choices in plain spots."""

from __future__ import annotations

import pytest

from engines.base import IllegalMove
from engines.sink_or_swim import Pick, new_game
from engines.sink_or_swim.ai import AI_LEVELS, choose

from .helpers import EVEN_HANDS, NAMES3, play, stacked


@pytest.mark.parametrize("level", AI_LEVELS)
def test_ai_plays_whole_games_legally(level: str) -> None:
    game = new_game(NAMES3, 4)
    while not game.is_over:
        for seat in game.to_act():
            action = choose(game, seat, level)
            assert action in game.legal_actions(seat)
            game.apply(seat, action)
    assert game.winners()


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
    # Ann knows 50–56 are hers or gone, so 49 wins exactly as often as 56 and costs less.
    assert choose(game, 0, "strong") == Pick(49)


def test_ai_refuses_unknown_levels_and_idle_seats() -> None:
    game = stacked(NAMES3, EVEN_HANDS, [4, 7])
    with pytest.raises(IllegalMove, match="Unknown AI level"):
        choose(game, 0, "genius")
    for seat in range(3):
        game.apply(seat, game.timeout_action(seat))
    assert choose(game, 0) in game.legal_actions(0)
