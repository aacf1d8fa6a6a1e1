"""Play AI-only games and print the figures the issue asks for.

    python -m engines.flip7.simulate --games 1000 --players 4 --seed 1 --levels strong,simple

Levels are given per seat and cycle over the seats; the assignment shifts by one seat each
game so no level keeps the same seats (first-dealer luck evens out).
"""

from __future__ import annotations

import argparse
import time

from engines.base import Event
from engines.flip7.ai import AI_LEVELS, _simple_choice, _strong_choice, choose, hit_rule
from engines.flip7.game import DISCARD_STEP, OVER, SWAP_STEP, Flip7Game, new_game
from engines.flip7.picks import pick_steps


def play_game(
    names: list[str],
    seed: int,
    seat_levels: list[str],
    *,
    goal: int = 200,
    brutal: bool = False,
    fast: bool = True,
) -> Flip7Game:
    """One AI-only game to its end. `fast` records no events and plays hit-or-stay turns
    through `hit_rule` and the engine's `turn_runner`; otherwise every move goes through `choose`
    and `apply` as the bot does. Both play the same game (a test compares them)."""
    if not fast:
        game = new_game(names, seed, goal=goal, brutal=brutal)
        while not game.is_over:
            (seat,) = game.to_act()
            game.apply(seat, choose(game, seat, seat_levels[seat]))
        return game
    sink: list[Event] = []  # stays empty: the game records no events
    game = new_game(names, seed, goal=goal, brutal=brutal, record_events=False)
    strong = [level == "strong" for level in seat_levels]
    run_turns = game.turn_runner(hit_rule(game, strong))
    stack = game.stack
    stack_options, choose_step, run = game._stack_options, game._choose, game._run
    while game.phase != OVER:
        if stack:
            # What choose() and apply() do for a stack choice, without their checks: the
            # decider is the top entry's seat and the AI picks one of the options.
            top = stack[-1]
            seat = top[1]
            if strong[seat] and SWAP_STEP <= top[0] <= DISCARD_STEP:
                # The strong AI answers every step of a Swap/Steal/Discard from one plan, and
                # the engine would only stop between them (or take a forced step, which the
                # plan takes too): the steps go in a row.
                game._options = None
                for action in pick_steps(game, seat, top):
                    choose_step(top, action, sink)
            else:
                options = stack_options()
                action = (
                    _strong_choice(game, seat, options)
                    if strong[seat]
                    else _simple_choice(seat, options)
                )
                game._options = None
                choose_step(top, action, sink)
            run(sink)
        else:
            run_turns()
    return game


def simulate(
    games: int, players: int, seed: int, levels: list[str], *, goal: int = 200, brutal: bool = False
) -> dict[str, float]:
    """Play `games` games and return the key figures. The average round score is the sum of
    the final totals over player-rounds (in brutal mode it includes the −15 swings)."""
    names = [f"AI{p + 1}" for p in range(players)]
    rounds = busts = flip7s = score_sum = 0
    wins = dict.fromkeys(levels, 0)
    seat_wins = [0] * players
    start = time.perf_counter()
    for g in range(games):
        seat_levels = [levels[(p + g) % len(levels)] for p in range(players)]
        game = play_game(names, seed + g, seat_levels, goal=goal, brutal=brutal)
        busts += game.stat_busts
        flip7s += game.stat_flip7s
        rounds += game.round
        score_sum += sum(game.totals)
        for winner in game.winners():
            wins[seat_levels[winner]] += 1
            seat_wins[winner] += 1
    elapsed = time.perf_counter() - start
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
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    for level in levels:
        if level not in AI_LEVELS:
            parser.error(f"unknown level {level!r}; choose from {', '.join(AI_LEVELS)}")
    result = simulate(
        args.games, args.players, args.seed, levels, goal=args.goal, brutal=args.brutal
    )
    print(f"games: {args.games}  players: {args.players}  levels: {','.join(levels)}")
    print(f"games/s: {result['games_per_second']:.0f}")
    print(f"rounds per game: {result['rounds_per_game']:.2f}")
    print(f"average round score: {result['average_round_score']:.2f}")
    print(f"bust rate: {result['bust_rate']:.1%}")
    print(f"Flip 7 rate (rounds): {result['flip7_rate']:.1%}")
    for level in dict.fromkeys(levels):
        share = levels.count(level) * args.players / len(levels) / args.players
        print(f"win rate {level}: {result[f'win_rate_{level}']:.1%} (seat share {share:.0%})")
    by_seat = "  ".join(f"{result[f'win_rate_seat_{p + 1}']:.1%}" for p in range(args.players))
    print(f"win rate by seat: {by_seat}")


if __name__ == "__main__":
    main()
