"""House rules (issue 48, item 3): moderators set a game's defaults for new lobbies, for the
server or one channel (whose settings win); every lobby opened there starts from them and
says so in one line; the host's own choices still win."""

from __future__ import annotations

import discord
import pytest

from bot.storage.doors import CHANNEL, SERVER
from cogs.app import create_bot
from cogs.ui.layout import Part
from tests.cogs.helpers import part, selects, table_of


@pytest.fixture
def mod(world):
    mods = world.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    return world.guild.add_member(world.env.create_user("mod"), roles=[mods])


async def record_in(world, channel):
    return await world.env.bot.storage.open_match_in_channel(channel.id)


async def test_i48_3_server_house_rules_shape_a_flip7_lobby_and_say_so(world, mod):
    answer = await mod.slash(world.channel, "games house flip7", goal=150, brutal=True)
    assert answer.ephemeral
    assert answer.response.content == (
        "House rules of Flip 7: With a Vengeance in this server: goal 150 · brutal mode."
    )
    alice = world.people["alice"]
    await alice.slash(world.channel, "flip7 start")
    record = await record_in(world, world.channel)
    assert record.options == {"goal": 150, "brutal": True}
    lobby = table_of(world.channel, alice)
    assert part(lobby, Part.HOUSE) == "-# House rules: goal 150 · brutal mode"
    # The started game plays to the house's goal.
    await world.people["bob"].click(lobby, label="Join")
    await alice.click(table_of(world.channel, alice), label="Start")
    _record, game = await world.env.bot.matches.current(record.id)
    assert game.goal == 150 and game.brutal


async def test_i48_3_a_channels_house_rules_win_over_the_servers_one_by_one(world, mod):
    other = world.guild.create_text_channel("sequence-room")
    await mod.slash(world.channel, "games house sequence", teams=3, pace="daily")
    answer = await mod.slash(world.channel, "games house sequence", teams=2, channel=other)
    assert answer.response.content.startswith(
        f"House rules of Sequence Numbers in {other.mention}:"
    )
    alice = world.people["alice"]
    await alice.slash(other, "sequence start")
    there = await record_in(world, other)
    assert there.options.get("teams") == 2 and there.pace == "daily"  # pace from the server
    await alice.slash(world.channel, "sequence start")
    here = await record_in(world, world.channel)
    assert here.options.get("teams") == 3 and here.pace == "daily"
    stored = world.env.bot.matches.scoped
    assert (await stored.scoped(CHANNEL, other.id))["house.sequence"] == {"options": {"teams": 2}}
    assert (await stored.scoped(SERVER, world.guild.id))["house.sequence"] == {
        "options": {"teams": 3},
        "pace": "daily",
    }


async def test_i48_3_the_hosts_choices_win_and_the_line_names_only_what_the_house_set(world, mod):
    await mod.slash(world.channel, "games house flip7", goal=150, brutal=True, pace="relaxed")
    alice = world.people["alice"]
    await alice.slash(world.channel, "flip7 start", goal=300, pace="live")
    record = await record_in(world, world.channel)
    assert record.options == {"goal": 300, "brutal": True} and record.pace == "live"
    assert part(table_of(world.channel, alice), Part.HOUSE) == "-# House rules: brutal mode"


async def test_i48_3_a_pace_the_host_picks_in_the_lobby_leaves_the_house_line(world, mod):
    await mod.slash(world.channel, "games house flip7", brutal=True, pace="daily")
    alice = world.people["alice"]
    await alice.slash(world.channel, "flip7 start")
    lobby = table_of(world.channel, alice)
    assert part(lobby, Part.HOUSE) == "-# House rules: brutal mode · pace: daily"
    (menu,) = selects(lobby)
    assert (await alice.select(lobby, ["relaxed"], custom_id=menu.custom_id)).acknowledged
    assert (await record_in(world, world.channel)).pace == "relaxed"
    assert part(table_of(world.channel, alice), Part.HOUSE) == "-# House rules: brutal mode"


async def test_i48_3_a_lobby_without_house_rules_is_as_before(world):
    alice = world.people["alice"]
    await alice.slash(world.channel, "flip7 start")
    record = await record_in(world, world.channel)
    assert record.options == {"goal": 200, "brutal": False} and record.pace == "live"
    assert record.extra.house is None
    assert part(table_of(world.channel, alice), Part.HOUSE) == ""


async def test_i48_3_house_ai_level_seats_ai_at_that_level(world, mod):
    await mod.slash(world.channel, "games house sinkorswim", ai="simple")
    alice = world.people["alice"]
    await alice.slash(world.channel, "sinkorswim start")
    await alice.click(table_of(world.channel, alice), label="Add AI")
    record = await record_in(world, world.channel)
    assert [seat.ai for seat in record.seats] == [None, "simple"]
    assert part(table_of(world.channel, alice), Part.HOUSE) == "-# House rules: AI: simple"


async def test_i48_3_house_where_puts_a_channels_tables_in_threads(world, mod):
    await mod.slash(world.channel, "games house flip7", where="thread")
    alice = world.people["alice"]
    await alice.slash(world.channel, "flip7 start")
    record = await record_in(world, world.channel)
    assert record.extra.where == "thread"  # the server plays in channels otherwise
    await alice.slash(world.channel, "flip7 start", where="channel")
    records = await world.env.bot.matches.reads.open_matches_in_channel(world.channel.id)
    assert sorted(r.extra.where for r in records) == ["channel", "thread"]


async def test_i48_3_show_lists_the_servers_and_this_channels_rules(world, mod):
    await mod.slash(world.channel, "games house flip7", goal=150)
    await mod.slash(world.channel, "games house flip7", brutal=True, channel=world.channel)
    shown = await world.people["alice"].slash(world.channel, "games house show")
    assert shown.ephemeral
    text = shown.response.embeds[0].description
    assert "**Flip 7: With a Vengeance** in this server: goal 150." in text
    assert "**Flip 7: With a Vengeance** in this channel, over the server's: brutal mode." in text
    assert "**Sequence Numbers**: no house rules in this server." in text


async def test_i48_3_reset_forgets_and_members_cannot_set(world, mod):
    alice = world.people["alice"]
    refused = await alice.slash(world.channel, "games house flip7", goal=150)
    assert refused.ephemeral
    assert refused.response.content == "Only moderators (Manage Messages) can set house rules."
    assert "house.flip7" not in await world.env.bot.matches.scoped.scoped(SERVER, world.guild.id)
    await mod.slash(world.channel, "games house flip7", goal=150)
    await mod.slash(world.channel, "games house flip7", brutal=True)  # adds to the goal
    stored = await world.env.bot.matches.scoped.scoped(SERVER, world.guild.id)
    assert stored["house.flip7"] == {"options": {"goal": 150, "brutal": True}}
    answer = await mod.slash(world.channel, "games house flip7", reset=True)
    assert (
        answer.response.content == "Flip 7: With a Vengeance has no house rules in this server now."
    )
    assert "house.flip7" not in await world.env.bot.matches.scoped.scoped(SERVER, world.guild.id)


async def test_i48_3_house_rules_are_worded_in_vietnamese_and_indonesian(world, mod):
    await mod.slash(world.channel, "games house flip7", goal=150, brutal=True)
    languages = world.env.bot.get_cog("Desk").languages
    alice = world.people["alice"]
    for language in ("vi", "id"):
        await languages.choose_for_server(world.guild.id, language)
        await alice.slash(world.channel, "flip7 start")
        line = part(table_of(world.channel, alice), Part.HOUSE)
        assert line is not None and "150" in line and "House rules" not in line, line
        await alice.slash(world.channel, "games reset")


async def test_i48_3_house_rules_survive_a_restart(world, mod, simcord_env, settings):
    await mod.slash(world.channel, "games house flip7", goal=120)
    await simcord_env.bot.shutdown_storage()  # as a stop does: its writer ends
    await simcord_env.restart_bot(create_bot(settings))
    alice = world.people["alice"]
    await alice.slash(world.channel, "flip7 start")
    assert (await record_in(world, world.channel)).options["goal"] == 120
