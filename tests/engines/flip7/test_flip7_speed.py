"""The simulator's shortcuts play exactly the game the bot plays."""

from __future__ import annotations

import pytest

from engines.flip7 import new_game
from engines.flip7.ai import choose
from engines.flip7.simulate import play_game


@pytest.mark.parametrize(("players", "brutal", "seed"), [(4, False, 1), (5, True, 2), (20, True, 3),
                                                         (2, False, 4)])
def test_games_without_events_follow_the_same_states(players: int, brutal: bool,
                                                     seed: int) -> None:
    names = [f"P{i}" for i in range(players)]
    for g in range(3):
        recorded = new_game(names, seed * 100 + g, brutal=brutal, goal=100)
        silent = new_game(names, seed * 100 + g, brutal=brutal, goal=100, record_events=False)
        assert silent.opening_events == []
        busts = [event.kind for event in recorded.opening_events].count("bust")
        flip7s = [event.kind for event in recorded.opening_events].count("flip7")
        levels = ["strong", "simple"]
        while not recorded.is_over:
            assert silent.to_dict() == recorded.to_dict()
            assert silent.view() == recorded.view()
            (seat,) = recorded.to_act()
            level = levels[seat % 2]
            action = choose(recorded, seat, level)
            assert choose(silent, seat, level) == action
            events = recorded.apply(seat, action)
            assert silent.apply(seat, action) == []
            busts += [event.kind for event in events].count("bust")
            flip7s += [event.kind for event in events].count("flip7")
        assert silent.to_dict() == recorded.to_dict()
        assert silent.is_over
        assert (silent.stat_busts, silent.stat_flip7s) == (busts, flip7s)
        assert (recorded.stat_busts, recorded.stat_flip7s) == (busts, flip7s)


@pytest.mark.parametrize(("players", "brutal", "levels"), [
    (4, False, ["strong"]), (4, False, ["strong", "simple"]), (3, True, ["simple", "strong"]),
    (6, True, ["strong"]), (2, False, ["strong", "simple"]), (19, False, ["strong"])])
def test_simulator_fast_path_plays_the_same_games(players: int, brutal: bool,
                                                  levels: list[str]) -> None:
    names = [f"P{i}" for i in range(players)]
    seat_levels = [levels[p % len(levels)] for p in range(players)]
    for seed in range(12 if players < 10 else 2):
        fast = play_game(names, seed, seat_levels, goal=150, brutal=brutal)
        slow = play_game(names, seed, seat_levels, goal=150, brutal=brutal, fast=False)
        assert fast.to_dict() == slow.to_dict()
        assert fast.is_over
