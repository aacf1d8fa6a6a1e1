"""The live table at scale (issue 47, item 5): how soon a saved move reaches the pages, what
an open socket costs, and whether Discord clicks slow down while pages connect.

    python -m bench.live_table [--pages 100] [--sockets 1000] [--matches 300]
                               [--moves 60] [--clicks 40] [--runs 3] [--round-trip 0.1]

The real bot under SimCord, serving the live table on a free port of 127.0.0.1. The pages
are WebSockets in a process of their own (bench.live_clients), so they never share the
bot's event loop; both read the machine's monotonic clock. Printed:

1. One match, `--pages` pages (its three members' own pages, the rest watchers'): from the
   end of each move's save (a member's click in the SimCord channel) to the change's frame
   on every page, p50 and p99.
2. `--sockets` sockets over `--matches` matches in one process (each match's three members'
   pages and watchers' pages): the same figure over `--moves` moves spread over the
   matches (made through the match service), and the bot process's memory per open socket
   (its resident memory, and the Python objects it holds, for the second half of the
   sockets: the first half drew the matches' first frames, which do not grow with pages).
3. Clicks in Discord with Discord's delays put back (`--round-trip`): a Flip 7 table's
   click-to-answer p50/p99 while nothing else happens, and while every socket of part 2
   reconnects at once (resuming after the version it saw); `--runs` pairs, the order of
   each pair swapped every run; the p99s' ratio per pair.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bench.discord_delays import DelayedDiscord, Delays, delayed_discord
from bench.harness import p50_p99, positive, simulated
from bot.core.settings import Settings
from bot.play.changes import Change
from bot.play.lobby import LobbyRequest
from cogs.desk.threads import TABLES_WHERE
from playground import serve_table_beside
from tests.cogs.games import test_flip7 as flip7
from tests.cogs.helpers import moves_open, table_of

NAMES = ("alice", "bob", "carol")
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")


async def _quiet(change: Change) -> None:
    return None


def now() -> float:
    """The machine's monotonic clock, read directly: SimCord moves `time.monotonic` for the
    bot, and the pages' process reads this same clock."""
    return time.clock_gettime(time.CLOCK_MONOTONIC)


def tracemalloc_start() -> int:
    """Start tracing the Python objects allocated from now on; the memory traced so far."""
    tracemalloc.start()
    return tracemalloc.get_traced_memory()[0]


def rss() -> int:
    """The bot process's resident memory, in bytes."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE_SIZE


class Pages:
    """The client process and its line protocol."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.opened = 0  # sockets opened so far, numbered in order from 0

    async def open(self, links: list[str]) -> int:
        """Open the sockets of `links`' pages; the number of the first."""
        first = self.opened
        answer = await self.ask({"open": [socket_url(link) for link in links]})
        self.opened += answer["ready"]
        return first

    @classmethod
    async def start(cls) -> Pages:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bench.live_clients",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            limit=2**26,
        )
        return cls(process)

    async def ask(self, command: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write((json.dumps(command) + "\n").encode())
        await self.process.stdin.drain()
        line = await self.process.stdout.readline()
        if not line:
            raise RuntimeError("the pages' process ended early")
        answer: dict[str, Any] = json.loads(line)
        return answer

    async def close(self) -> None:
        if self.process.returncode is None:
            gone = (RuntimeError, TimeoutError, BrokenPipeError, ConnectionResetError)
            with contextlib.suppress(*gone):
                await asyncio.wait_for(self.ask({"quit": True}), 10)
            if self.process.returncode is None:
                self.process.kill()
            await self.process.wait()


class Saves:
    """When each change's save ended, by match and version, on the monotonic clock."""

    def __init__(self, storage: Any) -> None:
        self.at: dict[tuple[int, int], float] = {}
        save = storage.save

        async def timed(record: Any, **kwargs: Any) -> None:
            await save(record, **kwargs)
            self.at[(record.id, record.version)] = now()

        storage.save = timed


def socket_url(link: str) -> str:
    """The page's WebSocket address from its link (…/table/m/<token> or …/table/w/<token>)."""
    base, _kind, token = link.rsplit("/", 2)
    return base.replace("http://", "ws://", 1) + f"/ws?t={token}"


async def wait_for(check: Callable[[], Awaitable[bool]], what: str, limit: float = 120) -> None:
    deadline = now() + limit
    while not await check():
        if now() > deadline:
            raise RuntimeError(f"waited {limit:.0f} s for {what}")
        await asyncio.sleep(0.02)


async def delivered(
    pages: Pages, saves: Saves, sockets: dict[int, int], versions: set[tuple[int, int]]
) -> list[float]:
    """Each (socket, change) arrival's delay after the change's save, in ms, once every
    socket has every change of its match in `versions`."""
    owed = {(s, m, v) for s, m in sockets.items() for (mm, v) in versions if mm == m}
    delays: list[float] = []

    async def all_in() -> bool:
        answer = await pages.ask({"dump": True})
        for socket, version, at in answer["arrivals"]:
            match = sockets[socket]
            if (socket, match, version) in owed:
                owed.discard((socket, match, version))
                delays.append((at - saves.at[(match, version)]) * 1000)
        return not owed

    await wait_for(all_in, "every page to have every change")
    return delays


async def _one_match(bot: Any, env: Any, server: Any, pages: Pages, count: int, moves: int) -> None:
    guild = env.create_guild()
    await TABLES_WHERE.write(bot.storage, guild.id, "channel")
    channel = guild.create_text_channel("games")
    people = {name: guild.add_member(env.create_user(name)) for name in NAMES}
    await flip7.open_table(channel, people, goal=1000)
    record = await bot.storage.open_match_in_channel(channel.id)
    links = [server.member_link(record.id, people[name].id, "en") for name in NAMES]
    links += [server.watch_link(record.id)] * max(0, count - len(links))
    base = await pages.open(links[:count])
    sockets = {base + i: record.id for i in range(count)}
    saves = Saves(bot.storage)
    made: set[tuple[int, int]] = set()
    while len(made) < moves:
        if not moves_open(table_of(channel, people["alice"])):
            raise RuntimeError("the match ended before the moves were made")
        await flip7.play_one(channel, people)
        made.add((record.id, (await bot.storage.get_match(record.id)).version))
    delays = await delivered(pages, saves, sockets, made)
    d50, d99 = p50_p99(delays)
    print(
        f"one match: {count} pages, {moves} moves; save to page p50 {d50:.1f} ms, p99 {d99:.1f} ms"
    )


async def _many_matches(
    bot: Any, server: Any, pages: Pages, sockets: int, matches: int, moves: int
) -> dict[int, int]:
    service = bot.matches
    ids = []
    for index in range(matches):
        record = await service.open_lobby(
            LobbyRequest(
                guild_id=10_000 + index,
                channel_id=20_000 + index,
                game="flip7",
                host_id=1,
                host_name="alice",
                options={"goal": 1000},
            ),
        )
        for user, name in ((2, "bob"), (3, "carol")):
            await service.act_in_lobby(record.id, user, name, "join", _quiet)
        await service.act_in_lobby(record.id, 1, "alice", "start", _quiet)
        ids.append(record.id)
    links = []
    owners = []
    for index in range(sockets):
        match = ids[index % matches]
        turn = index // matches
        if turn < 3:
            links.append(server.member_link(match, turn + 1, "en"))
        else:
            links.append(server.watch_link(match))
        owners.append(match)
    # The first half opens the matches' first frames (kept per version and seat, whatever
    # the number of pages); the second half's cost is what one more open socket holds.
    half = sockets // 2
    base = await pages.open(links[:half])
    gc.collect()
    before, traced = rss(), tracemalloc_start()
    await pages.open(links[half:])
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - traced
    tracemalloc.stop()
    per_socket = (rss() - before) / (sockets - half)
    placed = {base + i: owner for i, owner in enumerate(owners)}
    saves = Saves(bot.storage)
    made: set[tuple[int, int]] = set()
    for index in range(moves):
        match = ids[index % matches]
        record, game = await service.current(match)
        seat = game.to_act()[0]
        decision = game.decision(seat)
        option = decision.options[0]
        await service.play(match, seat + 1, game.epoch(), option.code, _quiet)
        made.add((match, record.version))
    delays = await delivered(pages, saves, placed, made)
    d50, d99 = p50_p99(delays)
    print(
        f"{sockets} sockets over {matches} matches, {moves} moves; "
        f"save to page p50 {d50:.1f} ms, p99 {d99:.1f} ms"
    )
    print(
        f"memory per open socket {per_socket / 1024:.1f} KB resident, "
        f"{held / (sockets - half) / 1024:.1f} KB of Python objects "
        f"(the last {sockets - half} of {sockets} sockets)"
    )
    return placed


async def _clicks(env: Any, bot: Any, harness: DelayedDiscord, count: int) -> list[float]:
    """`count` clicks on a Flip 7 table in SimCord: each click's time to its answer (the
    press to the clicker's own answer, Discord's delays put back), ms."""
    guild = env.create_guild()
    await TABLES_WHERE.write(bot.storage, guild.id, "channel")
    channel = guild.create_text_channel("games")
    people = {name: guild.add_member(env.create_user(name)) for name in NAMES}
    await flip7.open_table(channel, people, goal=1000)
    answers = []
    for _ in range(count):
        await flip7.play_one(channel, people)
        answers.append(harness.presses[-1].to_answer * 1000)
    return answers


async def _clicks_while_reconnecting(
    env: Any, bot: Any, harness: DelayedDiscord, pages: Pages, count: int
) -> list[float]:
    """The clicks while every socket reconnects at once, again and again until they are
    made (each time resuming after the version it saw)."""
    clicking = True
    storms: list[float] = []

    async def storm() -> None:
        while clicking:
            answer = await pages.ask({"reconnect": True})
            storms.append(answer["seconds"])

    storming = asyncio.create_task(storm())
    try:
        return await _clicks(env, bot, harness, count)
    finally:
        clicking = False
        await storming
        sockets = pages.opened
        slowest = max(storms)
        print(f"  {len(storms)} times {sockets} sockets reconnected, slowest {slowest:.2f} s")


async def run(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-"))
    settings = Settings(
        token="bench",
        database_path=folder / "bench.sqlite3",
        ai_delay=0,
        turn_timeout=3600,
        table_port=0,
        card_emojis=False,
    )
    async with simulated(settings) as (bot, env):
        server = bot.get_cog("LiveTable").server
        await serve_table_beside(bot)  # the pages are the world outside the bot
        gc.collect()
        gc.freeze()  # as `python -m bot` does once started (bot/process/app.py)
        pages = await Pages.start()
        try:
            await _one_match(bot, env, server, pages, args.pages, args.moves)
            await _many_matches(bot, server, pages, args.sockets, args.matches, args.moves)
            with delayed_discord(env, Delays(round_trip=args.round_trip)) as harness:
                ratios = []
                for run_index in range(args.runs):
                    order = ("quiet", "storm") if run_index % 2 == 0 else ("storm", "quiet")
                    p99s = {}
                    for phase in order:
                        if phase == "quiet":
                            answers = await _clicks(env, bot, harness, args.clicks)
                        else:
                            answers = await _clicks_while_reconnecting(
                                env, bot, harness, pages, args.clicks
                            )
                        a50, a99 = p50_p99(answers)
                        p99s[phase] = a99
                        print(
                            f"run {run_index + 1} {phase}: {len(answers)} clicks; "
                            f"click to answer p50 {a50:.0f} ms, p99 {a99:.0f} ms"
                        )
                    ratios.append(p99s["storm"] / p99s["quiet"])
                shown = ", ".join(f"{ratio:.2f}" for ratio in ratios)
                print(f"click p99 while reconnecting / quiet, per run: {shown}")
        finally:
            await pages.close()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.live_table", description=__doc__)
    parser.add_argument("--pages", type=positive, default=100)
    parser.add_argument("--sockets", type=positive, default=1000)
    parser.add_argument("--matches", type=positive, default=300)
    parser.add_argument("--moves", type=positive, default=60)
    parser.add_argument("--clicks", type=positive, default=40)
    parser.add_argument("--runs", type=positive, default=3)
    parser.add_argument("--round-trip", type=float, default=0.1)
    args = parser.parse_args()
    if args.sockets < args.matches:
        parser.error("--sockets must be at least --matches (a page per match)")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
