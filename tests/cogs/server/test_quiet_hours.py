"""Quiet hours (issue 48, item 4): `/games quiet` and what `/games notify` shows of it, and
the turn notices and reminders of a member's slow matches held through their quiet hours
and sent when those end (the deadline unmoved), over virtual nights, a restart and a
change of daylight saving time; live matches notify as ever."""

from __future__ import annotations

from datetime import UTC, datetime

from cogs.app import create_bot
from cogs.desk.presenters.pings import REMINDERS
from cogs.wording.command_mentions import command
from tests.cogs.desk.test_pace import seat_three_at
from tests.cogs.helpers import embed_text, pings, table_of

DAY = 86_400
HOUR = 3_600
TITLE = "Flip 7: With a Vengeance"
SAIGON = "Asia/Ho_Chi_Minh"  # UTC+7 all year


def now(world) -> float:
    return world.env.bot.matches.clock()


async def until_utc(world, hour: float, *, on: str | None = None) -> None:
    """Move the clock on to the next `hour` o'clock UTC (on the day `on`, 2027-03-13)."""
    clock = now(world)
    if on is not None:
        target = datetime.fromisoformat(on).replace(tzinfo=UTC).timestamp() + hour * HOUR
    else:
        target = (clock // DAY) * DAY + hour * HOUR
        if target <= clock:
            target += DAY
    await world.env.advance_time(target - clock)


async def quiet(member, channel, start: str, end: str, zone: str):
    return await member.slash(channel, "games quiet", **{"from": start}, to=end, zone=zone)


async def daily_flip7(world, pace: str = "daily"):
    """alice opens a Flip 7 at `pace`, bob and carol join, alice starts: her turn first. A
    minute passes, so bob and carol (who clicked Join) are no longer taken to be at the
    table, and are told of their turns."""
    await seat_three_at(world, pace)
    await world.env.advance_time(61)


async def stay(world, name: str) -> None:
    person = world.people[name]
    clicked = await person.click(table_of(world.channel, person), label="Stay")
    assert clicked.acknowledged and not clicked.ephemeral, name


def told(world, member) -> list[str]:
    """The turn mentions and reminders up for `member` in the channel."""
    return [text for text in pings(world, world.people["alice"]) if f"<@{member.id}>" in text]


async def held(world) -> list[tuple[int, bool, float]]:
    """(member, reminder?, send at) of every notice held, as stored."""
    found = await world.env.bot.storage.held_notices()
    return [(h.user_id, h.reminder, h.send_at) for h in found]


async def test_i48_4_a_daily_notice_waits_through_the_night_and_a_restart(
    world, stacked_flip7, settings
):
    """bob sleeps from 22:00 to 07:00 in Ho Chi Minh City. alice moves at 22:30 there: bob's
    turn begins, its notice waits past midnight and a restart, and goes at 07:00 with the
    turn's deadline as it was (a day after it began)."""
    stacked_flip7(["5", "9", "3"])
    bob = world.people["bob"]
    assert (await quiet(bob, world.channel, "22:00", "07:00", SAIGON)).ephemeral
    await until_utc(world, 14)  # 21:00 in Ho Chi Minh City
    await daily_flip7(world)
    await world.env.advance_time(1.5 * HOUR)
    await stay(world, "alice")
    bobs_turn = now(world)
    wakes = (bobs_turn // DAY + 1) * DAY  # 07:00 there is midnight UTC
    assert told(world, bob) == []
    assert await held(world) == [(bob.id, False, wakes)]
    await world.env.advance_time(4 * HOUR)  # 03:00 there, the next day
    await world.env.bot.shutdown_storage()
    await world.env.restart_bot(create_bot(settings))
    await world.env.advance_time(wakes - 1 - now(world))
    assert told(world, bob) == []
    await world.env.advance_time(2)
    assert told(world, bob) == [
        f"<@{bob.id}>, it's your turn in {TITLE}; it ends <t:{int(bobs_turn + DAY)}:R>."
    ]
    assert await held(world) == []
    record = await world.env.bot.storage.open_match_in_channel(world.channel.id)
    assert record.turn_due.at == bobs_turn + DAY


async def test_i48_4_a_held_notice_goes_no_more_once_the_member_moved(world, stacked_flip7):
    """bob, up at night after all, plays his turn from the table: the notice held for him is
    dropped, and nothing reaches him at 07:00."""
    bob = world.people["bob"]
    await bobs_turn_in_saigon(world, stacked_flip7, "22:00", "07:00", 15)  # 22:00 there
    assert [who for who, _reminder, _at in await held(world)] == [bob.id]
    await world.env.advance_time(HOUR)
    await stay(world, "bob")
    assert await held(world) == []
    await until_utc(world, 0.5)
    assert told(world, bob) == []


async def bobs_turn_in_saigon(world, stacked_flip7, start: str, end: str, utc_hour: float):
    """bob, quiet from `start` to `end` in Saigon, is given his turn of a daily Flip 7 at
    `utc_hour` (UTC) when alice stays; the moment his turn began."""
    stacked_flip7(["5", "9", "3"])
    await quiet(world.people["bob"], world.channel, start, end, SAIGON)
    await until_utc(world, utc_hour)
    await daily_flip7(world)
    await stay(world, "alice")
    return now(world)


async def test_i48_4_a_reminder_due_in_quiet_hours_comes_at_their_end(world, stacked_flip7):
    """bob's turn begins at 12:00 there (its notice goes at once); its reminder, due at
    07:12 the next morning, waits for 09:00 and takes the notice's place, the deadline
    (12:00) unmoved."""
    bob = world.people["bob"]
    turn = await bobs_turn_in_saigon(world, stacked_flip7, "06:00", "09:00", 5)  # 12:00 there
    due, wakes = int(turn + DAY), turn // DAY * DAY + DAY + 2 * HOUR  # 09:00 there
    assert told(world, bob) == [f"<@{bob.id}>, it's your turn in {TITLE}; it ends <t:{due}:R>."]
    await world.env.advance_time(0.8 * DAY + 60)  # 07:14 there: the reminder was due
    assert told(world, bob) == [f"<@{bob.id}>, it's your turn in {TITLE}; it ends <t:{due}:R>."]
    assert await held(world) == [(bob.id, True, wakes)]
    await world.env.advance_time(wakes + 1 - now(world))
    assert told(world, bob) == [
        f"⏰ <@{bob.id}>, your turn in {TITLE} ends <t:{due}:R>; then the bot moves for you."
    ]
    assert await held(world) == []


async def test_i48_4_a_reminder_whose_deadline_comes_first_is_not_sent(world, stacked_flip7):
    """Quiet from 06:00 to 13:00 there: the reminder due at 07:12 would come after the
    deadline (12:00), so it never goes, and the bot moves for bob at 12:00 as ever."""
    bob = world.people["bob"]
    turn = await bobs_turn_in_saigon(world, stacked_flip7, "06:00", "13:00", 5)  # 12:00 there
    notice = f"<@{bob.id}>, it's your turn in {TITLE}; it ends <t:{int(turn + DAY)}:R>."
    await world.env.advance_time(0.8 * DAY + 60)  # 07:14 there: the reminder was due
    assert told(world, bob) == [notice]
    assert await held(world) == []
    await world.env.advance_time(turn + DAY + 1 - now(world))
    assert "bob ran out of time" in embed_text(table_of(world.channel, bob))
    await world.env.advance_time(2 * HOUR)  # past 13:00 there
    assert not any(text.startswith("⏰") for text in told(world, bob))


async def test_i48_4_a_live_match_notifies_in_quiet_hours_as_ever(world, stacked_flip7):
    stacked_flip7(["5", "9", "3"])
    bob = world.people["bob"]
    await quiet(bob, world.channel, "00:00", "23:59", "UTC")
    await until_utc(world, 1)
    await daily_flip7(world, pace="live")
    await stay(world, "alice")
    assert told(world, bob) == [f"<@{bob.id}>, it's your turn in {TITLE}."]
    assert await held(world) == []


async def test_i48_4_the_night_the_clocks_go_forward_ends_an_hour_sooner(world, stacked_flip7):
    """New York, 14 March 2027: at 02:00 the clocks go forward to 03:00. bob's quiet hours
    from 23:00 to 07:00 end at 07:00 EDT, 11:00 UTC, not at 12:00 UTC."""
    stacked_flip7(["5", "9", "3"])
    bob = world.people["bob"]
    await quiet(bob, world.channel, "23:00", "07:00", "America/New_York")
    await until_utc(world, 4, on="2027-03-14")  # 23:00 EST on the 13th
    await daily_flip7(world)
    await stay(world, "alice")
    wakes = datetime(2027, 3, 14, 11, tzinfo=UTC).timestamp()
    assert await held(world) == [(bob.id, False, wakes)]
    await world.env.advance_time(wakes - 1 - now(world))
    assert told(world, bob) == []
    await world.env.advance_time(2)
    assert len(told(world, bob)) == 1


async def test_i48_4_bad_times_and_zones_get_one_line_with_an_example(world):
    bob, channel = world.people["bob"], world.channel
    answers = [
        await quiet(bob, channel, "25:00", "07:00", SAIGON),
        await quiet(bob, channel, "22:00", "07:00", "Mars/Olympus_Mons"),
        await quiet(bob, channel, "22:00", "22:00", SAIGON),
        await bob.slash(channel, "games quiet", **{"from": "22:00"}, zone=SAIGON),
        await bob.slash(channel, "games quiet", **{"from": "22:00"}, to="07:00"),
    ]
    assert all(answer.ephemeral for answer in answers)
    assert [answer.response.content for answer in answers] == [
        "“25:00” isn't a time of day. Write hours and minutes on a 24-hour clock, for "
        "example 22:00 or 07:30.",
        "“Mars/Olympus\\_Mons” isn't a time zone the bot knows. Name it as the time-zone "
        "database does, for example Europe/London or America/New_York: the list offers "
        "them as you type.",
        "Your quiet hours must begin and end at different times, for example from 22:00 to 07:00.",
        "Give the time your quiet hours begin and the time they end, for example from 22:00 "
        "to 07:00, with your time zone.",
        "Give your time zone too, for example Europe/London: the list offers them as you type.",
    ]
    shown = await bob.slash(channel, "games notify")
    assert "Quiet hours: none." in shown.response.content


async def test_i48_4_quiet_hours_are_set_shown_changed_and_turned_off(world):
    bob, channel = world.people["bob"], world.channel
    await until_utc(world, 13)  # 20:00 in Jakarta
    answer = await quiet(bob, channel, "22.30", "6:45", "asia/jakarta")
    assert answer.ephemeral and answer.response.content == (
        "Done: your quiet hours are from 10:30\u202fPM to 6:45\u202fAM, `Asia/Jakarta` time (it's "
        "8:00\u202fPM there now). Turn notices and reminders of your relaxed, daily and 3-day "
        "games wait until they end, while your turn's time still runs. Live games notify "
        "you as usual."
    )
    shown = await bob.slash(channel, "games notify")
    assert shown.ephemeral and shown.response.content == (
        "In relaxed and slower games, you're mentioned at the table when it's your turn.\n"
        "Quiet hours: from 10:30\u202fPM to 6:45\u202fAM, `Asia/Jakarta` time (it's "
        "8:00\u202fPM there now). Your turn notices and reminders in relaxed and slower games "
        "wait until they end."
    )
    changed = await bob.slash(channel, "games quiet", **{"from": "19:00"})  # the rest stays
    ends = int(now(world) // DAY * DAY + DAY - 15 * 60)  # 06:45 in Jakarta, 23:45 UTC
    assert changed.response.content.endswith(f"They hold now, and end <t:{ends}:R>.")
    assert "from 7:00\u202fPM to 6:45\u202fAM, `Asia/Jakarta` time" in changed.response.content
    off = await bob.slash(channel, "games quiet", off=True)
    assert off.response.content == (
        "Done: no quiet hours. Your turn notices come as soon as your turn begins."
    )
    assert "Quiet hours: none." in (await bob.slash(channel, "games notify")).response.content


async def test_i48_4_notify_says_the_server_turned_mentions_off(world):
    bob = world.people["bob"]
    await REMINDERS.write(world.env.bot.storage, world.guild.id, False)
    shown = await bob.slash(world.channel, "games notify", how="dm")
    assert shown.response.content.splitlines() == [
        "Done: in relaxed and slower games, you'll get a direct message with a link to the "
        "table when it's your turn. If your direct messages are closed, you'll be mentioned "
        "instead.",
        f"Quiet hours: none. Set them with {command('games quiet')} to hold your turn notices "
        "at night.",
        "This server's moderators have turned turn mentions off here; direct messages still go.",
    ]
    assert command("games quiet").startswith("</games quiet:")  # a mention to click


async def test_i48_4_the_zone_autocomplete_offers_the_database_names(world):
    bob = world.people["bob"]
    offered = await bob.autocomplete(world.channel, "games quiet", "zone", "ho chi")
    assert [choice["value"] for choice in offered] == [SAIGON]
    offered = await bob.autocomplete(world.channel, "games quiet", "zone", "berlin")
    assert offered[0]["value"] == "Europe/Berlin"


async def test_i48_4_a_member_reads_their_quiet_hours_in_their_language(world):
    bob, channel = world.people["bob"], world.channel
    await until_utc(world, 13)
    await bob.slash(channel, "games mylanguage", language="vi")
    answer = await quiet(bob, channel, "22:00", "07:00", SAIGON)
    assert answer.response.content.startswith(
        "Xong: giờ yên tĩnh của bạn là từ 22:00 đến 07:00, theo giờ `Asia/Ho_Chi_Minh` "
        "(ở đó bây giờ là 20:00)."
    )
    await bob.slash(channel, "games mylanguage", language="id")
    answer = await quiet(bob, channel, "25:00", "07:00", SAIGON)
    assert answer.response.content.startswith("“25:00” bukan jam yang valid.")
    shown = await bob.slash(channel, "games notify")
    assert "Jam tenang: dari 22.00 sampai 07.00, waktu `Asia/Ho_Chi_Minh`" in (
        shown.response.content
    )


async def test_i48_4_new_quiet_hours_move_what_is_held_and_off_sends_it(world, stacked_flip7):
    """bob's notice waits for 07:00 there; he moves the end to 08:00, so at 07:00 it waits
    on; then he turns his quiet hours off, and it goes at once."""
    bob = world.people["bob"]
    await bobs_turn_in_saigon(world, stacked_flip7, "22:00", "07:00", 15)  # 22:00 there
    turn = now(world)
    wakes = (turn // DAY + 1) * DAY  # 07:00 there
    await bob.slash(world.channel, "games quiet", to="08:00")
    await world.env.advance_time(wakes + 60 - now(world))
    assert told(world, bob) == []  # 07:01 there: still quiet until 08:00
    assert await held(world) == [(bob.id, False, wakes)]  # as it was held: looked at again
    await bob.slash(world.channel, "games quiet", off=True)
    assert told(world, bob) == [
        f"<@{bob.id}>, it's your turn in {TITLE}; it ends <t:{int(turn + DAY)}:R>."
    ]
    assert await held(world) == []
