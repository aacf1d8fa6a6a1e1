"""Every registered game, Nim included, keeps the one contract: random legal play to the
end at every player count and option, only legal moves accepted, JSON round trips and
reloads that play on identically, move codes that fit a button, views that hide what they
must, an outcome that agrees with the end, words for every kind, analyses that read only
the deciding seat's view, tables within Discord's limits. A new game is checked here
without a line written for it."""

from __future__ import annotations

import random

import pytest

import tests.nim.engine  # noqa: F401  (registers Nim beside the engines' own games)
from engines.base import GAMES
from tests.conformance.contract import (
    Seen,
    check_judged,
    check_render,
    check_texts,
    check_views,
    play,
    tables,
)

SEEDS = (1,)  # each table is dealt from its own seed: this one plus its player count
STATES_CHECKED = 40  # states met in play whose views and tables are checked


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_every_game_keeps_the_contract(key, simcord_env):
    info = GAMES[key]
    renderer = simcord_env.bot.get_cog("Desk").renderers[key]
    seen = Seen()
    played = 0
    for seed in SEEDS:
        for game in tables(info, seed):
            play(info, game, seed, seen)
            played += 1
    assert played >= len(SEEDS) * (info.max_players - info.min_players + 1)
    hidden_moved = False
    kept = random.Random(key).sample(seen.states, min(STATES_CHECKED, len(seen.states)))
    for number, state in enumerate(kept):
        where = f"{key} kept state {number}"
        hidden_moved = check_views(info, state, number, where) or hidden_moved
        check_judged(info, renderer, state, number, where)
        await check_render(info, renderer, state, where)
    # A game with hidden hands has something a resample moves (a positive control).
    assert hidden_moved == info.hidden_hands
    check_texts(renderer, seen, [f"P{seat}" for seat in range(info.max_players)])
