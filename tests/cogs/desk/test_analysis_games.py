"""The Analysis button on a Sink or Swim and a Sequence Numbers result (issue 39, item 4):
privately, the member's accuracy and costliest decisions, each worded for the game with
its card as the table shows it, with buttons to those replay steps; another member's
analysis is refused; a member reads theirs in their own language."""

from __future__ import annotations

import discord
import pytest

from cogs.tools.pages import PageButton
from playground.sim_locales import client_locales
from tests.cogs.desk.test_rematch import result_of
from tests.cogs.helpers import buttons, embed_text, table_of
from tests.cogs.players import play_to_end

pytestmark = pytest.mark.game_seed(7)  # every match dealt alike, so each path is fixed


async def _finished(world, key: str, ais: int):
    """alice plays `key` against `ais` AI seats at the simple AI's level, to the result."""
    channel, alice = world.channel, world.people["alice"]
    assert (await alice.slash(channel, f"{key} start")).acknowledged
    for _ in range(ais):
        assert (await alice.click(table_of(channel, alice), label="Add AI")).acknowledged
    assert (await alice.click(table_of(channel, alice), label="Start")).acknowledged
    await play_to_end(world.env, channel, [alice], level="simple")
    return result_of(channel, alice)


async def _opened_analysis(world, result, title: str) -> tuple[discord.Message, list[str]]:
    """alice's analysis page from the result: its accuracy, and the buttons to its costly
    steps, each opening that step of the replay."""
    alice = world.people["alice"]
    opened = await alice.click(result, label="Analysis")
    assert opened.acknowledged and opened.ephemeral
    page = opened.response.message
    text = embed_text(page)
    assert f"Your play in {title}, analysed" in text and "**Accuracy: " in text
    steps = [label for label in buttons(page) if label and label.startswith("Step ")]
    assert 1 <= len(steps) <= 3  # a simple player's costliest decisions
    replay = await alice.click(page, label=steps[0])
    assert replay.ephemeral
    step = int(steps[0].removeprefix("Step "))
    assert f"Replay of {title}" in embed_text(replay.response.message)
    assert f"Step {step} of" in embed_text(replay.response.message)
    return page, steps


async def test_a_sink_or_swim_player_reads_each_pick_with_the_belts_it_likely_cost(world):
    result = await _finished(world, "sinkorswim", ais=2)
    page, steps = await _opened_analysis(world, result, "Sink or Swim")
    text = embed_text(page)
    assert f"⚠️ {steps[0]} (round " in text and " over this trick and the rest of the round" in text
    assert "chance to lose a belt that trick" in text or "out of the round" in text


async def test_a_sequence_player_reads_each_play_against_the_best_found(world):
    result = await _finished(world, "sequence", ais=1)
    page, steps = await _opened_analysis(world, result, "Sequence Numbers")
    text = embed_text(page)
    assert f"⚠️ {steps[0]}: " in text and "plays open to you" in text
    assert "The best play found" in text


async def test_another_members_sink_or_swim_analysis_is_refused(world):
    alice, bob = world.people["alice"], world.people["bob"]
    await _finished(world, "sinkorswim", ais=2)
    record = await world.env.bot.storage.latest_match_in_channel(world.channel.id, "sinkorswim")
    view = discord.ui.View(timeout=None)
    view.add_item(PageButton("analysis", f"{record.ref},{alice.id}", 0))
    posted = await world.env.bot.get_channel(world.channel.id).send("alice's pages", view=view)
    left = next(m for m in world.channel.history(viewer=bob) if m.id == posted.id)
    other = await bob.click(left, custom_id=f"pg:analysis:{record.ref},{alice.id}:0")
    assert other.ephemeral and "only for the member whose play it is" in other.response.content


async def test_the_analysis_is_in_the_members_own_language(world):
    """alice's Discord is in Vietnamese, the server in English: her analysis is Vietnamese,
    in the Sink or Swim words of the glossary (phao, lượt)."""
    alice = world.people["alice"]
    client_locales(world.env).set(alice, "vi")
    result = await _finished(world, "sinkorswim", ais=2)
    opened = await alice.click(result, label="Analysis")
    assert opened.acknowledged and opened.ephemeral
    page = opened.response.message
    text = embed_text(page)
    assert "**Độ chính xác: " in text and "Bơi hay Chìm" in text
    assert "(vòng " in text and "phao" in text and "Likely" not in text
    assert any(label and label.startswith("Bước ") for label in buttons(page))
