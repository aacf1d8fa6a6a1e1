"""Saves of many matches at once on a slow database: how long does each wait?

    python -m bench.slow_database [--matches 30] [--delay 0.05]

The slowness: every SQL call the bot makes (each `execute`, `executemany` and
`executescript` on either of its connections, BEGIN and COMMIT included) first sleeps
`--delay` seconds in the thread that runs it, through a `sqlite3.Connection` subclass
handed to `Storage.open(factory=...)`. That is a disk or a server answering each statement
50 ms late. `--matches` live Flip 7 matches are set up in a SQLite file, then one move's
save of each (new state, events, deadline: what `MatchService.play` writes) is issued at
the same moment; each save's time runs from its call to its commit.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.harness import positive
from bot.storage import Deadline, MatchStatus, NewMatch, Seat, Storage
from engines.base import GAMES, Event


def slow_connection(delay: float) -> type[sqlite3.Connection]:
    """A connection class whose every statement takes `delay` seconds longer."""

    class SlowConnection(sqlite3.Connection):
        def execute(self, *args: Any, **kwargs: Any) -> sqlite3.Cursor:
            time.sleep(delay)
            return super().execute(*args, **kwargs)

        def executemany(self, *args: Any, **kwargs: Any) -> sqlite3.Cursor:
            time.sleep(delay)
            return super().executemany(*args, **kwargs)

        def executescript(self, *args: Any, **kwargs: Any) -> sqlite3.Cursor:
            time.sleep(delay)
            return super().executescript(*args, **kwargs)

    return SlowConnection


async def live_matches(storage: Storage, count: int) -> list[Any]:
    """`count` Flip 7 matches in play, one per channel."""
    info = GAMES["flip7"]
    records = []
    for index in range(count):
        seats = [Seat(f"p{index}-{n}", 1000 * index + n) for n in range(3)]
        record = await storage.create_match(
            NewMatch(
                guild_id=1,
                channel_id=100 + index,
                game="flip7",
                host_id=seats[0].user_id or 0,
                seats=seats,
                options={"goal": 200},
            ),
            now=0.0,
        )
        game = info.new_game([s.name for s in seats], index)
        record.status, record.version, record.state = MatchStatus.PLAYING, 1, game.to_dict()
        await storage.save(record, expected_version=0, now=1.0)
        records.append(record)
    return records


async def timed_save(storage: Storage, record: Any) -> float:
    start = time.perf_counter()
    expected = record.version
    record.version += 1
    await storage.save(
        record,
        expected_version=expected,
        now=2.0,
        events=[Event("flip", {"seat": 0, "card": 7}), Event("turn", {"seat": 1})],
        deadline=Deadline(record.id, "turn", record.version, 92.0),
    )
    return time.perf_counter() - start


async def saves_at_once(path: Path, matches: int, delay: float) -> list[float]:
    """Seconds each of `matches` simultaneous saves took, on a database `delay` s slow."""
    storage = await Storage.open(path, create=True)
    try:
        records = await live_matches(storage, matches)
    finally:
        await storage.close()
    slow = await Storage.open(path, factory=slow_connection(delay))
    try:
        return list(await asyncio.gather(*(timed_save(slow, r) for r in records)))
    finally:
        await slow.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=positive, default=30)
    parser.add_argument("--delay", type=float, default=0.05, help="seconds, from 0")
    args = parser.parse_args()
    if args.delay < 0:
        parser.error("--delay must be 0 seconds or more")
    path = Path(tempfile.mkdtemp(prefix="bench-slow-")) / "slow.sqlite3"
    times = asyncio.run(saves_at_once(path, args.matches, args.delay))
    delay_ms = args.delay * 1000
    print(f"{len(times)} saves of {len(times)} matches at once, {delay_ms:.0f} ms/statement")
    print(
        f"max {max(times):.2f} s, p50 {statistics.median(times):.2f} s, "
        f"all within 3 s: {max(times) < 3}"
    )


if __name__ == "__main__":
    main()
