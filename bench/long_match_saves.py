"""A long match's saves: is a move's save at its end as quick as at its start?

    python -m bench.long_match_saves [--moves 700] [--window 50]

One Flip 7 match of six members to 1,000 points is played through the match service (no
Discord) on a SQLite file, `--moves` members' moves in all, each the strongest AI's choice
(a member stays once their round score reaches 8, so rounds are short and many). Each
move's save (the store's `save`: the match's row, its events, its replay's new move) is
timed; the medians of the first `--window` moves' saves and of the last `--window` are
printed, with the match row's `extra` column at both ends. Before issue 49 the replay's
first state and every move lived in that column, so it, and each save, grew with the
match; now the replay's rows are appended beside the events and the row stays small.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.harness import positive
from bot.core.settings import Settings
from bot.play.changes import Change
from bot.play.lobby import LobbyRequest
from bot.play.matches import MatchService
from bot.storage import MatchStatus, Storage
from bot.storage.interface import doors_of
from engines.base import GAMES
from engines.flip7.actions import STAY

PLAYERS = 6
STAY_FROM = 8  # a member stays once their round score reaches this


async def _quiet(change: Change) -> None:
    return None


class TimedSaves:
    """The store's saves, each timed from its call to its commit."""

    def __init__(self, storage: Storage) -> None:
        self.times: list[float] = []
        self._save = storage.save

        async def timed(*args: Any, **kwargs: Any) -> None:
            start = time.perf_counter()
            await self._save(*args, **kwargs)
            self.times.append(time.perf_counter() - start)

        storage.save = timed  # type: ignore[method-assign]


def _sizes(path: Path, match_id: int) -> tuple[int, int]:
    """The match row's extra and state columns, in bytes."""
    with sqlite3.connect(path) as db:
        query = "SELECT length(extra), length(state) FROM matches WHERE id = ?"
        extra, state = db.execute(query, (match_id,)).fetchone()
    return int(extra), int(state)


async def _started(matches: MatchService) -> int:
    record = await matches.open_lobby(
        LobbyRequest(
            guild_id=1,
            channel_id=10,
            game="flip7",
            host_id=100,
            host_name="m0",
            options={"goal": 1000},
        ),
    )
    for n in range(1, PLAYERS):
        await matches.act_in_lobby(record.id, 100 + n, f"m{n}", "join", _quiet)
    await matches.act_in_lobby(record.id, 100, "m0", "start", _quiet)
    return record.id


async def _move(matches: MatchService, match_id: int) -> bool:
    """One member's move; False once the match has ended."""
    record, game = await matches.current(match_id)
    assert game is not None
    seat = game.to_act()[0]
    info = GAMES["flip7"]
    action = info.choose_ai(game, seat, "simple")
    if STAY in game.legal_actions(seat) and game.round_score(seat) >= STAY_FROM:
        action = STAY
    user = record.seats[seat].user_id
    assert user is not None
    change = await matches.play(match_id, user, game.epoch(), action.code, _quiet)
    return change.record.status == MatchStatus.PLAYING


async def run(moves: int, window: int, folder: Path) -> tuple[list[float], list[tuple[int, int]]]:
    path = folder / "bench.sqlite3"
    settings = Settings(token="bench", database_path=path, ai_delay=0, game_seed=3)
    storage = await Storage.open(path, create=True)
    try:  # closed however the run ends: its reader thread would keep the process alive
        matches = MatchService(doors_of(storage), settings, time.time)
        try:
            return await _timed_match(matches, storage, path, moves, window)
        finally:
            await matches.stop()
    finally:
        await storage.close()


async def _timed_match(
    matches: MatchService, storage: Storage, path: Path, moves: int, window: int
) -> tuple[list[float], list[tuple[int, int]]]:
    match_id = await _started(matches)
    timed = TimedSaves(storage)
    sizes = []
    for made in range(1, moves + 1):
        if not await _move(matches, match_id):
            raise SystemExit(f"error: the match ended after {made} moves, before {moves}")
        if made in (window, moves):
            sizes.append(_sizes(path, match_id))
    return timed.times, sizes


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=positive, default=700)
    parser.add_argument("--window", type=positive, default=50)
    args = parser.parse_args(argv)
    if args.window * 2 > args.moves:
        parser.error(f"--window: {args.window} is more than half of --moves")
    with tempfile.TemporaryDirectory(prefix="bench-") as folder:
        times, sizes = asyncio.run(run(args.moves, args.window, Path(folder)))
    start = statistics.median(times[: args.window]) * 1000
    end = statistics.median(times[-args.window :]) * 1000
    print(f"one match of {PLAYERS} members, {args.moves} moves, each move's save timed")
    print(f"saves at its start, moves 1-{args.window}: median {start:.2f} ms")
    last = args.moves - args.window + 1
    print(f"saves at its end, moves {last}-{args.moves}: median {end:.2f} ms")
    print(f"end / start: {end / start:.2f}")
    (extra_start, state_start), (extra_end, state_end) = sizes[0], sizes[-1]
    print(f"the match row's extra column: {extra_start} bytes, then {extra_end} bytes")
    print(f"the match row's game state: {state_start} bytes, then {state_end} bytes")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
