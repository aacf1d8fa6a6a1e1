"""Issue 36, items 3 and 4: a member who plays no further rounds is told why, in their own
words, when it happens and when they ask."""

from __future__ import annotations

import pytest

from bot.storage import MatchStatus
from tests.cogs.tournament_helpers import press, round_tables, tournament_world

MINUTE = 60


async def _announce(world, **options):
    made = await world.mod.slash(world.channel, "games tournament new", **options)
    assert made.ephemeral and "is announced" in made.response.content, made.response.content


@pytest.mark.game_seed(36)
async def test_member_dropped_for_no_check_in_is_told_why(simcord_env):
    world = tournament_world(simcord_env, 4)
    env, late = world.env, world.people[3]
    await _announce(world, game="sinkorswim", format="swiss", table_size=3, rounds=1, starts_in=20)
    for person in world.people:
        await press(person, world.channel, "join")
    await env.advance_time(6 * MINUTE)
    for person in world.people[:3]:
        await press(person, world.channel, "check")
    await env.advance_time(15 * MINUTE)
    (table,) = await round_tables(env, 1, 1)
    assert late.id not in {s.user_id for s in table.seats}
    told = [
        m
        for m in world.channel.history(viewer=late)
        if f"<@{late.id}>" in m.content and "did not check in" in m.content
    ]
    assert len(told) == 1, "the channel where the tournament is announced tells them, once"
    assert late.id in {u.id for u in told[0].mentions}, "the notice pings them"
    assert all(f"<@{p.id}>" not in told[0].content for p in world.people[:3])
    mine = await late.slash(world.channel, "games tournament mine")
    assert mine.ephemeral
    assert "you did not check in before the start" in mine.response.content


@pytest.mark.game_seed(36)
async def test_member_pressing_drop_out_again_is_spoken_to(simcord_env):
    world = tournament_world(simcord_env, 3)
    await _announce(world, game="sinkorswim", format="swiss", table_size=3, rounds=2, pace="live")
    for person in world.people:
        await press(person, world.channel, "join")
    await world.mod.slash(world.channel, "games tournament start")
    quitter = world.people[0]
    first = await press(quitter, world.channel, "leave")
    assert "dropped out" in first.response.content
    again = await press(quitter, world.channel, "leave")
    assert again.ephemeral
    assert again.response.content == "You play no further rounds already."
    mine = await quitter.slash(world.channel, "games tournament mine")
    assert "you dropped out" in mine.response.content
    # A moderator removing the same member still hears about "that member".
    removed = await world.mod.slash(world.channel, "games tournament remove", member=quitter)
    assert "That member plays no further rounds already." in removed.response.content


@pytest.mark.game_seed(36)
async def test_table_without_result_marks_nobody_out(simcord_env):
    world = tournament_world(simcord_env, 3)
    env = world.env
    await _announce(world, game="sinkorswim", format="swiss", table_size=3, rounds=2, pace="live")
    for person in world.people:
        await press(person, world.channel, "join")
    await world.mod.slash(world.channel, "games tournament start")
    (table,) = await round_tables(env, 1, 1)
    thread = next(t for t in world.channel.threads if t.id == table.thread_id)
    reset = await world.mod.slash(thread, "games reset")
    assert reset.response is not None
    ended = await env.bot.storage.get_match(table.id)
    assert ended.status != MatchStatus.FINISHED
    record = await env.bot.storage.get_tournament(1)
    assert all(e["dropped"] is None for e in record.data["entrants"]), record.data["entrants"]
