"""The simulator's speed layer (flip7_fast) plays exactly the game the rules engine plays."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engines.flip7 import HIT, ai, new_game, picks
from engines.flip7.actions import PLAYER_CHOICES
from engines.flip7.effects import NOT_CHOSEN, Pick, Resolve, StealPick, SwapPick
from engines.flip7.game import Flip7Game
from engines.flip7.table import BUSTED, shuffle
from engines.flip7_fast import game as speed
from engines.flip7_fast.game import FastGame, new_fast_game
from engines.flip7_fast.simulate import busts_and_flip7s, play_fast, play_plain

CONSISTENCY_GAMES = 600  # every player count, brutal or not, both goals: ~85 times each


def normal(game: Flip7Game) -> dict[str, Any]:
    """Everything that is game state (the saved form, less the counts of accepted moves and
    turns begun, which the speed layer does not keep) and the sums the AI trusts."""
    state = game.to_dict()
    del state["epoch"], state["turns"]
    state["sums"] = (
        game.mask,
        game.nums,
        game.numsum,
        game.halves,
        game.minus,
        game.unseen,
        game.unseen_points,
        game.unseen_others,
        game.best_total,
    )
    return state


def play_both(seed: int, players: int, brutal: bool, goal: int) -> int:
    """One game of random legal moves through `apply` and through the speed layer, the
    states compared at every decision; returns how many were compared."""
    names = [f"P{i}" for i in range(players)]
    rules = new_game(names, seed, goal=goal, brutal=brutal)
    fast = new_fast_game(names, seed, goal=goal, brutal=brutal)
    rng = random.Random(seed)
    compared = [0]

    def same() -> None:
        assert normal(fast) == normal(rules), (seed, compared[0])
        compared[0] += 1

    def move(seat: int) -> object:
        action = rng.choice(rules.legal_actions(seat))
        rules.apply(seat, action)
        return action

    def decide(seat: int) -> bool:
        same()
        assert rules.to_act() == [seat] and not rules.stack
        return move(seat) == HIT

    run_turns = fast.turn_runner(decide)
    while not fast.is_over:
        if fast.stack:
            same()
            seat = fast.stack[-1].seat
            fast.choose_steps([move(seat)])  # type: ignore[list-item]
        else:
            run_turns()
    same()
    assert rules.is_over and rules.winners() == fast.winners()
    return compared[0]


def test_speed_layer_plays_the_same_random_games_as_the_rules() -> None:
    compared = 0
    player_counts = (2, 3, 4, 5, 6, 8, 19)
    for game in range(CONSISTENCY_GAMES):
        players = player_counts[game % len(player_counts)]
        compared += play_both(game, players, brutal=game % 2 == 1, goal=(50, 100)[game % 3 > 0])
    assert compared > CONSISTENCY_GAMES * 20


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
def test_simulator_plays_the_games_the_bot_plays(
    players: int, brutal: bool, levels: list[str]
) -> None:
    names = [f"P{i}" for i in range(players)]
    seat_levels = [levels[p % len(levels)] for p in range(players)]
    for seed in range(12 if players < 10 else 2):
        fast = play_fast(names, seed, seat_levels, goal=150, brutal=brutal)
        plain, events = play_plain(names, seed, seat_levels, goal=150, brutal=brutal)
        assert isinstance(fast, FastGame) and fast.is_over
        assert normal(fast) == normal(plain)
        assert (fast.tally.busts, fast.tally.flip7s) == busts_and_flip7s(events)


def _plain_search(game: Flip7Game, seat: int, top: Pick, weights: list[float]) -> tuple[int, ...]:
    """The Swap/Steal/Discard search without pruning: every candidate (a Swap with no step
    taken involves the seat's own row when it has one), the first best kept."""
    brutal = game.brutal
    holders = [p for p, row in enumerate(game.rows) if row and game.status[p] != BUSTED]
    facts = {p: picks._facts(game, p) for p in holders}
    now = {p: picks._value(facts[p], -1, -1, brutal) for p in holders}
    candidates: list[tuple[float, tuple[int, ...]]] = []
    if isinstance(top, SwapPick):
        fresh = top.first == NOT_CHOSEN
        for p1 in holders if fresh else [top.first]:
            indexes = range(len(game.rows[p1])) if top.first_index < 0 else [top.first_index]
            for i1 in indexes:
                c1 = game.rows[p1][i1]
                for p2 in holders if top.second == NOT_CHOSEN else [top.second]:
                    if p2 == p1 or (fresh and p2 < p1):
                        continue
                    if fresh and seat in holders and seat not in (p1, p2):
                        continue  # the AI swaps one of its own cards when it has any
                    for i2, c2 in enumerate(game.rows[p2]):
                        value = weights[p1] * (
                            picks._value(facts[p1], c1, c2, brutal) - now[p1]
                        ) + weights[p2] * (picks._value(facts[p2], c2, c1, brutal) - now[p2])
                        candidates.append((value, (p1, i1, p2, i2)))
    else:
        steal = isinstance(top, StealPick)
        mine = picks._facts(game, seat)
        victims = [top.victim]
        if top.victim == NOT_CHOSEN:  # the leader's row (any if none), its own for a Discard
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
            if isinstance(top, Pick):
                weights = ai._weights(game, seat, game.round_scores())
                plan = picks.search_pick(game, seat, top, weights)
                assert plan == _plain_search(game, seat, top, weights)
                searched += 1
            options = game.legal_actions(seat)
            action = rng.choice(options) if rng.random() < 0.5 else ai.choose(game, seat)
            game.apply(seat, action)
    assert searched > 300


def test_shuffle_keeps_every_card_and_spreads_them_evenly() -> None:
    """The engine's shuffle (random sort keys) on piles of every small size, and a check
    that each card lands in each place about equally often."""
    rng = random.Random(7)
    for size in range(6):
        pile = list(range(size))
        shuffle(rng, pile)
        assert sorted(pile) == list(range(size))
    places: Counter[tuple[int, int]] = Counter()
    for _ in range(6000):
        pile = [0, 1, 2]
        shuffle(rng, pile)
        places.update((card, place) for place, card in enumerate(pile))
    assert all(1800 < places[(card, place)] < 2200 for card in range(3) for place in range(3))


def test_play_ai_inlined_hit_rule_and_effects_end_every_game_as_the_bot_would() -> None:
    """`FastGame.play_ai` inlines the strong AI's rule for rows of plain numbers, the
    commonest effects and a pick's steps in a row: many more AI games than above, every
    player count from 2 to 8 and both modes, must end in the same state with the same
    counts as through `choose` and `apply`."""
    levels = (["strong"], ["strong", "simple"], ["simple", "strong", "strong"])
    for seed in range(300):
        players = 2 + seed % 7
        names = [f"P{i}" for i in range(players)]
        cycle = levels[seed % len(levels)]
        seat_levels = [cycle[p % len(cycle)] for p in range(players)]
        brutal, goal = seed % 2 == 1, (100, 200)[seed % 5 == 0]
        fast = play_fast(names, seed, seat_levels, goal=goal, brutal=brutal)
        plain, events = play_plain(names, seed, seat_levels, goal=goal, brutal=brutal)
        assert normal(fast) == normal(plain), seed
        assert (fast.tally.busts, fast.tally.flip7s) == busts_and_flip7s(events), seed


def test_play_ai_odds_rule_for_rows_with_odd_cards_matches_the_ai() -> None:
    """`play_ai` also inlines the strong AI's odds rule (`ai._odds_favour_hit`) for rows
    holding Unlucky 7, Lucky 13, ÷2 or minus cards: all-strong games (every hit decided by
    the inlined rules), long enough for many such rows, in both modes, must end as through
    `choose` and `apply`."""
    for seed in range(150):
        players = 3 + seed % 4
        names = [f"P{i}" for i in range(players)]
        seat_levels = ["strong"] * players
        brutal = seed % 2 == 0
        fast = play_fast(names, 1000 + seed, seat_levels, goal=250, brutal=brutal)
        plain, events = play_plain(names, 1000 + seed, seat_levels, goal=250, brutal=brutal)
        assert normal(fast) == normal(plain), seed
        assert (fast.tally.busts, fast.tally.flip7s) == busts_and_flip7s(events), seed


def test_inlined_pick_plan_and_aim_match_the_ai_on_random_states() -> None:
    """`speed.pick_plan` (the simulator's inlined Swap/Steal/Discard search) finds the plan
    `picks.search_pick` finds with `quick_weights`, and `speed.aim_target` aims a modifier, Just
    One More! or Flip Four! where `ai.choose` does: on every such decision of games of
    random and AI moves, brutal or not, 2 to 7 players."""
    plans = aims = 0
    for seed in range(400):
        rng = random.Random(seed)
        players = rng.randint(2, 7)
        names = [f"P{i}" for i in range(players)]
        game = new_game(names, seed, brutal=rng.random() < 0.4, goal=100)
        while not game.is_over:
            (seat,) = game.to_act()
            top = game.stack[-1] if game.stack else None
            if isinstance(top, Pick):
                expected = picks.search_pick(game, seat, top, picks.quick_weights(game, seat))
                assert speed.pick_plan(game, seat, top) == expected, seed
                plans += 1
            elif isinstance(top, Resolve):
                target = speed.aim_target(game, seat, top.card)
                assert PLAYER_CHOICES[target] == ai.choose(game, seat), seed
                aims += 1
            options = game.legal_actions(seat)
            action = rng.choice(options) if rng.random() < 0.4 else ai.choose(game, seat)
            game.apply(seat, action)
    assert plans > 1500 and aims > 2000
