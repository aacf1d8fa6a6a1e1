"""The cards' pictures in Chromium on the playground page: a Flip 7 table of eight shows
each card of every row as its emoji's picture, and a Sink or Swim hand its twelve weather
cards; every picture loads (128 px drawn, shown at text size) and is named for its card."""

from __future__ import annotations

from collections import Counter

from playwright.async_api import expect

from cogs.games.flip7.faces import face
from playground import PlaygroundOptions, playground
from tests.browser.helpers import current_game
from tests.browser.page import TIMEOUT_MS, PlaygroundPage
from tests.waiting import until

WIDTH = 1200
LOADED = """table => [...table.querySelectorAll('img.custom-emoji')].map(img => ({
    name: img.alt, loaded: img.complete && img.naturalWidth === 128,
    height: img.getBoundingClientRect().height}))"""


# Pictures SimCord's page gave up on: it writes "Custom emoji unavailable" in place of one
# whose decoding a redraw of the message cut short, which a busy machine can cause.
GAVE_UP = "table => table.querySelectorAll('.emoji-unavailable').length > 0"


async def _pictures(page: PlaygroundPage, viewer: str, prefix: str = "") -> list[dict]:
    """The newest message's pictures once they have all loaded and one is named `prefix`...
    (a private hand appears after the click that opens it: until then the newest message is
    the table, whose pictures have loaded already). A picture the page gave up on is drawn
    again from a reload, as a member would; one that is truly missing never loads."""
    reloads = 0
    for _tick in range(TIMEOUT_MS // 100):  # each picture is fetched once the message is drawn
        if reloads < 3 and await page.table().evaluate(GAVE_UP):
            reloads += 1
            await page.reload_as(viewer)
        shown = await page.table().evaluate(LOADED)
        named = any(picture["name"].startswith(prefix) for picture in shown)
        if named and all(picture["loaded"] for picture in shown):
            return shown
        await page.page.wait_for_timeout(100)
    raise AssertionError(f"the card pictures did not load: {shown}")


async def _waiting_on_ann(place):
    """The game once it waits on Ann (seat 0), read again until then: the AIs move without
    delay, and a state read between their moves would name cards the table has passed."""

    async def game_on_ann():
        _record, game = await current_game(place)
        return game if 0 in game.to_act() else None

    return await until(game_on_ann, "the game to come to Ann")


async def test_a_flip7_table_of_eight_shows_every_card_as_its_picture(browser):
    options = PlaygroundOptions(game="flip7", members=1, ai=7, seed=5, ai_delay=0)
    async with playground(options) as place:
        await place.members[0].click(place.channel.last_message, label="Start")
        page = await PlaygroundPage.open(browser, place.url, WIDTH, 900)
        await page.view_as("Ann")
        game = await _waiting_on_ann(place)  # the AIs have moved: the table stays as it is
        await expect(page.table()).to_contain_text(f"draw pile {game.view(None).draw_pile} ")
        rows = [face(card).name for player in game.view(None).players for card in player.row]
        shown = await _pictures(page, "Ann")
        names = Counter(picture["name"] for picture in shown)
        # Every card of the rows, and the cards the story under them names (issue 40, item 3).
        assert names >= Counter(rows) and all(name.startswith("f7_") for name in names)
        assert all(16 <= picture["height"] <= 48 for picture in shown), shown


async def test_a_sink_or_swim_hand_shows_its_cards_as_pictures(browser):
    options = PlaygroundOptions(game="sinkorswim", members=1, ai=2, seed=7, ai_delay=0)
    async with playground(options) as place:
        await place.members[0].click(place.channel.last_message, label="Start")
        page = await PlaygroundPage.open(browser, place.url, WIDTH, 900)
        await page.view_as("Ann")
        await page.click("Pick a card")
        _record, game = await current_game(place)
        hand = [f"sos_w{card.card}" for card in game.view(0).hand]
        shown = [picture["name"] for picture in await _pictures(page, "Ann", prefix="sos_w")]
        assert [name for name in shown if name.startswith("sos_w")] == hand
        buttons = page.main.get_by_role("button").locator("img.custom-emoji")
        assert await buttons.count() >= len(hand)  # each pick button carries its card
