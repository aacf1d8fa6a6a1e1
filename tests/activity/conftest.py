"""The Activity's tests: a bot under SimCord with the Activity on, its requests to Discord
recorded at the HTTP boundary, Discord's OAuth2 stood in for by a server of the test's own,
and the live table's app serving the Activity's routes."""

from __future__ import annotations

import contextlib
import html
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from aiohttp import web

from cogs.app import create_bot
from cogs.live.activity import add_activity_routes
from tests.activity.discord_stand_in import discord_boundary, oauth_stand_in
from tests.browser.page import chromium
from tests.conftest import NAMES

STATIC = Path(__file__).resolve().parents[2] / "cogs" / "live" / "static"
CLIENT_SECRET = "activity-client-secret"
DEV_GUILD = 1_000_000_000_000_000_001
# The Entry Point the Developer Portal makes when Activities are turned on, as Discord
# lists it among the application's global commands.
PORTAL_ENTRY_POINT = {
    "id": "4000000000000000001",
    "application_id": "0",
    "version": "1",
    "name": "launch",
    "description": "Launch an activity",
    "type": 4,
    "handler": 2,
    "integration_types": [0, 1],
    "contexts": [0, 1, 2],
}


@pytest.fixture
def boundary(request):
    """The bot's requests to Discord, recorded; `launch_on_discord` tests start with the
    Entry Point the Developer Portal makes when Activities are turned on ("launch")."""
    with discord_boundary() as recorded:
        if request.node.get_closest_marker("launch_on_discord"):
            recorded.entry_point = dict(PORTAL_ENTRY_POINT)
        yield recorded


@pytest.fixture
async def oauth():
    async with oauth_stand_in() as stand_in:
        yield stand_in


@pytest.fixture
def settings(settings, oauth, request):
    """The Activity on (a live table and the client secret), Discord's API at the stand-in;
    `activity_off` tests run the bot as a host without those settings does."""
    if request.node.get_closest_marker("dev_guild"):
        settings = replace(settings, dev_guild_id=DEV_GUILD)
    if request.node.get_closest_marker("activity_off"):
        return settings
    return replace(settings, table_port=0, client_secret=CLIENT_SECRET, discord_api=oauth.url)


@pytest.fixture
def simcord_bot(settings, boundary):
    return create_bot(settings)


@pytest.fixture
async def world(simcord_env, oauth):
    """A server whose games are played in threads: a "games" channel, a "chat" channel with
    no game, six members; the OAuth stand-in knows the application."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    chat = guild.create_text_channel("chat")
    people = {name: guild.add_member(simcord_env.create_user(name)) for name in NAMES}
    oauth.client_id, oauth.client_secret = str(simcord_env.bot.application_id), CLIENT_SECRET
    return SimpleNamespace(
        env=simcord_env, guild=guild, channel=channel, chat=chat, people=people, oauth=oauth
    )


class StandInLinks:
    """Stands in for the live table's signed links (cogs/live/links.py, another branch of
    issue 47): tokens that say plainly whom and what they open, so a test reads them back."""

    def member(self, match_id: int, user_id: int, language: str) -> str:
        return f"member.{match_id}.{user_id}.{language}"

    def watch(self, match_id: int) -> str:
        return f"watch.{match_id}"


STAND_IN_PAGE = """<!doctype html>
<p id="opened">{said}</p><p id="socket"></p>
<script>
  // As the live table's page does: its socket at an address relative to the page.
  const socket = new WebSocket(new URL("../ws", location.href).toString().replace("http", "ws"));
  socket.onopen = () => socket.send("hello");
  socket.onmessage = (event) => {{ document.getElementById("socket").textContent = event.data; }};
</script>
"""


async def stand_in_page(request: web.Request) -> web.Response:
    """The member's (or the watchers') page the Activity opens: here, what its link says,
    and what its socket answers."""
    said = html.escape(request.match_info["token"])
    return web.Response(text=STAND_IN_PAGE.format(said=said), content_type="text/html")


async def stand_in_socket(request: web.Request) -> web.WebSocketResponse:
    """The live table's socket, standing in: it answers the page's first message."""
    socket = web.WebSocketResponse()
    await socket.prepare(request)
    async for message in socket:
        await socket.send_str(f"heard {message.data}")
    return socket


@contextlib.asynccontextmanager
async def table_app(bot: Any) -> AsyncIterator[str]:
    """The live table's app as far as the Activity needs it (its static files, the pages
    its links open), with the Activity's routes added by their hook; its /table/ address."""
    app = web.Application()
    app.router.add_static("/table/static", STATIC)
    app.router.add_get("/table/m/{token}", stand_in_page)
    app.router.add_get("/table/w/{token}", stand_in_page)
    app.router.add_get("/table/ws", stand_in_socket)
    add_activity_routes(app, bot, StandInLinks())
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}/table/"
    finally:
        await runner.cleanup()


@pytest.fixture
async def table(world):
    async with table_app(world.env.bot) as url:
        yield url


@pytest.fixture
async def browser():
    async with chromium() as launched:
        yield launched
