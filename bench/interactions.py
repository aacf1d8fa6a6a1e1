"""Drive the real bot through SimCord with many matches in play at once; time every move.

    python -m bench.interactions [--matches 120] [--moves 3000] [--postgresql]

Each match is Flip 7 with three members. Moves are made round-robin across all matches
(so every match is open and interleaved), each one a real click or select on the table
message, answered by discord.py's real machinery and written to SQLite on disk (or, with
--postgresql, to a durable PostgreSQL server the bench starts on a Unix socket). The time
per move runs from the click to the bot's answer.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import statistics
import tempfile
import time
from pathlib import Path

import discord
import simcord

from bench.pg import throwaway_postgres
from bot.app import create_bot
from bot.settings import Settings
from tests.cogs.helpers import acting_name, components, table_of


async def _one_move(channel, people, alice) -> float | None:
    """Make the acting member's move; return seconds from click to answer (None: game over)."""
    table = table_of(channel, alice)
    controls = components(table)
    if not controls:
        return None
    name = acting_name(table)
    assert name is not None  # no AI seats here, so a member is always acting
    actor = people[name]
    buttons = {c.label: c for c in controls if isinstance(c, discord.Button)}
    start = time.perf_counter()
    if "Hit" in buttons:
        label = "Stay" if not buttons["Stay"].disabled and _stays(table, name) else "Hit"
        result = await actor.click(table, label=label)
    else:
        menu = next(c for c in controls if isinstance(c, discord.SelectMenu))
        result = await actor.select(table, [menu.options[0].value], custom_id=menu.custom_id)
    elapsed = time.perf_counter() - start
    if not result.acknowledged:
        raise RuntimeError("a move was not answered")
    return elapsed


def _stays(table: discord.Message, name: str) -> bool:
    for field in table.embeds[0].fields:
        if f"{name} ·" in field.name:
            score = int(field.value.split("this round **")[1].split("**")[0])
            return score >= 20
    return False


async def run(matches: int, moves: int, url: str | None = None) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-"))
    settings = Settings(
        token="bench",
        database_path=folder / "bench.sqlite3",
        database_url=url,
        ai_delay=0,
        turn_timeout=3600,
    )
    bot = create_bot(settings)
    async with simcord.run(bot) as env:
        guild = env.create_guild()
        tables = []
        for index in range(matches):
            channel = guild.create_text_channel(f"table-{index}")
            people = {
                name: guild.add_member(env.create_user(name))
                for name in (f"a{index}", f"b{index}", f"c{index}")
            }
            host, *others = people.values()
            await host.slash(channel, "flip7 start", goal=1000)
            for member in others:
                await member.click(table_of(channel, host), label="Join")
            await host.click(table_of(channel, host), label="Start")
            tables.append((channel, people, host))
        open_matches = len(await bot.storage.open_matches())
        timings: list[float] = []
        wall = time.perf_counter()
        while len(timings) < moves:
            for channel, people, host in tables:
                elapsed = await _one_move(channel, people, host)
                if elapsed is not None:
                    timings.append(elapsed)
        wall = time.perf_counter() - wall
        await bot.shutdown_storage()
    timings.sort()
    p50 = statistics.median(timings) * 1000
    p99 = timings[int(len(timings) * 0.99) - 1] * 1000
    print(f"matches in play at once: {open_matches}")
    print(f"moves: {len(timings)} in {wall:.2f} s -> {len(timings) / wall:.0f} moves/s")
    # SimCord runs one operation at a time, so the wall clock also holds the harness reading
    # each channel; moves per second of answering time is the bot's side alone.
    answering = len(timings) / sum(timings)
    print(f"moves per second of click-to-answer time: {answering:.0f}")
    print(f"time per move (click to answer): p50 {p50:.1f} ms, p99 {p99:.1f} ms")
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory of the whole process (bot and simulated Discord): {peak_mb:.0f} MB")
    if url is None:
        size = settings.database_path.stat().st_size // 1024
        print(f"database: {settings.database_path} ({size} KB)")
    else:
        print("database: PostgreSQL (durable, on a Unix socket)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=120)
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--postgresql", action="store_true", help="on a PostgreSQL server")
    args = parser.parse_args()
    if not args.postgresql:
        asyncio.run(run(args.matches, args.moves))
        return
    with throwaway_postgres() as url:
        asyncio.run(run(args.matches, args.moves, url))


if __name__ == "__main__":
    main()
