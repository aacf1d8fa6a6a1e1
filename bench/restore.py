"""Restore many open matches at start-up; time it through to the first answered click.

    python -m bench.restore [--matches 10000] [--pace daily] [--postgresql]

The real bot runs under SimCord on a SQLite file. One Flip 7 match is played into its first
turn through real slash commands and clicks; its row is then copied into `--matches` − 1
more open matches at `--pace` (each in its own channel, each with a turn deadline within
its pace's turn time: an hour live, 24 hours daily), straight into the database. The bot
is restarted on that file, as after a crash: the figure runs from the restart (opening the
database, re-arming every match's timer) to the answer of a click on the first match's old
table message. With --postgresql the same runs on a durable
PostgreSQL server the bench starts on a Unix socket.

Memory per match: the resident memory the restart added (the restored bot beside the one
it replaced, both under SimCord), divided by the matches restored; or run it with
--matches 1 and with 10000, and divide the difference of the peaks by 9,999.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import sqlite3
import tempfile
import time
from pathlib import Path

import asyncpg
import simcord

from bench.harness import positive, simulated
from bench.pg import throwaway_postgres
from bot.core.settings import Settings
from bot.play.deadlines import SLOW_REMIND_SHARE
from bot.process.app import TabletopBot
from bot.rules.pace import PACES, SLOW, turn_seconds
from cogs.app import create_bot
from tests.cogs.helpers import acting_name, table_of

COPY_COLUMNS = (
    "guild_id, game, host_id, status, version, seats, options, state, extra, message_id, "
    "message_at, created_at, updated_at, due_kind, due_version, pace"
)
PACE = "UPDATE matches SET pace = {mark} WHERE id = {id_mark}"  # the first match's pace


def copy_match(path: Path, match_id: int, copies: int, now: float, pace: str, turn: float) -> None:
    """`copies` more matches like `match_id` at `pace`, in channels of their own, deadlines
    spread over the next `turn` seconds."""
    with sqlite3.connect(path) as db:
        db.execute(PACE.format(mark="?", id_mark="?"), (pace, match_id))
        db.executemany(
            f"INSERT INTO matches (channel_id, due_at, {COPY_COLUMNS}) "
            f"SELECT ?, ?, {COPY_COLUMNS} FROM matches WHERE id = ?",
            [(10**15 + n, now + 60 + (n * 7919) % turn, match_id) for n in range(copies)],
        )


async def copy_match_pg(
    url: str, match_id: int, copies: int, now: float, pace: str, turn: float
) -> None:
    db = await asyncpg.connect(url)
    try:
        await db.execute(PACE.format(mark="$1", id_mark="$2"), pace, match_id)
        await db.execute(
            f"INSERT INTO matches (channel_id, due_at, {COPY_COLUMNS}) "
            f"SELECT 1000000000000000 + n, $1 + 60 + (n * 7919) % $4, {COPY_COLUMNS} "
            "FROM matches, generate_series(0, $2 - 1) AS n WHERE id = $3",
            now,
            copies,
            match_id,
            int(turn),
        )
    finally:
        await db.close()


def resident_kb() -> int:
    """The process's resident memory now, in KB (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc/self/status")


async def run(matches: int, pace: str = "live", url: str | None = None) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-restore-"))
    settings = Settings(
        token="bench",
        database_path=folder / "restore.sqlite3",
        database_url=url,
        ai_delay=0,
        turn_timeout=3600,
        game_seed=2,  # a deal that opens on Hit or Stay (not an action to aim): the timed click
        card_emojis=False,  # the cards' emoji sync has its own bench (bench.card_emojis)
    )
    async with simulated(settings) as (bot, env):
        guild = env.create_guild()
        channel = guild.create_text_channel("table")
        people = {name: guild.add_member(env.create_user(name)) for name in ("ann", "bob")}
        await people["ann"].slash(channel, "flip7 start", goal=1000, where="channel")
        await people["bob"].click(table_of(channel, people["ann"]), label="Join")
        await people["ann"].click(table_of(channel, people["ann"]), label="Start")
        record = await bot.storage.open_match_in_channel(channel.id)
        if record is None:
            raise RuntimeError("the first match did not start")
        await bot.shutdown_storage()
        # Deadlines start after a slow pace's reminder lead, so no copy's reminder falls due
        # in the first minute, as at the live pace: reminders fired during the restart would
        # be timed with it, and they are the bot's work after a restore, not the restore.
        lead = (
            turn_seconds(pace, settings.turn_timeout) * SLOW_REMIND_SHARE if pace in SLOW else 0.0
        )
        turn, start = turn_seconds(pace, settings.turn_timeout) - lead, bot.clock() + lead
        if url is None:
            copy_match(settings.database_path, record.id, matches - 1, start, pace, turn)
        else:
            await copy_match_pg(url, record.id, matches - 1, start, pace, turn)
        table = table_of(channel, people["ann"])
        actor = people[acting_name(table) or "ann"]
        restarted = create_bot(settings)
        try:
            await _timed_restart(env, restarted, actor, table)
        finally:
            await restarted.shutdown_storage()
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory of the whole process (bot and simulated Discord): {peak_mb:.0f} MB")


async def _timed_restart(env: simcord.Env, restarted: TabletopBot, actor, table) -> None:
    """Restart on the filled database and click the old table; print the two times."""
    before = resident_kb()
    start = time.perf_counter()
    await env.restart_bot(restarted)
    restored = time.perf_counter() - start
    result = await actor.click(table, label="Hit")
    answered = time.perf_counter() - start
    if not result.acknowledged:
        raise RuntimeError("the click was not answered")
    added = resident_kb() - before
    briefs = await restarted.storage.open_briefs()
    paces = sorted({brief.pace for brief in briefs})
    print(f"live matches restored: {len(briefs)} (pace {', '.join(paces)})")
    print(f"restart (open the database, re-arm every timer): {restored:.2f} s")
    print(f"restart to the first answered click: {answered:.2f} s")
    print(f"memory the restart added per match: {added / len(briefs):.2f} KB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=positive, default=10_000)
    parser.add_argument("--pace", choices=PACES, default="live", help="the matches' pace")
    parser.add_argument("--postgresql", action="store_true", help="on a PostgreSQL server")
    args = parser.parse_args()
    if not args.postgresql:
        asyncio.run(run(args.matches, args.pace))
        return
    with throwaway_postgres() as url:
        asyncio.run(run(args.matches, args.pace, url))


if __name__ == "__main__":
    main()
