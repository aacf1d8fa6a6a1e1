"""Flip 7's part of `bench.ai_strength`: the hard AI against stay-at-26 and against the
strong AI, two seats each, in normal and brutal mode, on the simulator's speed layer.

Stay-at-26 hits below 26 points (The Zero makes it hit) and aims its cards as the simple
AI does (at the first other player it may). Each game is dealt from its own seed (seed,
seed + 1, ...); the levels take turns round the table (hard, other, hard, other, shifted by
one seat each game) so neither side keeps the first deal. A win share is the part of the
games one of the hard seats won, with its 95 % interval (normal approximation). Every hard
decision (a hit or stay, or one step of a choice) is timed on its own.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bench.harness import p50_p99, share_interval
from engines.flip7.actions import HIT, Action
from engines.flip7.ai import choose
from engines.flip7.cards import ZERO_BIT
from engines.flip7.game import Flip7Game
from engines.flip7.table import OVER
from engines.flip7_fast.game import new_fast_game

STAY_AT = 26
SEATS = 4
OPPONENTS = ("stay-at-26", "strong")

HitRule = Callable[[Flip7Game, int], bool]
StackRule = Callable[[Flip7Game, int], Action]


def _stay_at_26(game: Flip7Game, seat: int) -> bool:
    return bool(game.mask[seat] & ZERO_BIT) or game.round_score(seat) < STAY_AT


def _level_rules(level: str, timings: list[float] | None) -> tuple[HitRule, StackRule]:
    """A level's hit rule and stack choice; with `timings`, each decision's seconds go in."""

    def stack(game: Flip7Game, seat: int) -> Action:
        return choose(game, seat, level)

    def hit(game: Flip7Game, seat: int) -> bool:
        return choose(game, seat, level) is HIT

    if timings is None:
        return hit, stack

    def timed_stack(game: Flip7Game, seat: int) -> Action:
        start = time.perf_counter()
        action = stack(game, seat)
        timings.append(time.perf_counter() - start)
        return action

    def timed_hit(game: Flip7Game, seat: int) -> bool:
        start = time.perf_counter()
        decision = hit(game, seat)
        timings.append(time.perf_counter() - start)
        return decision

    return timed_hit, timed_stack


def _rules(opponent: str, timings: list[float]) -> dict[str, tuple[HitRule, StackRule]]:
    other = (
        (_stay_at_26, _level_rules("simple", None)[1])
        if opponent == "stay-at-26"
        else _level_rules(opponent, None)
    )
    return {"hard": _level_rules("hard", timings), opponent: other}


def play(
    seed: int, levels: list[str], rules: dict[str, tuple[HitRule, StackRule]], brutal: bool
) -> int:
    """One game with `levels[seat]` at each seat; the winner's seat."""
    game = new_fast_game([f"AI{p + 1}" for p in range(len(levels))], seed, brutal=brutal)
    hits = [rules[level][0] for level in levels]
    stacks = [rules[level][1] for level in levels]
    run_turns = game.turn_runner(lambda seat: hits[seat](game, seat))
    while game.phase != OVER:
        if not game.stack:
            run_turns()
            continue
        seat = game.stack[-1].seat
        game.choose_steps([stacks[seat](game, seat)])
    return game.winner


def win_share(games: int, seed: int, opponent: str, brutal: bool) -> tuple[float, list[float]]:
    """The hard seats' win share over `games` games against `opponent`, and the seconds of
    every hard decision."""
    timings: list[float] = []
    rules = _rules(opponent, timings)
    order = ["hard", opponent] * (SEATS // 2)
    won = 0
    for g in range(games):
        levels = [order[(p + g) % SEATS] for p in range(SEATS)]
        won += levels[play(seed + g, levels, rules, brutal)] == "hard"
    return won / games, timings


def run(games: int, seed: int) -> None:
    """Print every figure: the win shares, then the decision times over all the games."""
    print(f"Flip 7, {SEATS // 2} hard seats + {SEATS // 2} others, {games} games from seed {seed}")
    timings: list[float] = []
    for brutal in (False, True):
        mode = "brutal" if brutal else "normal"
        for opponent in OPPONENTS:
            share, spent = win_share(games, seed, opponent, brutal)
            timings += spent
            print(
                f"{mode}: hard vs {opponent}: {share:.1%} win share "
                f"(95% interval ±{share_interval(share, games):.1%})"
            )
    p50, p99 = p50_p99(timings)
    print(f"hard decisions: {len(timings)}, p50 {p50 * 1000:.3f} ms, p99 {p99 * 1000:.3f} ms")
