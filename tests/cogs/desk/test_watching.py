"""Watch on a match's card (issue 39, item 2): a member without a seat follows the match's
thread (added to it), the table counts the watchers, the watchers are mentioned under the
result; pressing again stops; a double click, a seated player, an ended match and a match
played in its channel get short answers; watchers are kept across a restart."""

from __future__ import annotations

import discord

from bot.play.watching import DOUBLE_CLICK
from cogs.app import create_bot
from cogs.desk.watching import WatchButton
from cogs.ui.layout import Part
from tests.cogs.desk.test_threads import card_of, started
from tests.cogs.helpers import buttons, components, part, selects
from tests.cogs.players import play_step, play_to_end, public_table


def members_of(world, thread) -> set[int]:
    return set(world.env.backend.get_thread(thread.id).thread_members)


async def test_watch_from_the_card_follows_the_thread_and_is_told_the_result(thread_world):
    world = thread_world
    alice, bob, dave = (world.people[n] for n in ("alice", "bob", "dave"))
    lobby, thread = await started(world, names=("alice", "bob"), goal=50)
    card = card_of(world.channel, dave, lobby.id)
    assert "Watch" in buttons(card)
    pressed = await dave.click(card, label="Watch")
    assert (
        pressed.ephemeral and f"watching this match in <#{thread.id}>" in pressed.response.content
    )
    assert dave.id in members_of(world, thread)
    record = await world.env.bot.storage.match_in_thread(thread.id)
    assert [user for user, _since in await world.env.bot.storage.watchers(record.id)] == [dave.id]
    # The table counts the watcher from its next drawing; the watcher has no seat to play.
    assert await play_step(world.env, thread, [alice, bob])
    assert "1 member watching" in part(public_table(thread, alice), Part.WATCHING)
    table = public_table(thread, dave)
    # Whatever the table offers now (Hit and Stay, or a target to choose after an action card).
    moves = [i for i in components(table) if isinstance(i, discord.Button) and i.custom_id]
    if moves:
        refused = await dave.click(table, custom_id=moves[0].custom_id)
    else:
        (menu, *_others) = selects(table)
        refused = await dave.select(table, [menu.options[0].value], custom_id=menu.custom_id)
    assert refused.ephemeral  # watchers see and do only what any member may
    # A seated player's press is answered, and changes nothing.
    seated = await alice.click(card_of(world.channel, alice, lobby.id), label="Watch")
    assert seated.ephemeral and "You have a seat in this match" in seated.response.content
    await play_to_end(world.env, thread, [alice, bob])
    told = [m for m in thread.history(viewer=dave) if f"<@{dave.id}>" in (m.content or "")]
    assert len(told) == 1 and "has ended: its result is just above" in told[0].content
    assert await world.env.bot.storage.watchers(record.id) == []  # told, then forgotten
    ended = card_of(world.channel, dave, lobby.id)
    assert "Watch" not in buttons(ended) and "finished in" in part(ended, Part.HEADING)
    # A Watch button left from before the end (as on a card Discord didn't let us redraw).
    view = discord.ui.View(timeout=None)
    view.add_item(WatchButton(record.ref, label="Watch"))
    old = await world.env.bot.get_channel(world.channel.id).send("an old card", view=view)
    left = next(m for m in world.channel.history(viewer=dave) if m.id == old.id)
    stale = await dave.click(left, label="Watch")
    assert stale.ephemeral and "This match has ended" in stale.response.content


async def test_pressing_again_stops_and_a_double_click_counts_once(thread_world):
    world = thread_world
    dave = world.people["dave"]
    lobby, thread = await started(world, names=("alice", "bob"), goal=50)
    assert (await dave.click(card_of(world.channel, dave, lobby.id), label="Watch")).ephemeral
    again = await dave.click(card_of(world.channel, dave, lobby.id), label="Watch")
    assert again.ephemeral and "That press was taken already" in again.response.content
    assert dave.id in members_of(world, thread)
    await world.env.advance_time(DOUBLE_CLICK + 1)
    stopped = await dave.click(card_of(world.channel, dave, lobby.id), label="Watch")
    assert stopped.ephemeral and "stopped watching" in stopped.response.content
    assert dave.id not in members_of(world, thread)
    record = await world.env.bot.storage.match_in_thread(thread.id)
    assert await world.env.bot.storage.watchers(record.id) == []


async def test_watchers_are_kept_across_a_restart(thread_world, settings):
    world = thread_world
    alice, bob, dave, erin = (world.people[n] for n in ("alice", "bob", "dave", "erin"))
    lobby, thread = await started(world, names=("alice", "bob"), goal=50)
    for watcher in (dave, erin):
        assert (
            await watcher.click(card_of(world.channel, watcher, lobby.id), label="Watch")
        ).ephemeral
    await world.env.bot.shutdown_storage()
    await world.env.restart_bot(create_bot(settings))
    assert await play_step(world.env, thread, [alice, bob])
    assert "2 members watching" in part(public_table(thread, alice), Part.WATCHING)
    await play_to_end(world.env, thread, [alice, bob])
    told = [m for m in thread.history(viewer=erin) if "has ended" in (m.content or "")]
    assert (
        len(told) == 1 and f"<@{dave.id}>" in told[0].content and f"<@{erin.id}>" in told[0].content
    )


async def test_a_match_played_in_its_channel_offers_no_watch(world):
    alice, bob = world.people["alice"], world.people["bob"]
    assert (await alice.slash(world.channel, "flip7 start", goal=50)).acknowledged
    lobby = public_table(world.channel, alice)
    assert (await bob.click(lobby, label="Join")).acknowledged
    assert (await alice.click(public_table(world.channel, alice), label="Start")).acknowledged
    shown = [label for m in world.channel.history(viewer=bob) for label in buttons(m)]
    assert "Watch" not in shown
