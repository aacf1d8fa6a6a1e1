"""A queue's answer and its seating on a busy server: `/games queue` timed from the slash
command to its private answer, on one server holding 10,000 open lobbies and 1,000 members
waiting in its queues.

    python -m bench.queue_seating [--lobbies 10000] [--queued 1000] [--tables 50] [--postgresql]

The real bot runs under SimCord on a fresh database (SQLite, or with --postgresql a durable
PostgreSQL server). The lobbies (spread over 100 channels, each with a seated host) and the
waiting members (in the server's Flip 7 and Sequence Numbers queues, at every pace) are
written straight in. Then members queue for Sink or Swim, three to a table: the first two
get where they stand (the answer), the third opens the table, seats the three, posts it and
mentions them in the queue channel (a seating), all before the third one's answer; `--tables`
tables are seated so. Each is timed from the slash command until SimCord has the answer and
the bot is idle again (wall clock; SimCord answers every call at once, so Discord's round
trips, about four for a seating, come on top; SimCord's own bookkeeping grows with the
members and messages it holds, and is in these figures). Discord's delays are not put back
here (bench.discord_delays): with them SimCord lets the table's one-minute wait for Ready
run out in real time.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from bench.harness import p50_p99, positive, simulated
from bench.pg import throwaway_postgres
from bot.core.settings import Settings
from bot.rules.pace import PACES
from bot.rules.queue import SIZES_KEY
from bot.storage import MatchExtra, NewMatch, Seat
from bot.storage.base import match_insert
from bot.storage.doors import SERVER
from cogs.desk.threads import TABLES_WHERE

LOBBY_CHANNELS = 100
FIRST_MEMBER = 10_000_000  # the members written straight in: ids apart from SimCord's
WAITING_GAMES = ("flip7", "sequence")


async def _fill(bot, guild_id: int, lobbies: int, queued: int) -> None:
    """The server's open lobbies and waiting members, written straight into the database."""
    storage = bot.storage
    now = bot.clock()
    rows = []
    sql = ""
    for n in range(lobbies):
        host = FIRST_MEMBER + n
        sql, params = match_insert(
            NewMatch(
                guild_id=guild_id,
                channel_id=1_000 + n % LOBBY_CHANNELS,
                game=("flip7", "sinkorswim", "sequence")[n % 3],
                host_id=host,
                seats=[Seat(name=f"host{n}", user_id=host)],
                options={},
                deadline_at=now + 3600,
                pace=PACES[n % len(PACES)],
                extra=MatchExtra(where="channel"),
            ),
            now,
        )
        rows.append(tuple(params))
    await storage._apply_all([(sql, rows)])
    entries = [
        (
            guild_id,
            WAITING_GAMES[n % 2],
            FIRST_MEMBER + lobbies + n,
            f"waiting{n}",
            PACES[(n // 2) % len(PACES)],
            now + n * 0.001,
            now + 1800,
        )
        for n in range(queued)
    ]
    await storage._apply_all(
        [
            (
                "INSERT INTO queue_entries (guild_id, game, user_id, name, pace, joined_at, "
                "expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                entries,
            )
        ]
    )
    # The waiting queues are kept from filling: their tables seat more than wait in them.
    await storage.set_scoped(SERVER, guild_id, SIZES_KEY, {"flip7": 24, "sequence": 4})


async def run(lobbies: int, queued: int, tables: int, url: str | None = None) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-queue-"))
    settings = Settings(
        token="bench",
        database_path=folder / "queue.sqlite3",
        database_url=url,
        ai_delay=0,
        card_emojis=False,
        channel_match_limit=500,
    )
    async with simulated(settings) as (bot, env):
        guild = env.create_guild()
        asked_in = guild.create_text_channel("lobby")
        table_channel = guild.create_text_channel("queue-tables")
        start = time.perf_counter()
        await _fill(bot, guild.id, lobbies, queued)
        filled = time.perf_counter() - start
        await bot.storage.set_scoped(SERVER, guild.id, "queue_channel", table_channel.id)
        await TABLES_WHERE.write(bot.storage, guild.id, "channel")
        people = [guild.add_member(env.create_user(f"m{n}")) for n in range(3 * tables)]
        answers: list[float] = []
        seatings: list[float] = []
        for n, person in enumerate(people):
            begun = time.perf_counter()
            result = await person.slash(asked_in, "games queue", game="sinkorswim", pace="live")
            took = (time.perf_counter() - begun) * 1000
            if not result.acknowledged:
                raise RuntimeError("a /games queue was not answered")
            (seatings if n % 3 == 2 else answers).append(took)
        opened = await bot.matches.reads.open_matches_in_channel(table_channel.id)
        if len(opened) != tables:
            raise RuntimeError(f"{len(opened)} tables opened of {tables}")
        still_open = sum(count for _game, _pace, count in await bot.storage.open_counts())
        waiting = len(await bot.storage.every_queue_entry())
    backend = "PostgreSQL" if url else "SQLite"
    print(
        f"{backend}: {still_open} open matches and {waiting} queued members in one server "
        f"(written in {filled:.1f} s)"
    )
    a50, a99 = p50_p99(answers)
    s50, s99 = p50_p99(seatings)
    print(f"/games queue answers: {len(answers)}, p50 {a50:.1f} ms, p99 {a99:.1f} ms")
    print(
        f"seatings (the answer that opens a table): {len(seatings)}, "
        f"p50 {s50:.1f} ms, p99 {s99:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lobbies", type=positive, default=10_000)
    parser.add_argument("--queued", type=positive, default=1_000)
    parser.add_argument("--tables", type=positive, default=50)
    parser.add_argument("--postgresql", action="store_true", help="on a PostgreSQL server")
    args = parser.parse_args()
    sizes = (args.lobbies, args.queued, args.tables)
    if not args.postgresql:
        asyncio.run(run(*sizes))
        return
    with throwaway_postgres() as url:
        asyncio.run(run(*sizes, url))


if __name__ == "__main__":
    main()
