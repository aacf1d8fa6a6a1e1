"""Sink or Swim in Chromium on the playground page: three members pick in secret, each from
their own view, and no view ever shows another member's hand or pick before the reveal."""

from __future__ import annotations

import re

from playwright.async_api import expect

from playground import PlaygroundOptions, playground
from tests.browser.helpers import current_game
from tests.browser.page import PlaygroundPage

NAMES = ("Ann", "Bao", "Citra")
TRICKS = 2


async def _hands(place) -> dict[str, list[int]]:
    """Each member's cards and pick as the bot holds them (seats are in joining order)."""
    record, game = await current_game(place)
    return {
        seat.name: [card.card for card in game.view(index).hand]
        for index, seat in enumerate(record.seats)
    }


async def _picks(place) -> dict[str, int | None]:
    record, game = await current_game(place)
    return {seat.name: game.view(index).pick for index, seat in enumerate(record.seats)}


async def _card_buttons(page: PlaygroundPage) -> set[int]:
    labels = await page.main.get_by_role("button").all_inner_texts()
    found = set()
    for label in labels:
        match = re.fullmatch(r"\s*(\d+)\s*(½?🛟)?\s*", label)
        if match:
            found.add(int(match.group(1)))
    return found


def _hands_on_screen(text: str) -> list[set[int]]:
    """The cards of every private hand on screen, read from its "Your cards (n)" line."""
    found = []
    for line in re.findall(r"Your cards \(\d+\)\s*\n?([^\n]*)", text):
        found.append({int(n) for n in re.findall(r"(\d+)(?: ½?🛟)?(?: ·|$)", line.strip())})
    return found


async def _nothing_of_others(page: PlaygroundPage, me: str, hands, picks, held) -> None:
    """Viewed as `me`: every card button is one `me` held, and no other member's hand
    (as the private view lists it) or pick (as its owner is told) is on screen."""
    shown = await page.text()
    assert await _card_buttons(page) <= held[me], (me, await _card_buttons(page), held[me])
    for cards in _hands_on_screen(shown):
        assert cards and cards <= held[me], (me, cards, held[me])
    for other in NAMES:
        if other == me:
            continue
        for card in hands[other]:
            assert f"You picked {card}." not in shown, (me, other, card)
        if picks[other] is not None:
            assert f"You picked {picks[other]}." not in shown, (me, other)


async def test_sink_or_swim_picks_stay_secret_in_every_view(browser):
    async with playground(PlaygroundOptions(members=3, seed=7, ai_delay=0)) as place:
        page = await PlaygroundPage.open(browser, place.url)
        await page.view_as("Ann")
        await page.slash("sinkorswim start")
        await page.shows("Sink or Swim — lobby")
        await page.join_and_start("Ann", ("Bao", "Citra"))
        await page.shows("round 1 of")

        held: dict[str, set[int]] = {name: set() for name in NAMES}
        for trick in range(1, TRICKS + 1):
            await page.shows(f"trick {trick} of 12")
            for me in NAMES:
                hands = await _hands(place)
                for name, cards in hands.items():
                    held[name] |= set(cards)
                await page.view_as(me)
                await page.click("Pick a card")
                hand = page.table()
                await expect(hand).to_contain_text(f"Your hand — round 1, trick {trick}")
                await expect(hand).to_contain_text("Only you can see this.")
                cards = hands[me]
                assert _hands_on_screen(await hand.inner_text()) == [set(cards)]
                await _nothing_of_others(page, me, hands, await _picks(place), held)
                choice = max(cards) if trick == 1 else min(cards)
                await page.main.get_by_role("button", name=re.compile(f"^{choice}\\b")).last.click()
                if me != NAMES[-1]:
                    await page.shows(f"You picked {choice}.")
                    await _nothing_of_others(page, me, hands, await _picks(place), held)
                    for other in NAMES:  # every other view, right after this pick
                        if other != me:
                            await page.view_as(other)
                            await _nothing_of_others(page, other, hands, await _picks(place), held)
            await page.shows(f"Round 1, trick {trick} — revealed")
            for me in NAMES:
                await page.view_as(me)
                await _nothing_of_others(page, me, await _hands(place), await _picks(place), held)
        _record, game = await current_game(place)
        assert game.view(None).trick == TRICKS + 1
