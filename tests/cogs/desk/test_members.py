"""Add AI in a server where members have the AI names (issue 26, item 5): the bot asks
Discord which members are called like the next AI name, and skips theirs."""

from __future__ import annotations

from cogs.ui.layout import Part
from tests.cogs.helpers import part, table_of
from tests.cogs.players import click_id


async def test_i26_add_ai_skips_the_names_of_members_in_the_server(world):
    guild, channel, alice = world.guild, world.channel, world.people["alice"]
    guild.add_member(world.env.create_user("ada"))  # called like the first AI name
    guild.add_member(world.env.create_user("someone"), nick="BAO")  # a nickname counts too
    assert (await alice.slash(channel, "flip7 start")).acknowledged
    await click_id(alice, table_of(channel, alice), ":ai")
    players = part(table_of(channel, alice), Part.PLAYERS)
    assert "Cleo (AI)" in players and "Ada" not in players and "Bao" not in players, players
