"""Play AI-only Sink or Swim games and print the figures that tune and check the engine and AI.

python -m engines.sink_or_swim.simulate --games 1000 --players 4 --seed 1 --levels strong,simple
"""

from __future__ import annotations

import argparse
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from engines.base import IllegalMove
from engines.sink_or_swim.ai import AI_LEVELS, choose
from engines.sink_or_swim.game import MAX_PLAYERS, MIN_PLAYERS, new_game


@dataclass
class Tally:
    """Running totals over many games."""

    games: int = 0
    score_sum: int = 0
    player_rounds: int = 0
    eliminations: int = 0
    rounds: int = 0
    tricks: int = 0
    # A shared win counts a share to each winner: floats, which Counter's type doesn't hold.
    wins: defaultdict[int, float] = field(default_factory=lambda: defaultdict(float))
    level_wins: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    level_seats: Counter[str] = field(default_factory=Counter)


def play_game(players: int, seed: int, levels: list[str], tally: Tally) -> None:
    """Play one game with the AI level of each seat and add its figures to `tally`."""
    game = new_game([f"P{i + 1}" for i in range(players)], seed)
    while not game.is_over:
        for seat in game.to_act():
            for event in game.apply(seat, choose(game, seat, levels[seat])):
                if event.kind == "eliminated":
                    tally.eliminations += 1
    outcome = game.outcome()
    assert outcome is not None
    tally.games += 1
    tally.score_sum += sum(outcome.scores)
    tally.player_rounds += players * game.rounds
    tally.rounds += game.rounds
    tally.tricks += len(game.history)
    share = 1 / len(outcome.winners)
    for seat in outcome.winners:
        tally.wins[seat] += share
        tally.level_wins[levels[seat]] += share
    for level in levels:
        tally.level_seats[level] += 1


def parse_levels(text: str, players: int) -> list[str]:
    """Levels by seat, repeated round the table ("strong,simple" alternates)."""
    given = [part.strip() for part in text.split(",") if part.strip()]
    if not given or any(level not in AI_LEVELS for level in given):
        raise IllegalMove("unknown_ai_level", level=text, levels=AI_LEVELS)
    return [given[seat % len(given)] for seat in range(players)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument(
        "--players", type=int, default=4, choices=range(MIN_PLAYERS, MAX_PLAYERS + 1)
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="strong,simple")
    args = parser.parse_args(argv)
    try:
        levels = parse_levels(args.levels, args.players)
    except IllegalMove:
        parser.error(f"--levels takes a comma list of {', '.join(AI_LEVELS)}")
    tally = Tally()
    started = time.perf_counter()
    for game_number in range(args.games):
        play_game(args.players, args.seed + game_number, levels, tally)
    elapsed = time.perf_counter() - started
    print(f"games: {tally.games} with {args.players} players, seed {args.seed}")
    print(f"games/s: {tally.games / elapsed:.1f}")
    print(f"average final score per player: {tally.score_sum / (tally.games * args.players):.2f}")
    print(f"elimination rate per player-round: {tally.eliminations / tally.player_rounds:.3f}")
    print(f"average tricks per round: {tally.tricks / tally.rounds:.2f}")
    for seat, level in enumerate(levels):
        print(f"seat {seat + 1} ({level}) win rate: {tally.wins[seat] / tally.games:.3f}")
    for level in sorted(set(levels)):
        rate = tally.level_wins[level] / tally.games
        seats = levels.count(level)
        print(f"{level}: win share {rate:.3f} over {seats} seats, {rate / seats:.3f} per seat")


if __name__ == "__main__":
    main()
