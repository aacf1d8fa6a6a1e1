"""The moderators' commands of /games say what they need above them
(`@moderator_only(...)`, a discord.py check): anyone else gets one short private line, and
nothing the command would change is changed (issue 49, item 5)."""

from __future__ import annotations

import logging

import discord

from cogs.desk.threads import TABLES_WHERE


async def test_i49_5_a_non_moderator_is_refused_on_a_moderator_command_and_nothing_changes(
    world, caplog
):
    caplog.set_level(logging.INFO)
    bob, guild = world.people["bob"], world.guild
    scoped = world.env.bot.matches.scoped
    languages = world.env.bot.get_cog("Desk").languages
    before = (await TABLES_WHERE.read(scoped, guild.id), await languages.server(guild.id))

    refused = await bob.slash(world.channel, "games tables", where="channel")
    assert refused.ephemeral
    assert refused.response.content == (
        "Only moderators (Manage Messages) can choose where this server's games go."
    )
    refused = await bob.slash(world.channel, "games language", language="vi")
    assert refused.ephemeral
    assert refused.response.content == (
        "Only moderators (Manage Messages) can change this server's language."
    )
    assert (await TABLES_WHERE.read(scoped, guild.id), await languages.server(guild.id)) == before
    # A refusal is answered, not logged as a failure of the bot.
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.records

    # The same commands from a moderator change both (so the check is what stopped bob).
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = guild.add_member(world.env.create_user("mod"), roles=[mods])
    assert (await mod.slash(world.channel, "games tables", where="channel")).ephemeral
    assert (await mod.slash(world.channel, "games language", language="vi")).ephemeral
    after = (await TABLES_WHERE.read(scoped, guild.id), await languages.server(guild.id))
    assert after == ("channel", "vi") != before
