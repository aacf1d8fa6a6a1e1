"""The Replay button on a result (issue 39, item 1): a private, paged view of the table at
each step, with the move that led there; refused for a match kept without moves."""

from __future__ import annotations

import re

from bot.play.replay import step_and_marks
from bot.play.replay_log import kept
from engines.base import GAMES
from tests.cogs.desk.test_rematch import finished_game
from tests.cogs.games.test_flip7 import open_table
from tests.cogs.helpers import components, embed_text
from tests.cogs.players import fresh
from tests.cogs.server.test_standings import page_buttons


async def test_a_replay_steps_from_the_deal_to_the_result(world):
    people = world.people
    result = await finished_game(world, names=("alice", "bob"))
    record = await world.env.bot.storage.latest_match_in_channel(world.channel.id, "flip7")
    steps = record.extra.replay_moves + 1
    opened = await people["dave"].click(result, label="Replay")  # anyone in the server
    assert opened.ephemeral
    first = opened.response.message
    text = embed_text(first)
    assert "Replay of Flip 7" in text and "as dealt, before the first move" in text
    assert f"Step 0 of {steps - 1}" in text and "back" in page_buttons(first)
    assert page_buttons(first)["back"].disabled
    turned = await people["dave"].click(first, custom_id=page_buttons(first)["next"].custom_id)
    assert turned.acknowledged
    second = fresh(world.channel, people["dave"], first.id)
    assert f"Step 1 of {steps - 1}" in embed_text(second) and "> " in embed_text(second)
    back = await people["dave"].click(second, custom_id=page_buttons(second)["back"].custom_id)
    assert back.acknowledged
    assert "Step 0 of" in embed_text(fresh(world.channel, people["dave"], first.id))


async def test_a_match_without_moves_or_log_is_told_it_cannot_be_replayed(world):
    result = await finished_game(world, names=("alice", "bob"))
    storage = world.env.bot.storage
    record = await storage.latest_match_in_channel(world.channel.id, "flip7")
    record.extra.replay_moves = None  # as a match saved before replays were kept
    record.version += 1
    await storage.save(record, expected_version=record.version - 1, now=record.updated_at)
    await storage.standings.prune_events(record.updated_at + 1)  # and its log cleared since
    refused = await world.people["alice"].click(result, label="Replay")
    assert refused.ephemeral and "before moves were kept" in refused.response.content


def page_of(text: str) -> tuple[int, int]:
    """("Page 3 of 40") as (3, 40)."""
    found = re.search(r"Page (\d+) of (\d+)", text)
    assert found, text
    return int(found[1]), int(found[2])


def step_of(text: str) -> tuple[int, int]:
    """A replay's footer ("Step 3 of 40": the table after 3 of the match's 40 moves) as
    (3, 40)."""
    found = re.search(r"Step (\d+) of (\d+)", text)
    assert found, text
    return int(found[1]), int(found[2])


async def test_the_first_and_last_steps_and_the_rounds_are_one_click_away(world):
    dave = world.people["dave"]
    result = await finished_game(world, names=("alice", "bob"), goal=150)
    record = await world.env.bot.storage.latest_match_in_channel(world.channel.id, "flip7")
    first, moves = await kept(world.env.bot.storage, record)
    _end, (starts,) = step_and_marks("flip7", first, moves, len(moves), [{"round_start"}])
    assert starts  # a match of two rounds at least (no round reaches 150)
    opened = (await dave.click(result, label="Replay")).response.message
    assert page_buttons(opened)["first"].disabled and not page_buttons(opened)["last"].disabled
    assert page_buttons(opened)["Previous round"].disabled
    ended = await dave.click(opened, custom_id=page_buttons(opened)["last"].custom_id)
    assert ended.acknowledged
    last = fresh(world.channel, dave, opened.id)
    assert step_of(embed_text(last)) == (len(moves), len(moves))
    assert page_buttons(last)["last"].disabled and page_buttons(last)["next"].disabled
    assert page_buttons(last)["Next round"].disabled
    # The last step is the saved result: the table drawn is the finished game's.
    final = GAMES["flip7"].from_dict(record.state)
    assert step_and_marks("flip7", first, moves, len(moves))[0].game.to_dict() == final.to_dict()
    rewound = await dave.click(last, custom_id=page_buttons(last)["Previous round"].custom_id)
    assert rewound.acknowledged
    at_round = fresh(world.channel, dave, opened.id)
    assert step_of(embed_text(at_round))[0] == starts[-1]  # the last round's first step
    again = await dave.click(at_round, custom_id=page_buttons(at_round)["first"].custom_id)
    assert again.acknowledged  # ⏮️ is the first step, whatever the round
    assert step_of(embed_text(fresh(world.channel, dave, opened.id)))[0] == 0


async def test_games_replay_opens_a_finished_match_of_this_server_only(world):
    dave = world.people["dave"]
    await finished_game(world, names=("alice", "bob"))
    record = await world.env.bot.storage.latest_match_in_channel(world.channel.id, "flip7")
    opened = await dave.slash(world.channel, "games replay", match=record.id)
    assert opened.ephemeral and "Replay of Flip 7" in embed_text(opened.response.message)
    other = world.env.create_guild()
    channel = other.create_text_channel("elsewhere")
    stranger = other.add_member(world.env.create_user("stranger"))
    refused = await stranger.slash(channel, "games replay", match=record.id)
    assert refused.ephemeral and "This server has no such match." in refused.response.content
    missing = await dave.slash(world.channel, "games replay", match=record.id + 50)
    assert "This server has no such match." in missing.response.content
    await open_table(world.channel, world.people, names=("carol", "erin"))
    playing = await world.env.bot.storage.latest_match_in_channel(world.channel.id, "flip7")
    early = await dave.slash(world.channel, "games replay", match=playing.id)
    assert early.ephemeral and "hasn't ended yet" in early.response.content


async def test_a_history_page_opens_a_matchs_replay(world):
    alice = world.people["alice"]
    await finished_game(world, names=("alice", "bob"))
    page = (await alice.slash(world.channel, "games history")).response.message
    menu = next(
        item
        for item in components(page)
        if (getattr(item, "custom_id", None) or "").startswith("pick:replay:")
    )
    picked = await alice.select(page, [menu.options[0].value], custom_id=menu.custom_id)
    assert picked.ephemeral and "Replay of Flip 7" in embed_text(picked.response.message)


async def test_a_match_saved_before_replays_is_replayed_from_its_public_log(world):
    dave = world.people["dave"]
    result = await finished_game(world, names=("alice", "bob"))
    storage = world.env.bot.storage
    record = await storage.latest_match_in_channel(world.channel.id, "flip7")
    record.extra.replay_moves = None  # as a match saved before replays were kept
    record.version += 1
    await storage.save(record, expected_version=record.version - 1, now=record.updated_at)
    logged = await storage.standings.match_events(record.id)
    moves = len({version for version, _event in logged})
    opened = await dave.click(result, label="Replay")
    assert opened.ephemeral
    first = opened.response.message
    assert "saved before replays were kept" in embed_text(first)
    assert page_of(embed_text(first)) == (1, moves)
    ended = await dave.click(first, custom_id=page_buttons(first)["last"].custom_id)
    assert ended.acknowledged
    last = embed_text(fresh(world.channel, dave, first.id))
    assert page_of(last) == (moves, moves) and "> **" in last
    rewound = await dave.click(
        fresh(world.channel, dave, first.id),
        custom_id=page_buttons(fresh(world.channel, dave, first.id))["Previous round"].custom_id,
    )
    assert rewound.acknowledged
    at_round = embed_text(fresh(world.channel, dave, first.id))
    assert "begins" in at_round and page_of(at_round)[0] < moves
