"""Seeded matches for the analysis tests (issue 39, item 4): seat 0 plays at one level
("random": any legal option of each decision) against AI seats, and its accuracy over
them, the same way for every game with a judge."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable
from typing import Any

from engines.base import GAMES, accuracy, analyse


def played(
    key: str, players: int, seed: int, level: str, others: str = "strong"
) -> tuple[dict[str, Any], list[list[Any]]]:
    """A match's first state and moves, seat 0 at `level`, the others at `others`."""
    info = GAMES[key]
    game = info.new_game([chr(ord("a") + seat) for seat in range(players)], seed)
    first = copy.deepcopy(game.to_dict())
    pick, moves = random.Random(seed), []
    while acting := game.to_act():
        for seat in acting:
            if seat == 0 and level == "random":
                action = pick.choice(list(game.decision(seat).options))
            else:
                action = info.choose_ai(game, seat, level if seat == 0 else others)
            moves.append([seat, action.code])
            game.apply(seat, action)
    return first, moves


def accuracy_at(key: str, players: int, level: str, seeds: Iterable[int]) -> float | None:
    """Seat 0's accuracy over the seeded matches, checking each judged step is its own."""
    costs = []
    for seed in seeds:
        first, moves = played(key, players, seed, level)
        judged = analyse(key, first, moves, 0)
        assert all(1 <= step <= len(moves) for step, _ in judged)
        costs += [found.cost for _step, found in judged]
    return accuracy(costs, GAMES[key].accuracy_scale)
