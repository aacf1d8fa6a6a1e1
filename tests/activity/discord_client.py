"""A stand-in for the Discord client around an Activity: a test page that holds the
Activity's page in a frame and speaks the Embedded App SDK's own messages to it, as read in
the SDK's source (activity/node_modules/@discord/embedded-app-sdk/output: Discord.mjs,
schema/, commands/). Messages are `[opcode, payload]` arrays posted between the windows:

- the SDK opens with HANDSHAKE (opcode 0: `{v: 1, encoding, client_id, frame_id}`), to which
  Discord answers a FRAME (opcode 1) that DISPATCHes the READY event;
- each command is a FRAME `{cmd, args, nonce}`, answered by a FRAME with the same `cmd` and
  `nonce`, `evt: null` and the answer as `data`: AUTHORIZE gives `{code}`,
  USER_SETTINGS_GET_LOCALE `{locale}`, AUTHENTICATE the token's user and application.

The SDK accepts messages from its own page's origin, so this page is served at the table's
origin (by the browser test itself, through Playwright's routing). It keeps every message
the Activity sent in `window.said`.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from playwright.async_api import Frame, Page

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
const send = (message) => frame.contentWindow.postMessage(message, window.location.origin);
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
frame.src = "activity?" + query;
</script>
</body></html>
"""


async def open_activity(page: Page, table_url: str, launch: Launch) -> Frame:
    """Open the stand-in client at the table's origin; the Activity's frame."""
    html = CLIENT_PAGE.replace("LAUNCH", json.dumps(asdict(launch)))

    async def serve(route: Any) -> None:
        await route.fulfill(body=html, content_type="text/html")

    await page.route(table_url + PATH, serve)
    await page.goto(table_url + PATH)
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
