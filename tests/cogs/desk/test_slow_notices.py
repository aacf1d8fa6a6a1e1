"""Turn notices of slow matches at their edges (issue 36, items 6 and 10b): the first
turn, a member seated while away, and the notices that are up across a restart."""

from __future__ import annotations

import pytest

from cogs.app import create_bot
from cogs.ui.layout import Part
from tests.cogs.helpers import embed_text, part
from tests.cogs.players import click_id, play_step, public_table

DAY = 86_400
TITLE = "Sink or Swim"


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


async def test_a_member_who_joins_while_away_is_paused(thread_world):
    """alice goes away for two days, then joins a daily game: its first turn waits for her
    as it would had she gone away mid-match, and her return early starts its whole day."""
    world, storage = thread_world, thread_world.env.bot.storage
    alice, bob = world.people["alice"], world.people["bob"]
    assert (await alice.slash(world.channel, "games away", days=2)).ephemeral
    back = now(world) + 2 * DAY
    thread = await daily_sink_or_swim(world, host="bob", guests=("alice", "carol"))
    record = await storage.match_in_thread(thread.id)
    assert record.turn_due.at == pytest.approx(back + DAY)
    away = part(public_table(thread, bob), Part.AWAY)
    assert away == f"💤 alice is away until <t:{back}:f>."
    await world.env.advance_time(DAY + 60)  # bob's and carol's day is over, not the turn
    assert "ran out of time" not in embed_text(public_table(thread, bob))
    assert (await alice.slash(world.channel, "games away", days=0)).ephemeral
    returned = now(world)
    record = await storage.match_in_thread(thread.id)
    assert record.turn_due.at == pytest.approx(returned + DAY)
    assert part(public_table(thread, bob), Part.AWAY) == ""


async def test_a_dm_sent_before_a_restart_is_marked_done_after_it(thread_world, settings):
    """bob's DM and alice's mention went out before the bot restarted; after it, each is
    taken down when its member moves, as it would have been without the restart."""
    world = thread_world
    alice, bob, carol = (world.people[n] for n in ("alice", "bob", "carol"))
    await bob.slash(world.channel, "games notify", how="dm")
    thread = await daily_sink_or_swim(world, host="bob", guests=("alice", "carol"))
    (dm,) = dms(bob)
    assert dm.startswith(f"It's your turn in {TITLE}")
    assert len(mentions(thread, carol)) == 2  # alice's and carol's
    await world.env.advance_time(3600)
    await world.env.bot.shutdown_storage()
    await world.env.restart_bot(create_bot(settings))
    assert await play_step(world.env, thread, [bob], one=True)  # the host, bob, picks first
    assert dms(bob) == [f"Done: you moved in {TITLE}."]
    assert await play_step(world.env, thread, [alice, bob], one=True)  # then alice
    assert mentions(thread, carol) == [
        f"<@{carol.id}>, it's your turn in {TITLE}; it ends <t:{now(world) - 3600 + DAY}:R>."
    ]
    record = await world.env.bot.storage.match_in_thread(thread.id)
    assert [n.user_id for n in await world.env.bot.storage.turn_notices(record.id)] == [carol.id]
