"""A match at its own pace (issue 28, item 2): the pace chosen at start or in the lobby, the
deadline and the reminder at every pace, the table's clock, and turn notices at slow paces
by mention or DM, over virtual days."""

from __future__ import annotations

import logging

import pytest

from bot.errors import Refusal
from bot.play.changes import no_publisher
from cogs.app import create_bot
from cogs.desk.presenters.pings import NOTIFY_HOW
from cogs.ui.layout import Part
from tests.cogs.helpers import embed_text, part, pings, selects, table_of

DAY = 86_400
TITLE = "Flip 7: With a Vengeance"


async def seat_three_at(world, pace: str):
    """alice opens Flip 7 at `pace`, bob and carol join, alice starts; the table message."""
    channel, people = world.channel, world.people
    alice = people["alice"]
    await alice.slash(channel, "flip7 start", pace=pace)
    for name in ("bob", "carol"):
        assert (await people[name].click(table_of(channel, alice), label="Join")).acknowledged
    assert (await alice.click(table_of(channel, alice), label="Start")).acknowledged
    return table_of(channel, alice)


async def stay(world, name: str) -> None:
    person = world.people[name]
    clicked = await person.click(table_of(world.channel, person), label="Stay")
    assert clicked.acknowledged and not clicked.ephemeral, name


def dms(member) -> list[str]:
    """What the bot has DMed the member, oldest first."""
    return [m.content for m in member.user.dm_channel.history(viewer=member.user)]


async def record_of(world):
    return await world.env.bot.storage.open_match_in_channel(world.channel.id)


def now(world) -> int:
    return int(world.env.bot.matches.clock())


async def test_i28_start_pace_daily_opens_a_daily_lobby_and_the_table_shows_its_clock(
    world, stacked_flip7
):
    stacked_flip7(["5", "9", "3"])
    alice = world.people["alice"]
    await alice.slash(world.channel, "flip7 start", pace="daily")
    lobby = table_of(world.channel, alice)
    assert "pace: daily" in part(lobby, Part.HEADING)
    assert (await record_of(world)).pace == "daily"
    table = await seat_three_at_started(world)
    started = now(world)
    assert part(table, Part.CLOCK) == f"-# Pace: daily · alice's turn ends <t:{started + DAY}:R>"


async def seat_three_at_started(world):
    """bob and carol join the open lobby and alice starts it; the table."""
    channel, people = world.channel, world.people
    for name in ("bob", "carol"):
        assert (
            await people[name].click(table_of(channel, people["alice"]), label="Join")
        ).acknowledged
    assert (
        await people["alice"].click(table_of(channel, people["alice"]), label="Start")
    ).acknowledged
    return table_of(channel, people["alice"])


async def test_i28_the_host_picks_the_pace_in_the_lobby_and_others_are_refused(world):
    channel, alice, bob = world.channel, world.people["alice"], world.people["bob"]
    await alice.slash(channel, "flip7 start")
    old = table_of(channel, alice)
    assert "pace: live" in part(old, Part.HEADING)
    (menu,) = selects(old)
    assert (await bob.click(old, label="Join")).acknowledged
    refused = await bob.select(table_of(channel, bob), ["daily"], custom_id=menu.custom_id)
    assert refused.ephemeral and refused.response.content == "Only the host can change the pace."
    picked = await alice.select(table_of(channel, alice), ["relaxed"], custom_id=menu.custom_id)
    assert picked.acknowledged and not picked.ephemeral
    lobby = table_of(channel, alice)
    assert "pace: relaxed" in part(lobby, Part.HEADING)
    assert "The pace is now relaxed: 10 minutes a turn." in embed_text(lobby)
    # The same pick again, from the menu as it was first drawn: harmless.
    again = await alice.select(old, ["relaxed"], custom_id=menu.custom_id)
    assert again.acknowledged
    record = await record_of(world)
    assert record.pace == "relaxed" and len(record.seats) == 2
    assert (await alice.click(table_of(channel, alice), label="Start")).acknowledged
    menus = selects(table_of(channel, alice))
    assert not any(m.custom_id.startswith("pace:") for m in menus)  # no pace to pick now
    matches = world.env.bot.matches
    with pytest.raises(Refusal, match=r"^already_started$"):  # a pick that raced Start
        await matches.set_pace(record.id, alice.id, "daily", no_publisher)
    assert (await record_of(world)).pace == "relaxed"


async def test_i28_games_notify_stores_each_choice_privately(world):
    bob, storage = world.people["bob"], world.env.bot.storage
    told = {
        "dm": "you'll get a direct message with a link to the table",
        "off": "you won't be told when it's your turn",
        "mention": "you'll be mentioned at the table",
    }
    for how, words in told.items():
        answer = await bob.slash(world.channel, "games notify", how=how)
        assert answer.ephemeral and words in answer.response.content, how
        assert await NOTIFY_HOW.read(storage, bob.id) == how


async def test_i28_a_daily_match_over_days_notices_by_dm_and_mention_and_reminds_at_a_fifth(
    world, stacked_flip7
):
    """bob hears by DM, carol by mention (the default); each notice goes once they moved."""
    stacked_flip7(["5", "9", "3"])
    people, env = world.people, world.env
    alice, bob, carol = people["alice"], people["bob"], people["carol"]
    await bob.slash(world.channel, "games notify", how="dm")
    table = await seat_three_at(world, "daily")
    started = now(world)
    assert pings(world, carol) == [  # a slow match's first turn is told, Start or not
        f"<@{alice.id}>, it's your turn in {TITLE}; it ends <t:{started + DAY}:R>."
    ]
    await env.advance_time(3 * 3600)
    await stay(world, "alice")
    bobs_turn = now(world)
    record = await record_of(world)
    link = f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/{record.message_id}"
    assert dms(bob) == [
        f"It's your turn in {TITLE}; it ends <t:{bobs_turn + DAY}:R>. The table: {link}"
    ]
    assert record.message_id == table.id and pings(world, carol) == []  # no mention for bob
    await env.advance_time(DAY * 0.8 - 1)
    assert len(dms(bob)) == 1  # more than a fifth of the day is left
    await env.advance_time(2)
    assert dms(bob) == [  # the reminder replaces the first DM
        f"⏰ Your turn in {TITLE} ends <t:{bobs_turn + DAY}:R>; then the bot moves for you. "
        f"The table: {link}"
    ]
    await stay(world, "bob")
    assert dms(bob) == [f"Done: you moved in {TITLE}."]
    carols_turn = now(world)
    assert pings(world, alice) == [
        f"<@{carol.id}>, it's your turn in {TITLE}; it ends <t:{carols_turn + DAY}:R>."
    ]
    assert part(table_of(world.channel, alice), Part.CLOCK) == (
        f"-# Pace: daily · carol's turn ends <t:{carols_turn + DAY}:R>"
    )
    await env.advance_time(DAY * 0.8 + 1)
    assert pings(world, alice) == [
        f"⏰ <@{carol.id}>, your turn in {TITLE} ends <t:{carols_turn + DAY}:R>; then the bot "
        "moves for you."
    ]
    await stay(world, "carol")
    assert not any(f"<@{carol.id}>" in ping for ping in pings(world, alice))


async def test_i28_a_closed_dm_falls_back_to_the_mention_without_an_error(
    world, stacked_flip7, caplog
):
    stacked_flip7(["5", "9", "3"])
    bob, alice = world.people["bob"], world.people["alice"]
    await bob.slash(world.channel, "games notify", how="dm")
    await seat_three_at(world, "relaxed")
    world.env.inject_error(
        "POST",
        f"/channels/{bob.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
    )
    caplog.set_level(logging.DEBUG)
    await world.env.advance_time(120)
    await stay(world, "alice")
    assert pings(world, alice) == [
        f"<@{bob.id}>, it's your turn in {TITLE}; it ends <t:{now(world) + 600}:R>."
    ]
    assert dms(bob) == []
    loud = [r for r in caplog.get_records("call") if r.levelno > logging.INFO]
    assert not loud, [r.getMessage() for r in loud]


async def test_i28_a_member_who_chose_off_hears_nothing_at_a_slow_pace(world, stacked_flip7):
    stacked_flip7(["5", "9", "3"])
    bob, alice = world.people["bob"], world.people["alice"]
    await bob.slash(world.channel, "games notify", how="off")
    await seat_three_at(world, "daily")
    await world.env.advance_time(3600)
    await stay(world, "alice")
    await world.env.advance_time(DAY * 0.8 + 1)  # past the reminder's time too
    assert pings(world, alice) == [] and dms(bob) == []


async def test_i28_a_daily_turn_times_out_after_a_day_and_three_misses_hand_the_seat_over(world):
    channel, alice, env = world.channel, world.people["alice"], world.env
    await alice.slash(channel, "flip7 start", pace="daily")
    assert (await alice.click(table_of(channel, alice), label="Add AI")).acknowledged
    assert (await alice.click(table_of(channel, alice), label="Start")).acknowledged
    storage = env.bot.storage
    match_id, started = (await record_of(world)).id, now(world)
    for missed in (1, 2, 3):  # the AI plays at once, so each of alice's turns starts a day on
        await env.advance_time(started + missed * DAY - 1 - now(world))
        record = await storage.get_match(match_id)
        assert record.extra.missed.get("0", 0) == missed - 1, missed
        await env.advance_time(2)
        record = await storage.get_match(match_id)
        assert record.extra.missed["0"] == missed
    kinds = [event.kind for _v, event in await storage.events(record.id, 10_000)]
    assert kinds.count("match.timeout") == 3 and "match.handover" in kinds
    assert record.seats[0].ai is not None  # the AI took alice's seat (and may have won it)


async def test_i28_a_restart_mid_daily_game_rearms_the_reminder_and_deadline_from_the_row(
    world, stacked_flip7, settings
):
    stacked_flip7(["5", "9", "3"])
    env, alice = world.env, world.people["alice"]
    await seat_three_at(world, "daily")
    started = now(world)
    await env.advance_time(10 * 3600)
    await env.bot.shutdown_storage()
    await env.restart_bot(create_bot(settings))
    assert (await record_of(world)).pace == "daily"
    await env.advance_time(started + DAY * 0.8 + 1 - now(world))
    assert pings(world, world.people["bob"]) == [  # in place of the mention from before
        f"⏰ <@{alice.id}>, your turn in {TITLE} ends <t:{started + DAY}:R>; then the bot "
        "moves for you."
    ]
    await env.advance_time(started + DAY + 1 - now(world))
    table = table_of(world.channel, alice)
    assert "alice ran out of time" in embed_text(table)
    assert part(table, Part.CLOCK).startswith("-# Pace: daily · bob's turn ends")


async def test_i28_a_dm_is_in_the_members_language_and_a_mention_in_the_servers(
    world, stacked_flip7
):
    stacked_flip7(["5", "9", "3"])
    alice, bob = world.people["alice"], world.people["bob"]
    await bob.slash(world.channel, "games notify", how="dm")
    assert (await bob.slash(world.channel, "games mylanguage", language="vi")).ephemeral
    await seat_three_at(world, "daily")
    await world.env.advance_time(3600)
    await stay(world, "alice")
    (dm,) = dms(bob)
    assert dm.startswith(f"Tới lượt bạn trong {TITLE}; lượt kết thúc <t:{now(world) + DAY}:R>.")
    await stay(world, "bob")
    assert dms(bob) == [f"Xong: bạn đã đi lượt của mình trong {TITLE}."]
    assert pings(world, alice) == [  # carol's mention, in the server's English
        f"<@{world.people['carol'].id}>, it's your turn in {TITLE}; it ends "
        f"<t:{now(world) + DAY}:R>."
    ]
