"""A member sees one live hand at a time (issue 26, item 5): opening the hand again, as Sink
or Swim's "Pick a card" asks every trick, deletes the older hand message while Discord
allows it; a hand that has outlived the 15 minutes Discord lets a bot edit it says it is
closed rather than look live."""

from __future__ import annotations

import dataclasses

import discord
import pytest

from cogs.desk.presenters.hands import CLOSED
from tests.cogs.games import test_sink_or_swim as sink
from tests.cogs.helpers import components, embed_text

TRICKS = 4


@pytest.fixture
def settings(settings):
    """Turns long enough that no time-out moves while the clock runs 16 minutes on."""
    return dataclasses.replace(settings, turn_timeout=3600)


def _private(world, name: str) -> list:
    """The ephemeral messages `name` can see in the channel."""
    return [m for m in world.channel.history(viewer=world.people[name]) if m.flags.ephemeral]


@pytest.mark.game_seed(5)  # a deal whose first round lasts past four tricks
async def test_i26_after_many_picks_each_member_sees_one_live_hand(world):
    await sink.open_table(world)
    for trick in range(1, TRICKS + 1):
        _record, game = await sink.state(world)
        for seat, name in enumerate(sink.PLAYERS):
            # A fresh "Pick a card" each trick, as the table asks; then the pick from it.
            await sink.pick(world, world.people[name], game.hand(seat)[0])
        _record, game = await sink.state(world)
        assert game.trick == trick + 1
    for name in sink.PLAYERS:
        hands = _private(world, name)
        assert len(hands) == 1, [embed_text(hand) for hand in hands]
        assert f"trick {TRICKS + 1}" in embed_text(hands[0]) and components(hands[0])


async def test_i26_a_hand_older_than_15_minutes_is_marked_closed_instead(world):
    await sink.open_table(world)
    alice = world.people["alice"]
    old = await sink.open_hand(world, alice)
    await world.env.advance_time(16 * 60)
    closed = sink.fresh_message(world, alice, old.id)
    assert closed.content == str(CLOSED) and not components(closed) and not closed.embeds
    newer = await sink.open_hand(world, alice)
    hands = _private(world, "alice")
    assert [hand.id for hand in hands] == [old.id, newer.id]
    assert sink.fresh_message(world, alice, old.id).content == str(CLOSED)
    assert "trick 1" in embed_text(hands[1]) and components(hands[1])


async def test_i26_a_hand_reopened_within_15_minutes_replaces_the_older(world):
    await sink.open_table(world)
    alice = world.people["alice"]
    await sink.open_hand(world, alice)
    await world.env.advance_time(13 * 60)
    newer = await sink.open_hand(world, alice)
    assert [hand.id for hand in _private(world, "alice")] == [newer.id]


async def test_i46_9_a_reset_matchs_open_hands_say_no_result_was_recorded(world):
    """A moderator's /games reset leaves no result: the open hands say why the game ended
    and that no result was recorded, never that the result is below the table."""
    await sink.open_table(world)
    alice, bob = world.people["alice"], world.people["bob"]
    hands = {person: await sink.open_hand(world, person) for person in (alice, bob)}
    mods = world.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = world.guild.add_member(world.env.create_user("mod"), roles=[mods])
    assert (await mod.slash(world.channel, "games reset")).ephemeral
    for person, hand in hands.items():
        said = sink.fresh_message(world, person, hand.id)
        assert said.content == "⏹️ Moderator mod ended the game. No result was recorded."
        assert not components(said) and not said.embeds
