"""`/games open` on a big server: the answer's time with many open lobbies (issue 48).

    python -m bench.open_tables [--lobbies 10000] [--channels 400] [--repeat 200] [--postgresql]

The real bot runs under SimCord on a SQLite file (with --postgresql, on a durable
PostgreSQL server the bench starts on a Unix socket). One member opens a Flip 7 lobby
through the real slash command; its row is copied straight into the database as
`--lobbies` lobbies with a free seat across `--channels` channels of one server (the three
games in turn, one to three seats taken, each opened a minute after the last), plus one
full lobby for every ten, which the list must skip (on PostgreSQL the table is then vacuumed
and analysed, as autovacuum leaves it after a bulk load). Then another member asks `/games open`
`--repeat` times, and turns to the next page as often: each figure runs from the command
or click to its answer (p50, p99). Last, the listing alone (the count and one page, read
through the store) for the first page and the last.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sqlite3
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncpg

from bench.discord_delays import Delays, delayed_discord
from bench.harness import p50_p99, positive, simulated
from bench.pg import throwaway_postgres
from bot.core.settings import Settings
from bot.storage import Seat
from bot.storage.postgres.dialect import numbered
from cogs.server.open_tables import PER_PAGE
from engines.base import GAMES
from tests.cogs.helpers import components

KEYS = ("flip7", "sinkorswim", "sequence")
COPY_COLUMNS = "guild_id, host_id, status, version, options, extra, message_id, message_at, pace"
INSERT = (
    "INSERT INTO matches (channel_id, game, seats, created_at, updated_at, {columns}) "
    "SELECT ?, ?, ?, ?, ?, {columns} FROM matches WHERE id = ?"
)


def lobby_rows(
    match_id: int, lobbies: int, channels: list[int], start: float
) -> list[tuple[Any, ...]]:
    """The copies' rows: `lobbies` with a free seat, and a full one after every ten."""
    rows: list[tuple[Any, ...]] = []
    for n in range(lobbies + lobbies // 10):
        key = KEYS[n % len(KEYS)]
        full = n % 11 == 10
        taken = GAMES[key].max_players if full else 1 + n % 3
        seats = json.dumps([Seat(f"p{s}", 1000 + s).to_dict() for s in range(taken)])
        at = start + 60.0 * n
        rows.append((channels[n % len(channels)], key, seats, at, at, match_id))
    return rows


def copy_sqlite(path: Path, rows: list[tuple[Any, ...]]) -> None:
    with sqlite3.connect(path) as db:
        db.executemany(INSERT.format(columns=COPY_COLUMNS), rows)
    db.close()


async def copy_postgres(url: str, rows: list[tuple[Any, ...]]) -> None:
    db = await asyncpg.connect(url)
    try:
        async with db.transaction():
            await db.executemany(numbered(INSERT.format(columns=COPY_COLUMNS)), rows)
        await db.execute("VACUUM ANALYZE matches")  # as autovacuum does after a bulk load
    finally:
        await db.close()


def _ms(values: list[float]) -> str:
    p50, p99 = p50_p99(values)
    return f"p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms"


async def _open_and_turn(bob: Any, channel: Any, answers: list[float], turns: list[float]) -> None:
    """bob's /games open, then ▶️ on the list it answered, each timed to its answer."""
    start = time.perf_counter()
    result = await bob.slash(channel, "games open")
    answers.append(time.perf_counter() - start)
    if not result.acknowledged:
        raise RuntimeError("/games open was not answered")
    listed = [m for m in channel.history(viewer=bob) if m.flags.ephemeral][-1]
    after = next(c for c in components(listed) if str(c.emoji) == "▶️")
    start = time.perf_counter()
    turned = await bob.click(listed, custom_id=after.custom_id)
    turns.append(time.perf_counter() - start)
    if not turned.acknowledged:
        raise RuntimeError("the page turn was not answered")


async def run(
    lobbies: int, channel_count: int, repeat: int, url: str | None = None, round_trip: float = 0
) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-open-tables-") as folder:
        await _run(Path(folder), lobbies, channel_count, repeat, url, round_trip)


async def _run(
    folder: Path,
    lobbies: int,
    channel_count: int,
    repeat: int,
    url: str | None,
    round_trip: float,
) -> None:
    settings = Settings(
        token="bench",
        database_path=folder / "open.sqlite3",
        database_url=url,
        ai_delay=0,
        card_emojis=False,  # the cards' emoji sync has its own bench (bench.card_emojis)
    )
    async with simulated(settings) as (bot, env):
        guild = env.create_guild()
        channels = [guild.create_text_channel(f"t{n}") for n in range(channel_count)]
        ann, bob = (guild.add_member(env.create_user(name)) for name in ("ann", "bob"))
        await ann.slash(channels[0], "flip7 start", where="channel")
        first = await bot.storage.open_match_in_channel(channels[0].id)
        if first is None:
            raise RuntimeError("the first lobby was not opened")
        rows = lobby_rows(first.id, lobbies - 1, [c.id for c in channels], bot.clock() - 86400)
        full = len(rows) - (lobbies - 1)
        if url is None:
            copy_sqlite(settings.database_path, rows)
        else:
            await copy_postgres(url, rows)

        answers: list[float] = []
        turns: list[float] = []
        # Discord's delays put back (bench.discord_delays) from here, when asked: each call a
        # round trip, so an answer's time is what a member waits for it.
        delays = delayed_discord(env, Delays(round_trip=round_trip)) if round_trip else None
        with delays or contextlib.nullcontext():
            for _n in range(repeat):
                await _open_and_turn(bob, channels[0], answers, turns)

        places = [channel.id for channel in channels]
        most = {key: GAMES[key].max_players for key in KEYS}
        found = await bot.storage.lobbies_with_seats(guild.id, places, most, limit=PER_PAGE)
        last = (found.total - 1) // PER_PAGE * PER_PAGE
        reads: dict[str, list[float]] = {"first": [], "last": []}
        for _n in range(repeat):
            for name, offset in (("first", 0), ("last", last)):
                start = time.perf_counter()
                await bot.storage.lobbies_with_seats(
                    guild.id, places, most, offset=offset, limit=PER_PAGE
                )
                reads[name].append(time.perf_counter() - start)
    backend = "PostgreSQL" if url is not None else "SQLite"
    print(
        f"{backend}: {found.total:,} open lobbies with a free seat (and {full:,} full) "
        f"in {channel_count} channels of one server"
    )
    if round_trip:
        print(f"Discord's delays put back: a round trip of {round_trip * 1000:.0f} ms a call")
    print(f"/games open, its answer: {_ms(answers)}")
    print(f"the next page, its answer: {_ms(turns)}")
    print(f"the listing alone (count and page), first page: {_ms(reads['first'])}")
    print(f"the listing alone (count and page), last page: {_ms(reads['last'])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lobbies", type=positive, default=10_000)
    parser.add_argument("--channels", type=positive, default=400)
    parser.add_argument("--repeat", type=positive, default=200)
    parser.add_argument("--postgresql", action="store_true", help="on a PostgreSQL server")
    parser.add_argument(
        "--round-trip", type=float, default=0.0, help="Discord's delay per call, in seconds"
    )
    args = parser.parse_args()
    sizes = (args.lobbies, args.channels, args.repeat)
    if not args.postgresql:
        asyncio.run(run(*sizes, round_trip=args.round_trip))
        return
    with throwaway_postgres() as url:
        asyncio.run(run(*sizes, url, round_trip=args.round_trip))


if __name__ == "__main__":
    main()
