"""`python -m tests.service.fake_discord`: `python -m bot` itself, with Discord replaced by
SimCord's simulated one. Everything of `bot.process.start.main` runs as a host runs it: settings
from the environment, logging (LOG_FORMAT), the database check and its lock, the entry
point, the health server, the signal handling and the graceful stop; only the bot's
connection (`TabletopBot.start`) attaches to SimCord instead of Discord's gateway.

Driven through stdin, one JSON object a line; it reports on stdout, one JSON line each:

    {"op": "game"}           a whole Flip 7 game in #games -> {"answer": n, "made": moves}
    {"op": "burst", "matches": k}
                             k Flip 7 tables in k channels -> {"answer": n, "versions": ...},
                             then click after click on each in turn, without end, each
                             reported as {"sent": match} and then {"told": "made" |
                             "restarting" | "closed" | "other", "match": match}; the
                             burst ends at the first click not made

and {"ready": true, "health_port": port} once connected. The exit code is main's.
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from typing import Any

import simcord

from bot.process import start as bot_main
from bot.process.app import TabletopBot
from cogs.app import draw_every_card
from cogs.wording.replies import RESTARTING
from tests.cogs.helpers import acting_name, buttons, moves_open, round_score, selects, table_of
from tests.conftest import NAMES, tables_in_channels

GOAL = 200  # points a burst's games play to: long enough to outlast the burst
BURST_END = 5.0  # seconds a burst may take to read its last answers once the bot closed


def say(**line: Any) -> None:
    print(json.dumps(line), flush=True)


def commands(loop: asyncio.AbstractEventLoop, queue: asyncio.Queue[dict[str, Any]]) -> None:
    for text in sys.stdin:
        loop.call_soon_threadsafe(queue.put_nowait, json.loads(text))


async def click_once(channel: Any, people: dict[str, Any]) -> Any:
    """The acting member's sensible move from the table's own controls; its result."""
    table = table_of(channel, next(iter(people.values())))
    actor = people[acting_name(table) or ""]
    shown = buttons(table)
    if "Hit" in shown:
        stay_ok = not shown["Stay"].disabled
        label = "Stay" if stay_ok and round_score(table, actor.name) >= 18 else "Hit"
        return await actor.click(table, label=label)
    (menu,) = selects(table)
    return await actor.select(table, [menu.options[0].value], custom_id=menu.custom_id)


def told(result: Any) -> str:
    if result.acknowledged and not result.ephemeral:
        return "made"  # the table was redrawn with the move, in public
    content = result.response.content if result.response is not None else ""
    return "restarting" if content == str(RESTARTING) else "other"


class World:
    def __init__(self, env: simcord.Env, bot: TabletopBot) -> None:
        self.env, self.bot = env, bot
        self.guild = env.create_guild()
        self.people = {name: self.guild.add_member(env.create_user(name)) for name in NAMES}
        self.bursts: list[asyncio.Task[None]] = []

    async def open_table(self, channel: Any, names: tuple[str, ...], goal: int) -> int:
        host = self.people[names[0]]
        assert (await host.slash(channel, "flip7 start", goal=goal)).acknowledged
        for name in names[1:]:
            assert (
                await self.people[name].click(table_of(channel, host), label="Join")
            ).acknowledged
        assert (await host.click(table_of(channel, host), label="Start")).acknowledged
        record = await self.bot.storage.open_match_in_channel(channel.id)
        assert record is not None
        return record.id

    async def game(self) -> dict[str, Any]:
        channel = self.guild.create_text_channel("games")
        seated = {name: self.people[name] for name in NAMES[:3]}
        match = await self.open_table(channel, tuple(seated), 50)
        made = 0
        while moves_open(table_of(channel, seated["alice"])):
            assert told(await click_once(channel, seated)) == "made"
            made += 1
        return {"made": made, "match": match}

    async def burst(self, matches: int) -> dict[str, Any]:
        """`matches` tables, each between two members of its own (SimCord refuses two
        clicks at once from one member); then all of them clicking at once."""
        tables = []
        for n in range(matches):
            channel = self.guild.create_text_channel(f"burst-{n}")
            pair = (f"p{n}a", f"p{n}b")
            for name in pair:
                self.people[name] = self.guild.add_member(self.env.create_user(name))
            seated = {name: self.people[name] for name in pair}
            tables.append((channel, seated, await self.open_table(channel, pair, GOAL)))
        versions = {}
        for _channel, _seated, match in tables:
            record = await self.bot.storage.get_match(match)
            assert record is not None
            versions[match] = record.version
        self.bursts.append(asyncio.create_task(self._clicks(tables)))
        return {"versions": versions}

    async def _clicks(self, tables: list[tuple[Any, dict[str, Any], int]]) -> None:
        """Click after click, on each table in turn, as fast as the bot answers (SimCord
        runs one click at a time); each click reported once sent and once answered (a
        click cut off by the stop is sent without an answer)."""
        try:
            while tables:
                for table in list(tables):
                    channel, seated, match = table
                    if not moves_open(table_of(channel, next(iter(seated.values())))):
                        tables.remove(table)
                        continue
                    say(sent=match)
                    result = await click_once(channel, seated)
                    kind = told(result)
                    if kind == "other" and self.bot.is_closed() and not result.acknowledged:
                        # The bot is gone (Discord itself says the interaction failed).
                        kind = "closed"
                    extra = {} if kind != "other" else {"text": str(result)}
                    say(told=kind, match=match, **extra)
                    if kind != "made":
                        return  # the member will try again after the restart
        except asyncio.CancelledError:
            raise
        except Exception as error:  # reported, so the test sees it
            say(told="error", text=repr(error))


async def simulated_start(self: TabletopBot, token: str, *, reconnect: bool = True) -> None:
    """`TabletopBot.start` against SimCord: log in, then serve stdin's commands until the
    bot is closed (by the graceful stop that SIGTERM starts)."""
    closed = asyncio.Event()
    real_close = self.close

    async def close() -> None:
        await real_close()
        closed.set()

    self.close = close  # type: ignore[method-assign]
    if self.settings.card_emojis:
        draw_every_card()  # before SimCord's 5 s for a start to settle (see its docstring)
    async with simcord.run(self) as env:
        world = World(env, self)
        await tables_in_channels(env, world.guild)
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        loop = asyncio.get_running_loop()
        threading.Thread(target=commands, args=(loop, queue), daemon=True).start()
        say(ready=True, health_port=self.health.port if self.health else None)
        serving = asyncio.create_task(serve(world, queue))
        await closed.wait()
        serving.cancel()
        # The click in flight was made before the close, and its answer is read; the
        # next click meets the stopping bot (told it is restarting) or the closed one,
        # and ends the burst.
        if world.bursts:
            await asyncio.wait(world.bursts, timeout=BURST_END)
        for task in world.bursts:
            task.cancel()
        await asyncio.gather(serving, *world.bursts, return_exceptions=True)


async def serve(world: World, queue: asyncio.Queue[dict[str, Any]]) -> None:
    asked = 0
    while True:
        command = await queue.get()
        asked += 1
        if command["op"] == "game":
            say(answer=asked, **await world.game())
        elif command["op"] == "burst":
            say(answer=asked, **await world.burst(int(command["matches"])))


if __name__ == "__main__":
    TabletopBot.start = simulated_start  # type: ignore[method-assign]
    sys.exit(bot_main.main())
