"""Clicks under Discord's delays put back into SimCord (bench.discord_delays, issue 37):
every call takes a round trip, each bucket holds so many calls a window, an interaction's
token runs out, and a press is timed to its own answer. The delays are waits SimCord
accounts for, so a click returns only once the bot has shown it: tests read the table
the click left, every time."""

from __future__ import annotations

import asyncio
import dataclasses
import re

import pytest

from bench.discord_delays import Delays, Limit, press_together
from engines.base import GAMES
from tests.cogs.games import test_flip7 as flip7
from tests.cogs.games import test_sink_or_swim as sink
from tests.cogs.helpers import components, embed_text, moves_open, table_of

FIVE = ("alice", "bob", "carol", "dave", "erin")
STAMP = re.compile(r"m[vs]:\d+(?:\.[0-9a-f]+)?:(\d+):")  # a move control's epoch


@pytest.fixture
def settings(settings):
    """Turns long enough that the clock the delays move never times one out."""
    return dataclasses.replace(settings, turn_timeout=3600)


async def drawn_at(world, table) -> tuple[set[int], int]:
    """The epochs the table's move controls were drawn at, and the saved game's epoch."""
    found = (STAMP.match(getattr(c, "custom_id", "") or "") for c in components(table))
    stamps = {int(stamp[1]) for stamp in found if stamp}
    record = await world.env.bot.storage.open_match_in_channel(world.channel.id)
    return stamps, GAMES["flip7"].from_dict(record.state).epoch()


async def test_i37_a_flip7_game_under_delays_shows_each_move_before_the_click_returns(
    world, delayed
):
    """A whole game: after every click the table already offers the saved game's moves
    (a click returning before the table was edited would leave stale buttons)."""
    await flip7.open_table(world.channel, world.people)
    moves = 0
    while moves_open(table := table_of(world.channel, world.people["alice"])):
        stamps, epoch = await drawn_at(world, table)
        assert stamps == {epoch}, embed_text(table)
        mark = len(delayed.calls)
        await flip7.play_one(world.channel, world.people)
        assert delayed.presses[-1].to_answer >= 0.8 * delayed.delays.round_trip
        assert delayed.since(mark)["POST /interactions/{webhook_id}/{webhook_token}/callback"] == 1
        moves += 1
        assert moves < 600, "the game did not end"
    assert moves > 10 and len(delayed.lock_holds) >= moves
    assert all(call.failed is None for call in delayed.calls)
    assert not any(press.late for press in delayed.presses)


async def test_i37_a_sink_or_swim_pick_is_answered_and_counted_by_route(world, delayed):
    await sink.open_table(world)
    _record, game = await sink.state(world)
    alice, bob, carol = (world.people[name] for name in sink.PLAYERS)
    await sink.open_hand(world, bob)
    await sink.open_hand(world, carol)
    mark = len(delayed.calls)
    hand = await sink.pick(world, alice, game.hand(0)[0])
    assert f"You picked {game.hand(0)[0]}" in embed_text(hand)
    made = delayed.since(mark)
    assert made["POST /interactions/{webhook_id}/{webhook_token}/callback"] == 2  # hand, pick
    assert sum(made.values()) == len(delayed.calls) - mark
    assert delayed.presses[-1].to_answer >= delayed.delays.round_trip * 0.8
    assert "✅ **alice**" in embed_text(table_of(world.channel, alice))


async def test_i37_five_simultaneous_picks_are_all_decided_and_answered(world, delayed):
    await sink.open_table(world, names=FIVE)
    record, game = await sink.state(world)
    members = [sink.seat_user(world, record, seat) for seat in range(len(FIVE))]
    hands = [await sink.open_hand(world, member) for member in members]
    clicks = [
        (
            lambda m=member, h=hand, seat=seat: m.click(
                h, custom_id=sink.card_button(h, game.hand(seat)[0]).custom_id
            )
        )
        for seat, (member, hand) in enumerate(zip(members, hands, strict=True))
    ]
    results = await press_together(world.env, clicks)
    assert all(result.acknowledged for result in results)
    record, game = await sink.state(world)
    assert game.trick == 2  # all five picks were applied: the trick resolved
    for press in delayed.presses[-len(FIVE) :]:
        assert press.to_answer > 0  # each press got its own answer, not only a defer


# Room for two calls a channel in half a second.
TWO_A_HALF_SECOND = Delays(
    round_trip=0.01, jitter=0.0, limits={**Delays().limits, "channel messages": Limit(2, 0.5)}
)


@pytest.mark.parametrize("delays", [TWO_A_HALF_SECOND])
async def test_i37_a_call_past_its_bucket_waits_for_the_window(world, delayed):
    channel = world.env.bot.get_channel(world.channel.id)
    await asyncio.gather(*(channel.send(f"note {n}") for n in range(3)))
    first, second, third = delayed.calls[-3:]
    assert first.waited == second.waited == 0.0
    assert third.waited > 0.4 and third.ended - first.started >= 0.5
    other = world.guild.create_text_channel("other")  # another channel: another bucket
    await world.env.bot.get_channel(other.id).send("elsewhere")
    assert delayed.calls[-1].waited == 0.0


@pytest.mark.parametrize("delays", [Delays(round_trip=0.01, token_lifetime=60)])
async def test_i37_an_edit_with_a_token_past_its_lifetime_fails_as_discord_fails_it(world, delayed):
    """Bob picked over a minute ago (the lifetime this test gives a token): the redraw of
    his hand when the last pick resolves the trick is refused with 401, and his hand keeps
    what it showed."""
    await sink.open_table(world)
    record, game = await sink.state(world)
    bob = world.people["bob"]
    seat = record.seat_of(bob.id)
    hand = await sink.pick(world, bob, game.hand(seat)[0])
    await world.env.advance_time(61)
    for other in range(len(record.seats)):
        if other != seat:
            await sink.pick(world, sink.seat_user(world, record, other), game.hand(other)[0])
    refused = [call for call in delayed.calls if call.failed == 401]
    assert [call.route for call in refused] == [
        "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original"
    ]
    assert embed_text(sink.fresh_message(world, bob, hand.id)) == embed_text(hand)
