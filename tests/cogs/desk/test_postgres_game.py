"""Whole games under SimCord with the bot on PostgreSQL (DATABASE_URL): Flip 7 through a
restart mid-game to its result on the leaderboard; Sequence Numbers and Sink or Swim as
their own whole-game tests play them, and a Sink or Swim restart mid-trick. The borrowed
tests take this module's `settings`, so they run on PostgreSQL."""

from __future__ import annotations

from bot.storage import MatchStatus, PostgresStorage
from cogs.app import create_bot
from tests.cogs.games.test_flip7 import first_turn, play_one, play_to_end
from tests.cogs.games.test_sequence import (
    test_two_player_game_played_from_hand_views_to_the_end as sequence_whole_game,
)
from tests.cogs.games.test_sink_or_swim import (
    test_restart_mid_trick_keeps_the_picks_already_made as sink_or_swim_restart,
)
from tests.cogs.games.test_sink_or_swim import (
    test_s4_full_game_with_private_picks_to_the_leaderboard as sink_or_swim_whole_game,
)
from tests.cogs.helpers import embed_text
from tests.cogs.on_postgresql import *  # noqa: F403 (its fixtures: settings, on_postgresql)

test_a_whole_sequence_game_on_postgresql = sequence_whole_game
test_a_whole_sink_or_swim_game_on_postgresql = sink_or_swim_whole_game
test_a_sink_or_swim_restart_on_postgresql = sink_or_swim_restart


async def test_a_whole_game_on_postgresql_survives_a_restart(world, settings):
    env, channel, people = world.env, world.channel, world.people
    assert isinstance(env.bot.storage, PostgresStorage)
    await first_turn(world)
    await play_one(channel, people)
    await env.bot.shutdown_storage()
    await env.restart_bot(create_bot(settings))
    await play_to_end(env, channel, people)
    record = await env.bot.storage.latest_match_in_channel(channel.id, "flip7")
    assert record is not None and record.status == MatchStatus.FINISHED
    board = await people["alice"].slash(channel, "games leaderboard")
    assert board.acknowledged
    shown = embed_text(board.response)
    players = [people[name] for name in ("alice", "bob", "carol")]
    assert all(f"<@{member.id}>" in shown for member in players)
