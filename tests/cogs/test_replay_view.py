"""The Replay button on a result (issue 39, item 1): a private, paged view of the table at
each step, with the move that led there; refused for a match kept without moves."""

from __future__ import annotations

from bot.replay_log import FIRST_KEY
from tests.cogs.helpers import embed_text
from tests.cogs.players import fresh
from tests.cogs.test_rematch import finished_game
from tests.cogs.test_standings import page_buttons


async def test_a_replay_steps_from_the_deal_to_the_result(world):
    people = world.people
    result = await finished_game(world, names=("alice", "bob"))
    record = await world.env.bot.storage.latest_match_in_channel(world.channel.id, "flip7")
    steps = len(record.extra["replay_moves"]) + 1
    opened = await people["dave"].click(result, label="Replay")  # anyone in the server
    assert opened.ephemeral
    first = opened.response.message
    text = embed_text(first)
    assert "Replay of Flip 7" in text and "as dealt, before the first move" in text
    assert f"Page 1 of {steps}" in text and "back" in page_buttons(first)
    assert page_buttons(first)["back"].disabled
    turned = await people["dave"].click(first, custom_id=page_buttons(first)["next"].custom_id)
    assert turned.acknowledged
    second = fresh(world.channel, people["dave"], first.id)
    assert f"Page 2 of {steps}" in embed_text(second) and "> " in embed_text(second)
    back = await people["dave"].click(second, custom_id=page_buttons(second)["back"].custom_id)
    assert back.acknowledged
    assert "Page 1 of" in embed_text(fresh(world.channel, people["dave"], first.id))


async def test_a_match_kept_without_moves_is_told_it_cannot_be_replayed(world):
    result = await finished_game(world, names=("alice", "bob"))
    storage = world.env.bot.storage
    record = await storage.latest_match_in_channel(world.channel.id, "flip7")
    record.extra.pop(FIRST_KEY)  # as a match saved before replays were kept
    record.version += 1
    await storage.save(record, expected_version=record.version - 1, now=record.updated_at)
    refused = await world.people["alice"].click(result, label="Replay")
    assert refused.ephemeral and "before moves were kept" in refused.response.content
