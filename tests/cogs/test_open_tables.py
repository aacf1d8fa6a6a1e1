"""`/games open` (issue 48, item 1): every lobby of the server with a free seat, in pages,
each with a Join button that seats the member wherever the lobby is; a lobby that filled,
closed or started since the list was drawn gets one line and the list as it is now."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord
import pytest

from cogs.ui.layout import Part
from tests.cogs.helpers import components, part, walk
from tests.cogs.players import click_id, fresh, public_table


@pytest.fixture
def settings(settings):
    """Room for every lobby a member opens here (the default limit is ten per member)."""
    return replace(settings, member_match_limit=30)


def open_list(channel: Any, viewer: Any) -> discord.Message:
    """The newest private list of open tables `viewer` sees in `channel`."""
    for message in reversed(channel.history(viewer=viewer)):
        if message.flags.ephemeral and _heading(message) is not None:
            return message
    raise AssertionError("no list of open tables")


def _heading(message: discord.Message) -> str | None:
    try:
        text = part(message, Part.HEADING)
    except (KeyError, StopIteration, AssertionError):
        return None
    return text if "Open tables" in text or "##" in text else None


def entries(message: discord.Message) -> list[tuple[str, discord.Button]]:
    """Each lobby of the list: its text and its Join button (the section's accessory)."""
    found = []
    for item in walk(message.components):
        accessory = getattr(item, "accessory", None)
        if isinstance(accessory, discord.Button):
            text = " ".join(child.content for child in item.children)
            found.append((text, accessory))
    return found


def notice(message: discord.Message) -> str:
    return part(message, Part.NOTICE)


async def drained(world) -> None:
    """What a change shows goes out after the lock, from the match's sender: wait for it."""
    await world.env.bot.get_cog("Desk").senders.drain()


async def lobby_in(world, channel, host, key="flip7", **options) -> Any:
    """`host` opens a lobby of `key` in `channel`; its record."""
    assert (await host.slash(channel, f"{key} start", **options)).acknowledged
    return (await world.env.bot.matches.reads.open_matches_in_channel(channel.id))[-1]


async def record_of(world, match_id: int):
    return await world.env.bot.matches.reads.get_match(match_id)


async def test_i48_1_open_lists_lobbies_of_two_channels_and_joins_one_elsewhere(thread_world):
    """Lobbies in two channels (one to be played in a thread of its own, one in its
    channel), a match under way in its thread and a lobby in a channel the asker can't see:
    the list holds the two lobbies, oldest first, with all a member needs to choose; Join
    seats the member in the other channel's lobby, answers with a link to it, and the
    lobby's own message shows them seated."""
    world = thread_world
    env, guild, games = world.env, world.guild, world.channel
    alice, bob, carol, dave, erin = (world.people[n] for n in ("alice", "bob", "carol", "dave", "erin"))
    cards = guild.create_text_channel("cards")
    frank, seen = world.people["frank"], discord.PermissionOverwrite(view_channel=True)
    hidden = guild.create_text_channel(
        "mods",
        overwrites={
            guild.default_role: discord.PermissionOverwrite(view_channel=False),
            frank: seen,
            env.bot.user: seen,
        },
    )
    flip = await lobby_in(world, games, alice, goal=150)
    sink = await lobby_in(world, cards, bob, "sinkorswim", where="channel")
    under_way = await lobby_in(world, cards, carol)
    await click_id(dave, fresh(cards, carol, under_way.message_id), ":join")
    await click_id(carol, fresh(cards, carol, under_way.message_id), ":start")
    await drained(world)
    assert (await record_of(world, under_way.id)).thread_id is not None
    await lobby_in(world, hidden, frank)

    answer = await erin.slash(games, "games open")
    assert answer.ephemeral
    listed = open_list(games, erin)
    texts = [text for text, _button in entries(listed)]
    assert len(texts) == 2, texts
    assert "Flip 7" in texts[0] and "Sink or Swim" in texts[1]  # the longest waiting first
    assert "1 of 24 seats taken, 23 free" in texts[0] and "1 of 5 seats taken, 4 free" in texts[1]
    assert f"<#{games.id}>, played in a thread of its own" in texts[0]
    assert f"in <#{cards.id}> ·" in texts[1]
    assert "Host alice" in texts[0] and "Host bob" in texts[1]
    assert f"opened <t:{int(flip.created_at)}:R>" in texts[0]
    assert "live" in texts[0]
    assert "2 lobbies in this server have a free seat" in part(listed, Part.HEADING)

    join = entries(listed)[1][1]
    joined = await erin.click(listed, custom_id=join.custom_id)
    assert joined.acknowledged
    await drained(world)
    listed = fresh(games, erin, listed.id)
    record = await record_of(world, sink.id)
    assert [seat.user_id for seat in record.seats] == [bob.id, erin.id]
    link = f"https://discord.com/channels/{guild.id}/{cards.id}/{record.message_id}"
    assert notice(listed) == f"✅ You're seated at the Sink or Swim lobby in <#{cards.id}>: {link}"
    (_flip, _first), (sink_text, button) = entries(listed)
    assert "2 of 5 seats taken, 3 free" in sink_text
    assert button.label == "You're in" and button.disabled
    table = fresh(cards, bob, sink.message_id)
    assert f"<@{erin.id}>" in part(table, Part.PLAYERS)
    assert "Listed in /games open" in part(table, Part.FOOTNOTE) or "Listed in </games" in part(
        table, Part.FOOTNOTE
    )
