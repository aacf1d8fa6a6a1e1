"""Away members, as a table meets them: a time-out moves for the turn that ran out and no
further, and every ping, hand and answer stays true to what happened."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.errors import Refusal
from bot.storage import MatchStatus
from cogs.ui.layout import Part
from tests.cogs.games import test_sequence as sequence
from tests.cogs.games import test_sink_or_swim as sink
from tests.cogs.helpers import (
    buttons,
    components,
    embed_text,
    part,
    pings,
    prompt,
    seat_three,
    table_of,
)


def _last_line(world, name="alice") -> str:
    """What the table asks now (its prompt, the last thing it says above the controls)."""
    return prompt(table_of(world.channel, world.people[name]))


# -- 1. a time-out moves for one turn -----------------------------------------------------


async def _flip7_round_ended_by_bobs_time_out(world, stacked_flip7, settings, round_two):
    """Round 1 (carol deals): alice stays, bob hits, carol stays, and bob, the last one
    in, lets his time run out. Round 2 (alice deals) starts with bob's card."""
    stacked_flip7(["5", "9", "3", "4", *round_two])
    await seat_three(world)
    channel, people = world.channel, world.people
    for name, label in (("alice", "Stay"), ("bob", "Hit"), ("carol", "Stay")):
        clicked = await people[name].click(table_of(channel, people[name]), label=label)
        assert clicked.acknowledged and not clicked.ephemeral, name
    await world.env.advance_time(settings.turn_timeout + 1)
    return table_of(channel, people["alice"])


async def test_a_flip7_time_out_that_ends_a_round_leaves_the_next_round_to_the_member(
    world, stacked_flip7, settings
):
    table = await _flip7_round_ended_by_bobs_time_out(
        world, stacked_flip7, settings, ["−4", "6", "8"]
    )
    text = embed_text(table)
    # Round 1's story tells the time-out, and stays while bob has not had a turn.
    (told,) = [x for x in part(table, Part.EARLIER).split("\n") if x.startswith("**bob**")]
    assert told == "**bob** 13: `9` `4` · the bot moved for them 1 time"
    # Round 2's deal gave bob −4: the choice is his, on a fresh timer.
    assert "bob was dealt −4." in text and prompt(table) == "bob: give −4 to whom?"
    assert "bob gives" not in text and "bob stays" not in text
    await world.env.advance_time(settings.turn_timeout - 5)
    assert _last_line(world) == "bob: give −4 to whom?"
    await world.env.advance_time(10)  # that turn's own deadline: one more time-out
    table = table_of(world.channel, world.people["bob"])
    text = embed_text(table)
    assert "bob ran out of time" in text and "bob gives −4 to" in text
    # The deal went on, and bob's hit-or-stay is a turn of its own again.
    assert prompt(table) == "bob: hit or stay?" and "bob stays" not in text


async def test_a_flip7_time_out_on_a_deal_choice_does_not_play_the_next_turn(
    world, stacked_flip7, settings
):
    stacked_flip7(["−8", "9", "3"])
    table = await seat_three(world)
    assert prompt(table) == "alice: give −8 to whom?"
    await world.env.advance_time(settings.turn_timeout + 1)
    table = table_of(world.channel, world.people["alice"])
    text = embed_text(table)
    assert "alice ran out of time" in text and "alice gives −8 to" in text
    # alice is first to hit or stay: a turn of its own, not made for her.
    assert "alice stays" not in text and prompt(table) == "alice: hit or stay?"


async def test_a_sink_or_swim_time_out_picks_once_though_it_ends_the_trick(world, settings):
    await sink.open_table(world)
    people = world.people
    _, game = await sink.state(world)
    await sink.pick(world, people["bob"], game.hand(1)[0])
    await sink.pick(world, people["carol"], game.hand(2)[0])
    await world.env.advance_time(settings.turn_timeout + 1)  # alice's pick ends the trick
    record, game = await sink.state(world)
    assert game.trick == 2 and game.picks == [None, None, None]  # nothing picked for trick 2
    assert len(game.hand(0)) == len(game.hand(1))  # alice played exactly one card
    assert record.extra.missed == {"0": 1}


async def test_a_sequence_time_out_plays_one_turn_and_the_next_member_keeps_theirs(world, settings):
    env, channel, people = world.env, world.channel, world.people
    await sequence.open_table(channel, people)
    _, before = await sequence.current_game(env, channel)
    await env.advance_time(settings.turn_timeout + 1)
    _, after = await sequence.current_game(env, channel)
    assert after.turns == before.turns + 1 and after.turn != before.turn
    await env.advance_time(settings.turn_timeout - 5)  # the next member's own clock
    _, still = await sequence.current_game(env, channel)
    assert still.turns == after.turns


# -- issue 26: a time-out plays safe for the member, and the table says it moved ----------


def _player_line(table, name: str) -> str:
    return next(x for x in part(table, Part.PLAYERS).split("\n") if f"**{name}**" in x)


async def test_i26_a_timed_out_swap_keeps_the_members_22_and_row(world, stacked_flip7, settings):
    """alice holds 10 and 12 (22) and flips a Swap; her 12 for bob's 4 would bust bob, the
    leader, and cost her 8. The bot, moving for her, leaves her row alone."""
    stacked_flip7(["10", "4", "3", "12", "12", "5", "Swap"])
    await seat_three(world)
    channel, people = world.channel, world.people
    for name in ("alice", "bob", "carol", "alice"):
        clicked = await people[name].click(table_of(channel, people[name]), label="Hit")
        assert clicked.acknowledged and not clicked.ephemeral, name
    table = table_of(channel, people["alice"])
    assert prompt(table) == "alice: Swap, choose the first player."
    assert "**22** · total" in _player_line(table, "alice")
    await world.env.advance_time(settings.turn_timeout + 1)
    table = table_of(channel, people["alice"])
    assert "alice ran out of time; the bot moved for them." in embed_text(table)
    line = _player_line(table, "alice")
    assert "`10` `12` · **22** · total" in line and "busted" not in line, line
    assert prompt(table) == "bob: hit or stay?"


SIX = ("alice", "bob", "carol", "dave", "erin", "frank")


async def test_i26_a_time_out_on_a_dealt_card_is_told_beside_the_last_rounds_summary(
    world, stacked_flip7, settings
):
    """Six members all stay in round 1; in round 2's deal carol gets −4 and lets her time
    run out while round 1's summary is still on the table."""
    stacked_flip7(["2", "3", "4", "5", "6", "8", "9", "−4", "10", "11", "12", "1"])
    channel, people = world.channel, world.people
    host = people["alice"]
    await host.slash(channel, "flip7 start")
    for name in SIX[1:]:
        assert (await people[name].click(table_of(channel, host), label="Join")).acknowledged
    assert (await host.click(table_of(channel, host), label="Start")).acknowledged
    for name in SIX:
        clicked = await people[name].click(table_of(channel, people[name]), label="Stay")
        assert clicked.acknowledged and not clicked.ephemeral, name
    table = table_of(channel, host)
    assert prompt(table) == "carol: give −4 to whom?"
    await world.env.advance_time(settings.turn_timeout + 1)
    table = table_of(channel, host)
    assert "Round 1: how it ended" in part(table, Part.EARLIER)
    assert "carol ran out of time; the bot moved for them." in part(table, Part.STORY)
    assert prompt(table) == "bob: hit or stay?"


# -- 5. a reminder goes with the move it was for ----------------------------------------


async def test_a_reminder_goes_when_its_member_moves_though_asked_again(
    world, stacked_flip7, settings
):
    """alice is alone in the round: after her Hit she is asked again, with a fresh clock,
    so the reminder about the old one must not stay up."""
    stacked_flip7(["5", "9", "3", "2", "4", "6"])
    await seat_three(world)
    channel, people = world.channel, world.people
    alice = people["alice"]
    for name, label in (("alice", "Hit"), ("bob", "Stay"), ("carol", "Stay")):
        assert (await people[name].click(table_of(channel, people[name]), label=label)).acknowledged
    await world.env.advance_time(61)
    assert [p for p in pings(world, alice) if "seconds left" in p]  # the one reminder
    assert (await alice.click(table_of(channel, alice), label="Hit")).acknowledged
    assert _last_line(world) == "alice: hit or stay?"
    assert pings(world, alice) == []
    await world.env.advance_time(61)  # the new turn reminds again, once
    assert len(pings(world, alice)) == 1


# -- 4. an older hand message is deleted ----------------------------------------------


async def test_an_older_hand_message_is_deleted_when_the_hand_is_opened_again(world):
    await sink.open_table(world)
    people = world.people
    first = await sink.open_hand(world, people["alice"])
    typed = await people["alice"].slash(world.channel, "sinkorswim hand")
    assert typed.ephemeral
    _, game = await sink.state(world)
    seen = [m.id for m in world.channel.history(viewer=people["alice"])]
    assert first.id not in seen and typed.response.id in seen  # one live hand, the newer
    newer = sink.fresh_message(world, people["alice"], typed.response.id)
    await sink.pick(world, people["alice"], game.hand(0)[0], newer)
    for seat, name in ((1, "bob"), (2, "carol")):
        await sink.pick(world, people[name], game.hand(seat)[0])
    newer = sink.fresh_message(world, people["alice"], typed.response.id)
    assert "trick 2" in embed_text(newer) and components(newer)


# -- 6. no message leaves a task behind ---------------------------------------------------


TASK_MARGIN = 5  # tasks that may be under way at any moment (a timer's move, a redraw)


def _live_tasks() -> int:
    return len([task for task in asyncio.all_tasks() if not task.done()])


@pytest.mark.game_seed(4)
async def test_a_whole_four_member_sink_or_swim_game_keeps_no_task_per_message(world):
    names = ("alice", "bob", "carol", "dave")
    await sink.open_table(world, names=names)
    baseline = _live_tasks()
    chooser = random.Random(4)
    hands_opened = 0
    while True:
        record, game = await sink.state(world)
        if record.status == MatchStatus.FINISHED:
            break
        for seat in game.to_act():
            await sink.pick(
                world, sink.seat_user(world, record, seat), chooser.choice(game.hand(seat))
            )
            hands_opened += 1
    assert hands_opened > 100
    await world.env.settle()
    assert _live_tasks() <= baseline + TASK_MARGIN, (baseline, _live_tasks())


@pytest.mark.game_seed(6)  # a deal that lasts: enough hand messages to count
async def test_a_six_seat_sequence_game_keeps_no_task_per_message(world):
    env, channel, people = world.env, world.channel, world.people
    names = ("alice", "bob", "carol", "dave", "erin", "frank")
    await sequence.open_table(channel, people, names=names, teams=3, sequences=2)
    baseline = _live_tasks()
    hands: dict[str, set[int]] = {}
    for _ in range(48):
        if not sequence.board_of(channel, people["alice"]).components:
            break
        await sequence.play_turn(env, channel, people, hands)
    assert sum(len(seen) for seen in hands.values()) >= 30
    await world.env.settle()
    assert _live_tasks() <= baseline + TASK_MARGIN, (baseline, _live_tasks())


# -- 7. answers about what the member did -------------------------------------------------


async def test_a_second_start_and_a_strangers_im_back_get_answers_about_them(world):
    channel, people = world.channel, world.people
    alice = people["alice"]
    await alice.slash(channel, "flip7 start")
    assert (await people["bob"].click(table_of(channel, alice), label="Join")).acknowledged
    started = await alice.click(table_of(channel, alice), label="Start")
    assert started.acknowledged and not started.ephemeral
    # Clicks on the lobby's Start that were on their way meanwhile (SimCord lets no click
    # overlap another, so they go to the service the button calls).
    matches = world.env.bot.matches
    record = await matches.reads.open_match_in_channel(channel.id)
    answer = world.env.bot.get_cog("Desk").tables.publish
    with pytest.raises(Refusal, match=r"^under_way$"):
        await matches.act_in_lobby(record.id, alice.id, "alice", "start", answer, record.version)
    with pytest.raises(Refusal, match=r"^already_started$"):
        await matches.act_in_lobby(record.id, people["carol"].id, "carol", "start", answer)


async def test_im_back_from_someone_not_at_the_table_is_told_whose_button_it_is(world, settings):
    await sink.open_table(world)
    people = world.people
    for _missed in range(3):  # alice lets three tricks run out: the AI plays her seat
        _, game = await sink.state(world)
        await sink.pick(world, people["bob"], game.hand(1)[0])
        await sink.pick(world, people["carol"], game.hand(2)[0])
        await world.env.advance_time(settings.turn_timeout + 1)
    table = table_of(world.channel, people["bob"])
    assert "I'm back: my seat" in buttons(table)
    stranger = await people["dave"].click(table, label="I'm back: my seat")
    assert stranger.ephemeral and "whose seat the AI took" in stranger.response.content
    player = await people["bob"].click(table, label="I'm back: my seat")
    assert player.ephemeral and "already playing your seat" in player.response.content
    back = await people["alice"].click(table, label="I'm back: my seat")
    assert back.acknowledged and "Welcome back" in embed_text(
        table_of(world.channel, people["bob"])
    )
