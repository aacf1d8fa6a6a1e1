"""The live table's tests: the bot under SimCord with TABLE_PORT 0 (any free port on
127.0.0.1), its real aiohttp server, and pages' sockets opened with aiohttp's client."""

from __future__ import annotations

import dataclasses

import pytest

from playground import serve_table_beside


@pytest.fixture
def settings(settings):
    """The suite's settings with the live table served on a free port of 127.0.0.1."""
    return dataclasses.replace(settings, table_port=0, table_secret="a-secret-for-the-tests")


@pytest.fixture
async def live(simcord_env):
    """The running live table's server, served from the test rather than from within the
    bot (see playground.serve_table_beside); stopped at the end (SimCord stops no cog)."""
    cog = simcord_env.bot.get_cog("LiveTable")
    assert cog is not None, "TABLE_PORT is set: the live table must be served"
    await serve_table_beside(simcord_env.bot)
    yield cog.server
    await cog.server.stop()
