"""How big the tables are on a laptop screen, measured in Chromium on the playground page:
a Flip 7 table of eight keeps Hit and Stay above the fold through a whole round and the
retelling of the one before."""

from __future__ import annotations

from playwright.async_api import expect

from playground import PlaygroundOptions, playground
from tests.browser.helpers import current_game
from tests.browser.page import PlaygroundPage

WIDTH = 1200
FLIP7_SEATS = 8
FLIP7_MOST_PX = 600  # issue 20: a table of 8 under about 600 px at 1,200 px wide


async def test_a_flip7_table_of_eight_stays_under_600_px(browser):
    options = PlaygroundOptions(game="flip7", members=1, ai=FLIP7_SEATS - 1, seed=5, ai_delay=0)
    async with playground(options) as place:
        page = await PlaygroundPage.open(browser, place.url, WIDTH, 900)
        await page.view_as("Ann")
        await page.click("Start")
        heights: list[float] = []
        retold = 0
        for _move in range(200):
            await expect(page.table()).to_contain_text("Ann: ")  # the AI seats have moved
            before = await page.table().inner_text()
            heights.append(await page.table_height())
            retold += "how it ended" in before
            if retold >= 3:
                break
            stay, hit = page.button("✋ Stay"), page.button("🃏 Hit")
            _record, game = await current_game(place)
            enough = game.view(None).players[0].round_score >= 15  # Ann, who plays like most
            if await stay.count() and await stay.is_enabled() and enough:
                await page.click("✋ Stay")
            elif await hit.count():
                await page.click("🃏 Hit")
            else:
                # A choice: her turn runs out and the bot chooses (menus redraw under clicks).
                await place.env.advance_time(options.turn_timeout + 1)
            await page.table_changes_from(before)
        assert retold >= 3, "no round ended within 200 moves"
        print(f"Flip 7, {FLIP7_SEATS} seats: table heights {heights} px")
        assert max(heights) < FLIP7_MOST_PX, heights
