"""A fourth game, Nim, plugged in through the one contract: lobby, turns, a deadline, a
restart and the leaderboard work with no line about Nim outside tests/nim/."""

from pathlib import Path

import discord
import pytest
from simcord.backend.models.channel import Overwrite, OverwriteType

from bot.errors import Refusal
from cogs.app import create_bot
from cogs.ui.components import parse_ref
from tests.cogs.helpers import buttons, embed_text, prompt, table_of
from tests.nim.conftest import NIM_PLUGIN

ROOT = Path(__file__).parents[2]


async def _start(world, stones=7):
    alice, bob = world.people["alice"], world.people["bob"]
    assert (await alice.slash(world.channel, "nim start", stones=stones)).acknowledged
    assert (await bob.click(table_of(world.channel, alice), label="Join")).acknowledged
    assert (await alice.click(table_of(world.channel, alice), label="Start")).acknowledged
    return alice, bob


def _whose_turn(world):
    """The plug-in's embed footer asks the player; the table shows it as its prompt."""
    asked = prompt(table_of(world.channel, world.people["alice"]))
    return world.people[asked.split(":")[0]]


async def test_nim_plays_from_lobby_through_deadline_and_restart_to_leaderboard(world, settings):
    env = world.env
    alice, _bob = await _start(world, stones=7)
    table = table_of(world.channel, alice)
    assert "Nim — 7 stones" in embed_text(table)
    first = _whose_turn(world)
    assert (await first.click(table, label="take3")).acknowledged  # 4 left
    assert "took 3; 4 left" in embed_text(table_of(world.channel, alice))

    # The next player lets the turn deadline pass: the bot takes one stone for them.
    late = _whose_turn(world)
    await env.advance_time(settings.turn_timeout + 1)
    shown = embed_text(table_of(world.channel, alice))
    assert f"{late.name} ran out of time" in shown and "3 left" in shown

    # A restart in the middle: the old message's buttons still work on the new bot.
    await env.bot.shutdown_storage()
    await env.restart_bot(create_bot(settings, extra_plugins=(NIM_PLUGIN,)))
    table = table_of(world.channel, alice)
    winner = _whose_turn(world)
    assert "take3" in buttons(table)
    assert (await winner.click(table, label="take3")).acknowledged
    assert f"Nim — {winner.name} wins!" in embed_text(table_of(world.channel, alice))
    shown = [embed_text(m) for m in world.channel.history(viewer=alice)]
    assert any(f"{winner.name} took the last stone and wins!" in text for text in shown)

    board = await alice.slash(world.channel, "games leaderboard", game="nim")
    assert board.acknowledged and not board.ephemeral
    assert f"<@{winner.id}>" in embed_text(board.response)


async def test_a_stale_nim_button_is_refused(world):
    alice, _bob = await _start(world)
    table = table_of(world.channel, alice)
    old_id = buttons(table)["take1"].custom_id
    player = _whose_turn(world)
    assert (await player.click(table, label="take1")).acknowledged
    other = _whose_turn(world)
    # The first player's button, clicked again by the next player once the move was made
    # (SimCord only clicks visible buttons, so send it the way the button handler does).
    _, ref, stamp, code = old_id.split(":")
    match_id, _database = parse_ref(ref)

    async def answer(change):
        raise AssertionError("a stale click must change nothing")

    with pytest.raises(Refusal, match=r"^stale_button$"):
        await world.env.bot.matches.play(match_id, other.id, int(stamp), code, answer)


def _names_nim(path: Path) -> bool:
    return "nim" in path.read_text().lower().replace("animat", "")


def test_nothing_outside_tests_nim_names_nim():
    """The platform serves Nim without a line of its own about it."""
    sources = [
        path for folder in ("bot", "cogs", "engines") for path in (ROOT / folder).rglob("*.py")
    ]
    assert (
        ROOT / "bot" / "play" / "matches.py" in sources
        and ROOT / "cogs" / "desk" / "desk.py" in sources
    )
    for path in sources:
        assert not _names_nim(path), path
    assert _names_nim(ROOT / "tests" / "nim" / "plugin.py")  # the check sees Nim where it is


async def test_a_game_is_refused_where_the_bot_could_not_post(world):
    """At /<game> start the bot checks its own channel permissions and names what's missing."""
    bot_user = world.env.bot.user
    muted = world.guild.create_text_channel(
        "muted",
        overwrites={bot_user: discord.PermissionOverwrite(send_messages=False, embed_links=False)},
    )
    refused = await world.people["alice"].slash(muted, "nim start")
    assert refused.ephemeral
    assert "missing Send Messages and Embed Links" in refused.response.content
    assert await world.env.bot.storage.open_match_in_channel(muted.id) is None


async def test_a_saved_move_that_could_not_be_posted_says_so(world):
    """Send Messages taken away mid-game: the winning click is saved, the member is told
    the result could not be posted and why, and the result still counts."""
    alice, _bob = await _start(world, stones=5)
    env = world.env
    _deny(env, world.channel, send_messages=True)
    first = _whose_turn(world)
    assert (await first.click(table_of(world.channel, alice), label="take2")).acknowledged
    winner = _whose_turn(world)  # 3 stones left: taking them all wins
    won = await winner.click(table_of(world.channel, alice), label="take3")
    assert won.acknowledged
    (note,) = [f for f in won.followups if f.ephemeral]
    assert note.content.startswith("Your move was saved, but I couldn't post in this channel")
    assert "Send Messages" in note.content
    assert await env.bot.storage.standings.leaderboard(world.guild.id, "nim")  # it counts


async def test_a_table_the_bot_can_no_longer_see_shows_in_games_list(world, settings):
    """A deadline whose table edit Discord refuses (View Channel taken away) is kept on
    record for moderators instead of failing silently."""
    await _start(world, stones=9)
    env = world.env
    _deny(env, world.channel, view_channel=True)
    await env.advance_time(settings.turn_timeout + 1)  # the bot moves for the absent player
    mods = world.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = world.guild.add_member(env.create_user("mod"), roles=[mods])
    listed = await mod.slash(world.channel, "games list")
    assert listed.ephemeral
    assert "⚠️ can't post here: missing View Channel" in listed.response.embeds[0].description


def _deny(env, channel, **flags):
    """Take permissions away from the bot in one channel, as a moderator could mid-game."""
    env.backend.set_overwrite(
        channel.id,
        Overwrite(
            target_id=env.bot.user.id,
            type=OverwriteType.MEMBER,
            deny=discord.Permissions(**flags).value,
        ),
    )


async def test_a_table_of_any_age_is_edited_in_place_without_send_messages(world, settings):
    """The bot may edit its own message at any age: an hour-old table is kept current in
    place by a deadline, Send Messages taken away or not, and moderators see no warning."""
    alice, _bob = await _start(world, stones=30)
    env = world.env
    record = await env.bot.storage.open_match_in_channel(world.channel.id)
    long_ago = env.bot.matches.clock() - 61 * 60
    await env.bot.matches.set_message(record.id, record.message_id, long_ago)
    _deny(env, world.channel, send_messages=True)
    await env.advance_time(settings.turn_timeout + 1)  # a deadline redraws the table
    table = table_of(world.channel, alice)
    assert table.id == record.message_id and "ran out of time" in embed_text(table)
    mods = world.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = world.guild.add_member(env.create_user("mod"), roles=[mods])
    listed = await mod.slash(world.channel, "games list")
    assert "can't post" not in listed.response.embeds[0].description
