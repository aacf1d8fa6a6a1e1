"""The live table in Chromium (issue 47, items 2 and 3): members play a match from their
own signed pages while another clicks in SimCord's channel, and at every version the page
and the channel's table show the same match; a page whose socket drops resumes with no gap
and no repeat; Sink or Swim picks (one by keyboard alone) and a Sequence Numbers play (its
board shown) are made on the page."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.async_api import expect

from cogs.ui.layout import Part
from engines.base import GAMES
from playground import PlaygroundOptions, lobby_button, playground
from tests.browser.live_page import LivePage, member_link
from tests.cogs.helpers import is_layout, part, table_of
from tests.cogs.live.pages import page_rows, thread_rows
from tests.cogs.live.play import steps
from tests.cogs.players import play_step, press
from tests.waiting import until


async def _seated(place, game: str, guests: tuple[str, ...], **options: Any) -> None:
    """Ann opens `game`'s lobby, the guests join in SimCord, Ann starts it."""
    ann = place.member("ann")
    assert (await ann.slash(place.channel, f"{game} start", **options)).acknowledged
    for name in guests:
        lobby = table_of(place.channel, place.member(name))
        await place.member(name).click(lobby, custom_id=lobby_button(lobby, "join"))
    lobby = table_of(place.channel, ann)
    await ann.click(lobby, custom_id=lobby_button(lobby, "start"))


async def _record(place) -> Any:
    return next(r for r in await place.bot.storage.open_matches() if r.state is not None)


def _players(place) -> str:
    """The players' part of the channel's newest table (the result, posted under it at the
    end, has none)."""
    for message in reversed(place.channel.history(viewer=place.member("ann"))):
        if is_layout(message) and not message.flags.ephemeral and part(message, Part.PLAYERS):
            return part(message, Part.PLAYERS)
    raise AssertionError("no table in the channel")


def _numbers(rows: dict[str, tuple[str, str, str]]) -> dict[str, tuple[str, str]]:
    """Each seat's round score and total (its status is worded in the reader's language)."""
    return {name: row[1:] for name, row in rows.items()}


@pytest.mark.game_seed(47)
async def test_i47_2_a_flip7_game_played_on_two_pages_and_in_the_channel(browser):
    options = PlaygroundOptions(members=3, seed=47, ai_delay=0)
    async with playground(options) as place:
        await _seated(place, "flip7", ("bao", "citra"), goal=50)
        ann, bao = (
            await LivePage.open(browser, await member_link(place, "ann"), width=360),
            await LivePage.open(browser, await member_link(place, "bao")),
        )
        pages = {"ann": ann, "bao": bao}
        await expect(bao.page.locator("html")).to_have_attribute("lang", "vi")
        # The turn's clock counts down in the header (the playground gives a turn an hour).
        await expect(ann.page.locator("#clock")).to_have_text(
            re.compile(r"^Time left .* 5\d:\d\d$")
        )
        info = GAMES["flip7"]
        record = await _record(place)
        match_id, reconnected = record.id, False
        while True:
            record = await place.bot.storage.get_match(match_id)
            for page in pages.values():
                await page.at(record.version)
            # The same match on both surfaces: each seat's scores, on the pages and in the
            # channel's table (which the desk edits a moment after the save).
            shown = _numbers(page_rows(await ann.table_html()))
            assert shown == _numbers(page_rows(await bao.table_html()))
            assert set(shown) == {"Ann", "Bao", "Citra"}

            def same() -> bool:
                return _numbers(thread_rows(_players(place))) == shown  # noqa: B023

            await until(same, f"the channel's table at version {record.version}")
            if not record.is_open:
                break
            game = info.from_dict(record.state)
            seat = game.to_act()[0]
            name = record.seats[seat].name.lower()
            code = info.choose_ai(game, seat, info.ai_levels[0]).code
            if name == "citra":  # the third member clicks in the channel
                await press(
                    place.member("citra"), table_of(place.channel, place.member("citra")), code
                )
            else:
                await pages[name].play(code)
            if name == "citra" and not reconnected and record.version > 10:
                # Mid-game, Ann's socket drops (as when the server restarts) while Citra's
                # move is saved: her page reconnects naming the last version it drew.
                reconnected = True
                await place.bot.get_cog("LiveTable").server.hang_up()

            async def saved() -> bool:
                return (await place.bot.storage.get_match(match_id)).version > record.version  # noqa: B023

            await until(saved, f"{code} saved")
        assert reconnected and len(ann.sockets) == 2
        first, second = ([f for f in frames if f["t"] == "table"] for frames in ann.sockets)
        assert second and not second[0]["snapshot"]
        versions = [f["v"] for f in first + second]
        assert versions == list(range(versions[0], versions[-1] + 1))  # no gap, no repeat
        await expect(ann.page.locator("#live")).to_have_attribute("data-open", "false")
        assert await ann.fits_its_width()  # 360 px, the final table included


@pytest.mark.game_seed(47)
async def test_i47_2_sink_or_swim_picks_made_on_the_pages(browser):
    options = PlaygroundOptions(members=3, seed=47, ai_delay=0)
    async with playground(options) as place:
        await _seated(place, "sinkorswim", ("bao", "citra"))
        pages = {
            "ann": await LivePage.open(browser, await member_link(place, "ann")),
            "bao": await LivePage.open(browser, await member_link(place, "bao"), width=360),
        }
        info = GAMES["sinkorswim"]
        record = await _record(place)
        game = info.from_dict(record.state)
        for seat, name in enumerate(("ann", "bao")):
            page = pages[name]
            await page.at(record.version)
            hand = {f"p{card.card}" for card in game.view(seat).hand}
            codes = page.page.locator("#moves button.move")
            assert set(await codes.evaluate_all("all => all.map(b => b.dataset.code)")) == hand
            await expect(page.page.locator("#hand-box")).to_be_visible()
            code = info.choose_ai(game, seat, info.ai_levels[0]).code
            if name == "bao":
                await _by_keyboard(page, code)
            else:
                await page.play(code)
            record = await _saved_after(place, record)
        # Ann's page says she picked, and which; Bao's never shows her pick.
        picked = info.from_dict(record.state).view(0).pick
        await pages["ann"].at(record.version)
        await expect(pages["ann"].page.locator("#hand")).to_contain_text("You picked")
        await pages["bao"].at(record.version)
        assert f"sos_w{picked}.png" not in await pages["bao"].page.content()
        # Citra picks in the channel: the trick is revealed on both pages.
        citra = place.member("citra")
        assert await play_step(place.env, place.channel, [citra], one=True)
        record = await _saved_after(place, record)
        for page in pages.values():
            await page.at(record.version)
            await expect(page.page.locator("#table .part-trick")).to_be_visible()


@pytest.mark.game_seed(47)
async def test_i47_2_a_sequence_play_made_on_the_page_with_its_board(browser):
    options = PlaygroundOptions(members=1, game="sequence", ai=1, seed=47, ai_delay=0)
    async with playground(options) as place:
        ann = place.member("ann")
        lobby = table_of(place.channel, ann)
        await ann.click(lobby, custom_id=lobby_button(lobby, "start"))
        page = await LivePage.open(browser, await member_link(place, "ann"), width=360)
        info = GAMES["sequence"]
        record = await _record(place)

        async def ann_to_play() -> Any:
            found = await place.bot.storage.get_match(record.id)
            return found if 0 in info.from_dict(found.state).to_act() else None

        record = await until(ann_to_play, "Ann's turn")
        await page.at(record.version)
        board = page.page.locator("#table img.picture")
        await expect(board).to_have_js_property("complete", True)
        assert await board.evaluate("img => img.naturalWidth") > 300
        assert await page.fits_its_width()  # the board and the hand's buttons at 360 px
        before = await board.get_attribute("src")
        game = info.from_dict(record.state)
        played = info.choose_ai(game, 0, info.ai_levels[0])
        for code in steps("sequence", played):
            now = await place.bot.storage.get_match(record.id)
            await page.at(now.version)
            if await page.page.locator(
                f'#moves [data-code="{code}"], option[value="{code}"]'
            ).count():
                await page.play(code)
                await _saved_after(place, now)
        after = await place.bot.storage.get_match(record.id)
        await page.at(after.version)
        assert await board.get_attribute("src") != before  # the board of the new version
        await expect(board).to_have_js_property("complete", True)
        assert await board.evaluate("img => img.naturalWidth") > 300
        last = info.from_dict(after.state).view(None).last_move
        assert last is not None and last.seat == 0  # Ann's play, made on the page


async def _by_keyboard(page: LivePage, code: str) -> None:
    """Press a move with the keyboard alone: Tab until its button has the focus (which
    shows), then Enter."""
    target = page.page.locator(f'#moves button[data-code="{code}"]')
    for _tab in range(40):
        await page.page.keyboard.press("Tab")
        if await target.evaluate("button => button === document.activeElement"):
            break
    else:
        raise AssertionError(f"Tab never reached the move {code}")
    assert await target.evaluate("button => getComputedStyle(button).outlineStyle") != "none"
    await page.page.keyboard.press("Enter")


async def _saved_after(place, record) -> Any:
    """The match once it is saved past `record`'s version."""

    async def saved() -> Any:
        found = await place.bot.storage.get_match(record.id)
        return found if found.version > record.version else None

    return await until(saved, f"match {record.id} saved after version {record.version}")
