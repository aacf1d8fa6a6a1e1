"""Turn notices of slow matches at their edges (issue 36, items 6 and 10b): the first
turn, a member seated while away, and the notices that are up across a restart."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.cogs.players import click_id, public_table
from tests.conftest import NAMES

DAY = 86_400
TITLE = "Sink or Swim"


@pytest.fixture
async def thread_world(simcord_env):
    """A server with the default: each game is played in a thread of its own."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    people = {name: guild.add_member(simcord_env.create_user(name)) for name in NAMES}
    return SimpleNamespace(env=simcord_env, guild=guild, channel=channel, people=people)


def dms(member) -> list[str]:
    """What the bot has DMed the member, oldest first (nothing when it never has)."""
    if member.user.dm_channel is None:
        return []
    return [m.content for m in member.user.dm_channel.history(viewer=member.user)]


def mentions(place, viewer) -> list[str]:
    """The turn mentions up in a channel or thread, oldest first."""
    shown = [m.content or "" for m in place.history(viewer=viewer) if not m.embeds]
    return [text for text in shown if "your turn" in text]


def now(world) -> int:
    return int(world.env.bot.matches.clock())


async def daily_sink_or_swim(world, host="alice", guests=("bob", "carol")):
    """The host opens a daily Sink or Swim, the guests join within the minute and the host
    starts it at once; the match's thread."""
    people = world.people
    opened = await people[host].slash(world.channel, "sinkorswim start", pace="daily")
    lobby = opened.response.message
    for name in guests:
        await click_id(people[name], public_table(world.channel, people[host]), ":join")
    await click_id(people[host], public_table(world.channel, people[host]), ":start")
    return next(t for t in world.channel.threads if t.id == lobby.id)


async def test_the_first_turn_of_a_slow_match_gets_its_notice(thread_world):
    world = thread_world
    alice, bob, carol = (world.people[n] for n in ("alice", "bob", "carol"))
    await bob.slash(world.channel, "games notify", how="dm")
    thread = await daily_sink_or_swim(world)
    started = now(world)
    await world.env.advance_time(3600)
    record = await world.env.bot.storage.match_in_thread(thread.id)
    link = f"https://discord.com/channels/{world.guild.id}/{thread.id}/{record.message_id}"
    assert dms(bob) == [
        f"It's your turn in {TITLE}; it ends <t:{started + DAY}:R>. The table: {link}"
    ]
    assert mentions(thread, carol) == [  # everyone picks at once: alice and carol by mention
        f"<@{who.id}>, it's your turn in {TITLE}; it ends <t:{started + DAY}:R>."
        for who in (alice, carol)
    ]
    assert mentions(world.channel, carol) == []  # the channel holds the card alone
