"""Issue 36, item 5: the standings show the numbers that break ties, the end post leads to
the hall of fame too, and the moderator's first answer says how to run the tournament."""

from __future__ import annotations

import pytest

from bot.tournament.document import Document
from cogs.wording.tournament_words import points_text
from tests.cogs.tournament_helpers import (
    play_round,
    press,
    round_tables,
    thread_of,
    tournament_world,
)


@pytest.mark.game_seed(36)
async def test_standings_show_tie_breaks_and_end_post_links_hall(simcord_env):
    world = tournament_world(simcord_env, 3)
    env, channel, mod = world.env, world.channel, world.mod
    made = await mod.slash(
        channel,
        "games tournament new",
        game="sinkorswim",
        format="swiss",
        table_size=3,
        rounds=1,
        pace="live",
    )
    first = made.response.content
    assert made.ephemeral and "is announced below" in first
    for word in ("start", "pause", "cancel"):
        assert f"games tournament {word}" in first or f"/tournament {word}" in first, first
    for person in world.people:
        await press(person, channel, "join")
    await mod.slash(channel, "games tournament start")
    await play_round(world, 1, 1)
    record = await env.bot.storage.get_tournament(1)
    assert record.state == "finished"
    shown = await world.people[0].slash(channel, "games tournament standings")
    text = str(shown.response.embeds[0].description)
    names = Document(record).names()
    for standing in env.bot.tournaments.standings(record):
        line = next(row for row in text.splitlines() if f"**{names[standing.user_id]}**" in row)
        assert f"opponents' points {points_text(standing.tiebreak)}" in line, line
        assert f"{standing.wins} won" in line
    assert "ranked by opponents' points, then tables won" in text
    end = next(m.content for m in channel.history(viewer=mod) if "Champion:" in m.content)
    assert "standings" in end and "season hall" in end, end


@pytest.mark.game_seed(36)
async def test_tournament_tables_name_themselves(simcord_env):
    world = tournament_world(simcord_env, 3)
    env, channel, mod = world.env, world.channel, world.mod
    await mod.slash(
        channel,
        "games tournament new",
        game="sinkorswim",
        format="swiss",
        table_size=3,
        rounds=2,
        pace="live",
    )
    for person in world.people:
        await press(person, channel, "join")
    await mod.slash(channel, "games tournament start")
    await play_round(world, 1, 1)
    (table,) = await round_tables(env, 1, 2)
    table = await env.bot.storage.get_match(table.id)
    label = "Tournament #1 · round 2 of 2 · table 1"
    thread = thread_of(channel, table.thread_id)
    assert thread.name == label
    card = next(m for m in channel.history(viewer=mod) if m.id == thread.id)
    text = str(card.components) + card.content
    assert f"{label}, played in <#{thread.id}>" in text, text
    assert "— round 1, played in" not in text
