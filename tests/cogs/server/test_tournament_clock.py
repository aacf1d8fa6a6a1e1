"""A tournament round against its clock (issue 29, item 4): when the round's time is up the
AI finishes every table still in play, members who never moved at their table play no
further rounds, and a paused tournament holds its next round until a moderator starts it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.storage import MatchStatus
from bot.tournament.terms import ROUND_LIMIT
from tests.cogs.players import play_step, play_to_end
from tests.cogs.tournament_helpers import press, round_tables, thread_of, tournament_world


@pytest.fixture
def settings(settings):
    """Live turns that outlast the round: only the round's own limit can end a table."""
    return replace(settings, turn_timeout=10 * 60 * 60)


async def _running(world, rounds=1, rated=True):
    await world.mod.slash(
        world.channel,
        "games tournament new",
        game="sinkorswim",
        format="swiss",
        table_size=3,
        rounds=rounds,
        pace="live",
        rated=rated,
    )
    for person in world.people:
        await press(person, world.channel, "join")
    await world.mod.slash(world.channel, "games tournament start")


def _people(world, match):
    seated = {s.user_id for s in match.seats}
    return [p for p in world.people if p.id in seated]


@pytest.mark.game_seed(31)
async def test_i29_when_the_rounds_time_is_up_the_ai_finishes_the_tables(simcord_env):
    world = tournament_world(simcord_env, 6)
    env = world.env
    await _running(world, rated=False)
    moving, idle = await round_tables(env, 1, 1)
    moving = await env.bot.storage.get_match(moving.id)
    await play_step(env, thread_of(world.channel, moving.thread_id), _people(world, moving))
    mine = await world.people[0].slash(world.channel, "games tournament mine")
    assert "Your table is here" in mine.response.content
    await env.advance_time(ROUND_LIMIT["live"] + 60)
    for table in (moving, idle):
        ended = await env.bot.storage.get_match(table.id)
        assert ended.status == MatchStatus.FINISHED
        thread = thread_of(world.channel, ended.thread_id)
        shown = " ".join(str(m.components) for m in thread.history(viewer=world.mod))
        assert "the AI finished this table" in shown
    record = await env.bot.storage.get_tournament(1)
    assert record.state == "finished"
    summary = await env.bot.storage.standings.match_summary(idle.id)
    assert summary.end_how == "unrated"  # an unrated tournament rates no one
    assert await env.bot.storage.standings.leaderboard(world.guild.id, "sinkorswim") == []
    dropped = {e["user_id"]: e["dropped"] for e in record.data["entrants"]}
    assert {dropped[s.user_id] for s in idle.seats} == {"missed_table"}
    assert {dropped[s.user_id] for s in moving.seats} == {None}


@pytest.mark.game_seed(32)
async def test_i29_a_paused_tournament_holds_its_next_round_until_started(simcord_env):
    world = tournament_world(simcord_env, 3)
    env = world.env
    await _running(world, rounds=2)
    paused = await world.mod.slash(world.channel, "games tournament pause")
    assert "is paused" in paused.response.content
    (table,) = await round_tables(env, 1, 1)
    table = await env.bot.storage.get_match(table.id)
    await play_to_end(env, thread_of(world.channel, table.thread_id), _people(world, table))
    assert await round_tables(env, 1, 2) == [], "no round opens while paused"
    resumed = await world.mod.slash(world.channel, "games tournament start")
    assert "under way" in resumed.response.content
    assert len(await round_tables(env, 1, 2)) == 1
    twice = await world.mod.slash(world.channel, "games tournament start")
    assert "already under way" in twice.response.content
