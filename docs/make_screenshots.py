"""The README's pictures, taken from the playground in Debian's Chromium: `scripts/screenshots`.

Each picture is a seeded game on the real bot, driven through the page as a person would
(and, for the Sequence board, by letting turn deadlines pass so the AI plays on). Rerunning
this refreshes docs/*.png.
"""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path

from playground import Playground, PlaygroundOptions, playground
from tests.browser.helpers import worded
from tests.browser.page import PlaygroundPage, chromium

DOCS = Path(__file__).parent
WIDTH, HEIGHT = 1200, 860


async def _current(place: Playground):
    """The channel's match as the bot holds it now (the saved copy may be a move behind)."""
    for saved in await place.bot.storage.open_matches():
        if saved.channel_id == place.channel.id and saved.state is not None:
            return await place.bot.matches.sessions.current(saved.id)
    return None, None


# The preview's own status line ("Callback completed") says how the last click went, which
# differs from run to run; a picture of the table has no use for it, so it is hidden.
STEADY_PAGE = """() => {
    for (const id of ["action-status", "live-status"]) {
        const status = document.getElementById(id);
        if (status) status.style.visibility = "hidden";
    }
}"""


EVERY_PICTURE_LOADED = (
    "() => [...document.images].every(image => image.complete && image.naturalWidth)"
)


async def _steady_picture(page: PlaygroundPage) -> bytes:
    """A picture of the page once two in a row are the same: a late font, a redraw from the
    live feed or a fading highlight has then finished, however slow the machine is."""
    await page.page.mouse.move(0, HEIGHT - 1)  # no hover highlight on whatever was clicked
    await page.page.evaluate("() => document.fonts.ready.then(() => true)")
    last = b""
    for _try in range(50):
        picture = await page.page.screenshot(animations="disabled", caret="hide")
        if picture == last:
            return picture
        last = picture
    raise RuntimeError("the page never held still for two pictures in a row")


async def _shoot(page: PlaygroundPage, name: str, path: Path | None = None) -> Path:
    await page.page.evaluate(STEADY_PAGE)  # the page's policy allows no inline style tag
    await page.page.wait_for_function(EVERY_PICTURE_LOADED)  # the cards' emojis among them
    path = path or DOCS / name
    path.write_bytes(await _steady_picture(page))
    print(f"wrote {path}")
    return path


async def lobby(browser, path: Path | None = None) -> Path:
    options = PlaygroundOptions(game="flip7", members=3, ai=1, seed=11, ai_delay=0)
    async with playground(options) as place:
        page = await PlaygroundPage.open(browser, place.url, WIDTH, HEIGHT)
        await page.view_as("Bao")
        await page.click("Join")
        await page.shows("Bao joined.")
        await page.view_as("Ann")
        return await _shoot(page, "lobby.png", path)


async def flip7_choice(browser) -> None:
    """Three members hit until, a few moves in, someone must choose a target in a menu."""
    options = PlaygroundOptions(game="flip7", members=3, seed=4, ai_delay=0)
    async with playground(options) as place:
        page = await PlaygroundPage.open(browser, place.url, WIDTH, 1000)
        await page.join_and_start("Ann", ("Bao", "Citra"))
        await page.shows("round 1")
        for _move in range(60):
            table = await page.table().inner_text()
            record, game = await _current(place)
            actor = record.seats[game.to_act()[0]].name  # whose decision the table shows
            await page.view_as(actor)
            if await page.button("🃏 Hit").count():
                await page.click("🃏 Hit")
            else:
                menu = re.compile(f"^{re.escape(actor)}: ")
                if sum(len(player.row) for player in game.view(None).players) >= 5:
                    await page.open_menu(menu)
                    await _shoot(page, "flip7-choice.png")
                    return
                labels = await page.open_menu(menu)
                await page.choose(menu, labels[-1].splitlines()[0])
            await page.table_changes_from(table)
        raise RuntimeError("no choice came up; try another seed")


HAND_TITLE = "Your hand — round {round}, trick {trick}"
CARD_BUTTON = re.compile(r"^sos_w\d+")  # a pick button, named by its card's picture


async def sink_or_swim_hand(browser) -> None:
    """One trick played; Ann's open hand has moved on to the second."""
    options = PlaygroundOptions(game="sinkorswim", members=3, seed=7, ai_delay=0)
    async with playground(options) as place:
        page = await PlaygroundPage.open(browser, place.url, WIDTH, HEIGHT)
        await page.join_and_start("Ann", ("Bao", "Citra"))
        for name in ("Ann", "Bao", "Citra"):
            await page.view_as(name)
            await page.click("Pick a card")
            await page.shows(worded(name, HAND_TITLE, round=1, trick=1))  # in their language
            await page.main.get_by_role("button", name=CARD_BUTTON).nth(-3).click()
        await page.shows("Round 1, trick 1 — revealed")
        await page.view_as("Bao")
        await page.click("Pick a card")
        await page.shows(worded("Bao", HAND_TITLE, round=1, trick=2))
        await page.main.get_by_role("button", name=CARD_BUTTON).last.click()
        # Ann's hand from the first trick has followed the game to the second.
        await page.view_as("Ann")
        await page.shows("Your hand — round 1, trick 2")
        await _shoot(page, "sinkorswim-hand.png")


async def sequence_board(browser) -> None:
    """Ann against the AI, two SEQUENCES to win; Ann's turns lapse so the AI plays them,
    until one SEQUENCE stands on the board."""
    options = PlaygroundOptions(members=2, seed=3, ai_delay=0, turn_timeout=30)
    async with playground(options) as place:
        page = await PlaygroundPage.open(browser, place.url, WIDTH, 1180)
        ann = place.members[0]
        await ann.slash(place.channel, "sequence start", sequences=2)
        await ann.click(place.channel.last_message, label="Add AI")
        await ann.click(place.channel.last_message, label="Start")
        for _turn in range(400):
            _record, game = await _current(place)
            if game is None or any(game.view(None).sequences):
                break  # a SEQUENCE stands (the AI may have played on to the end)
            await place.env.advance_time(options.turn_timeout + 1)
        await place.preview.refresh()
        await page.shows("SEQUENCE")
        await _shoot(page, "sequence-board.png")


PICTURES = {
    "lobby": lobby,
    "flip7": flip7_choice,
    "sinkorswim": sink_or_swim_hand,
    "sequence": sequence_board,
}


async def main(names: list[str]) -> int:
    unknown = set(names) - set(PICTURES)
    if unknown:
        print(f"unknown pictures {sorted(unknown)}; choose from {sorted(PICTURES)}")
        return 2
    async with chromium() as browser:
        for name in names or PICTURES:
            await PICTURES[name](browser)
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1:])))
