"""A server to play in: one channel and six members, under SimCord."""

from types import SimpleNamespace

import pytest

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank")


@pytest.fixture
async def world(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    people = {name: guild.add_member(simcord_env.create_user(name)) for name in NAMES}
    return SimpleNamespace(env=simcord_env, guild=guild, channel=channel, people=people, match=0)
