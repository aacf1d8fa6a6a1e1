"""Many tables at once (issue 28, item 1): a thread per match, several matches in one
channel, commands inside and outside threads, the limits, and threads that go away."""

from __future__ import annotations

from dataclasses import replace

import discord
import pytest

from bot.storage import EndReason, MatchStatus
from cogs.app import create_bot
from cogs.desk.threads import TABLES_WHERE
from cogs.ui.layout import Part
from tests.cogs.helpers import components, part, selects
from tests.cogs.players import click_id, open_game, play_step, play_to_end, public_table


def thread_of(channel, message_id):
    """The thread opened on a message (Discord gives it the message's id)."""
    return next(t for t in channel.threads if t.id == message_id)


def card_of(channel, viewer, message_id) -> discord.Message:
    return next(m for m in channel.history(viewer=viewer) if m.id == message_id)


async def started(world, key="flip7", names=("alice", "bob"), **options):
    """A lobby opened in the channel by the first name, joined by the others, started."""
    host, *others = (world.people[n] for n in names)
    lobby = (await host.slash(world.channel, f"{key} start", **options)).response.message
    for person in others:
        await click_id(person, public_table(world.channel, host), ":join")
    await click_id(host, card_of(world.channel, host, lobby.id), ":start")
    return lobby, thread_of(world.channel, lobby.id)


async def test_i28_a_match_is_played_in_its_own_thread_from_start_to_result(thread_world):
    world = thread_world
    env, channel = world.env, world.channel
    alice, bob, carol = (world.people[n] for n in ("alice", "bob", "carol"))
    lobby, thread = await started(world, names=("alice", "bob", "carol"), goal=50)
    assert thread.name == "Flip 7: With a Vengeance · alice, bob +1"
    members = set(env.backend.get_thread(thread.id).thread_members)
    assert {alice.id, bob.id, carol.id} <= members
    record = await env.bot.storage.match_in_thread(thread.id)
    assert record.channel_id == channel.id and record.thread_id == thread.id
    # The table is in the thread; the lobby message in the channel is the card.
    table = public_table(thread, alice)
    assert table.channel.id == thread.id and components(table)
    card = card_of(channel, alice, lobby.id)
    assert f"<#{thread.id}>" in part(card, Part.HEADING)
    assert [item.label for item in components(card)] == ["Watch"]  # the card's one button
    assert "round 1" in part(card, Part.HEADING)
    await play_to_end(env, thread, [alice, bob, carol])
    record = await env.bot.storage.get_match(record.id)
    assert record.status == MatchStatus.FINISHED
    result = [m for m in thread.history(viewer=bob) if "Rematch" in str(m.components)]
    assert result, "the result is posted in the thread"
    card = card_of(channel, alice, lobby.id)
    assert "finished in" in part(card, Part.HEADING)
    assert "🥇" in part(card, Part.RESULT)
    # The channel holds the card alone: no table, no result, no pings.
    posted = [m for m in channel.history(viewer=alice) if not m.flags.ephemeral]
    assert [m.id for m in posted if m.type != discord.MessageType.thread_created] == [lobby.id]
    assert env.backend.get_thread(thread.id).thread_metadata.auto_archive_duration == 60


async def test_i28_rematch_from_a_thread_opens_the_lobby_in_the_channel(thread_world):
    world = thread_world
    alice, bob = world.people["alice"], world.people["bob"]
    _lobby, thread = await started(world, goal=50)
    await play_to_end(world.env, thread, [alice, bob])
    result = next(m for m in reversed(thread.history(viewer=bob)) if "Rematch" in str(m.components))
    again = await bob.click(result, label="Rematch")
    assert again.ephemeral and "discord.com/channels" in again.response.content
    lobbies = await world.env.bot.storage.open_matches_in_channel(world.channel.id)
    assert (
        len(lobbies) == 1
        and lobbies[0].status == MatchStatus.LOBBY
        and lobbies[0].thread_id is None
    )
    newest = [m for m in world.channel.history(viewer=alice) if not m.flags.ephemeral][-1]
    assert newest.id == lobbies[0].message_id


async def test_i28_three_games_at_once_in_one_channel(thread_world):
    world = thread_world
    names = ("alice", "bob", "carol")
    lobbies = []
    for key, host, guest in (
        ("flip7", "alice", "bob"),
        ("sinkorswim", "carol", "dave"),
        ("sequence", "erin", "frank"),
    ):
        world_names = (host, guest) if key != "sinkorswim" else (host, guest, "alice")
        lobbies.append(await started(world, key=key, names=world_names))
    assert len({thread.id for _lobby, thread in lobbies}) == 3
    records = await world.env.bot.storage.open_matches_in_channel(world.channel.id)
    assert sorted(r.game for r in records) == ["flip7", "sequence", "sinkorswim"]
    assert all(r.status == MatchStatus.PLAYING and r.thread_id for r in records)
    # Each thread's table plays its own match.
    _lobby, flip_thread = lobbies[0]
    await play_to_end(world.env, flip_thread, [world.people[n] for n in names])
    still = await world.env.bot.storage.open_matches_in_channel(world.channel.id)
    assert sorted(r.game for r in still) == ["sequence", "sinkorswim"]


async def test_i28_commands_act_on_the_thread_they_are_typed_in(thread_world):
    world = thread_world
    alice, bob = world.people["alice"], world.people["bob"]
    _first, one = await started(world, names=("alice", "bob"))
    _second, two = await started(world, names=("carol", "alice"))
    reposted = await alice.slash(two, "flip7 table")
    assert not reposted.ephemeral and reposted.response.message.channel.id == two.id
    other = await bob.slash(two, "flip7 leave")  # bob plays in the other thread only
    assert other.ephemeral and other.response.content
    assert (await world.env.bot.storage.match_in_thread(one.id)).seat_of(bob.id) is not None


async def test_i28_a_command_that_could_mean_several_games_asks_which(thread_world):
    world = thread_world
    alice = world.people["alice"]
    _first, one = await started(world, names=("alice", "bob"))
    _second, two = await started(world, names=("alice", "carol"))
    asked = await alice.slash(world.channel, "flip7 table")
    (asking,) = asked.response.embeds
    assert asked.ephemeral and "Which one do you mean?" in asking.title
    assert f"/{one.id}/" in asking.description and f"/{two.id}/" in asking.description
    message = asked.response.message
    (menu,) = selects(message)
    two_id = (await world.env.bot.storage.match_in_thread(two.id)).id
    picked = await alice.select(message, [str(two_id)], custom_id=menu.custom_id)
    assert picked.acknowledged and "It's here" in picked.response.content
    assert public_table(two, alice).id == (await world.env.bot.storage.get_match(two_id)).message_id
    # With one game of hers in the channel, bob's command needs no question.
    one_record = await world.env.bot.storage.match_in_thread(one.id)
    plain = await world.people["bob"].slash(world.channel, "flip7 log")
    assert plain.ephemeral and "Which one" not in (plain.response.embeds[0].title or "")
    assert plain.response.embeds
    assert one_record.seat_of(world.people["bob"].id) is not None


async def test_i28_a_join_in_a_channel_with_two_lobbies_asks_which(thread_world):
    world = thread_world
    alice, bob, carol = (world.people[n] for n in ("alice", "bob", "carol"))
    await alice.slash(world.channel, "flip7 start")
    second = (await bob.slash(world.channel, "flip7 start")).response.message
    asked = await carol.slash(world.channel, "flip7 join")
    (menu,) = selects(asked.response.message)
    lobby_id = next(
        r.id
        for r in await world.env.bot.storage.open_matches_in_channel(world.channel.id)
        if r.message_id == second.id
    )
    joined = await carol.select(asked.response.message, [str(lobby_id)], custom_id=menu.custom_id)
    assert joined.acknowledged
    assert (await world.env.bot.storage.get_match(lobby_id)).seat_of(carol.id) is not None


async def test_i28_limits_per_channel_and_per_member_are_refused_clearly(simcord_env, settings):
    await simcord_env.bot.shutdown_storage()  # SimCord closes nothing of the bot it replaces
    await simcord_env.restart_bot(
        create_bot(replace(settings, channel_match_limit=2, member_match_limit=2))
    )
    guild = simcord_env.create_guild()
    channel, other = guild.create_text_channel("games"), guild.create_text_channel("more")
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    await ann.slash(channel, "flip7 start")
    await bob.slash(channel, "flip7 start")
    full = await bob.slash(channel, "sinkorswim start")
    assert full.ephemeral and "2 open games, as many as it may hold" in full.response.content
    await ann.slash(other, "flip7 start")
    busy = await ann.slash(other, "sequence start")
    assert busy.ephemeral and "seated in 2 open games" in busy.response.content
    lobby = (await simcord_env.bot.storage.open_matches_in_channel(channel.id))[1]
    message = card_of(channel, ann, lobby.message_id)
    refused = await click_id(ann, message, ":join")
    assert refused.ephemeral and "seated in 2 open games" in refused.response.content


async def test_i28_without_thread_permissions_the_match_stays_in_the_channel(thread_world):
    world = thread_world
    bot_user = world.env.bot.user
    plain = world.guild.create_text_channel(
        "plain", overwrites={bot_user: discord.PermissionOverwrite(create_public_threads=False)}
    )
    alice, bob = world.people["alice"], world.people["bob"]
    opened = await alice.slash(plain, "flip7 start")
    (line,) = [m.content for m in opened.followups]
    assert "missing Create Public Threads" in line
    await click_id(bob, public_table(plain, alice), ":join")
    await click_id(alice, public_table(plain, alice), ":start")
    assert not plain.threads
    record = await world.env.bot.storage.open_match_in_channel(plain.id)
    assert record.status == MatchStatus.PLAYING and record.thread_id is None
    assert components(public_table(plain, alice))


async def test_i28_a_server_may_play_in_channels_and_a_start_may_differ(thread_world):
    world = thread_world
    alice, bob, mod = world.people["alice"], world.people["bob"], world.people["carol"]
    refused = await alice.slash(world.channel, "games tables", where="channel")
    assert refused.ephemeral and "Only moderators" in refused.response.content
    await TABLES_WHERE.write(world.env.bot.storage, world.guild.id, "channel")
    await open_game(world.channel, alice, [bob], "flip7")
    assert not world.channel.threads
    _lobby, thread = await started(world, names=("carol", "dave"), where="thread")
    assert thread.id and mod


async def test_i28_a_thread_deleted_mid_game_ends_its_match_without_a_result(thread_world):
    world = thread_world
    lobby, thread = await started(world)
    record = await world.env.bot.storage.match_in_thread(thread.id)
    world.env.backend.delete_channel(thread.id)
    await world.env.settle()
    ended = await world.env.bot.storage.get_match(record.id)
    assert ended.status == MatchStatus.CANCELLED and ended.ended_reason == EndReason.THREAD_DELETED
    card = card_of(world.channel, world.people["alice"], lobby.id)
    assert "thread was deleted" in part(card, Part.RESULT)
    ratings = await world.env.bot.storage.standings.leaderboard(world.guild.id, "flip7")
    assert ratings == []  # nobody was rated for it


@pytest.mark.parametrize("closed", [{"archived": True}, {"locked": True}])
async def test_i28_a_thread_closed_by_a_moderator_ends_its_match(thread_world, closed):
    world = thread_world
    _lobby, thread = await started(world)
    record = await world.env.bot.storage.match_in_thread(thread.id)
    world.env.backend.edit_channel(thread.id, {}, thread_metadata=closed)
    await world.env.settle()
    ended = await world.env.bot.storage.get_match(record.id)
    assert ended.status == MatchStatus.CANCELLED and ended.ended_reason == EndReason.THREAD_CLOSED


async def test_i28_a_deleted_channel_ends_all_its_matches(thread_world):
    world = thread_world
    await started(world)
    await world.people["carol"].slash(world.channel, "flip7 start")
    world.env.backend.delete_channel(world.channel.id)
    await world.env.settle()
    assert await world.env.bot.storage.open_matches_in_channel(world.channel.id) == []


async def test_i28_a_restart_mid_game_in_a_thread_keeps_its_buttons(thread_world, settings):
    world = thread_world
    alice, bob = world.people["alice"], world.people["bob"]
    _lobby, thread = await started(world, goal=50)
    table = public_table(thread, alice)
    await world.env.bot.shutdown_storage()
    await world.env.restart_bot(create_bot(settings))
    await play_to_end(world.env, thread, [alice, bob])
    record = await world.env.bot.storage.match_in_thread(thread.id)
    assert record.status == MatchStatus.FINISHED and table.id


async def test_i28_discord_archiving_a_quiet_thread_is_told_from_a_moderators(thread_world):
    """Discord archives a thread left quiet for its archive time by itself; that is undone
    (the match goes on), while an archive sooner, or a lock, is someone's and ends it."""
    world = thread_world
    _lobby, thread = await started(world, pace="daily")
    record = await world.env.bot.storage.match_in_thread(thread.id)
    threads = world.env.bot.get_cog("Desk").threads
    live = world.env.bot.get_channel(thread.id)
    assert threads.closed_by_someone(live, record)  # just played: someone archived it
    record.updated_at -= live.auto_archive_duration * 60  # quiet for the whole archive time
    assert not threads.closed_by_someone(live, record)
    await threads.reopen(live)
    assert not world.env.backend.get_thread(thread.id).thread_metadata.archived


def bot_posts(thread, viewer) -> list[discord.Message]:
    """The public messages in a thread, as a member reads it."""
    return [m for m in thread.history(viewer=viewer) if not m.flags.ephemeral]


def live_tables(thread, viewer) -> list[discord.Message]:
    return [m for m in bot_posts(thread, viewer) if components(m) and "hand:" in str(components(m))]


async def slow_sink_or_swim(world):
    """A daily Sink or Swim game of four, in its thread."""
    names = ("alice", "bob", "carol", "dave")
    _lobby, thread = await started(world, key="sinkorswim", names=names, pace="daily")
    return thread, [world.people[n] for n in names]


async def test_i36_a_slow_thread_keeps_one_live_table_and_no_stubs(thread_world):
    """Picks 55 minutes apart, past the 50 minutes after which the table used to be
    re-posted: it is edited in place, so the thread reads one table and no "moved" stubs."""
    world = thread_world
    thread, people = await slow_sink_or_swim(world)
    alice = people[0]
    first = public_table(thread, alice)
    before = len(bot_posts(thread, alice))
    for _ in range(12):  # three tricks, one pick at a time
        await world.env.advance_time(55 * 60)
        assert await play_step(world.env, thread, people, one=True)
    shown = bot_posts(thread, alice)
    assert [m.id for m in live_tables(thread, alice)] == [first.id]
    assert not any("moved to a newer message" in str(m.components) for m in shown)
    assert len(shown) - before <= 12  # the notices at most, never a copy of the table
    # /sinkorswim table posts it anew at the bottom and deletes the old copy.
    again = await alice.slash(thread, "sinkorswim table")
    assert not again.ephemeral
    assert [m.id for m in live_tables(thread, alice)] == [again.response.message.id]
    assert first.id not in [m.id for m in thread.history(viewer=alice)]
    record = await world.env.bot.storage.match_in_thread(thread.id)
    assert record.message_id == again.response.message.id


@pytest.mark.parametrize(
    ("status", "code"), [(404, 10008), (403, 50001)], ids=["deleted", "refused"]
)
async def test_i36_a_table_discord_refuses_to_edit_is_posted_anew_and_the_old_deleted(
    thread_world, status, code
):
    world = thread_world
    thread, people = await slow_sink_or_swim(world)
    alice = people[0]
    first = public_table(thread, alice)
    world.env.inject_error(
        "PATCH", f"/channels/{thread.id}/messages/{first.id}", status=status, code=code
    )
    await world.env.advance_time(55 * 60)
    assert await play_step(world.env, thread, people, one=True)
    (live,) = live_tables(thread, alice)
    assert live.id != first.id
    assert first.id not in [m.id for m in thread.history(viewer=alice)]
    assert (await world.env.bot.storage.match_in_thread(thread.id)).message_id == live.id
    shown = bot_posts(thread, alice)
    assert not any("moved to a newer message" in str(m.components) for m in shown)


async def test_a_rematch_from_a_thread_posts_the_lobby_link_in_the_thread(thread_world):
    """Everyone reading the thread learns who opened the rematch and where its lobby is;
    the clicker still gets their own private answer, and a second click posts nothing."""
    world = thread_world
    alice, bob = world.people["alice"], world.people["bob"]
    _lobby, thread = await started(world, goal=50)
    await play_to_end(world.env, thread, [alice, bob])
    result = next(m for m in reversed(thread.history(viewer=bob)) if "Rematch" in str(m.components))
    asked = await bob.click(result, label="Rematch")
    (lobby,) = await world.env.bot.storage.open_matches_in_channel(world.channel.id)
    link = f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/{lobby.message_id}"
    assert asked.ephemeral and asked.response.content == f"It's here: {link}"
    told = f"bob opened a rematch. Its lobby is in the channel: {link}"
    posted = [m for m in thread.history(viewer=alice) if m.content == told]
    assert len(posted) == 1 and not posted[0].flags.ephemeral
    for again in (bob, alice):  # a double click, and a second player's click
        refused = await again.click(result, label="Rematch")
        assert refused.ephemeral and "already open" in refused.response.content
    assert [m.content for m in thread.history(viewer=alice)].count(told) == 1
    assert len(await world.env.bot.storage.open_matches_in_channel(world.channel.id)) == 1
