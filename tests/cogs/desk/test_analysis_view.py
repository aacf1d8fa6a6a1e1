"""The Analysis button on a Flip 7 result (issue 39, item 4): privately, the member's
accuracy and costliest decisions with buttons to those replay steps; a member without a
seat, and one asking for another's analysis, are refused."""

from __future__ import annotations

import discord

from cogs.tools.pages import PageButton
from tests.cogs.desk.test_rematch import finished_game
from tests.cogs.helpers import buttons, embed_text


async def test_a_player_reads_their_analysis_and_opens_a_costly_step(world):
    alice = world.people["alice"]
    result = await finished_game(world, names=("alice", "bob"))
    opened = await alice.click(result, label="Analysis")
    assert opened.ephemeral
    page = opened.response.message
    text = embed_text(page)
    assert "Your play in Flip 7" in text and "**Accuracy: " in text
    steps = [label for label in buttons(page) if label and label.startswith("Step ")]
    assert steps  # the helper plays plainly, so some decision cost something
    replay = await alice.click(page, label=steps[0])  # it leads to its replay step
    assert replay.ephemeral
    shown = embed_text(replay.response.message)
    step = int(steps[0].removeprefix("Step "))
    assert "Replay of Flip 7" in shown and f"Step {step} of" in shown


async def test_no_seat_and_another_members_analysis_are_refused(world):
    dave, bob, alice = world.people["dave"], world.people["bob"], world.people["alice"]
    result = await finished_game(world, names=("alice", "bob"))
    refused = await dave.click(result, label="Analysis")
    assert refused.ephemeral and "You had no seat in this match" in refused.response.content
    record = await world.env.bot.storage.latest_match_in_channel(world.channel.id, "flip7")
    view = discord.ui.View(timeout=None)
    view.add_item(PageButton("analysis", f"{record.ref},{alice.id}", 1))
    posted = await world.env.bot.get_channel(world.channel.id).send("alice's pages", view=view)
    left = next(m for m in world.channel.history(viewer=bob) if m.id == posted.id)
    other = await bob.click(left, custom_id=f"pg:analysis:{record.ref},{alice.id}:1")
    assert other.ephemeral and "only for the member whose play it is" in other.response.content
