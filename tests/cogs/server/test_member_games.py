"""A member's own games: `/games mine` lists their open matches here, their turns first,
and `/games away` stops their clocks in daily and 3-day matches while they are away."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from simcord.backend.errors import OptionError

from bot.rules.away import DAY
from bot.storage import MatchStatus
from cogs.ui.layout import Part
from tests.cogs.helpers import acting_name, components, embed_text, part, table_of


@pytest.fixture
def settings(settings):
    """Room for twelve open games per member (the default limit is ten, set by the host)."""
    return replace(settings, member_match_limit=20)


async def _set_pace(world, match_id: int, host_id: int, pace: str) -> None:
    """The host picks the lobby's pace, as the lobby's pace select does."""
    matches = world.env.bot.matches
    await matches.set_pace(match_id, host_id, pace, matches.publish)
    # What the change shows goes out after the lock, from the match's sender: wait for it,
    # as SimCord waits for a click's (this change came from no click).
    await world.env.bot.get_cog("Desk").senders.drain()


async def _set_thread(world, match_id: int, thread_id: int) -> None:
    """The match is played in this thread from now on, as its move to a thread records."""
    matches = world.env.bot.matches
    async with matches.session(match_id):
        record, _game = await matches.current(match_id)
        await matches.set_thread(record, thread_id)


async def _lobby(world, channel, host, pace="live", others=(), game="flip7") -> int:
    """`host` opens a lobby of `game` in `channel` at `pace`, `others` join; its match id."""
    assert (await host.slash(channel, f"{game} start")).acknowledged
    record = (await world.env.bot.storage.open_matches_in_channel(channel.id))[-1]
    await _set_pace(world, record.id, host.id, pace)
    for person in others:
        assert (await person.click(table_of(channel, host), label="Join")).acknowledged
    return record.id


async def _match(world, channel, host, others, pace="live", game="flip7") -> int:
    match_id = await _lobby(world, channel, host, pace, others, game)
    assert (await host.click(table_of(channel, host), label="Start")).acknowledged
    return match_id


async def _record(world, match_id):
    return await world.env.bot.storage.get_match(match_id)


def _said(answer) -> str:
    """A deferred private answer's text (the answer may take its followup's place)."""
    said = answer.followups[-1] if answer.followups else answer.response
    assert said is not None and answer.ephemeral
    return said.content


def _now(world) -> float:
    return world.env.bot.matches.clock()


# -- /games mine ---------------------------------------------------------------------------


async def test_games_mine_lists_twelve_matches_in_pages_turns_first_with_jump_links(world):
    """Twelve open matches of one member (a lobby, matches waiting on them and on others,
    one played in a thread, another member's name with markdown in it): the ones waiting on
    them first, each linking to its table's message in its thread or channel."""
    guild, people = world.guild, world.people
    alice, bob = people["alice"], people["bob"]
    starry = guild.add_member(world.env.create_user("star"), nick="*star*_")
    channels = [guild.create_text_channel(f"t{n}") for n in range(12)]
    ids = []
    for n, channel in enumerate(channels[:11]):
        partner = starry if n == 0 else bob
        ids.append(
            await _match(
                world,
                channel,
                alice if n % 2 else partner,
                [partner if n % 2 else alice],
                pace="daily" if n < 6 else "live",
            )
        )
    ids.append(await _lobby(world, channels[11], alice, "three_days"))
    # One match plays in a thread opened on its table (as the thread per match will).
    first = await _record(world, ids[1])
    text_channel = world.env.bot.get_channel(channels[1].id)
    thread = await text_channel.get_partial_message(first.message_id).create_thread(name="t")
    await _set_thread(world, ids[1], thread.id)
    waiting_on_alice = {
        match_id
        for match_id, channel in zip(ids[:11], channels[:11], strict=True)
        if acting_name(table_of(channel, alice)) == "alice"
    }
    assert 0 < len(waiting_on_alice) < 11

    answer = await alice.slash(channels[0], "games mine")
    assert answer.ephemeral
    mine = [m for m in channels[0].history(viewer=alice) if m.flags.ephemeral and m.embeds][-1]
    pages = [mine]
    while True:
        after = [c for c in components(pages[-1]) if str(c.emoji) == "▶️"]
        if not after or after[0].disabled:
            break
        turned = await alice.click(pages[-1], custom_id=after[0].custom_id)
        assert turned.acknowledged
        pages.append(next(m for m in channels[0].history(viewer=alice) if m.id == pages[0].id))
        if len(pages) > 4:
            break
    texts = [page.embeds[0].description for page in pages]
    assert len(pages) == 3 and "Page 3 of 3" in pages[-1].embeds[0].footer.text
    entries = [entry for text in texts for entry in text.split("\n\n")]
    assert len(entries) == 12
    linked = [re.search(r"/channels/(\d+)/(\d+)/(\d+)\)", entry) for entry in entries]
    order = []
    for found in linked:
        assert found is not None
        where, message = int(found[2]), int(found[3])
        record = next(r for r in [await _record(world, i) for i in ids] if r.message_id == message)
        assert int(found[1]) == guild.id and where == record.played_in
        order.append(record.id)
    assert set(order[: len(waiting_on_alice)]) == waiting_on_alice  # their turns first
    assert all("your turn, ends <t:" in e for e in entries[: len(waiting_on_alice)])
    thread_entry = entries[order.index(ids[1])]
    assert f"/channels/{guild.id}/{thread.id}/" in thread_entry
    lobby_entry = entries[order.index(ids[11])]
    assert "in the lobby" in lobby_entry and "3 days" in lobby_entry
    assert "daily" in entries[order.index(ids[2])] and "live" in entries[order.index(ids[7])]
    starred = entries[order.index(ids[0])]
    assert "\\*star\\*\\_" in starred and "alice" in starred


async def test_games_mine_with_no_matches_says_how_to_start_one(world):
    answer = await world.people["carol"].slash(world.channel, "games mine")
    assert answer.ephemeral
    text = answer.response.content
    assert "not in any open match in this server" in text
    assert "flip7 start" in text and "sequence start" in text


# -- /games away ---------------------------------------------------------------------------


async def test_games_away_sets_refuses_past_the_cap_comes_back_and_keeps_to_its_range(world):
    alice = world.people["alice"]
    answer = await alice.slash(world.channel, "games away", days=0)
    assert answer.ephemeral and "aren't away" in _said(answer)

    answer = await alice.slash(world.channel, "games away", days=7)
    back = int(_now(world) + 7 * DAY)
    assert answer.ephemeral and f"away until <t:{back}:f>" in _said(answer)
    await world.env.advance_time(2 * DAY)
    answer = await alice.slash(world.channel, "games away", days=0)  # back after two days
    assert "Welcome back" in _said(answer)
    periods = await world.env.bot.storage.away_periods(alice.id, 0)
    assert [end - start for start, end in periods] == [pytest.approx(2 * DAY)]

    assert (await alice.slash(world.channel, "games away", days=7)).acknowledged
    await world.env.advance_time(7 * DAY)  # away nine days of the last 30
    answer = await alice.slash(world.channel, "games away", days=6)
    assert "at most 14 days in any 30; you have 5 days left." in _said(answer)
    assert len(await world.env.bot.storage.away_periods(alice.id, 0)) == 2

    for days in (8, -1):
        with pytest.raises(OptionError):
            await alice.slash(world.channel, "games away", days=days)


async def test_a_daily_turn_waits_while_its_member_is_away_and_runs_on_when_back(world):
    """The clock stops with the time it had left, restarts from a return, and a live match
    of the same member is not paused; the table says who is away until when."""
    people = world.people
    daily = await _match(world, world.channel, people["alice"], [people["bob"]], "daily")
    live_channel = world.guild.create_text_channel("live")
    live = await _match(world, live_channel, people["bob"], [people["alice"]], "live")
    table = table_of(world.channel, people["alice"])
    name = acting_name(table)
    member = people[name]
    await world.env.advance_time(20)
    due = (await _record(world, daily)).turn_due.at
    live_due = (await _record(world, live)).turn_due.at
    stopped_at = _now(world)

    assert (await member.slash(world.channel, "games away", days=2)).acknowledged
    back = stopped_at + 2 * DAY
    assert (await _record(world, daily)).turn_due.at == pytest.approx(back + due - stopped_at)
    assert (await _record(world, live)).turn_due.at == live_due
    away_line = part(table_of(world.channel, member), Part.AWAY)
    assert f"{name} is away until <t:{int(back)}:f>." in away_line
    assert part(table_of(live_channel, member), Part.AWAY) == ""

    await world.env.advance_time(DAY)
    moved_on = await _record(world, live)  # live went on: timed out, handed over, played out
    assert (
        moved_on.status == MatchStatus.FINISHED and moved_on.seats[moved_on.seat_of(member.id)].ai
    )
    assert "ran out of time" not in embed_text(table_of(world.channel, member))
    assert acting_name(table_of(world.channel, member)) == name

    returned = _now(world)
    assert (await member.slash(world.channel, "games away", days=0)).acknowledged
    record = await _record(world, daily)
    assert record.turn_due.at == pytest.approx(returned + due - stopped_at)
    assert part(table_of(world.channel, member), Part.AWAY) == ""
    await world.env.advance_time(due - stopped_at + 1)
    assert "ran out of time" in embed_text(table_of(world.channel, member))


@pytest.mark.game_seed(2)
async def test_a_turn_that_begins_while_its_member_is_away_runs_from_their_return(world):
    people = world.people
    daily = await _match(world, world.channel, people["alice"], [people["bob"]], "three_days")
    first = people[acting_name(table_of(world.channel, people["alice"]))]
    other = people["bob"] if first is people["alice"] else people["alice"]
    start = _now(world)
    whole_turn = (await _record(world, daily)).turn_due.at - start
    assert (await other.slash(world.channel, "games away", days=3)).acknowledged
    assert (await _record(world, daily)).turn_due.at == pytest.approx(start + whole_turn)

    table = table_of(world.channel, first)
    assert (await first.click(table, label="Stay")).acknowledged  # now it waits on `other`
    assert acting_name(table_of(world.channel, first)) == other.name
    record = await _record(world, daily)
    assert record.turn_due.at == pytest.approx(start + 3 * DAY + whole_turn)


async def test_a_restart_while_away_keeps_the_stopped_clock_and_the_table_line(world, settings):
    from cogs.app import create_bot

    people = world.people
    daily = await _match(world, world.channel, people["alice"], [people["bob"]], "daily")
    name = acting_name(table_of(world.channel, people["alice"]))
    member = people[name]
    assert (await member.slash(world.channel, "games away", days=1)).acknowledged
    due = (await _record(world, daily)).turn_due.at

    old = world.env.bot
    await old.shutdown_storage()
    await world.env.restart_bot(create_bot(settings))
    assert (await _record(world, daily)).turn_due.at == due
    await world.env.advance_time(DAY - 60)  # the stopped clock has not run out
    assert "ran out of time" not in embed_text(table_of(world.channel, member))
    table = await member.slash(world.channel, "flip7 table")
    assert table.acknowledged
    shown = table_of(world.channel, member)
    assert f"{name} is away until" in part(shown, Part.AWAY)
    await world.env.advance_time(due - _now(world) + 1)
    assert "ran out of time" in embed_text(table_of(world.channel, member))
