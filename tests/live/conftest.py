"""The live table's tests: the bot under SimCord with TABLE_PORT 0 (any free port on
127.0.0.1), its real aiohttp server, and pages' sockets opened with aiohttp's client."""

from __future__ import annotations

import dataclasses

import pytest


@pytest.fixture
def settings(settings):
    """The suite's settings with the live table served on a free port of 127.0.0.1."""
    return dataclasses.replace(settings, table_port=0, table_secret="a-secret-for-the-tests")


@pytest.fixture
async def live(simcord_env):
    """The running live table's server; stopped at the end (SimCord stops no cog)."""
    cog = simcord_env.bot.get_cog("LiveTable")
    assert cog is not None, "TABLE_PORT is set: the live table must be served"
    yield cog.server
    await cog.server.stop()
