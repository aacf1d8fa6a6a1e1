"""The simulator's shortcuts play exactly the game the bot plays."""

from __future__ import annotations

import random

import pytest

from engines.flip7 import Flip7Game, ai, new_game, picks
from engines.flip7.ai import choose
from engines.flip7.game import BUSTED, DISCARD_STEP, STEAL_STEP, SWAP_STEP
from engines.flip7.simulate import play_game


@pytest.mark.parametrize(
    ("players", "brutal", "seed"), [(4, False, 1), (5, True, 2), (20, True, 3), (2, False, 4)]
)
def test_games_without_events_follow_the_same_states(players: int, brutal: bool, seed: int) -> None:
    names = [f"P{i}" for i in range(players)]
    for g in range(3):
        recorded = new_game(names, seed * 100 + g, brutal=brutal, goal=100)
        silent = new_game(names, seed * 100 + g, brutal=brutal, goal=100, record_events=False)
        assert silent.opening_events() == []
        busts = [event.kind for event in recorded.opening_events()].count("bust")
        flip7s = [event.kind for event in recorded.opening_events()].count("flip7")
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


@pytest.mark.parametrize(
    ("players", "brutal", "levels"),
    [
        (4, False, ["strong"]),
        (4, False, ["strong", "simple"]),
        (3, True, ["simple", "strong"]),
        (6, True, ["strong"]),
        (2, False, ["strong", "simple"]),
        (19, False, ["strong"]),
    ],
)
def test_simulator_fast_path_plays_the_same_games(
    players: int, brutal: bool, levels: list[str]
) -> None:
    names = [f"P{i}" for i in range(players)]
    seat_levels = [levels[p % len(levels)] for p in range(players)]
    for seed in range(12 if players < 10 else 2):
        fast = play_game(names, seed, seat_levels, goal=150, brutal=brutal)
        slow = play_game(names, seed, seat_levels, goal=150, brutal=brutal, fast=False)
        # The simulator makes moves without apply(), so only the epoch differs.
        assert {**fast.to_dict(), "epoch": 0} == {**slow.to_dict(), "epoch": 0}
        assert fast.is_over


def _plain_search(
    game: Flip7Game, seat: int, top: list[int], weights: list[float]
) -> tuple[int, ...]:
    """The Swap/Steal/Discard search without pruning: every candidate (a Swap with no step
    taken involves the seat's own row when it has one), the first best kept."""
    brutal = game.brutal
    holders = [p for p, row in enumerate(game.rows) if row and game.status[p] != BUSTED]
    facts = {p: picks._facts(game, p) for p in holders}
    now = {p: picks._value(facts[p], -1, -1, brutal) for p in holders}
    candidates: list[tuple[float, tuple[int, ...]]] = []
    if top[0] == SWAP_STEP:
        for p1 in [top[3]] if top[3] >= 0 else holders:
            for i1 in [top[4]] if top[4] >= 0 else range(len(game.rows[p1])):
                c1 = game.rows[p1][i1]
                for p2 in [top[5]] if top[5] >= 0 else holders:
                    if p2 == p1 or (top[3] < 0 and p2 < p1):
                        continue
                    if top[3] < 0 and seat in holders and seat not in (p1, p2):
                        continue  # the AI swaps one of its own cards when it has any
                    for i2, c2 in enumerate(game.rows[p2]):
                        value = weights[p1] * (
                            picks._value(facts[p1], c1, c2, brutal) - now[p1]
                        ) + weights[p2] * (picks._value(facts[p2], c2, c1, brutal) - now[p2])
                        candidates.append((value, (p1, i1, p2, i2)))
    else:
        steal = top[0] == STEAL_STEP
        mine = picks._facts(game, seat)
        victims = [top[3]]
        if top[3] < 0:  # the leader's row (any if it has none), and its own for a Discard
            victims = [p for p in holders if weights[p] == picks.LEADER_WEIGHT] or holders
            if not steal and seat in holders and seat not in victims:
                victims.append(seat)
        for p in victims:
            if steal and p == seat:
                continue
            for i, card in enumerate(game.rows[p]):
                value = weights[p] * (picks._value(facts[p], card, -1, brutal) - now[p])
                if steal:
                    value += picks._value(mine, -1, card, brutal) - picks._value(
                        mine, -1, -1, brutal
                    )
                candidates.append((value, (p, i)))
    if not candidates:
        return ()
    top_value = max(value for value, _ in candidates)
    return next(plan for value, plan in candidates if value == top_value)


def test_pruned_pick_search_finds_the_plain_search_plan() -> None:
    searched = 0
    for seed in range(150):
        rng = random.Random(seed)
        players = rng.randint(2, 7)
        game = new_game(
            [f"P{i}" for i in range(players)], seed, brutal=rng.random() < 0.4, goal=100
        )
        while not game.is_over:
            (seat,) = game.to_act()
            top = game.stack[-1] if game.stack else None
            if top is not None and top[0] in (SWAP_STEP, STEAL_STEP, DISCARD_STEP):
                weights = ai._weights(game, seat, game.round_scores())
                assert picks._search(game, seat, top, weights) == _plain_search(
                    game, seat, top, weights
                )
                searched += 1
            options = game.legal_actions(seat)
            action = rng.choice(options) if rng.random() < 0.5 else ai.choose(game, seat)
            game.apply(seat, action)
    assert searched > 300


def test_shuffle_keeps_every_card_and_spreads_them_evenly() -> None:
    """The engine's shuffle (random sort keys) on piles of every small size, and a check
    that each card lands in each place about equally often."""
    from collections import Counter

    from engines.flip7.game import _shuffle

    rng = random.Random(7)
    for size in range(6):
        pile = list(range(size))
        _shuffle(rng, pile)
        assert sorted(pile) == list(range(size))
    places: Counter[tuple[int, int]] = Counter()
    for _ in range(6000):
        pile = [0, 1, 2]
        _shuffle(rng, pile)
        places.update((card, place) for place, card in enumerate(pile))
    assert all(1800 < places[(card, place)] < 2200 for card in range(3) for place in range(3))
