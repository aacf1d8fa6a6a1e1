"""Away members, as a table meets them: a time-out moves for the turn that ran out and no
further, and every ping, hand and answer stays true to what happened."""

from __future__ import annotations

from tests.cogs.helpers import embed_text, table_of


async def _three_at_the_table(world, game="flip7"):
    channel, people = world.channel, world.people
    host = people["alice"]
    await host.slash(channel, f"{game} start")
    for name in ("bob", "carol"):
        assert (await people[name].click(table_of(channel, host), label="Join")).acknowledged
    assert (await host.click(table_of(channel, host), label="Start")).acknowledged
    return table_of(channel, host)


async def _flip7_round_ended_by_bobs_time_out(world, stacked_flip7, settings, round_two):
    """Round 1 (carol deals): alice stays, bob hits, carol stays, and bob, the last one
    in, lets his time run out. Round 2 (alice deals) starts with bob's card."""
    stacked_flip7(["5", "9", "3", "4", *round_two])
    await _three_at_the_table(world)
    channel, people = world.channel, world.people
    for name, label in (("alice", "Stay"), ("bob", "Hit"), ("carol", "Stay")):
        clicked = await people[name].click(table_of(channel, people[name]), label=label)
        assert clicked.acknowledged and not clicked.ephemeral, name
    await world.env.advance_time(settings.turn_timeout + 1)
    return embed_text(table_of(channel, people["alice"]))


async def test_a_flip7_time_out_that_ends_a_round_leaves_the_next_round_to_the_member(
    world, stacked_flip7, settings
):
    text = await _flip7_round_ended_by_bobs_time_out(
        world, stacked_flip7, settings, ["−4", "6", "8"]
    )
    # Round 1's story tells the time-out, and stays while bob has not had a turn.
    assert "**bob** 13 (total 13): stayed; the bot moved for them 1 time" in text
    # Round 2's deal gave bob −4: the choice is his, on a fresh timer.
    assert "bob was dealt −4." in text and text.rstrip().endswith("bob: give −4 to whom?")
    assert "bob gives" not in text and "bob stays" not in text
    await world.env.advance_time(settings.turn_timeout - 5)
    assert (
        embed_text(table_of(world.channel, world.people["bob"]))
        .rstrip()
        .endswith("bob: give −4 to whom?")
    )
    await world.env.advance_time(10)  # that turn's own deadline: one more time-out
    text = embed_text(table_of(world.channel, world.people["bob"]))
    assert "bob ran out of time" in text and "bob gives −4 to" in text
    # The deal went on, and bob's hit-or-stay is a turn of its own again.
    assert text.rstrip().endswith("bob: hit or stay?") and "bob stays" not in text


async def test_a_flip7_time_out_on_a_deal_choice_does_not_play_the_next_turn(
    world, stacked_flip7, settings
):
    stacked_flip7(["−8", "9", "3"])
    table = await _three_at_the_table(world)
    assert table.embeds[0].footer.text == "alice: give −8 to whom?"
    await world.env.advance_time(settings.turn_timeout + 1)
    text = embed_text(table_of(world.channel, world.people["alice"]))
    assert "alice ran out of time" in text and "alice gives −8 to" in text
    # alice is first to hit or stay: a turn of its own, not made for her.
    assert "alice stays" not in text and text.rstrip().endswith("alice: hit or stay?")
