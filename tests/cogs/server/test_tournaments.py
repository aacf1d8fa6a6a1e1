"""Tournaments run by the bot (issue 29), played as members would: sign-up and check-in by
buttons, tables in threads at the tournament's pace, standings, the champion."""

from __future__ import annotations

import discord
import pytest

from bot.storage import EndReason, MatchStatus
from tests.cogs.tournament_helpers import (
    ended,
    next_round,
    opened_round,
    play_round,
    points,
    press,
    round_tables,
    signup,
    tournament_world,
)

MINUTE = 60


@pytest.mark.long
@pytest.mark.game_seed(29)
async def test_i29_a_swiss_tournament_of_twelve_runs_from_sign_up_to_champion(simcord_env):
    world = tournament_world(simcord_env, 12)
    env, channel, mod = world.env, world.channel, world.mod
    made = await mod.slash(
        channel,
        "games tournament new",
        game="flip7",
        format="swiss",
        table_size=4,
        rounds=3,
        pace="relaxed",
        starts_in=30,
    )
    assert made.ephemeral and "Tournament #1" in made.response.content
    board = signup(channel, mod)
    assert "Swiss rounds, 3 rounds, tables of 4" in str(board.components)
    for person in world.people:
        joined = await press(person, channel, "join")
        assert joined.ephemeral and "signed up" in joined.response.content
    again = await press(world.people[0], channel, "join")
    assert "already signed up" in again.response.content
    await env.advance_time(16 * MINUTE)  # check-in opens 15 minutes before the start
    for person in world.people:
        checked = await press(person, channel, "check")
        assert "checked in" in checked.response.content
    await env.advance_time(15 * MINUTE)
    record = await env.bot.storage.get_tournament(1)
    assert record.state == "running"
    expected: dict[int, float] = {p.id: 0.0 for p in world.people}
    for round_number in (1, 2, 3):
        tables = await opened_round(env, 1, round_number)
        assert [len(t.seats) for t in tables] == [4, 4, 4]
        assert all(t.pace == "relaxed" for t in tables)
        if round_number == 2:  # nobody moves for a relaxed turn: each table's turn times out
            await env.advance_time(11 * MINUTE)
            for table in tables:
                kinds = [e.kind for _v, e in await env.bot.storage.events(table.id)]
                assert "match.timeout" in kinds
        await play_round(world, 1, round_number)
        for table in await round_tables(env, 1, round_number):
            summary = await env.bot.storage.standings.match_summary(table.id)
            seats = sorted(summary.seats, key=lambda s: s.seat)
            for seat, share in zip(seats, points([s.place for s in seats]), strict=True):
                expected[seat.user_id] += share
    record = await ended(env, 1)
    assert record.state == "finished"
    standings = env.bot.tournaments.standings(record)
    assert {s.user_id: s.points for s in standings} == pytest.approx(expected)
    assert [s.points for s in standings] == sorted(expected.values(), reverse=True)
    champion = standings[0].user_id
    posted = [m.content for m in channel.history(viewer=mod) if m.content]
    assert any("Champion: <@" + str(champion) + ">" in text for text in posted)
    podium = await env.bot.storage.podiums(world.guild.id)
    assert [p.user_id for p in podium] == [s.user_id for s in standings[:3]]
    hall = await world.people[5].slash(channel, "games season hall")
    field = hall.response.embeds[0].fields[0]
    assert field.name == "Tournaments" and f"🥇 <@{champion}>" in field.value
    assert "#1 Flip 7: With a Vengeance" in field.value


async def _announce(world, **options):
    made = await world.mod.slash(world.channel, "games tournament new", **options)
    assert made.ephemeral and "is announced" in made.response.content, made.response.content
    return made


async def _all_join(world, people=None):
    for person in people if people is not None else world.people:
        assert (await press(person, world.channel, "join")).ephemeral


@pytest.mark.long
@pytest.mark.game_seed(9)
async def test_i29_a_knockout_of_nine_in_sink_or_swim_ends_at_a_final_table(simcord_env):
    world = tournament_world(simcord_env, 9)
    env = world.env
    await _announce(world, game="sinkorswim", format="knockout", table_size=3, pace="live")
    await _all_join(world)
    started = await world.mod.slash(world.channel, "games tournament start")
    assert "under way" in started.response.content
    assert [len(t.seats) for t in await round_tables(env, 1, 1)] == [3, 3, 3]
    round_number, tables = 1, await opened_round(env, 1, 1)
    while True:
        await play_round(world, 1, round_number)
        on = set()  # each table's winners go on (a shared first place sends both)
        for table in tables:
            summary = await env.bot.storage.standings.match_summary(table.id)
            on |= {s.user_id for s in summary.seats if s.place == 1 and s.user_id}
        round_number += 1
        tables = await next_round(env, 1, round_number)
        if not tables:
            break
        assert {s.user_id for t in tables for s in t.seats if s.user_id} == on
    record = await ended(env, 1)
    assert record.state == "finished"
    final = await round_tables(env, 1, round_number - 1)
    assert len(final) == 1, "the last round is one final table"
    summary = await env.bot.storage.standings.match_summary(final[0].id)
    standings = env.bot.tournaments.standings(record)
    assert standings[0].user_id in {s.user_id for s in summary.seats if s.place == 1}
    assert len(standings) == 9


@pytest.mark.game_seed(4)
async def test_i29_a_round_robin_of_four_in_sequence_numbers_meets_every_pair_once(simcord_env):
    world = tournament_world(simcord_env, 4)
    env = world.env
    await _announce(world, game="sequence", format="round_robin", table_size=2, pace="live")
    await _all_join(world)
    assert "4 entrants (at most 8)." in str(signup(world.channel, world.mod).components)
    await world.mod.slash(world.channel, "games tournament start")
    pairs = []
    for round_number in (1, 2, 3):
        tables = await opened_round(env, 1, round_number)
        assert [len(t.seats) for t in tables] == [2, 2]
        pairs += [frozenset(s.user_id for s in t.seats) for t in tables]
        await play_round(world, 1, round_number)
    assert len(set(pairs)) == 6  # every pair of the four, once
    record = await ended(env, 1)
    assert record.state == "finished"


@pytest.mark.game_seed(5)
async def test_i29_a_restart_in_the_middle_of_a_round_loses_nothing(simcord_env, settings):
    from cogs.app import create_bot

    world = tournament_world(simcord_env, 6)
    env = world.env
    await _announce(world, game="sinkorswim", format="swiss", table_size=3, rounds=2, pace="live")
    await _all_join(world)
    await world.mod.slash(world.channel, "games tournament start")
    first, second = await round_tables(env, 1, 1)
    await play_round_table(world, first)
    await env.bot.shutdown_storage()
    await env.restart_bot(create_bot(settings))
    await play_round_table(world, second)
    assert len(await round_tables(env, 1, 2)) == 2, "the restarted bot opened round 2"
    await play_round(world, 1, 2)
    record = await env.bot.storage.get_tournament(1)
    assert record.state == "finished" and len(record.data["played"]) == 4


async def play_round_table(world, match):
    from tests.cogs.players import play_to_end
    from tests.cogs.tournament_helpers import thread_of

    seated = {s.user_id for s in match.seats}
    people = [p for p in world.people if p.id in seated]
    match = await world.env.bot.storage.get_match(match.id)
    await play_to_end(world.env, thread_of(world.channel, match.thread_id), people)


@pytest.mark.game_seed(6)
async def test_i29_a_member_dropping_out_is_seated_no_more(simcord_env):
    world = tournament_world(simcord_env, 6)
    env = world.env
    await _announce(world, game="sinkorswim", format="swiss", table_size=3, rounds=2, pace="live")
    await _all_join(world)
    await world.mod.slash(world.channel, "games tournament start")
    quitter = world.people[0]
    tables = await round_tables(env, 1, 1)
    table = next(t for t in tables if quitter.id in {s.user_id for s in t.seats})
    dropped = await press(quitter, world.channel, "leave")
    assert "dropped out" in dropped.response.content
    table = await env.bot.storage.get_match(table.id)
    assert quitter.id not in {s.user_id for s in table.seats}, "the AI plays the seat"
    await play_round(world, 1, 1)
    later = await round_tables(env, 1, 2)
    assert all(quitter.id not in {s.user_id for s in t.seats} for t in later)
    shown = await quitter.slash(world.channel, "games tournament standings")
    assert "(out: left)" in str(shown.response.embeds[0].description)


async def test_i29_who_does_not_check_in_is_dropped_and_too_few_cancels(simcord_env):
    world = tournament_world(simcord_env, 4)
    env = world.env
    await _announce(world, game="sinkorswim", format="swiss", table_size=3, rounds=1, starts_in=20)
    await _all_join(world)
    assert "tour:check:" not in str(signup(world.channel, world.mod).components)
    await env.advance_time(6 * MINUTE)
    for person in world.people[:3]:
        await press(person, world.channel, "check")
    twice = await press(world.people[0], world.channel, "check")
    assert "checked in already" in twice.response.content
    await env.advance_time(15 * MINUTE)
    record = await env.bot.storage.get_tournament(1)
    assert record.state == "running"
    assert "tour:check:" not in str(signup(world.channel, world.mod).components)
    (table,) = await round_tables(env, 1, 1)
    assert world.people[3].id not in {s.user_id for s in table.seats}
    assert record.data["entrants"][3]["dropped"] == "no_check_in"
    # A second tournament where only one checks in is cancelled at the start.
    await _announce(world, game="sinkorswim", format="swiss", table_size=3, rounds=1, starts_in=20)
    await _all_join(world, world.people[:2])
    await env.advance_time(6 * MINUTE)
    await press(world.people[0], world.channel, "check")
    await env.advance_time(15 * MINUTE)
    second = await env.bot.storage.get_tournament(2)
    assert second.state == "cancelled" and second.data["ended"]["reason"] == "too_few_entrants"
    posted = " ".join(str(m.components) for m in world.channel.history(viewer=world.mod))
    assert "too few entrants were left at the start" in posted


async def test_i29_a_cancelled_tournament_ends_its_tables(simcord_env):
    world = tournament_world(simcord_env, 3)
    env = world.env
    await _announce(world, game="sinkorswim", format="swiss", table_size=3, rounds=2, pace="live")
    await _all_join(world)
    await world.mod.slash(world.channel, "games tournament start")
    (table,) = await round_tables(env, 1, 1)
    cancelled = await world.mod.slash(world.channel, "games tournament cancel")
    assert "is cancelled" in cancelled.response.content
    ended = await env.bot.storage.get_match(table.id)
    assert (
        ended.status == MatchStatus.CANCELLED
        and ended.ended_reason == EndReason.TOURNAMENT_CANCELLED
    )
    record = await env.bot.storage.get_tournament(1)
    assert record.state == "cancelled"
    again = await world.mod.slash(world.channel, "games tournament cancel")
    assert "is over" in again.response.content


async def test_i29_members_who_are_not_moderators_are_refused(simcord_env):
    world = tournament_world(simcord_env, 2)
    member = world.people[0]
    for command, options in (
        ("games tournament new", {"game": "flip7", "format": "swiss", "table_size": 4}),
        ("games tournament start", {}),
        ("games tournament pause", {}),
        ("games tournament cancel", {}),
        ("games tournament remove", {"member": world.people[1]}),
    ):
        refused = await member.slash(world.channel, command, **options)
        assert refused.ephemeral and "Only moderators" in refused.response.content, command
    assert await world.env.bot.storage.guild_tournaments(world.guild.id) == []


async def test_i29_a_scheduled_event_marks_the_start_and_is_skipped_without_permission(
    simcord_env,
):
    world = tournament_world(simcord_env, 2)
    env = world.env
    made = await world.mod.slash(
        world.channel, "games tournament new", game="flip7", format="swiss", table_size=4
    )
    assert "A server event marks the start" in made.response.content
    events = list(env.backend.get_guild(world.guild.id).scheduled_events.values())
    assert len(events) == 1 and "Tournament #1" in events[0].name
    guild = env.backend.get_guild(world.guild.id)
    bot_role = next(r for r in guild.roles.values() if r.managed)
    allowed = discord.Permissions(bot_role.permissions)
    allowed.manage_events = False
    env.backend.edit_role(world.guild.id, bot_role.id, {"permissions": allowed.value})
    made = await world.mod.slash(
        world.channel, "games tournament new", game="flip7", format="swiss", table_size=4
    )
    assert "the bot lacks Manage Events" in made.response.content
    assert len(env.backend.get_guild(world.guild.id).scheduled_events) == 1
