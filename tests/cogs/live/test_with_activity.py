"""Issue 47, items 2 and 3: with the Activity on (the client secret set), the live table's own
server also serves the Activity's page, and an open table offers both ways in."""

from __future__ import annotations

import dataclasses

import aiohttp
import pytest

from cogs.app import create_bot
from tests.activity.discord_stand_in import discord_boundary
from tests.cogs.helpers import buttons, seat_three


@pytest.fixture
def settings(settings):
    return dataclasses.replace(settings, client_secret="a-client-secret-for-the-tests")


@pytest.fixture
def simcord_bot(settings):
    """The bot, its Entry Point's registration (which SimCord does not simulate) answered at
    the HTTP boundary as tests/activity does."""
    with discord_boundary():
        yield create_bot(settings)


async def test_i47_3_the_live_tables_server_serves_the_activity_too(world, live):
    table = await seat_three(world)
    assert {"Open in a browser", "Open the table"} <= set(buttons(table))
    base = f"http://127.0.0.1:{live.port}"
    async with aiohttp.ClientSession() as session:
        for path in ("/table", "/table/activity"):
            async with session.get(base + path) as page:
                assert page.status == 200 and "<html" in (await page.text()).lower(), path
        async with session.get(base + "/metrics") as metrics:
            assert metrics.status == 404
