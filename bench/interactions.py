"""Drive the real bot through SimCord with many matches in play at once; time every move.

    python -m bench.interactions [--matches 300] [--channels 25] [--moves 3000] [--goal 1000]
                                 [--in-channels] [--postgresql]
                                 [--hard-matches 20] [--ai-delay 1.2] [--ai-workers N]

Each match is Flip 7 with three members, started in one of `--channels` channels and
played in a thread of its own, as a server's games are by default (with --in-channels:
each match in a channel of its own, as before threads). Moves are made round-robin across
all matches (so every match is open and interleaved), each one a real click or select on the table
message, answered by discord.py's real machinery and written to SQLite on disk (or, with
--postgresql, to a durable PostgreSQL server the bench starts on a Unix socket). The time
per move runs from the click to the bot's answer. Should every match end before `--moves`
moves were made (a low `--goal`), the run fails: it exits non-zero, never loops on.

With --hard-matches N the run has two parts, each of `--moves` moves: the members' matches
alone, then beside N tables of four hard AI seats (Sink or Swim, Sequence Numbers and
Flip 7 in turn), seated by the bot as a tournament seats its tables and playing themselves
at `--ai-delay` seconds a move in real time, their long decisions in the worker pool
(`--ai-workers`, default one fewer than the CPUs; 0: on the event loop, for comparison).
Each part prints its clicks' p50 and p99, the AI moves made meanwhile, and the event
loop's own time on AI decisions (deciding in place, or sending the state to a worker).
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import tempfile
import time
from pathlib import Path

import discord

from bench.harness import p50_p99, positive, simulated
from bench.pg import throwaway_postgres
from bot.core.settings import Settings
from bot.play.thinking import LoopTime
from bot.storage import MatchExtra, NewMatch, Seat
from tests.cogs.helpers import acting_name, components, moves_open, round_score, table_of

STAY_FROM = 20  # a member stays once their round score reaches this
HARD_GAMES = ("sinkorswim", "sequence", "flip7")  # the AI tables' games, in turn
HARD_SEATS = 4
FIRST_MOVES_LIMIT = 60.0  # seconds the AI tables may take to make their first moves


async def _one_move(channel, people, alice) -> float | None:
    """Make the acting member's move; return seconds from click to answer (None: game over)."""
    table = table_of(channel, alice)
    if not moves_open(table):
        return None
    controls = components(table)
    name = acting_name(table)
    if name not in people:  # no AI seats here, so a member is always acting
        raise RuntimeError(f"the table waits on {name!r}, who is no member of this match")
    actor = people[name]
    buttons = {c.label: c for c in controls if isinstance(c, discord.Button)}
    if "Hit" in buttons:
        stay = not buttons["Stay"].disabled and round_score(table, name) >= STAY_FROM
        start = time.perf_counter()
        result = await actor.click(table, label="Stay" if stay else "Hit")
    else:
        menu = next(c for c in controls if isinstance(c, discord.SelectMenu))
        start = time.perf_counter()
        result = await actor.select(table, [menu.options[0].value], custom_id=menu.custom_id)
    elapsed = time.perf_counter() - start
    if not result.acknowledged:
        raise RuntimeError("a move was not answered")
    return elapsed


async def _open_matches(env, host_goal: int, matches: int, channels: int | None) -> list[tuple]:
    """`matches` Flip 7 matches started through the lobby: spread over `channels` channels,
    each played in its thread, or (None) each in a channel of its own."""
    guild = env.create_guild()
    where = "thread" if channels else "channel"
    rooms = [guild.create_text_channel(f"games-{i}") for i in range(channels or matches)]
    tables = []
    for index in range(matches):
        channel = rooms[index % len(rooms)]
        people = {
            name: guild.add_member(env.create_user(name))
            for name in (f"a{index}", f"b{index}", f"c{index}")
        }
        host, *others = people.values()
        lobby = (await host.slash(channel, "flip7 start", goal=host_goal, where=where)).response
        for member in others:
            await member.click(lobby.message, label="Join")
        await host.click(lobby.message, label="Start")
        place = next((t for t in channel.threads if t.id == lobby.message.id), channel)
        tables.append((place, people, host))
    return tables


async def _play(tables: list[tuple], moves: int) -> list[float]:
    """Seconds of each of `moves` moves, made round-robin over the tables."""
    timings: list[float] = []
    while len(timings) < moves:
        before = len(timings)
        for channel, people, host in tables:
            elapsed = await _one_move(channel, people, host)
            if elapsed is not None:
                timings.append(elapsed)
        if len(timings) == before:
            raise RuntimeError(
                f"every match ended after {before} of {moves} moves: "
                "ask for fewer moves, more matches or a higher goal"
            )
    return timings


async def _deal_ai_tables(bot, env, count: int) -> list[int]:
    """`count` tables of four hard AI seats, seated and dealt by the bot (as a tournament
    deals its tables), each in a channel of its own and watched by one member, its host."""
    guild = env.create_guild()
    host = guild.add_member(env.create_user("watcher"))
    level = "hard"
    ids = []
    for index in range(count):
        game = HARD_GAMES[index % len(HARD_GAMES)]
        channel = guild.create_text_channel(f"ai-{index}")
        record = await bot.storage.create_match(
            NewMatch(
                guild_id=guild.id,
                channel_id=channel.id,
                game=game,
                host_id=host.id,
                seats=[Seat(name, ai=level) for name in ("Ada", "Bao", "Cleo", "Dan")[:HARD_SEATS]],
                options={},
                extra=MatchExtra(where="channel"),
            ),
            now=bot.clock(),
        )
        await bot.matches.deal(record.id, bot.matches.publish)
        ids.append(record.id)
    return ids


async def _ai_moves(bot, ids: list[int]) -> int:
    """The moves the AI tables have made so far (each saved move is a version)."""
    return sum(record.version for record in await bot.storage.get_matches(ids))


async def _first_moves(bot, ids: list[int]) -> None:
    """Wait until every AI table has made a move: their workers have started."""
    dealt = {record.id: record.version for record in await bot.storage.get_matches(ids)}
    waited = time.perf_counter()
    while any(r.version == dealt[r.id] for r in await bot.storage.get_matches(ids)):
        if time.perf_counter() - waited > FIRST_MOVES_LIMIT:
            raise RuntimeError("the AI tables made no move")
        await asyncio.sleep(0.05)


async def _part(bot, tables: list[tuple], moves: int) -> tuple[list[float], LoopTime]:
    """The part's click timings, and the event loop's time on AI decisions meanwhile."""
    bot.matches.ai_time_on_loop()  # counted from here
    timings = await _play(tables, moves)
    return timings, bot.matches.ai_time_on_loop()  # as it stood at the part's end


async def run(args: argparse.Namespace, channels: int | None, url: str | None = None) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-"))
    settings = Settings(
        token="bench",
        database_path=folder / "bench.sqlite3",
        database_url=url,
        ai_delay=args.ai_delay,
        ai_workers=args.ai_workers,
        turn_timeout=3600,
        card_emojis=False,  # the cards' emoji sync has its own bench (bench.card_emojis)
    )
    parts = []
    # The AI tables play in real time beside the clicks, so the bot's timers keep the wall
    # clock (SimCord's own moves only when told to).
    clock = time.time if args.hard_matches else None
    async with simulated(settings, clock) as (bot, env):
        tables = await _open_matches(env, args.goal, args.matches, channels)
        open_matches = len(await bot.storage.open_matches())
        wall = time.perf_counter()
        timings, on_loop = await _part(bot, tables, args.moves)
        wall = time.perf_counter() - wall
        if args.hard_matches:
            parts.append(("without hard AI seats", timings, on_loop, 0))
            ids = await _deal_ai_tables(bot, env, args.hard_matches)
            await _first_moves(bot, ids)
            before = await _ai_moves(bot, ids)
            beside, on_loop = await _part(bot, tables, args.moves)
            made = await _ai_moves(bot, ids) - before
            parts.append((f"beside {len(ids)} tables of four hard AI seats", beside, on_loop, made))
    report(timings, wall, open_matches, channels)
    for name, part, on_loop, ai_moves in parts:
        p50, p99 = (seconds * 1000 for seconds in p50_p99(part))
        mean = on_loop.seconds / on_loop.decisions * 1000 if on_loop.decisions else 0.0
        print(
            f"{name}: {len(part)} clicks, p50 {p50:.1f} ms, p99 {p99:.1f} ms; "
            f"AI moves meanwhile: {ai_moves}; AI decisions' time on the event loop: "
            f"{on_loop.decisions}, mean {mean:.2f} ms, longest {on_loop.longest * 1000:.2f} ms"
        )
    if url is None:
        size = settings.database_path.stat().st_size // 1024
        print(f"database: {settings.database_path} ({size} KB)")
    else:
        print("database: PostgreSQL (durable, on a Unix socket)")


def report(timings: list[float], wall: float, open_matches: int, channels: int | None) -> None:
    p50, p99 = (seconds * 1000 for seconds in p50_p99(timings))
    where = f"in threads of {channels} channels" if channels else "each in its own channel"
    print(f"matches in play at once: {open_matches} ({where})")
    print(f"moves: {len(timings)} in {wall:.2f} s -> {len(timings) / wall:.0f} moves/s")
    # SimCord runs one operation at a time, so the wall clock also holds the harness reading
    # each channel; moves per second of answering time is the bot's side alone.
    answering = len(timings) / sum(timings)
    print(f"moves per second of click-to-answer time: {answering:.0f}")
    print(f"time per move (click to answer): p50 {p50:.1f} ms, p99 {p99:.1f} ms")
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory of the whole process (bot and simulated Discord): {peak_mb:.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=positive, default=300)
    parser.add_argument(
        "--channels", type=positive, default=25, help="channels whose threads hold the matches"
    )
    parser.add_argument(
        "--in-channels", action="store_true", help="each match in a channel of its own, no threads"
    )
    parser.add_argument("--moves", type=positive, default=3000)
    parser.add_argument("--goal", type=positive, default=1000, help="each match's goal, 50-1000")
    parser.add_argument("--postgresql", action="store_true", help="on a PostgreSQL server")
    parser.add_argument(
        "--hard-matches", type=positive, default=None, help="AI tables of the second part"
    )
    parser.add_argument("--ai-delay", type=float, default=1.2, help="seconds between AI moves")
    parser.add_argument("--ai-workers", type=int, default=None, help="AI worker processes")
    args = parser.parse_args()
    if not 50 <= args.goal <= 1000:
        parser.error("--goal must be from 50 to 1000, as /flip7 start takes it")
    channels = None if args.in_channels else args.channels
    if not args.postgresql:
        asyncio.run(run(args, channels))
        return
    with throwaway_postgres() as url:
        asyncio.run(run(args, channels, url))


if __name__ == "__main__":
    main()
