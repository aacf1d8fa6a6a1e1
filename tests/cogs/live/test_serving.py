"""Issue 47, item 2: the live table is its own server on TABLE_HOST:TABLE_PORT (port 0: any
free one, the bound one logged and used in the links), which serves only /table/ (never
/healthz or /metrics), and stops with the bot (discord.py removes the cog at its close):
every page's socket is closed and the port let go."""

from __future__ import annotations

import html
import logging
import re

import aiohttp
import pytest

from bot.play.bus import ChangeBus
from bot.play.live import Live
from bot.storage.errors import DatabaseGone
from tests.cogs.helpers import seat_three
from tests.cogs.live.pages import Socket
from tests.cogs.players import open_game


async def _status(url: str) -> int:
    async with aiohttp.ClientSession() as session, session.get(url) as answer:
        return answer.status


async def test_i47_2_the_table_serves_only_its_paths_and_stops_with_the_bot(world, live, caplog):
    caplog.set_level(logging.INFO, logger="cogs.live.server")
    await seat_three(world)
    base = f"http://127.0.0.1:{live.port}"
    assert live.port != 0 and live.base == base
    await live.stop()
    await live.start()  # again on the port bound first, so the links given out still lead here
    assert live.port == int(base.rsplit(":", 1)[1])
    assert f"served on {base}/table/" in caplog.text
    assert await _status(f"{base}/table/static/table.js") == 200
    assert await _status(f"{base}/table/card/f7_7.png") == 200
    for path in ("/metrics", "/healthz", "/table/card/nothing.png", "/table/static/../cog.py"):
        assert await _status(base + path) == 404, path
    record = (await world.env.bot.storage.open_matches())[0]
    socket = await Socket.open(live, live.links.watch(record.id))
    await socket.table_at(record.version)
    await world.env.bot.remove_cog("LiveTable")  # as Bot.close does
    closed = await socket.socket.receive(timeout=30)
    assert closed.type == aiohttp.WSMsgType.CLOSE
    await socket.close()
    with pytest.raises(aiohttp.ClientConnectionError):
        await _status(f"{base}/table/static/table.js")


async def test_i47_2_the_board_is_served_by_address_for_its_version(world, live):
    people = world.people
    await open_game(world.channel, people["alice"], [people["bob"]], "sequence")
    record = (await world.env.bot.storage.open_matches())[0]
    socket = await Socket.open(live, live.links.watch(record.id))
    frame = await socket.table_at(record.version)
    await socket.close()
    found = re.search(r'src="\.\./(picture/[^"]+)"', frame["html"]["table"])
    assert found, frame["html"]["table"]
    url = f"http://127.0.0.1:{live.port}/table/{html.unescape(found[1])}"

    async def picture() -> tuple[int, bytes]:
        async with aiohttp.ClientSession() as session, session.get(url) as answer:
            return answer.status, await answer.read()

    status, png = await picture()
    assert status == 200 and png.startswith(b"\x89PNG")
    live.frames._pictures.clear()  # given way to other matches' pictures: drawn again
    assert await picture() == (200, png)
    forged = url.replace(f"/picture/{live.links.watch(record.id)}/", "/picture/forged/")
    assert forged != url and await _status(forged) == 404


async def test_i47_2_a_page_that_meets_an_unusable_database_tries_again(world, live, monkeypatch):
    await seat_three(world)
    record = (await world.env.bot.storage.open_matches())[0]
    reads = world.env.bot.matches.reads
    real = reads.get_match

    async def gone(match_id):
        raise DatabaseGone("the database went away")

    monkeypatch.setattr(reads, "get_match", gone)
    # As after a restart: this process knows nothing of the match, so it must read it.
    monkeypatch.setattr(Live, "known", lambda live, match_id: None)
    monkeypatch.setattr(ChangeBus, "latest", lambda bus, match_id: None)
    socket = await Socket.open(live, live.links.watch(record.id))
    closed = await socket.socket.receive(timeout=30)
    assert closed.type == aiohttp.WSMsgType.CLOSE and closed.data == 1011  # no bye: try again
    await socket.close()
    monkeypatch.setattr(reads, "get_match", real)
    monkeypatch.undo()
    again = await Socket.open(live, live.links.watch(record.id))
    assert (await again.table_at(record.version))["snapshot"]
    await again.close()
