"""Play AI-only games and print the figures the issue asks for.

    python -m engines.flip7_fast.simulate --games 2000 --players 4 --seed 1 --levels strong,simple
    python -m engines.flip7_fast.simulate --games 2000 --players 4 --seed 1 --compare

Levels are given per seat and cycle over the seats; the assignment shifts by one seat each
game so no level keeps the same seats (first-dealer luck evens out). `--compare` times the
same games through the plain rules path (`choose` + `apply`, as the bot plays) and through
the simulator's speed layer (`flip7_fast/game.py`), and checks that they end identically. Games per
second count the time spent dealing and playing; tallying the figures afterwards is not timed.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from operator import attrgetter

from engines.base import Event
from engines.flip7.ai import AI_LEVELS, choose
from engines.flip7.game import Flip7Game, new_game
from engines.flip7_fast.game import FastGame, new_fast_game


def play_plain(
    names: list[str], seed: int, seat_levels: list[str], *, goal: int = 200, brutal: bool = False
) -> tuple[Flip7Game, list[Event]]:
    """One AI-only game through `choose` and `apply`, as the bot plays it, with its events."""
    game = new_game(names, seed, goal=goal, brutal=brutal)
    events = game.opening_events()
    while acting := game.to_act():  # one seat acts at a time; none once the game is over
        (seat,) = acting
        events += game.apply(seat, choose(game, seat, seat_levels[seat]))
    return game, events


def busts_and_flip7s(events: list[Event]) -> tuple[int, int]:
    """How many rows busted and how many rounds ended in a Flip 7, from a game's events."""
    kinds = Counter(map(attrgetter("kind"), events))
    return kinds["bust"], kinds["flip7"]


def play_fast(
    names: list[str], seed: int, seat_levels: list[str], *, goal: int = 200, brutal: bool = False
) -> FastGame:
    """The same game through the speed layer: no events, hit-or-stay turns inlined."""
    game = new_fast_game(names, seed, goal=goal, brutal=brutal)
    game.play_ai([level == "strong" for level in seat_levels])
    return game


def simulate(
    games: int,
    players: int,
    seed: int,
    levels: list[str],
    *,
    goal: int = 200,
    brutal: bool = False,
    plain: bool = False,
) -> dict[str, float]:
    """Play `games` games and return the key figures. The average round score is the sum of
    the final totals over player-rounds (in brutal mode it includes the −15 swings)."""
    names = [f"AI{p + 1}" for p in range(players)]
    rounds = busts = flip7s = score_sum = 0
    wins = dict.fromkeys(levels, 0)
    seat_wins = [0] * players
    elapsed = 0.0  # dealing and playing only; tallying the figures is not timed
    for g in range(games):
        seat_levels = [levels[(p + g) % len(levels)] for p in range(players)]
        start = time.perf_counter()
        if plain:
            game, events = play_plain(names, seed + g, seat_levels, goal=goal, brutal=brutal)
            elapsed += time.perf_counter() - start
            game_busts, game_flip7s = busts_and_flip7s(events)
        else:
            game = play_fast(names, seed + g, seat_levels, goal=goal, brutal=brutal)
            elapsed += time.perf_counter() - start
            game_busts, game_flip7s = game.tally.busts, game.tally.flip7s
        busts += game_busts
        flip7s += game_flip7s
        rounds += game.round
        score_sum += sum(game.totals)
        for winner in game.winners():
            wins[seat_levels[winner]] += 1
            seat_wins[winner] += 1
    player_rounds = max(1, rounds * players)
    result = {
        "games_per_second": games / elapsed,
        "rounds_per_game": rounds / games,
        "average_round_score": score_sum / player_rounds,
        "bust_rate": busts / player_rounds,
        "flip7_rate": flip7s / max(1, rounds),
    }
    for level in dict.fromkeys(levels):
        result[f"win_rate_{level}"] = wins[level] / games
    for seat, won in enumerate(seat_wins):
        result[f"win_rate_seat_{seat + 1}"] = won / games
    return result


def _report(title: str, result: dict[str, float], levels: list[str], players: int) -> None:
    print(f"{title}: {result['games_per_second']:.0f} games/s")
    print(f"  rounds per game: {result['rounds_per_game']:.2f}")
    print(f"  average round score: {result['average_round_score']:.2f}")
    print(f"  bust rate: {result['bust_rate']:.1%}")
    print(f"  Flip 7 rate (rounds): {result['flip7_rate']:.1%}")
    for level in dict.fromkeys(levels):
        share = levels.count(level) / len(levels)
        print(f"  win rate {level}: {result[f'win_rate_{level}']:.1%} (seat share {share:.0%})")
    by_seat = "  ".join(f"{result[f'win_rate_seat_{p + 1}']:.1%}" for p in range(players))
    print(f"  win rate by seat: {by_seat}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Simulate Flip 7 games between AI seats.")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--levels", default="strong", help="comma-separated AI levels, cycled over the seats"
    )
    parser.add_argument("--goal", type=int, default=200)
    parser.add_argument("--brutal", action="store_true")
    parser.add_argument(
        "--compare", action="store_true", help="also time the plain rules path (choose + apply)"
    )
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    for level in levels:
        if level not in AI_LEVELS:
            parser.error(f"unknown level {level!r}; choose from {', '.join(AI_LEVELS)}")
    print(f"games: {args.games}  players: {args.players}  levels: {','.join(levels)}")
    options = {"goal": args.goal, "brutal": args.brutal}
    paths = [("simulator path (flip7_fast)", False)]
    if args.compare:
        paths.insert(0, ("plain rules path (choose + apply)", True))
    results = []
    for title, plain in paths:
        result = simulate(args.games, args.players, args.seed, levels, plain=plain, **options)
        results.append(result)
        _report(title, result, levels, args.players)
    if len(results) == 2:
        same = all(
            results[0][key] == results[1][key] for key in results[0] if key != "games_per_second"
        )
        print(f"both paths played the same games: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
