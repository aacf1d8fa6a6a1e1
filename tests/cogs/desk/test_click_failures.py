"""Discord refusing a click's sends (issue 37), with Discord's delays put back
(bench.discord_delays) and its refusals made by the harness as Discord makes them: a table
edit of a deleted message (404) posts the table anew, a post refused (403) keeps the saved
move and notes the problem, a 429 is waited out and the call goes through once. A failing
send is given up with one log line, and the match's sender goes on with the next moves."""

from __future__ import annotations

import dataclasses
import logging

import discord
import pytest

from bot.storage import MatchStatus
from tests.cogs.desk.test_threads import card_of, thread_of
from tests.cogs.games import test_sink_or_swim as sink
from tests.cogs.helpers import embed_text, is_layout, moves_open, table_of
from tests.cogs.players import click_id, fresh, play_step, public_table

TABLE_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
POST = "POST /channels/{channel_id}/messages"
DELETE = "DELETE /channels/{channel_id}/messages/{message_id}"
SAVED_NOT_SHOWN = "Your move was saved, but I couldn't post in this channel."


@pytest.fixture
def settings(settings):
    """Turns long enough that the clock the delays move never times one out."""
    return dataclasses.replace(settings, turn_timeout=3600)


@pytest.fixture
async def warnings(caplog):
    """The warnings (and worse) the Discord layer logs during the test."""
    caplog.set_level(logging.INFO, logger="cogs")
    return lambda: [r for r in caplog.get_records("call") if r.levelno >= logging.WARNING]


def tables(world, viewer) -> list[discord.Message]:
    """The public table messages in the channel, as `viewer` reads it."""
    shown = world.channel.history(viewer=viewer)
    return [m for m in shown if (m.embeds or is_layout(m)) and not m.flags.ephemeral]


async def listed(world) -> str:
    """What a moderator's /games list says."""
    mods = world.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = world.guild.add_member(world.env.create_user("mod"), roles=[mods])
    return (await mod.slash(world.channel, "games list")).response.embeds[0].description


async def test_i37_a_table_edit_refused_404_posts_it_anew_and_deletes_the_old(
    world, delayed, warnings
):
    """Alice picks from her hand; Discord answers the table's edit "Unknown Message": the
    table is posted anew, showing her pick, the old copy deleted, and the next pick edits
    the new copy in place. One table all along, no warning."""
    await sink.open_table(world)
    record, game = await sink.state(world)
    alice, bob = world.people["alice"], world.people["bob"]
    (old,) = tables(world, bob)
    delayed.refuse(404, route=TABLE_EDIT)
    mark = len(delayed.calls)
    await sink.pick(world, alice, game.hand(0)[0])
    made = delayed.since(mark)
    assert [(c.route, c.failed) for c in delayed.calls[mark:] if c.failed] == [(TABLE_EDIT, 404)]
    assert made[POST] == 1 and made[DELETE] == 1
    (new,) = tables(world, bob)
    assert new.id != old.id and "✅ **alice**" in embed_text(new)
    assert (await sink.state(world))[0].message_id == new.id
    mark = len(delayed.calls)
    await sink.pick(world, bob, game.hand(1)[0])
    assert delayed.since(mark)[TABLE_EDIT] == 1 and delayed.since(mark)[POST] == 0
    assert [m.id for m in tables(world, bob)] == [new.id]
    assert "✅ **bob**" in embed_text(table_of(world.channel, bob))
    assert record.id not in world.env.bot.get_cog("Desk").tables.problems.noted
    assert warnings() == []
    assert delayed.calls_under_locks() == []


async def test_i37_a_table_post_refused_403_keeps_the_move_and_notes_the_problem(
    thread_world, delayed, warnings
):
    """The match starts in its thread, but Discord refuses to post its table there
    ("Missing Permissions"): the start stays saved, alice who pressed Start is told so
    briefly, a moderator's /games list names the problem, with one warning logged. Her
    /flip7 table then posts the table, and the game goes on from it."""
    world = thread_world
    alice, bob = world.people["alice"], world.people["bob"]
    lobby = (await alice.slash(world.channel, "flip7 start")).response.message
    await click_id(bob, public_table(world.channel, alice), ":join")
    delayed.refuse(403, route=POST)
    mark = len(delayed.calls)
    started = await click_id(alice, card_of(world.channel, alice, lobby.id), ":start")
    assert [(c.route, c.failed) for c in delayed.calls[mark:] if c.failed] == [(POST, 403)]
    record = await world.env.bot.storage.get_match(
        (await world.env.bot.storage.match_in_thread(lobby.id)).id
    )
    assert record.status == MatchStatus.PLAYING  # the start is saved
    (told,) = [f.content for f in started.followups if f.flags.ephemeral]
    assert told.startswith(SAVED_NOT_SHOWN)
    thread = thread_of(world.channel, lobby.id)
    assert not [m for m in thread.history(viewer=alice) if m.embeds or is_layout(m)]
    problems = world.env.bot.get_cog("Desk").tables.problems.noted
    assert problems[record.id] == ("refused", {"status": 403})
    assert "⚠️ can't post here (403)" in await listed(world)
    (warned,) = warnings()
    assert "could not be shown (403 50013)" in warned.getMessage()
    # /flip7 table in the thread posts the table; the first player's move shows on it.
    posted = await alice.slash(thread, "flip7 table")
    assert not posted.ephemeral and moves_open(fresh(thread, alice, posted.response.message.id))
    record = await world.env.bot.storage.get_match(record.id)
    assert await play_step(world.env, thread, [alice, bob], one=True)
    assert (await world.env.bot.storage.get_match(record.id)).version > record.version
    assert record.id not in problems
    assert "⚠️" not in await listed(world)
    assert delayed.calls_under_locks() == []


async def test_i37_a_send_refused_everywhere_is_given_up_and_the_next_pick_shows(
    world, delayed, warnings
):
    """Every way alice's pick could show on the table is refused (403: the edit, the post
    anew, the edit of the old copy): the send is given up with one warning, alice told her
    pick was saved; bob's pick next goes through, showing both picks, the problem gone."""
    await sink.open_table(world)
    record, game = await sink.state(world)
    alice, bob = world.people["alice"], world.people["bob"]
    (table,) = tables(world, bob)
    delayed.refuse(403, kind="channel messages", times=3)
    mark = len(delayed.calls)
    hand = await sink.open_hand(world, alice)
    clicked = await alice.click(hand, custom_id=sink.card_button(hand, game.hand(0)[0]).custom_id)
    refused = [(c.route, c.failed) for c in delayed.calls[mark:] if c.failed]
    assert refused == [(TABLE_EDIT, 403), (POST, 403), (TABLE_EDIT, 403)]
    assert [f.content for f in clicked.followups][-1].startswith(SAVED_NOT_SHOWN)
    (warned,) = warnings()
    assert "could not be shown (403 50013)" in warned.getMessage()
    assert "✅ **alice**" not in embed_text(table_of(world.channel, bob))
    problems = world.env.bot.get_cog("Desk").tables.problems.noted
    assert problems[record.id] == ("refused", {"status": 403})
    saved, _game = await sink.state(world)
    assert saved.version > record.version
    await sink.pick(world, bob, game.hand(1)[0])
    assert [m.id for m in tables(world, bob)] == [table.id]
    shown = embed_text(table_of(world.channel, bob))
    assert "✅ **alice**" in shown and "✅ **bob**" in shown
    assert record.id not in problems
    assert len(warnings()) == 1
    assert delayed.calls_under_locks() == []


async def test_i37_a_429_on_the_table_bucket_is_waited_out_and_goes_through_once(
    world, delayed, warnings
):
    """Discord answers the table's edit with 429 and a retry after 0.2 s: the edit waits
    that long and is made again, once; the table shows the pick, in one copy."""
    await sink.open_table(world)
    _record, game = await sink.state(world)
    alice, bob = world.people["alice"], world.people["bob"]
    delayed.refuse(429, kind="channel messages", retry_after=0.2)
    mark = len(delayed.calls)
    await sink.pick(world, alice, game.hand(0)[0])
    edits = [c for c in delayed.calls[mark:] if c.route == TABLE_EDIT]
    assert [c.failed for c in edits] == [429, None]
    assert edits[1].started - edits[0].ended >= 0.2
    assert delayed.since(mark)[POST] == 0
    (table,) = tables(world, bob)
    assert "✅ **alice**" in embed_text(table)
    assert warnings() == []
