"""Driving the playground's page in Debian's Chromium as a person would: pick who you are
in "Viewing as", type slash commands, click buttons, open select menus, read the table.

Shared by the browser tests and `scripts/screenshots`.
"""

from __future__ import annotations

import contextlib
import re
import shutil
from collections.abc import AsyncIterator

from playwright.async_api import Browser, Locator, Page, async_playwright, expect

# The machine has no internet: keep Chromium from phoning home, and run it as root in CI.
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
# How long a page may take to show what a test waits for: generous, as the suite runs on both
# cores beside other browsers; a passing test waits only as long as the page needs.
TIMEOUT_MS = 30_000


def chromium_path() -> str:
    """Debian's Chromium; Playwright never downloads a browser of its own here."""
    path = shutil.which("chromium")
    if path is None:
        raise RuntimeError("Chromium is missing: apt-get install -y chromium (.ci/run does this)")
    return path


@contextlib.asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=chromium_path(), args=list(CHROMIUM_ARGS), headless=True
        )
        try:
            yield browser
        finally:
            await browser.close()


# A copy of the element with each custom emoji's picture replaced by its name, read as text.
READ_WITH_EMOJIS = """element => {
    const copy = element.cloneNode(true);
    for (const img of copy.querySelectorAll("img.custom-emoji")) img.replaceWith(img.alt);
    copy.style.position = "absolute";
    copy.style.left = "-100000px";  // out of sight (innerText skips hidden text)
    document.body.appendChild(copy);
    const text = copy.innerText;
    copy.remove();
    return text;
}"""


# Whether every custom emoji's picture in the element has loaded.
PICTURES_IN = """element => [...element.querySelectorAll("img.custom-emoji")]
    .every(img => img.complete && img.naturalWidth > 0)"""


class PlaygroundPage:
    """One browser tab on the playground's page."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.main = page.get_by_role("main")
        page.set_default_timeout(TIMEOUT_MS)
        expect.set_options(timeout=TIMEOUT_MS)

    @classmethod
    async def open(
        cls, browser: Browser, url: str, width: int = 1200, height: int = 900
    ) -> PlaygroundPage:
        page = await browser.new_page(viewport={"width": width, "height": height})
        await page.goto(url)
        driver = cls(page)
        await expect(driver.main.get_by_role("textbox", name="Message")).to_be_visible()
        return driver

    async def reload_as(self, name: str) -> None:
        """Load the page again, as a member presses F5, and view it as `name`."""
        await self.page.reload()
        await expect(self.main.get_by_role("textbox", name="Message")).to_be_visible()
        await self.view_as(name)

    async def table_reads(self, text: str, viewer: str) -> None:
        """Wait until the newest message reads `text`, viewed as `viewer`. SimCord's page can
        lose its channel when a refresh the test asks for meets a fetch of its own (it then
        shows "Unavailable channel" and retries nothing, seen once under load): a reload, as a
        member's F5, draws the channel again."""
        lost, reloads = self.page.get_by_text("Unavailable channel", exact=True), 0
        for _tick in range(TIMEOUT_MS // 100):
            if reloads < 3 and await lost.count():
                reloads += 1
                await self.reload_as(viewer)
            table = self.table()
            if await table.count() and text in await table.inner_text():
                return
            await self.page.wait_for_timeout(100)
        raise AssertionError(f"the table never read {text!r}")

    async def view_as(self, name: str) -> None:
        """Switch "Viewing as": from now on the page shows what `name` sees and acts as them."""
        await self.page.get_by_label("Viewing as").select_option(label=name)
        await expect(self.page.get_by_label("Viewing as")).to_have_value(
            await self._viewer_value(name)
        )

    async def _viewer_value(self, name: str) -> str:
        option = self.page.get_by_label("Viewing as").locator("option", has_text=name)
        value = await option.get_attribute("value")
        assert value is not None
        return value

    async def slash(self, command: str) -> None:
        """Type `/command`, take it from the command list, and send it (no options)."""
        box = self.main.get_by_role("textbox", name="Message")
        await box.click()
        await box.press_sequentially(f"/{command}")
        await expect(self.main.get_by_role("option", name=f"/{command}").first).to_be_visible()
        await box.press("Enter")
        await self.main.get_by_role("button", name="Send", exact=True).click()

    def button(self, label: str) -> Locator:
        """The newest message's button called `label` (older tables keep theirs)."""
        return self.main.get_by_role("button", name=label, exact=True).last

    async def click(self, label: str) -> None:
        button = self.button(label)
        await expect(button).to_be_enabled()
        await button.click()

    def menu(self, placeholder: str | re.Pattern[str]) -> Locator:
        return self.main.get_by_role("combobox", name=placeholder).last

    async def open_menu(self, placeholder: str | re.Pattern[str]) -> list[str]:
        """Open a select menu; return its options' labels as shown."""
        menu = self.menu(placeholder)
        for _attempt in range(3):  # a redraw of the message may close a menu just opened
            await menu.click()
            with contextlib.suppress(AssertionError):
                await expect(menu).to_have_attribute("aria-expanded", "true", timeout=2000)
                break
        await expect(menu).to_have_attribute("aria-expanded", "true")
        options = self.main.get_by_role("listbox").last.get_by_role("option")
        return [text.strip() for text in await options.all_inner_texts()]

    async def choose(self, placeholder: str | re.Pattern[str], label: str) -> None:
        """Open a select menu and pick the option called `label` (a line of detail may
        follow the label)."""
        await self.open_menu(placeholder)
        listbox = self.main.get_by_role("listbox").last
        called = re.compile(f"^{re.escape(label)}(\\s|$)")
        await listbox.get_by_role("option", name=called).first.click()

    async def text(self) -> str:
        """Everything the conversation shows right now, as text (a card's picture as its
        emoji's name, which is the card's value)."""
        return await self.read(self.main)

    @staticmethod
    async def read(locator: Locator) -> str:
        """What `locator` shows as text, each custom emoji read as its name."""
        return str(await locator.evaluate(READ_WITH_EMOJIS))

    def table(self) -> Locator:
        """The newest embed in the channel (the game's table, or a private hand)."""
        return self.main.get_by_role("log").get_by_role("article").last

    async def table_height(self) -> float:
        """The height in pixels of the newest layout (a table's container)."""
        layouts = self.main.get_by_role("log").locator("section.component-container")
        for _tick in range(TIMEOUT_MS // 100):  # a message being redrawn has no box yet
            box = await layouts.last.bounding_box()
            # A card's picture still loading shows its name instead, wider, and the line
            # may wrap: measure the table as it looks once its pictures are in.
            if box is not None and await layouts.last.evaluate(PICTURES_IN):
                return box["height"]
            await self.page.wait_for_timeout(100)
        raise AssertionError("no layout in the conversation")

    async def table_changes_from(self, before: str) -> str:
        """Wait until the newest embed reads differently from `before`; return its text."""
        for _tick in range(TIMEOUT_MS // 100):
            now = await self.table().inner_text()
            if now != before:
                return now
            await self.page.wait_for_timeout(100)
        raise AssertionError(f"the table did not change from:\n{before}")

    async def join_and_start(self, host: str, guests: tuple[str, ...]) -> None:
        """Each guest joins the open lobby from their own view; then the host starts it."""
        for name in guests:
            await self.view_as(name)
            await self.click("Join")
            await self.shows(f"{name} joined.")
        await self.view_as(host)
        await self.click("Start")

    async def reads(self, text: str) -> None:
        """Wait until the conversation reads `text`, card pictures read as their names."""
        for _tick in range(TIMEOUT_MS // 100):
            if text in await self.text():
                return
            await self.page.wait_for_timeout(100)
        raise AssertionError(f"the page never read {text!r}")

    async def shows(self, text: str | re.Pattern[str]) -> None:
        await expect(self.main).to_contain_text(text)
