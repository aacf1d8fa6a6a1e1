"""AI-only games: `python -m engines.sequence_numbers.simulate --games N --players P --seed S`
(`--teams 3` for three teams of two, `--sequences 1|2` for the G1 house option).

Prints games per second, turns per game, the drawn-game rate and each AI level's win rate
(seats rotate through the levels given with --levels, so every level sits in every seat).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from engines.sequence_numbers.ai import AI_LEVELS, choose
from engines.sequence_numbers.game import new_game


def play_one(
    players: int,
    levels: list[str],
    seed: int,
    teams: int | None = None,
    sequences: int | None = None,
) -> tuple:
    """One game; returns (seat levels, winning seats, turns taken)."""
    names = [f"P{i + 1}" for i in range(players)]
    game = new_game(names, seed, teams=teams, sequences=sequences)
    seat_levels = [levels[(seat + seed) % len(levels)] for seat in range(players)]
    while not game.is_over:
        seat = game.turn
        game.apply(seat, choose(game, seat, seat_levels[seat]))
    return seat_levels, game.winners(), game.turns


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--teams", type=int, default=None, help="2 or 3 teams with 6 players")
    parser.add_argument("--sequences", type=int, default=None, help="1 or 2 to win (G1 option)")
    parser.add_argument(
        "--levels", default="strong,simple", help=f"comma-separated, from {', '.join(AI_LEVELS)}"
    )
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    wins: Counter[str] = Counter()
    seats: Counter[str] = Counter()
    turns = draws = 0
    start = time.perf_counter()
    for game_no in range(args.games):
        seat_levels, winners, taken = play_one(
            args.players, levels, args.seed + game_no, args.teams, args.sequences
        )
        turns += taken
        draws += not winners
        seats.update(seat_levels)
        # a team win counts once per level among the winning seats
        wins.update(set(seat_levels[seat] for seat in winners))
    elapsed = time.perf_counter() - start
    games = max(args.games, 1)
    print(f"games: {args.games}  players: {args.players}  seed: {args.seed}")
    print(f"games/s: {args.games / elapsed:.1f}")
    print(f"turns per game: {turns / games:.1f}")
    print(f"draws: {draws / games:.1%}")
    for level in dict.fromkeys(levels):
        print(f"{level}: win rate {wins[level] / games:.1%} ({seats[level]} seats)")


if __name__ == "__main__":
    main()
