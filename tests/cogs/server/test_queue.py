"""A queue that seats people (issue 48, item 2): `/games queue` answers privately where the
member stands; when enough wait, a table opens in the server's queue channel, seats them,
mentions them once and starts when all pressed Ready (or after a minute, with AI players for
the others); a member waits in one queue per game, and leaves it by command, by taking a
seat at a table of that game, by going away, or when the place runs out; a restart keeps
it all."""

from __future__ import annotations

import discord

from bot.storage import EndReason, MatchStatus
from cogs.app import create_bot
from tests.cogs.helpers import components, is_layout, walk
from tests.waiting import until

TITLE = "Sink or Swim"
READY_WAIT = 60


def said(answer) -> str:
    """A private answer's text (a deferred answer's followup takes its place)."""
    message = answer.followups[-1] if answer.followups else answer.response
    assert message is not None and answer.ephemeral, answer
    return message.content


def dms(member) -> list[str]:
    if member.user.dm_channel is None:
        return []
    return [m.content for m in member.user.dm_channel.history(viewer=member.user)]


def ready_id(message: discord.Message) -> str | None:
    for item in components(message):
        custom_id = getattr(item, "custom_id", "") or ""
        if custom_id.startswith("qready:"):
            return custom_id
    return None


def calls(channel, viewer) -> list[discord.Message]:
    """The queue's call in a channel: the first message after a table's lobby that is
    neither a table nor private (the turn mentions come after it)."""
    shown = [m for m in channel.history(viewer=viewer) if not m.flags.ephemeral]
    return [m for m in shown if not is_layout(m) and "your turn" not in (m.content or "")][:1]


def lobbies(channel, viewer) -> list[discord.Message]:
    return [m for m in channel.history(viewer=viewer) if is_layout(m) and not m.flags.ephemeral]


def pinged(world, channel, message) -> list[int]:
    """Who a message pinged (its mentions its allowed mentions let through)."""
    return list(world.env.backend.get_message(channel.id, message.id).ping_user_ids)


async def moderator(world):
    mods = world.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    return world.guild.add_member(world.env.create_user("mod"), roles=[mods])


async def queue_channel(world):
    """A moderator points the queues' tables at #queue-tables."""
    tables = world.guild.create_text_channel("queue-tables")
    mod = await moderator(world)
    answer = await mod.slash(world.channel, "games queuesetup", table_channel=tables)
    assert "Tables open in" in said(answer) and str(tables.id) in said(answer)
    return tables


async def three_queue(world, names=("alice", "bob", "carol")):
    """Three members queue for Sink or Swim; the answers, in order."""
    return [
        await world.people[name].slash(world.channel, "games queue", game="sinkorswim")
        for name in names
    ]


async def stored_match(world, channel):
    matches = await world.env.bot.matches.reads.open_matches_in_channel(channel.id)
    assert len(matches) == 1, matches
    return matches[0]


async def test_i48_2_a_queue_of_three_opens_a_table_seats_them_and_starts_after_ready(world):
    tables = await queue_channel(world)
    alice, bob, carol = (world.people[n] for n in ("alice", "bob", "carol"))
    first, second, third = await three_queue(world)
    assert "number 1 in the Sink or Swim queue (live)" in said(first)
    assert "2 more players and a table opens" in said(first)
    assert "Your place is kept until <t:" in said(first)
    assert "number 2" in said(second) and "1 more player and a table opens" in said(second)
    assert "your Sink or Swim table is open at https://discord.com/channels/" in said(third)
    # Nothing in the channel where they asked: the table opened in #queue-tables.
    assert not calls(world.channel, alice) and not lobbies(world.channel, alice)
    (call,) = calls(tables, alice)
    for person in (alice, bob, carol):
        assert f"<@{person.id}>" in call.content
    (lobby,) = lobbies(tables, alice)
    record = await stored_match(world, tables)
    assert record.status == MatchStatus.LOBBY and record.message_id == lobby.id
    # Pinged once: by the call, not by the lobby above it (as SimCord's backend keeps it).
    assert set(pinged(world, tables, call)) == {alice.id, bob.id, carol.id}
    assert pinged(world, tables, lobby) == []
    assert [s.user_id for s in record.seats] == [alice.id, bob.id, carol.id]
    # Their places are given up: a new /games queue starts a new queue.
    assert await world.env.bot.matches.queues.places(world.guild.id, alice.id) == []

    for person in (alice, bob):
        pressed = await person.click(call, custom_id=ready_id(call))
        assert pressed.acknowledged and pressed.ephemeral
    call = calls(tables, alice)[0]
    assert f"Ready so far: <@{alice.id}> and <@{bob.id}>." in call.content
    record = await stored_match(world, tables)
    assert record.status == MatchStatus.LOBBY  # carol is not ready yet
    await carol.click(call, custom_id=ready_id(call))
    record = await until(
        lambda: _playing(world, tables), "the table to start once all three were ready"
    )
    assert [s.ai for s in record.seats] == [None, None, None]
    call = calls(tables, alice)[0]
    assert "Everyone was ready: Sink or Swim has started." in call.content
    assert ready_id(call) is None  # its button is gone


async def _playing(world, channel):
    matches = await world.env.bot.matches.reads.open_matches_in_channel(channel.id)
    return matches[0] if matches and matches[0].status == MatchStatus.PLAYING else None


async def test_i48_2_b_who_never_presses_ready_is_replaced_by_an_ai_after_a_minute(world):
    tables = await queue_channel(world)
    alice, bob, carol = (world.people[n] for n in ("alice", "bob", "carol"))
    await three_queue(world, ("carol", "alice", "bob"))  # carol, the host, never presses
    (call,) = calls(tables, alice)
    for person in (alice, bob):
        await person.click(call, custom_id=ready_id(call))
    assert (await stored_match(world, tables)).status == MatchStatus.LOBBY
    await world.env.advance_time(READY_WAIT + 1)
    record = await until(lambda: _playing(world, tables), "the minute's end to start the table")
    assert [s.user_id for s in record.seats] == [None, alice.id, bob.id]
    assert record.seats[0].ai is not None
    call = calls(tables, alice)[0]
    assert f"An AI player took the seat of <@{carol.id}>, who didn't press Ready." in call.content
    assert ready_id(call) is None  # nothing left to press


async def test_i48_2_b_a_table_where_nobody_presses_ready_closes(world):
    tables = await queue_channel(world)
    await three_queue(world)
    record = await stored_match(world, tables)
    await world.env.advance_time(READY_WAIT + 1)

    async def closed():
        fresh = await world.env.bot.matches.reads.get_match(record.id)
        return fresh if fresh.status == MatchStatus.CANCELLED else None

    fresh = await until(closed, "the table nobody was ready for to close")
    assert fresh.ended_reason == EndReason.NOBODY_READY
    call = calls(tables, world.people["alice"])[0]
    assert "Nobody pressed Ready, so the table closed." in call.content


async def test_i48_2_c_a_member_in_two_queues_leaves_each_its_own_way(world):
    alice, bob = world.people["alice"], world.people["bob"]
    queues = world.env.bot.matches.queues
    await alice.slash(world.channel, "games queue", game="sinkorswim")
    answer = await alice.slash(world.channel, "games queue", game="flip7", pace="daily")
    assert "number 1 in the Flip 7: With a Vengeance queue (daily)" in said(answer)
    assert sorted(e.entry.game for e in await queues.places(world.guild.id, alice.id)) == [
        "flip7",
        "sinkorswim",
    ]
    # One queue per game: asking again at another pace moves her, it doesn't add a place.
    answer = await alice.slash(world.channel, "games queue", game="flip7", pace="relaxed")
    assert "Flip 7: With a Vengeance queue (relaxed)" in said(answer)
    places = {e.entry.game: e.entry.pace for e in await queues.places(world.guild.id, alice.id)}
    assert places == {"flip7": "relaxed", "sinkorswim": "live"}
    # Taking a seat at a Flip 7 table elsewhere gives up her Flip 7 place, and only that one.
    opened = await bob.slash(world.channel, "flip7 start")
    await alice.click(opened.response.message, label="Join")

    async def flip7_left():
        games = [e.entry.game for e in await queues.places(world.guild.id, alice.id)]
        return games == ["sinkorswim"]

    await until(flip7_left, "alice's Flip 7 place to be given up when she took a seat")
    # A queue of a game she's seated at already is refused.
    refused = await alice.slash(world.channel, "games queue", game="flip7")
    assert "already seated at a Flip 7: With a Vengeance table here" in said(refused)
    # Going away gives up every place, and says so.
    away = await alice.slash(world.channel, "games away", days=2)
    assert "You also left the queues for Sink or Swim." in said(away)
    assert await queues.places(world.guild.id, alice.id) == []
    # /games leavequeue with nothing left to leave.
    answer = await alice.slash(world.channel, "games leavequeue")
    assert said(answer) == "You're not in any queue on this server."


async def test_i48_2_c_the_leave_button_and_command_give_up_a_place(world):
    alice = world.people["alice"]
    answer = await alice.slash(world.channel, "games queue", game="sinkorswim")
    message = answer.followups[-1] if answer.followups else answer.response
    left = await alice.click(message, label="Leave the queue")
    assert left.ephemeral and left.response.content == "You left the Sink or Swim queue."
    again = await alice.click(message, label="Leave the queue")  # a second click
    assert again.response.content == "You're not in any queue on this server."
    await alice.slash(world.channel, "games queue", game="sinkorswim")
    await alice.slash(world.channel, "games queue", game="sequence")
    answer = await alice.slash(world.channel, "games leavequeue")
    assert said(answer) == "You left the queues for Sink or Swim and Sequence Numbers."


async def test_i48_2_d_a_queue_is_kept_across_a_restart_and_its_place_expires(world, settings):
    alice, bob = world.people["alice"], world.people["bob"]
    await alice.slash(world.channel, "games queue", game="sinkorswim")
    await world.env.advance_time(20 * 60)
    await bob.slash(world.channel, "games queue", game="sinkorswim")
    await world.env.bot.shutdown_storage()
    await world.env.restart_bot(create_bot(settings))
    queues = world.env.bot.matches.queues
    (kept,) = await queues.places(world.guild.id, alice.id)
    assert (kept.place, kept.waiting) == (1, 2)
    await world.env.advance_time(10 * 60 + 1)  # alice's 30 minutes are up, not bob's

    async def alice_told():
        return dms(alice)

    (told,) = await until(alice_told, "alice to be told her place ran out")
    assert told == (
        f"Your place in the {TITLE} queue on {world.guild.name} ran out after 30 minutes. "
        "Join again with </games queue:" + told.split("</games queue:")[1]
    )
    assert await queues.places(world.guild.id, alice.id) == []
    assert [s.entry.user_id for s in await queues.places(world.guild.id, bob.id)] == [bob.id]
    assert dms(bob) == []


async def test_i48_2_d_a_ready_step_is_kept_across_a_restart(world, settings):
    tables = await queue_channel(world)
    alice, bob, carol = (world.people[n] for n in ("alice", "bob", "carol"))
    await three_queue(world)
    (call,) = calls(tables, alice)
    await alice.click(call, custom_id=ready_id(call))
    await world.env.bot.shutdown_storage()
    await world.env.restart_bot(create_bot(settings))
    call = calls(tables, alice)[0]
    for person in (bob, carol):  # the buttons still work after the restart
        pressed = await person.click(call, custom_id=ready_id(call))
        assert pressed.acknowledged and pressed.response.content == "You're ready."
    record = await until(lambda: _playing(world, tables), "the table to start after the restart")
    assert [s.user_id for s in record.seats] == [alice.id, bob.id, carol.id]


async def test_i48_2_e_bad_input_is_answered_in_one_line(world):
    tables = await queue_channel(world)
    alice, bob, dave = (world.people[n] for n in ("alice", "bob", "dave"))
    # Not a moderator.
    refused = await alice.slash(world.channel, "games queuesetup", minutes=5)
    assert said(refused) == "Only moderators (Manage Messages) can change the queues."
    mod = await moderator(world)
    bad = await mod.slash(world.channel, "games queuesetup", game="sinkorswim", size=9)
    assert said(bad) == "A Sink or Swim table seats 3 to 5 players."
    half = await mod.slash(world.channel, "games queuesetup", size=4)
    assert said(half) == "Name a game and a size together to set a table size."
    unknown = await alice.slash(world.channel, "games queue", game="chess")
    assert said(unknown) == "There is no such game here."
    # In a DM: one line, and nothing queued.
    in_dm = await alice.user.slash("games queue", game="sinkorswim")
    assert said(in_dm) == (
        "Games, their lists and leaderboards live in server channels, not in DMs."
    )
    assert await world.env.bot.matches.queues.places(world.guild.id, alice.id) == []
    # Double clicks and a stranger's click on Ready.
    await three_queue(world)
    (call,) = calls(tables, alice)
    await alice.click(call, custom_id=ready_id(call))
    twice = await alice.click(call, custom_id=ready_id(call))
    assert twice.ephemeral and twice.response.content.startswith("You're ready. The game starts")
    stranger = await dave.click(call, custom_id=ready_id(call))
    assert stranger.response.content == "This Ready is for the players seated at this table."
    # A stale Ready: the host started the table by hand before the others pressed it.
    (lobby,) = lobbies(tables, alice)
    started = await alice.click(lobby, label="Start")
    assert started.acknowledged
    late = await bob.click(calls(tables, bob)[0], custom_id=ready_id(call))
    assert late.response.content == "This table isn't waiting for Ready any more."
    # When the minute is up, the call says how the table began, and its button goes.
    await world.env.advance_time(READY_WAIT + 1)

    async def told():
        return "The host started Sink or Swim" in calls(tables, bob)[0].content

    await until(told, "the call to say the host started the table")
    assert ready_id(calls(tables, bob)[0]) is None


async def test_i48_2_f_a_smaller_table_size_seats_who_already_waits(world):
    tables = await queue_channel(world)
    alice, bob = world.people["alice"], world.people["bob"]
    mod = await moderator(world)
    answer = await mod.slash(world.channel, "games queuesetup", game="flip7", size=3)
    assert "Flip 7: With a Vengeance: 3 players" in said(answer)
    await alice.slash(world.channel, "games queue", game="flip7")
    answer = await bob.slash(world.channel, "games queue", game="flip7")
    assert "1 more player and a table opens" in said(answer)
    assert not calls(tables, alice)
    answer = await mod.slash(world.channel, "games queuesetup", game="flip7", size=2)
    (call,) = calls(tables, alice)
    assert f"<@{alice.id}>" in call.content and f"<@{bob.id}>" in call.content


async def test_i48_2_g_a_queue_table_starts_from_the_house_rules(world):
    """The server's house rules for Sink or Swim (relaxed, simple AI): a queue with no pace
    named waits at the house's pace, its table says the house rules, and the AI that takes
    an absent member's seat plays at the house's level."""
    tables = await queue_channel(world)
    mod = await moderator(world)
    await mod.slash(world.channel, "games house sinkorswim", pace="relaxed", ai="simple")
    alice, bob = world.people["alice"], world.people["bob"]
    first, _second, _third = await three_queue(world)
    assert "Sink or Swim queue (relaxed)" in said(first)
    record = await stored_match(world, tables)
    assert record.pace == "relaxed"
    (lobby,) = lobbies(tables, alice)
    shown = [getattr(item, "content", "") or "" for item in walk(lobby.components)]
    assert any("House rules" in text for text in shown)
    (call,) = calls(tables, alice)
    for person in (alice, bob):
        await person.click(call, custom_id=ready_id(call))
    await world.env.advance_time(READY_WAIT + 1)
    record = await until(lambda: _playing(world, tables), "the table to start with an AI")
    assert [s.ai for s in record.seats] == [None, None, "simple"]


async def test_i48_2_h_the_queue_speaks_each_members_language(world):
    """Private answers in the member's language (here Vietnamese), the call in the server's."""
    tables = await queue_channel(world)
    alice = world.people["alice"]
    await alice.slash(world.channel, "games mylanguage", language="vi")
    answer = await alice.slash(world.channel, "games queue", game="sinkorswim")
    assert said(answer).startswith("Bạn đang đứng thứ 1 trong hàng chờ Bơi hay Chìm")
    await three_queue(world, ("bob", "carol"))
    (call,) = calls(tables, alice)
    assert "your Sink or Swim table is ready" in call.content
    pressed = await alice.click(call, custom_id=ready_id(call))
    assert pressed.response.content == "Bạn đã sẵn sàng."
    message = answer.followups[-1] if answer.followups else answer.response
    left = await alice.click(message, label="Rời hàng chờ")
    assert left.response.content == "Bạn không ở trong hàng chờ nào trên server này."
