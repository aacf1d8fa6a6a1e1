"""A stand-in for the Discord client around an Activity: a test page that holds the
Activity's page in a frame and speaks the Embedded App SDK's own messages to it, as read in
the SDK's source (activity/node_modules/@discord/embedded-app-sdk/output: Discord.mjs,
schema/, commands/). Messages are `[opcode, payload]` arrays posted between the windows:

- the SDK opens with HANDSHAKE (opcode 0: `{v: 1, encoding, client_id, frame_id}`), to which
  Discord answers a FRAME (opcode 1) that DISPATCHes the READY event;
- each command is a FRAME `{cmd, args, nonce}`, answered by a FRAME with the same `cmd` and
  `nonce`, `evt: null` and the answer as `data`: AUTHORIZE gives `{code}`,
  USER_SETTINGS_GET_LOCALE `{locale}`, AUTHENTICATE the token's user and application.

The SDK accepts messages from its own page's origin and from Discord's: this page is served
(by the test itself, through Playwright's routing) either at the table's origin, or at
Discord's with the Activity at its discordsays.com origin behind a stand-in of Discord's
proxy. It keeps every message the Activity sent in `window.said`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import AsyncIterator
from dataclasses import asdict, dataclass
from typing import Any

import aiohttp
from playwright.async_api import Frame, Page, WebSocketRoute

PATH = "discord-client-stand-in"


@dataclass(frozen=True)
class Launch:
    """What Discord would give: the Activity's query, the code AUTHORIZE answers, and the
    user AUTHENTICATE names (the token's owner, unless a test says otherwise)."""

    client_id: str
    channel_id: str
    guild_id: str
    code: str
    user: dict[str, Any]
    locale: str = "en-US"


CLIENT_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Discord (stand-in)</title></head>
<body style="margin:0">
<iframe id="activity" title="Activity" style="border:0;width:100vw;height:100vh"></iframe>
<script>
const launch = LAUNCH;
const frame = document.getElementById("activity");
const said = (window.said = []);
const send = (message) =>
  frame.contentWindow.postMessage(message, new URL(frame.src, window.location.href).origin);
const answer = (asked, data) =>
  send([1, { cmd: asked.cmd, evt: null, nonce: asked.nonce, data }]);
window.addEventListener("message", (event) => {
  if (event.source !== frame.contentWindow) return;
  const [opcode, payload] = event.data;
  said.push({ opcode, payload });
  if (opcode === 0) {
    send([1, { cmd: "DISPATCH", evt: "READY", nonce: null, data: {
      v: 1,
      config: { api_endpoint: "//discord.com/api", environment: "production" },
      user: { id: launch.user.id, username: launch.user.username, discriminator: "0" },
    } }]);
  } else if (opcode === 1 && payload.cmd === "AUTHORIZE") {
    answer(payload, { code: launch.code });
  } else if (opcode === 1 && payload.cmd === "USER_SETTINGS_GET_LOCALE") {
    answer(payload, { locale: launch.locale });
  } else if (opcode === 1 && payload.cmd === "AUTHENTICATE") {
    answer(payload, {
      access_token: payload.args.access_token,
      user: { ...launch.user, discriminator: "0", public_flags: 0 },
      scopes: ["identify"],
      expires: "2100-01-01T00:00:00.000Z",
      application: { id: launch.client_id, name: "Tabletop", description: "" },
    });
  }
});
const query = new URLSearchParams({
  instance_id: "i-1", frame_id: "f-1", platform: "desktop",
  channel_id: launch.channel_id, guild_id: launch.guild_id,
});
frame.src = ACTIVITY + "?" + query;
</script>
</body></html>
"""


def client_page(launch: Launch, activity: str) -> str:
    page = CLIENT_PAGE.replace("LAUNCH", json.dumps(asdict(launch)))
    return page.replace("ACTIVITY", json.dumps(activity))


async def open_activity(page: Page, table_url: str, launch: Launch) -> Frame:
    """Open the stand-in client at the table's origin, the Activity's page in its frame
    (`table_url` + "activity"); the Activity's frame."""
    html = client_page(launch, "activity")

    async def serve(route: Any) -> None:
        await route.fulfill(body=html, content_type="text/html")

    await page.route(table_url + PATH, serve)
    await page.goto(table_url + PATH)
    return await activity_frame(page)


@contextlib.asynccontextmanager
async def activity_in_discord(
    page: Page, table_url: str, launch: Launch
) -> AsyncIterator[tuple[Frame, list[tuple[str, str]]]]:
    """Open the stand-in client where Discord's is (https://discord.com), the Activity
    where Discord puts it (https://<application id>.discordsays.com/, the Activity's root),
    with Discord's proxy stood in for by Playwright's routing: the root URL mapping the
    hosting guide sets, `/` to the table's host and `/table`, takes every request to the
    Activity's origin, under `/.proxy/` or not, and every WebSocket, to the table. Yields
    the Activity's frame and a list that gets each (what the page asked, where it went)."""
    origin = f"https://{launch.client_id}.discordsays.com"
    html = client_page(launch, origin + "/")
    proxied: list[tuple[str, str]] = []
    sockets: list[tuple[aiohttp.ClientSession, asyncio.Task[None]]] = []

    def mapped(asked: str) -> str:
        path = asked.split(".discordsays.com", 1)[1].removeprefix("/.proxy")
        target = table_url.rstrip("/") + path  # the mapping's target, then the path
        proxied.append((asked, target))
        return target

    async def serve(route: Any) -> None:
        await route.fulfill(body=html, content_type="text/html")

    async def proxy(route: Any) -> None:
        await route.fulfill(response=await route.fetch(url=mapped(route.request.url)))

    async def proxy_socket(socket: WebSocketRoute) -> None:
        session = aiohttp.ClientSession()
        upstream = await session.ws_connect(mapped(socket.url).replace("http", "ws", 1))
        socket.on_message(lambda message: asyncio.ensure_future(upstream.send_str(str(message))))

        async def relay() -> None:
            async for message in upstream:
                socket.send(message.data)

        sockets.append((session, asyncio.create_task(relay())))

    await page.route("https://discord.com/**", serve)
    await page.route(origin + "/**", proxy)
    await page.route_web_socket(re.compile(r"wss://[0-9]+\.discordsays\.com/.*"), proxy_socket)
    await page.goto("https://discord.com/channels/activity-stand-in")
    try:
        yield await activity_frame(page), proxied
    finally:
        await page.close()
        for session, task in sockets:
            task.cancel()
            await session.close()


async def activity_frame(page: Page) -> Frame:
    frame = page.frame_locator("#activity")
    await frame.locator("body").wait_for()
    handle = await page.query_selector("#activity")
    assert handle is not None
    content = await handle.content_frame()
    assert content is not None
    return content


def user_of(member: Any) -> dict[str, Any]:
    """A member as Discord's API names a user."""
    return {"id": str(member.id), "username": member.name, "global_name": member.name}
