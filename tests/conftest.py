"""Shared fixtures: a real bot on a real SQLite file, under SimCord."""

from __future__ import annotations

import logging
import multiprocessing
import zlib
from types import SimpleNamespace

import pytest

from bot.core.settings import Settings
from cogs.app import create_bot, draw_every_card
from cogs.desk.threads import TABLES_WHERE
from tests.postgres import PostgresServer

# pytester runs the skip policy's own test; the policy fails a run with an undeclared skip.
pytest_plugins = ("pytester", "tests.skip_policy")


@pytest.fixture
def settings(request, tmp_path):
    """Every test's games are dealt from a seed, so a test passes or fails the same way each
    run: `game_seed(n)` where the test needs a particular deal, otherwise one of the test's
    own, from its name (a test that only passes on a lucky deal fails every time)."""
    seeded = request.node.get_closest_marker("game_seed")
    seed = seeded.args[0] if seeded else zlib.crc32(request.node.nodeid.encode())
    card_emojis = request.node.get_closest_marker("card_emojis") is not None
    if card_emojis:
        draw_every_card()  # before SimCord starts the bot, which allows 5 s to settle
    return Settings(
        token="test-token",
        database_path=tmp_path / "data" / "bot.sqlite3",
        turn_timeout=90,
        lobby_timeout=900,
        ai_delay=0,
        game_seed=seed,
        # The cards' emojis are synced only by the tests marked card_emojis, which show them.
        card_emojis=card_emojis,
    )


@pytest.fixture
def simcord_bot(settings):
    return create_bot(settings)


@pytest.fixture
async def simcord_env(simcord_env):
    """The plugin's environment, closing the running bot's database afterwards (SimCord
    calls no cleanup, and an open aiosqlite thread outlives the test's event loop)."""
    yield simcord_env
    await simcord_env.bot.shutdown_storage()


@pytest.fixture(autouse=True)
def no_processes_left():
    """A bot's AI workers are joined when it stops: none outlives its test."""
    yield
    assert not multiprocessing.active_children(), "worker processes were left running"


@pytest.fixture(autouse=True)
def no_swallowed_errors(caplog):
    """discord.py only logs exceptions raised in component callbacks; fail the test on them."""
    caplog.set_level(logging.ERROR)
    yield
    bad = [
        r
        for r in caplog.get_records("call")
        if r.levelno >= logging.ERROR and r.name.split(".")[0] in ("discord", "bot", "cogs")
    ]
    assert not bad, "errors were logged: " + "; ".join(r.getMessage() for r in bad)


NAMES = ("alice", "bob", "carol", "dave", "erin", "frank")


async def tables_in_channels(env, guild) -> None:
    """The server plays its games in the channel they start in, not in a thread each (the
    tests of the games themselves read their tables in the channel)."""
    await TABLES_WHERE.write(env.bot.storage, guild.id, "channel")


@pytest.fixture
async def world(simcord_env):
    """A server to play in: one channel and six members, under SimCord; games are played
    in the channel (the `thread_world` of tests/cogs/desk/test_threads.py plays in threads)."""
    guild = simcord_env.create_guild()
    await tables_in_channels(simcord_env, guild)
    channel = guild.create_text_channel("games")
    people = {name: guild.add_member(simcord_env.create_user(name)) for name in NAMES}
    return SimpleNamespace(env=simcord_env, guild=guild, channel=channel, people=people, match=0)


@pytest.fixture(scope="session")
def postgres_server():
    """One throwaway PostgreSQL server for the whole session, started when first needed."""
    server = PostgresServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def postgres_url(postgres_server):
    """A new, empty database on the session's server for one test, dropped afterwards."""
    name = postgres_server.create_database()
    yield postgres_server.url(name)
    postgres_server.drop_database(name)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests first, in their order. The workers share the collection out in
    order and then take from each other's ends, so a long test left near the end of one
    worker's part would keep the run going alone after the rest are done."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)
