"""A click's display decided under the match lock and sent after it (issue 37, items 2-4),
under Discord's delays put back (bench.discord_delays): no Discord call while a lock is
held, a pick costs its answer and one table edit, a queued table edit gives way to a newer
one, a refusal is answered without waiting behind another member's sends, and what a
crash left unsent is shown after the restart."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest

from bench.discord_delays import Delays, press_together
from cogs.app import create_bot
from engines.base import GAMES
from tests.cogs.desk import test_rematch as rematch
from tests.cogs.games import test_sequence as sequence
from tests.cogs.games import test_sink_or_swim as sink
from tests.cogs.helpers import embed_text, table_of
from tests.cogs.players import click_id, public_table

FIVE = ("alice", "bob", "carol", "dave", "erin")
CALLBACK = "POST /interactions/{webhook_id}/{webhook_token}/callback"
TABLE_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
HAND_EDIT = "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original"


@pytest.fixture
def settings(settings):
    """Turns long enough that the clock the delays move never times one out."""
    return dataclasses.replace(settings, turn_timeout=3600)


def picks(world, record, game, hands):
    """Each seat's press of its first card in its open hand."""
    members = [sink.seat_user(world, record, seat) for seat in range(len(hands))]
    return [
        (
            lambda m=member, h=hand, s=seat: m.click(
                h, custom_id=sink.card_button(h, game.hand(s)[0]).custom_id
            )
        )
        for seat, (member, hand) in enumerate(zip(members, hands, strict=True))
    ]


async def test_i37_a_pick_costs_its_answer_and_one_table_edit(world, delayed):
    """Bob's and carol's open hands don't change when alice picks, so they aren't edited;
    when the last pick resolves the trick, each other hand is (it shows a new trick)."""
    await sink.open_table(world)
    _record, game = await sink.state(world)
    alice, bob, carol = (world.people[name] for name in sink.PLAYERS)
    alice_hand = await sink.open_hand(world, alice)
    bob_hand = await sink.open_hand(world, bob)
    carol_hand = await sink.open_hand(world, carol)
    mark = len(delayed.calls)
    await sink.pick(world, alice, game.hand(0)[0], alice_hand)
    assert delayed.since(mark) == {CALLBACK: 1, TABLE_EDIT: 1}
    assert "✅ **alice**" in embed_text(table_of(world.channel, alice))
    await sink.pick(world, bob, game.hand(1)[0], bob_hand)
    mark = len(delayed.calls)
    await sink.pick(world, carol, game.hand(2)[0], carol_hand)
    made = delayed.since(mark)
    assert made[CALLBACK] == 1 and made[TABLE_EDIT] == 1
    assert made[HAND_EDIT] == 2  # alice's and bob's hands show the new trick
    assert "trick 2" in embed_text(sink.fresh_message(world, bob, bob_hand.id))
    assert not delayed.calls_under_locks()


async def test_i37_no_discord_call_is_made_while_a_match_lock_is_held(world, delayed):
    """A whole Sequence Numbers game's first turns (its board picture drawn when sent)."""
    await sequence.open_table(world.channel, world.people)
    for _turn in range(4):
        await sequence.play_turn(world.env, world.channel, world.people)
    table = sequence.board_of(world.channel, world.people["alice"])
    assert [attachment.filename for attachment in table.attachments] == ["board.png"]
    assert len(delayed.lock_spans) >= 4
    assert delayed.calls_under_locks() == []


async def test_i37_five_picks_at_once_edit_the_table_fewer_times_than_they_pick(world, delayed):
    """Five members pick at the same moment: each gets their own answer, and a table edit
    queued behind an earlier one gives way to the newer table."""
    await sink.open_table(world, names=FIVE)
    record, game = await sink.state(world)
    hands = [await sink.open_hand(world, sink.seat_user(world, record, s)) for s in range(5)]
    mark = len(delayed.calls)
    results = await press_together(world.env, picks(world, record, game, hands))
    assert all(result.acknowledged for result in results)
    made = delayed.since(mark)
    assert made[CALLBACK] == 5
    assert 1 <= made[TABLE_EDIT] < 5, made
    _record, game = await sink.state(world)
    assert game.trick == 2
    assert "trick 2" in embed_text(table_of(world.channel, world.people["alice"]))
    assert delayed.calls_under_locks() == []


@pytest.mark.parametrize("delays", [Delays(round_trip=0.1, jitter=0)])
async def test_i37_a_refusal_is_answered_without_waiting_behind_queued_sends(world, delayed):
    """Alice's pick queues the table edit behind her answer; dave, who has no seat, presses
    the table's "Pick a card" meanwhile and is refused before that queued edit is through
    (a refusal queued behind the sends would come a round trip after it)."""
    table = await sink.open_table(world)
    _record, game = await sink.state(world)
    alice, dave = world.people["alice"], world.people["dave"]
    hand = await sink.open_hand(world, alice)
    card = sink.card_button(hand, game.hand(0)[0]).custom_id
    mark = len(delayed.calls)
    results = await press_together(
        world.env,
        [lambda: alice.click(hand, custom_id=card), lambda: dave.click(table, label="Pick a card")],
    )
    assert results[1].ephemeral and "not playing" in results[1].response.content
    refused = delayed.presses[-1]
    queued_edit = next(call for call in delayed.calls[mark:] if call.route == TABLE_EDIT)
    assert refused.answered is not None and refused.answered < queued_edit.ended


@pytest.mark.parametrize("delays", [Delays(round_trip=0.01)])
async def test_i37_what_a_crash_left_unsent_is_shown_after_the_restart(
    world, delayed, settings, monkeypatch
):
    """Alice's pick is saved and answered, but the bot stops before its table edit went
    out: the outbox saved with the pick says the table is still to show, and the restarted
    bot shows it from the saved state."""
    await sink.open_table(world)
    record, game = await sink.state(world)
    alice = world.people["alice"]
    desk = world.env.bot.get_cog("Desk")
    monkeypatch.setattr(desk.senders, "queue", lambda *args, **kwargs: None)  # never sent
    await sink.pick(world, alice, game.hand(0)[0])
    assert "✅ **alice**" not in embed_text(table_of(world.channel, alice))
    (unsent,) = await world.env.bot.storage.matches_with_outbox()
    assert unsent.id == record.id and {"table", "notices"} <= set(unsent.outbox)
    await world.env.bot.shutdown_storage()
    await world.env.restart_bot(create_bot(settings))
    assert "✅ **alice**" in embed_text(table_of(world.channel, alice))
    await world.env.bot.shutdown_storage()  # a clean stop empties what was shown
    again = create_bot(settings)
    await world.env.restart_bot(again)
    assert await again.storage.matches_with_outbox() == []


def answered_first(delayed, mark: int) -> bool:
    """Whether the last press's own answer ended before any other call made since `mark`
    started (the calls its answer needs before it, such as opening a thread, aside)."""
    press = delayed.presses[-1]
    assert press.answered is not None
    after = [call for call in delayed.calls[mark:] if call.ended > press.answered]
    return bool(after) and all(call.started >= press.answered for call in after)


async def test_i37_a_thread_match_tells_a_dm_member_of_their_turn_after_the_answers(
    thread_world, delayed
):
    """A daily Sink or Swim in its thread; bob hears of his turns by DM. Alice's Start is
    answered (the lobby becomes the card) before the table, the mentions and bob's DM go
    out; bob's pick is answered in his hand before his DM says he moved. No call is made
    while the match's lock is held."""
    world = thread_world
    alice, bob, carol = (world.people[name] for name in ("alice", "bob", "carol"))
    await bob.slash(world.channel, "games notify", how="dm")
    lobby = (await alice.slash(world.channel, "sinkorswim start", pace="daily")).response.message
    for member in (bob, carol):
        await click_id(member, public_table(world.channel, alice), ":join")
    mark = len(delayed.calls)
    await click_id(alice, public_table(world.channel, alice), ":start")
    assert answered_first(delayed, mark)
    thread = next(t for t in world.channel.threads if t.id == lobby.id)
    record = await world.env.bot.storage.match_in_thread(thread.id)
    link = f"https://discord.com/channels/{world.guild.id}/{thread.id}/{record.message_id}"
    (told,) = dms(bob)
    assert told.startswith("It's your turn in Sink or Swim;") and told.endswith(link)
    dm_calls = [c for c in delayed.calls[mark:] if c.kind == "DMs"]
    assert dm_calls and all(c.started >= delayed.presses[-1].answered for c in dm_calls)
    _record, game = await sink_state(world.env, record.id)
    hand = await sink.open_hand(SimpleNamespace(channel=thread), bob)
    mark = len(delayed.calls)
    seat = record.seat_of(bob.id)
    await bob.click(hand, custom_id=sink.card_button(hand, game.hand(seat)[0]).custom_id)
    assert answered_first(delayed, mark)
    assert dms(bob) == ["Done: you moved in Sink or Swim."]
    assert [c.route for c in delayed.calls[mark:] if c.kind == "DMs"] == [
        "PATCH /channels/{channel_id}/messages/{message_id}"
    ]
    assert len(delayed.lock_spans) >= 2 and delayed.calls_under_locks() == []


async def sink_state(env, match_id):
    record = await env.bot.storage.get_match(match_id)
    return record, GAMES["sinkorswim"].from_dict(record.state)


def dms(member) -> list[str]:
    """What the bot has DMed the member, oldest first."""
    if member.user.dm_channel is None:
        return []
    return [m.content for m in member.user.dm_channel.history(viewer=member.user)]


async def test_i37_a_join_is_answered_before_any_other_call_and_a_start_before_the_table(
    thread_world, delayed
):
    """Bob's Join is decided under the lobby's lock and answered after it: its answer is
    the first call it makes (the lobby edited in place). Alice's Start opens the thread
    (its card names it), then answers, and only then is the table posted in the thread."""
    world = thread_world
    alice, bob = world.people["alice"], world.people["bob"]
    await alice.slash(world.channel, "flip7 start")
    holds, mark = len(delayed.lock_spans), len(delayed.calls)
    await click_id(bob, public_table(world.channel, alice), ":join")
    (answer, *rest) = delayed.calls[mark:]
    assert answer.route == CALLBACK and answer.ended == delayed.presses[-1].answered
    assert all(call.started >= answer.ended for call in rest)
    (hold,) = delayed.lock_spans[holds:]
    assert hold[1] <= answer.started  # the lock was free before the answer went out
    assert "bob joined." in str(public_table(world.channel, alice).components)
    mark = len(delayed.calls)
    await click_id(alice, public_table(world.channel, alice), ":start")
    assert answered_first(delayed, mark)
    made = [call.route for call in delayed.calls[mark:]]
    assert made.index(CALLBACK) < made.index("POST /channels/{channel_id}/messages")
    assert delayed.calls_under_locks() == []


async def test_i38_a_rematch_and_a_table_asked_again_are_posted_after_the_lock(world, delayed):
    """The new lobby of a Rematch and the fresh table of `/flip7 table` are drawn under the
    match lock and posted once it is free, behind what the match still had to send."""
    result = await rematch.finished_game(world)
    holds = len(delayed.lock_spans)
    asked = await world.people["bob"].click(result, label="Rematch")
    assert asked.acknowledged and not asked.ephemeral
    lobby = await world.env.bot.storage.open_match_in_channel(world.channel.id)
    again = await world.people["alice"].slash(world.channel, "flip7 table")
    assert not again.ephemeral and again.response.message.id != lobby.message_id
    moved = await world.env.bot.storage.get_match(lobby.id)
    assert moved.message_id == again.response.message.id  # the later edits find it
    assert len(delayed.lock_spans) >= holds + 2
    assert delayed.calls_under_locks() == []
