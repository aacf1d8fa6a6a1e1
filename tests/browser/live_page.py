"""Driving the live table's page in Chromium as a member would: open their link, wait for a
version, press a move's button (or pick it in a menu and press Play), read the rows."""

from __future__ import annotations

import re
from typing import Any

from playwright.async_api import Browser, Page, expect

from playground import Playground
from tests.browser.page import TIMEOUT_MS
from tests.cogs.helpers import components, table_of


async def member_link(place: Playground, name: str) -> str:
    """The link the member is answered with for "Open in a browser" on the channel's table."""
    member = place.member(name)
    table = table_of(place.channel, member)
    button = next(c.custom_id for c in components(table) if (c.custom_id or "").startswith("web:"))
    answer = await member.click(table, custom_id=button)
    assert answer.ephemeral, answer
    found = re.search(r"<(https?://[^>]+)>", answer.response.content)
    assert found, answer.response.content
    return found[1]


class LivePage:
    """One member's live table in a browser tab; every frame its sockets were sent is kept."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.sockets: list[list[dict[str, Any]]] = []  # per connection, the frames it got
        page.set_default_timeout(TIMEOUT_MS)
        page.on("websocket", self._socket)

    def _socket(self, socket: Any) -> None:
        import json

        frames: list[dict[str, Any]] = []
        self.sockets.append(frames)
        socket.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    @classmethod
    async def open(cls, browser: Browser, url: str, width: int = 1100) -> LivePage:
        page = await browser.new_page(viewport={"width": width, "height": 900})
        live = cls(page)
        await page.goto(url)
        await expect(page.locator("#live[data-version]")).to_be_attached()
        return live

    async def at(self, version: int) -> None:
        await expect(self.page.locator("#live")).to_have_attribute("data-version", str(version))

    async def fits_its_width(self) -> bool:
        """Whether the page reads without scrolling sideways (a phone's 360 px)."""
        widths = "() => [document.documentElement.scrollWidth, window.innerWidth]"
        scrolled, shown = await self.page.evaluate(widths)
        return bool(scrolled <= shown)

    async def table_html(self) -> str:
        return await self.page.locator("#table").inner_html()

    async def play(self, code: str) -> None:
        """Press the move `code`: its button, or its option in a menu and then Play."""
        button = self.page.locator(f'#moves button[data-code="{code}"]')
        if await button.count():
            await expect(button).to_be_enabled()
            await button.click()
            return
        menu = self.page.locator("#moves .menu", has=self.page.locator(f'option[value="{code}"]'))
        await menu.locator("select").select_option(code)
        await menu.locator("button").click()
