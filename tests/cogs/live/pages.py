"""A page's side of the live table, without a browser: its WebSocket, the frames it is sent,
and the moves it sends."""

from __future__ import annotations

import json
import re
from typing import Any

import aiohttp

from tests.waiting import until


def token_of(link: str) -> str:
    return link.rstrip("/").rsplit("/", 1)[1]


def link_in(text: str) -> str:
    """The live table's link in a private answer (written as <http://…>)."""
    found = re.search(r"<(https?://[^>]+)>", text)
    assert found, text
    return found[1]


class Socket:
    """One page's socket: every frame it was sent, in order."""

    def __init__(self, session: aiohttp.ClientSession, socket: Any) -> None:
        self.session, self.socket = session, socket
        self.frames: list[dict[str, Any]] = []
        self.raw: list[str] = []

    @classmethod
    async def open(
        cls, server: Any, token: str, since: int | None = None, language: str | None = None
    ) -> Socket:
        """The socket a page opens: its link's token, the last version it drew, and the
        language it is in (as the page says it, `l`)."""
        session = aiohttp.ClientSession()
        url = f"http://{server.host}:{server.port}/table/ws"
        query = {"t": token, "v": "" if since is None else str(since)}
        if language is not None:
            query["l"] = language
        socket = await session.ws_connect(url, params=query)
        return cls(session, socket)

    async def next(self) -> dict[str, Any]:
        message = await self.socket.receive(timeout=60)
        assert message.type == aiohttp.WSMsgType.TEXT, message
        self.raw.append(message.data)
        frame = json.loads(message.data)
        self.frames.append(frame)
        return frame

    async def table_at(self, version: int) -> dict[str, Any]:
        """Read frames until the table of `version` (or a later one) has come."""
        while True:
            frame = await self.next()
            if frame["t"] == "table" and frame["v"] >= version:
                return frame

    async def send(self, data: str | bytes) -> None:
        if isinstance(data, bytes):
            await self.socket.send_bytes(data)
        else:
            await self.socket.send_str(data)

    async def move(self, code: str, stamp: int) -> None:
        await self.send(json.dumps({"t": "move", "code": code, "stamp": stamp}))

    async def close(self) -> None:
        await self.socket.close()
        await self.session.close()


def offered(frame: dict[str, Any]) -> list[tuple[str, int]]:
    """Every move a frame offers: (code, stamp)."""
    found = []
    for move in frame["moves"]:
        if move["kind"] == "button":
            found.append((move["code"], move["stamp"]))
        else:
            found += [(option["code"], move["stamp"]) for option in move["options"]]
    return found


async def version_of(bot: Any, match_id: int) -> int:
    record = await bot.storage.get_match(match_id)
    return record.version


async def table_version(bot: Any, match_id: int, version: int) -> None:
    """Wait until the match is saved at `version` at least."""

    async def reached() -> bool:
        return await version_of(bot, match_id) >= version

    await until(reached, f"match {match_id} at version {version}")


def thread_rows(players: str) -> dict[str, tuple[str, str, str]]:
    """A Flip 7 table's rows as the channel shows them (markdown): each seat's status, round
    score and total ("▶️ **bob** 🟢 in · 9 12 · **21** · total 0")."""
    rows = {}
    for line in players.split("\n"):
        found = re.search(r"\*\*(\w+)\*\* (.+?) · .* · \*\*([^*]+)\*\* · [^·]* (\S+)$", line)
        if found:
            rows[found[1]] = (found[2], found[3], found[4])
    return rows


def page_rows(html: str) -> dict[str, tuple[str, str, str]]:
    """The same rows as the live table's HTML shows them (in any language)."""
    rows = {}
    for line in re.findall(r"<p>(.*?)</p>", html.split('part-players">', 1)[1].split("</div>")[0]):
        found = re.search(
            r"<strong>(\w+)</strong> (.+?) · .* · <strong>([^<]+)</strong> · [^·]* (\S+)$", line
        )
        if found:
            rows[found[1]] = (found[2], found[3], found[4])
    return rows
