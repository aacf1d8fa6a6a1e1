"""Standings on a big server: leaderboard, stats, trend and history queries, and what
recording a result with its ratings adds to a finishing move.

    python -m bench.standings [--matches 100000] [--members 2000] [--repeat 300]

A SQLite file (made by the bot's own migrations) is filled straight through executemany
with one server's finished matches of four seats across three games, their results,
history rows, events and rating history; then each query the cogs use is timed through
the storage on the reader connection (p50, p99). Last, `--repeat` finishing moves are saved
with their results and rating update, and as many plain moves, on the same file: the
difference of their medians is what the result and ratings add to a move.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from contextlib import closing
from pathlib import Path
from typing import Any

from bench.harness import p50_p99, positive
from bot.storage import MatchStatus, NewMatch, ResultRow, Seat, Storage
from engines.base import Event, ranked

GUILD = 1
GAMES = ("flip7", "sinkorswim", "sequence")
SEATS = 4
START = 1_600_000_000.0


def _fill(path: Path, matches: int, members: int, seed: int = 1) -> None:
    """`matches` finished matches of one server, written straight into the file."""
    rng = random.Random(seed)
    seats_json = json.dumps([Seat(f"p{s}", s).to_dict() for s in range(SEATS)])
    match_rows, result_rows, end_rows, change_rows, event_rows = [], [], [], [], []
    skills: dict[tuple[str, int], tuple[float, int, int]] = {}
    for n in range(1, matches + 1):
        game, at = GAMES[n % len(GAMES)], START + n * 60
        match_rows.append((n, GUILD, n, game, 1, "finished", 9, seats_json, "{}", at, at))
        end_rows.append((n, GUILD, game, "played", at, 1))
        players = rng.sample(range(1, members + 1), SEATS)
        scores = [rng.randrange(300) for _ in players]
        outcome = ranked([scores.index(max(scores))], scores)
        for seat, user in enumerate(players):
            won = seat in outcome.winners
            result_rows.append(
                (
                    n,
                    seat,
                    GUILD,
                    game,
                    user,
                    f"p{user}",
                    "member",
                    None,
                    None,
                    seat,
                    outcome.places[seat],
                    scores[seat],
                    won,
                    at,
                )
            )
            shown, games, wins = skills.get((game, user), (1000.0, 0, 0))
            after = shown + rng.uniform(-20, 25)
            skills[(game, user)] = (after, games + 1, wins + won)
            for season in (0, 1):
                change_rows.append(
                    (
                        n,
                        seat,
                        season,
                        GUILD,
                        game,
                        "member",
                        str(user),
                        25.0,
                        8.0,
                        25.0,
                        8.0,
                        round(shown),
                        round(after),
                        at,
                        games + 1,
                    )
                )
        event_rows += [(n, v, 0, "step", '{"seat": 0}') for v in range(1, 4)]
    rating_rows = [
        (
            GUILD,
            game,
            season,
            "member",
            str(user),
            25.0,
            8.0,
            (shown - 1000) / 40,
            games,
            wins,
            int(games >= 5),
            3,
        )
        for (game, user), (shown, games, wins) in skills.items()
        for season in (0, 1)
    ]
    with closing(sqlite3.connect(path)) as db, db:
        db.executemany(
            "INSERT INTO matches (id, guild_id, channel_id, game, host_id, status, version, "
            "seats, options, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            match_rows,
        )
        db.executemany(f"INSERT INTO results VALUES ({', '.join('?' * 14)})", result_rows)
        db.executemany(
            "INSERT INTO match_ends (match_id, guild_id, game, end_how, finished_at, season) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            end_rows,
        )
        db.executemany(f"INSERT INTO rating_changes VALUES ({', '.join('?' * 15)})", change_rows)
        db.executemany(f"INSERT INTO ratings VALUES ({', '.join('?' * 12)})", rating_rows)
        db.executemany("INSERT INTO match_events VALUES (?, ?, ?, ?, ?)", event_rows)
        db.execute("ANALYZE")


async def _time(call: Callable[[], Awaitable[Any]], repeat: int) -> tuple[float, float]:
    """p50 and p99 of `call` in milliseconds."""
    spent = []
    for _ in range(repeat):
        began = time.perf_counter()
        await call()
        spent.append((time.perf_counter() - began) * 1000)
    return p50_p99(spent)


async def _queries(storage: Storage, members: int, matches: int, repeat: int) -> None:
    standings, rng = storage.standings, random.Random(2)

    def member() -> int:
        return rng.randrange(1, members + 1)

    cases: list[tuple[str, Callable[[], Awaitable[Any]]]] = [
        ("leaderboard, page 1", lambda: standings.leaderboard(GUILD, "flip7")),
        ("leaderboard, page 20", lambda: standings.leaderboard(GUILD, "flip7", offset=190)),
        ("leaderboard, all-time", lambda: standings.leaderboard(GUILD, "flip7", season=False)),
        ("leaderboard size", lambda: standings.leaderboard_size(GUILD, "flip7")),
        ("member stats", lambda: standings.member_ratings(GUILD, member())),
        ("rating trend (10)", lambda: standings.rating_trend(GUILD, "flip7", member())),
        ("history, server page", lambda: standings.history(GUILD)),
        ("history, page 50", lambda: standings.history(GUILD, offset=490)),
        ("history, member page", lambda: standings.history(GUILD, user_id=member())),
        (
            "history, member+game",
            lambda: standings.history(GUILD, user_id=member(), game="sequence"),
        ),
        ("history size, server", lambda: standings.history_size(GUILD)),
        ("history size, member", lambda: standings.history_size(GUILD, user_id=member())),
        ("match summary", lambda: standings.match_summary(rng.randrange(1, matches + 1))),
        ("match events (story)", lambda: standings.match_events(rng.randrange(1, matches + 1))),
    ]
    print(f"{'query':28} {'p50 ms':>8} {'p99 ms':>8}")
    for name, call in cases:
        p50, p99 = await _time(call, repeat)
        print(f"{name:28} {p50:8.2f} {p99:8.2f}")


async def _finishing(storage: Storage, repeat: int, members: int) -> None:
    """A plain move against a finishing move with results and ratings, in turn."""
    rng = random.Random(3)
    plain, finishing = [], []
    for n in range(repeat):
        for finish in (False, True):
            record = await storage.create_match(
                NewMatch(
                    guild_id=GUILD,
                    channel_id=10**12 + 2 * n + finish,
                    game="flip7",
                    host_id=1,
                    seats=[],
                    options={},
                ),
                now=START,
            )
            players = rng.sample(range(1, members + 1), SEATS)
            scores = [rng.randrange(300) for _ in players]
            outcome = ranked([scores.index(max(scores))], scores)
            rows = [
                ResultRow(u, s, scores[s], s in outcome.winners, team=s, place=outcome.places[s])
                for s, u in enumerate(players)
            ]
            record.version, record.status = (
                1,
                MatchStatus.FINISHED if finish else MatchStatus.PLAYING,
            )
            began = time.perf_counter()
            await storage.save(
                record,
                expected_version=0,
                now=START + 10**7 + n,
                events=[Event("step", {"seat": 0})],
                results=rows if finish else (),
            )
            (finishing if finish else plain).append((time.perf_counter() - began) * 1000)
    base, full = statistics.median(plain), statistics.median(finishing)
    print(
        f"a plain move's save: p50 {base:.2f} ms; a finishing move with results and ratings: "
        f"p50 {full:.2f} ms; added {full - base:.2f} ms"
    )


async def run(matches: int, members: int, repeat: int) -> None:
    path = Path(tempfile.mkdtemp(prefix="bench-standings-")) / "standings.sqlite3"
    await (await Storage.open(path)).close()  # only its migrations, for _fill to write into
    began = time.perf_counter()
    _fill(path, matches, members)
    print(
        f"{matches:,} finished matches, {members:,} members: built in "
        f"{time.perf_counter() - began:.1f} s, {path.stat().st_size / 1e6:.0f} MB"
    )
    storage = await Storage.open(path)
    try:
        await _queries(storage, members, matches, repeat)
        await _finishing(storage, repeat, members)
    finally:
        await storage.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=positive, default=100_000)
    parser.add_argument("--members", type=positive, default=2_000, help=f"at least {SEATS}")
    parser.add_argument("--repeat", type=positive, default=300)
    args = parser.parse_args()
    if args.members < SEATS:
        parser.error(f"--members must be at least {SEATS}, the seats of each match")
    asyncio.run(run(args.matches, args.members, args.repeat))


if __name__ == "__main__":
    main()
