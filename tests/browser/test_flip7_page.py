"""Flip 7 in Chromium on the playground page: a lobby opened by typing the slash command,
a second member joining from their own view, then moves made with the table's buttons and
select menus, each one read back from the page."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.async_api import expect

from bot.storage import MatchStatus
from cogs.wording import i18n
from cogs.wording.words import signed
from playground import MEMBERS, PlaygroundOptions, lobby_button, playground
from tests.browser.helpers import current_game, worded
from tests.browser.page import PICTURES_IN, TIMEOUT_MS, PlaygroundPage
from tests.waiting import until

# With this seed Ann's second card is Flip Four!, whose target is chosen in a select menu.
SEED = 4
NAMES = ("Ann", "Bao")


async def _acting(page: PlaygroundPage) -> str:
    """Whose decision the table's prompt names ("Bao: hit or stay?")."""
    table = await page.table().inner_text()
    asked = [line for line in table.splitlines() if re.match(r"^(Ann|Bao): ", line)]
    assert asked, table
    return asked[-1].split(":")[0]


async def _settled(page: PlaygroundPage) -> str:
    """The table's text once each card picture in it has loaded or failed: the preview
    swaps a picture that failed for words a moment after drawing the table, which changes
    the text but not the game (an older event kept in "This round" may hold one)."""
    for _tick in range(TIMEOUT_MS // 100):
        if await page.table().evaluate(PICTURES_IN):
            return await page.table().inner_text()
        await page.page.wait_for_timeout(100)
    raise AssertionError("the table's pictures never settled")


async def _settled_change(page: PlaygroundPage, before: str) -> str:
    """The table's settled text once it differs from `before`."""
    for _tick in range(TIMEOUT_MS // 100):
        now = await _settled(page)
        if now != before:
            return now
        await page.page.wait_for_timeout(100)
    raise AssertionError(f"the table did not change from:\n{before}")


async def _table_matches_game(page: PlaygroundPage, place) -> None:
    """The table on the page says what the bot's saved game says."""
    _record, game = await current_game(place)
    view = game.view(None)
    table = page.table()
    await _contains(table, f"draw pile {view.draw_pile}")
    for player in view.players:
        await _contains(table, f"{signed(player.round_score)} · total {signed(player.total)}")


async def _contains(locator, text: str) -> None:
    await expect(locator).to_contain_text(text)


@pytest.mark.long
async def test_flip7_played_by_clicking_in_the_page(browser):
    options = PlaygroundOptions(members=2, seed=SEED, ai_delay=0)
    async with playground(options) as place:
        page = await PlaygroundPage.open(browser, place.url)
        await page.view_as("Ann")
        await page.slash("flip7 start")
        await page.shows("Flip 7: With a Vengeance — lobby")
        await page.shows("@Ann 👑 host")

        await page.view_as("Bao")
        await page.click("Join")
        await page.shows("Bao joined.")
        await page.shows("2 players seated · for 2 to 24 players")

        await page.view_as("Bao")
        await page.click("Start")  # only the host may start
        await page.shows(worded("Bao", "Only the host can start the game."))  # Bao reads vi
        await page.view_as("Ann")
        await page.click("Start")
        await page.shows("Flip 7: With a Vengeance — round 1")
        await _table_matches_game(page, place)

        hits = selects = 0
        while hits < 4 or selects < 1:
            actor = await _acting(page)
            await page.view_as(actor)
            before = await _settled(page)
            round_before = (await current_game(place))[1].view(None).round
            if await page.button("🃏 Hit").count():
                await page.click("🃏 Hit")
                hits += 1
                said = re.compile(f"{actor} (flipped|drew|busted)")
            else:
                menu = re.compile(f"^{actor}: ")
                shown = await page.open_menu(menu)
                labels = [option.splitlines()[0] for option in shown]
                assert set(labels) <= set(NAMES) and len(labels) >= 2, labels
                # Under each name: that player's row and scores.
                assert all(" · this round " in option for option in shown), shown
                other = next(label for label in labels if label != actor)
                await page.choose(menu, other)
                selects += 1
                said = re.compile(re.escape(other))
            after = await _settled_change(page, before)
            news = after.split("how it ended", 1)[-1].split("This round", 1)[-1]
            # The move is retold in the round's events, or it ended the round (as the saved
            # game says) and the round's ending is told above the next deal.
            ended_round = (await current_game(place))[1].view(None).round > round_before
            if ended_round:
                assert f"Round {round_before}: how it ended" in after, after
            else:
                assert said.search(news), news
            await _table_matches_game(page, place)
            assert hits + selects < 30, "the seeded game never asked for a choice"
        record, game = await current_game(place)
        assert record.status == MatchStatus.PLAYING and game.view(None).draw_pile < 106


# With this seed, Bao (the host, beside one AI seat) picking themself each time: after two
# hits Bao's first two choices are menus (whose card to discard, then who gets a modifier),
# drawn in the same place on the same table message, and both offer Bao.
SAME_PICK_SEED = 11


async def _bao_to_act(place, version: int) -> tuple[Any, Any]:
    """The match once saved past `version` (what a click on the page changed) and waiting
    for Bao (seat 0) again, the AI's moves done."""

    async def saved_and_on_bao():
        record, game = await current_game(place)
        return (record, game) if record.version > version and game.decision(0) is not None else None

    return await until(saved_and_on_bao, f"the click to reach the bot (past version {version})")


async def test_i26_two_menus_in_a_row_take_the_same_pick_in_vietnamese(browser):
    """SimCord's page (like a Discord client) keeps a menu's last pick by its component id
    and sends only a different one: each new menu has an id of its own, so the same pick
    twice in a row is sent twice. Bao's app and the server are in Vietnamese."""
    options = PlaygroundOptions(members=2, seed=SAME_PICK_SEED, ai_delay=0, locale="vi")
    async with playground(options) as place:
        bao = place.member("bao")
        # Opened before the page, through SimCord: no click overlaps the page's own.
        await bao.slash(place.channel, "flip7 start")
        for action in ("ai", "start"):
            lobby = place.channel.last_message
            assert (await bao.click(lobby, custom_id=lobby_button(lobby, action))).acknowledged
        page = await PlaygroundPage.open(browser, place.url)
        await page.view_as("Bao")
        with i18n.reading("vi"):
            hit, me = f"🃏 {i18n._('Hit')}", "Bao"  # a menu names the chooser too
        menus: list[str] = []
        record, game = await _bao_to_act(place, -1)
        while len(menus) < 2:
            decision = game.decision(0)
            assert decision is not None and record.version < 40, "no second menu for Bao"
            if decision.kind == "hit_or_stay":
                await page.click(hit)
            else:
                assert "p0" in [option.code for option in decision.options]
                await page.choose(re.compile("Bao"), me)
                menus.append(decision.kind)
            # Raises unless the click or pick reached the bot.
            record, game = await _bao_to_act(place, record.version)
        assert menus == ["discard_player", "give_modifier"]


async def test_i26_the_playgrounds_ai_seats_are_named_like_no_member(browser):
    """scripts/play --game flip7 --members 6 --ai 5: no AI seat is called like a member of
    the server ("Bao (AI)" beside Bao), before or after the members join."""
    options = PlaygroundOptions(game="flip7", members=6, ai=5, ai_delay=0)
    async with playground(options) as place:
        page = await PlaygroundPage.open(browser, place.url)
        await page.view_as("Bao")
        await page.click("Join")
        await page.shows("Bao joined.")
        [record] = await place.bot.storage.open_matches()
        ai = [seat.name for seat in record.seats if seat.ai is not None]
        assert len(ai) == 5
        assert not {name.casefold() for name in ai} & {name for name, _locale in MEMBERS}
        lobby = await page.table().inner_text()
        assert all(f"{name} (AI)" in lobby for name in ai) and "Bao (AI)" not in lobby, lobby
