"""A bot process that crashes with sends queued, for the crash test of tests/cogs/
test_click_crash.py: under SimCord, on the SQLite file given, it sets up the world the test
sets up (the same steps, so the same ids and, seeded, the same deal), opens a Sink or Swim
table, and alice picks from her hand while Discord answers the table's edit with a 429 to
retry in an hour. Once the pick is saved and answered, and its table edit waits on the 429,
it prints one JSON line and waits to be killed.

    python -m tests.cogs.crash_runner DATABASE_PATH SEED
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from types import SimpleNamespace

import simcord

from bench.discord_delays import Delays, delayed_discord, real_wait
from bot.core.settings import Settings
from cogs.app import create_bot
from tests.cogs.games import test_sink_or_swim as sink
from tests.conftest import NAMES, tables_in_channels

TABLE_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"


def settings(path: Path, seed: int) -> Settings:
    """The settings of tests/conftest.py's `settings`, turns of an hour, on `path`."""
    return Settings(
        token="test-token",
        database_path=path,
        turn_timeout=3600,
        lobby_timeout=900,
        ai_delay=0,
        game_seed=seed,
        card_emojis=False,
    )


async def world_of(env: simcord.Env) -> SimpleNamespace:
    """tests/conftest.py's `world`, step by step."""
    guild = env.create_guild()
    await tables_in_channels(env, guild)
    channel = guild.create_text_channel("games")
    people = {name: guild.add_member(env.create_user(name)) for name in NAMES}
    return SimpleNamespace(env=env, guild=guild, channel=channel, people=people, match=0)


async def crash(path: Path, seed: int) -> None:
    bot = create_bot(settings(path, seed))
    async with simcord.run(bot) as env:
        world = await world_of(env)
        await sink.open_table(world)
        record, game = await sink.state(world)
        alice = world.people["alice"]
        hand = await sink.open_hand(world, alice)
        with delayed_discord(env, Delays(round_trip=0.01)) as delayed:
            delayed.refuse(429, route=TABLE_EDIT, retry_after=3600)
            picking = asyncio.create_task(sink.pick(world, alice, game.hand(0)[0], hand))
            while not any(call.failed == 429 for call in delayed.calls):
                await real_wait(0.01)
            answered = delayed.presses[-1].answered is not None
            print(
                json.dumps(
                    {
                        "match": record.id,
                        "table": record.message_id,
                        "guild": world.guild.id,
                        "channel": world.channel.id,
                        "alice": alice.id,
                        "answered": answered,
                    }
                ),
                flush=True,
            )
            await real_wait(3600)  # killed meanwhile
            picking.cancel()


if __name__ == "__main__":
    asyncio.run(crash(Path(sys.argv[1]), int(sys.argv[2])))
