"""Sink or Swim in Chromium on the playground page: three members pick in secret, each from
their own view, and no view ever shows another member's hand or pick before the reveal."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import expect

from playground import MEMBERS, PlaygroundOptions, playground
from tests.browser.helpers import bold, current_game, worded
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


PICKED = "✅ **You picked {card}.** You may change it until the last pick is in."


def _in_every_language(message: str, **values: int | str) -> set[str]:
    """`message` as each of the playground's members may read it."""
    return {worded(name, message, **values) for name, _locale in MEMBERS}


def _card(card: int) -> str:
    """A weather card as the page reads it: its picture, read as the emoji's name."""
    return f"sos_w{card}"


def _picked(member: str, card: int) -> str:
    """What `member` is told, in their language, once they picked `card`."""
    return bold(worded(member, PICKED, card=_card(card)))


def _hands_on_screen(text: str) -> list[set[int]]:
    """The cards of every private hand on screen, read from its "Your cards (n)" line in
    any member's language."""
    headings = "|".join(
        re.escape(heading).replace("999", r"\d+")
        for heading in _in_every_language("Your cards ({count})", count=999)
    )
    found = []
    for line in re.findall(f"(?:{headings})\\s*\\n?([^\\n]*)", text):
        found.append({int(n) for n in re.findall(r"(\d+)(?:\s½?\u2060?🛟)?(?: ·|$)", line.strip())})
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
        told = [card for card in hands[other]] + ([picks[other]] if picks[other] else [])
        for card in told:
            for said in _in_every_language(PICKED, card=_card(card)):
                assert bold(said) not in shown, (me, other, card)


@pytest.mark.long
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
                title = worded(me, "Your hand — round {round}, trick {trick}", round=1, trick=trick)
                await expect(hand).to_contain_text(title)  # in the member's own language
                footer = worded(me, "🛟 a whole belt · ½🛟 half a belt. Only you can see this.")
                await expect(hand).to_contain_text(footer)
                cards = hands[me]
                assert _hands_on_screen(await page.read(hand)) == [set(cards)]
                await _nothing_of_others(page, me, hands, await _picks(place), held)
                choice = max(cards) if trick == 1 else min(cards)
                # The button is named by its picture ("sos_w37") and its label ("37 ½🛟").
                label = re.compile(f"(^|\\s){choice}\\b")
                await page.main.get_by_role("button", name=label).last.click()
                if me != NAMES[-1]:
                    await page.reads(_picked(me, choice))
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
