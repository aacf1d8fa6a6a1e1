"""How ties are rated, four ways: openskill's Plackett-Luce given the tied ranks (the bot
before issue 46), the mean of the strict orders a tie stands for (`bot.rules.ratings`, the
bot now), and the library's two pairwise models, which rate a tie as a draw in each pair.

    python -m bench.rating_ties [--leagues 20] [--games 1500] [--seed 1]

1. New players at 2 to 8 seats, every tie of two or more seats at every place: the tied
   seats whose shown change is not between the places around them (above the place
   before, below the place after, or outside what the tie's first and last place give
   without the tie), and the ties of two equal players among others of random skill that
   leave them unequal.
2. How far one game moves ratings: an 8-seat game's winner, new players.
3. Leagues of 40 players of hidden skill playing games of 2 to 8 seats, scores rounded so
   that about a third of the games hold a tie: in the last third of each league's games,
   how often the ratings before a game order two of its players as they finished (pairs
   that did not tie), and at the end the rank correlation of ratings with hidden skill.
4. The time to rate 24 seats with a tie of five different players (120 orders), and of
   six (720, of which 120 are drawn), with how far the drawn orders' mu is from the exact.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from itertools import combinations, permutations

from openskill.models import BradleyTerryFull, PlackettLuce, ThurstoneMostellerFull

from bench.harness import p50_p99, positive
from bot.rules.ratings import Rated, Skill, rate
from engines.base import Outcome

Rater = Callable[[Sequence[Skill], Sequence[int]], list[Skill]]


def _library(model: PlackettLuce | BradleyTerryFull | ThurstoneMostellerFull) -> Rater:
    def rater(skills: Sequence[Skill], places: Sequence[int]) -> list[Skill]:
        teams = [[model.rating(s.mu, s.sigma)] for s in skills]
        rated = model.rate(teams, ranks=[float(p) for p in places])  # type: ignore[arg-type]
        return [Skill(team[0].mu, team[0].sigma) for team in rated]

    return rater


def _bot(skills: Sequence[Skill], places: Sequence[int]) -> list[Skill]:
    seats = len(places)
    outcome = Outcome((), (0,) * seats, tuple(places), tuple(range(seats)))
    return rate(outcome, [Rated("member", str(seat)) for seat in range(seats)], skills)


RATERS: dict[str, Rater] = {
    "Plackett-Luce, tied ranks (before)": _library(PlackettLuce()),
    "Plackett-Luce, mean of the tie's orders (now)": _bot,
    "BradleyTerryFull": _library(BradleyTerryFull()),
    "ThurstoneMostellerFull": _library(ThurstoneMostellerFull()),
}


def _ties(seats: int) -> list[list[int]]:
    """The places of every result of `seats` with one tie of two or more seats."""
    found = []
    for start in range(seats):
        for size in range(2, seats - start + 1):
            found.append(
                [
                    s + 1 if s < start else start + 1 if s < start + size else s + 1
                    for s in range(seats)
                ]
            )
    return found


def _misplaced(rater: Rater, places: list[int]) -> int:
    """Tied seats whose shown change is not between the places around the tie."""
    seats = len(places)
    fresh = [Skill.new()] * seats
    change = [s.shown - fresh[0].shown for s in rater(fresh, places)]
    strict = [s.shown - fresh[0].shown for s in rater(fresh, list(range(1, seats + 1)))]
    tied = [seat for seat in range(seats) if places.count(places[seat]) > 1]
    first, last = tied[0], tied[-1]
    best, worst = max(strict[first], strict[last]), min(strict[first], strict[last])
    misplaced = 0
    for seat in tied:
        above = first > 0 and change[seat] > change[first - 1]
        below = last < seats - 1 and change[seat] < change[last + 1]
        misplaced += above or below or not worst <= change[seat] <= best
    return misplaced


def _unequal(rater: Rater, rng: random.Random, cases: int) -> int:
    """Ties of two equal players among others of random skill that leave them unequal."""
    count = 0
    for _ in range(cases):
        seats = rng.randrange(3, 9)
        skills = [Skill(rng.gauss(25, 5), rng.uniform(2, 8.4)) for _ in range(seats)]
        at = rng.randrange(seats - 1)
        skills[at + 1] = skills[at]
        places = [s + 1 for s in range(seats)]
        places[at + 1] = places[at]
        after = rater(skills, places)
        count += (
            abs(after[at].mu - after[at + 1].mu) + abs(after[at].sigma - after[at + 1].sigma) > 1e-9
        )
    return count


def _every_order(skills: Sequence[Skill], places: Sequence[int]) -> list[Skill]:
    """The exact mean over every order of the tied seats (one tie), straight from the library."""
    model = PlackettLuce()
    tied = [seat for seat in range(len(places)) if places.count(places[seat]) > 1]
    sums = [[0.0, 0.0] for _ in skills]
    orders = list(permutations(tied))
    for order in orders:
        finish = sorted(
            range(len(places)),
            key=lambda seat: (places[seat], order.index(seat) if seat in order else 0),
        )
        rated = model.rate(
            [[model.rating(skills[s].mu, skills[s].sigma)] for s in finish],
            ranks=[float(r) for r in range(1, len(finish) + 1)],
        )
        for seat, (rating,) in zip(finish, rated, strict=True):
            sums[seat][0] += rating.mu
            sums[seat][1] += rating.sigma
    return [Skill(mu / len(orders), sigma / len(orders)) for mu, sigma in sums]


def _places(scores: Sequence[int]) -> list[int]:
    return [1 + sum(other > score for other in scores) for score in scores]


def _spearman(a: Sequence[float], b: Sequence[float]) -> float:
    def ranks(values: Sequence[float]) -> list[int]:
        order = sorted(range(len(values)), key=values.__getitem__)
        out = [0] * len(values)
        for rank, index in enumerate(order):
            out[index] = rank
        return out

    ra, rb = ranks(a), ranks(b)
    n = len(a)
    return 1 - 6 * sum((x - y) ** 2 for x, y in zip(ra, rb, strict=True)) / (n * (n * n - 1))


def _league(rng: random.Random, games: int) -> dict[str, tuple[int, int, float, int]]:
    """Per rater: pairs ordered right and pairs judged (last third), rank correlation, games
    with a tie."""
    players = 40
    skill = [rng.gauss(25, 25 / 3) for _ in range(players)]
    tables = []
    for _ in range(games):
        seated = rng.sample(range(players), rng.randrange(2, 9))
        scores = [int((skill[p] + rng.gauss(0, 25 / 6)) // 1) for p in seated]
        tables.append((seated, _places(scores)))
    ties = sum(len(set(places)) < len(places) for _, places in tables)
    found = {}
    for name, rater in RATERS.items():
        ratings = [Skill.new() for _ in range(players)]
        right = judged = 0
        for number, (seated, places) in enumerate(tables):
            if number >= games * 2 // 3:
                for a, b in combinations(range(len(seated)), 2):
                    if places[a] != places[b]:
                        judged += 1
                        ahead = ratings[seated[a]].mu > ratings[seated[b]].mu
                        right += ahead == (places[a] < places[b])
            after = rater([ratings[p] for p in seated], places)
            for player, new in zip(seated, after, strict=True):
                ratings[player] = new
        found[name] = (right, judged, _spearman([r.mu for r in ratings], skill), ties)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--leagues", type=positive, default=20)
    parser.add_argument("--games", type=positive, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    every_tie = [places for seats in range(2, 9) for places in _ties(seats)]
    tied_seats = sum(sum(places.count(p) > 1 for p in places) for places in every_tie)
    print(f"ties of new players at 2-8 seats: {len(every_tie)} results, {tied_seats} tied seats")
    for name, rater in RATERS.items():
        misplaced = sum(_misplaced(rater, places) for places in every_tie)
        unequal = _unequal(rater, random.Random(args.seed), 200)
        print(
            f"{name}: tied seats not between their neighbours {misplaced}; "
            f"equal tied pairs left unequal {unequal} of 200"
        )
    for name, rater in RATERS.items():
        won = rater([Skill.new()] * 8, list(range(1, 9)))[0].shown - Skill.new().shown
        print(f"{name}: an 8-seat winner's change {won}")

    rng = random.Random(args.seed)
    leagues = [_league(rng, args.games) for _ in range(args.leagues)]
    tie_share = statistics.mean(next(iter(league.values()))[3] for league in leagues) / args.games
    print(f"{args.leagues} leagues of {args.games} games, {100 * tie_share:.1f}% with a tie")
    for name in RATERS:
        right = sum(league[name][0] for league in leagues)
        judged = sum(league[name][1] for league in leagues)
        spearman = statistics.mean(league[name][2] for league in leagues)
        print(
            f"{name}: pairs ordered right {100 * right / judged:.2f}% of {judged}; "
            f"rank correlation {spearman:.3f}"
        )

    skills = [Skill(20 + seat / 2, 3 + seat / 10) for seat in range(24)]
    for size in (5, 6):
        places = [1, 2, 3] + [4] * size + list(range(4 + size, 25))
        times = []
        for _ in range(5):
            start = time.perf_counter()
            rated = _bot(skills, places)
            times.append(1000 * (time.perf_counter() - start))
        p50, p99 = p50_p99(times)
        off = max(
            abs(a.mu - b.mu) for a, b in zip(rated, _every_order(skills, places), strict=True)
        )
        print(
            f"24 seats with a tie of {size}: p50 {p50:.1f} ms, p99 {p99:.1f} ms; "
            f"mu off the exact mean by {off:.4f}"
        )


if __name__ == "__main__":
    main()
