"""A whole Flip 7 game under SimCord with the bot on PostgreSQL (DATABASE_URL), through a
restart mid-game, to its result on the leaderboard."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.app import create_bot
from bot.storage import PostgresStorage
from tests.cogs.helpers import embed_text
from tests.cogs.test_flip7 import first_turn, play_one, play_to_end


@pytest.fixture
def settings(settings, postgres_url):
    return replace(settings, database_url=postgres_url)


async def test_a_whole_game_on_postgresql_survives_a_restart(world, settings):
    env, channel, people = world.env, world.channel, world.people
    assert isinstance(env.bot.storage, PostgresStorage)
    await first_turn(world)
    await play_one(channel, people)
    await env.bot.shutdown_storage()
    await env.restart_bot(create_bot(settings))
    await play_to_end(env, channel, people)
    record = await env.bot.storage.latest_match_in_channel(channel.id, "flip7")
    assert record is not None and record.status == "finished"
    board = await people["alice"].slash(channel, "games leaderboard")
    assert board.acknowledged
    shown = embed_text(board.response)
    players = [people[name] for name in ("alice", "bob", "carol")]
    assert all(f"<@{member.id}>" in shown for member in players)
