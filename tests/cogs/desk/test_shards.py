"""A process running some of the bot's shards under SimCord: discord.py's AutoShardedBot
with those shards. It answers only servers on its shards (SimCord, like Discord, sends the
others' interactions to the process that runs them), and after a restart it times only
their matches: a lobby of another process's server is left for that process to expire."""

from __future__ import annotations

from dataclasses import replace

import discord
import pytest

from bot.storage import EndReason, MatchStatus, NewMatch, Seat, Storage
from cogs.app import create_bot
from tests.cogs.helpers import embed_text, table_of
from tests.conftest import tables_in_channels


@pytest.fixture
def settings(settings):
    return replace(settings, shard_count=2, shard_ids=(0,), lobby_timeout=120)


async def test_a_process_answers_restores_and_times_only_its_own_shards(simcord_env, settings):
    env = simcord_env
    assert isinstance(env.bot, discord.AutoShardedClient)
    assert (env.bot.shard_count, env.bot.shard_ids) == (2, [0])
    mine, theirs = env.create_guild("mine", shard_id=0), env.create_guild("theirs", shard_id=1)
    for guild in (mine, theirs):
        await tables_in_channels(env, guild)
    ann = mine.add_member(env.create_user("ann"))
    bob = theirs.add_member(env.create_user("bob"))
    here, there = mine.create_text_channel("games"), theirs.create_text_channel("games")
    assert (await ann.slash(here, "flip7 start")).acknowledged
    assert not (await bob.slash(there, "flip7 start")).acknowledged  # another process's
    # The process running shard 1 opens a lobby in its server, on the same database.
    other = await Storage.open(settings.database_path)
    now = env.bot.clock()
    foreign = await other.create_match(
        NewMatch(
            guild_id=theirs.id,
            channel_id=there.id,
            game="flip7",
            host_id=bob.id,
            seats=[Seat("bob", bob.id)],
            options={},
            deadline_at=now + settings.lobby_timeout,
        ),
        now=now,
    )
    await other.close()
    own = await env.bot.storage.open_match_in_channel(here.id)
    assert own is not None

    await env.bot.shutdown_storage()
    await env.restart_bot(create_bot(settings))
    matches = env.bot.matches
    assert matches.due(own.id) is not None and matches.due(foreign.id) is None
    await env.advance_time(settings.lobby_timeout + 1)
    assert "Nobody started the lobby in time, so it closed." in embed_text(table_of(here, ann))
    ended, untouched = await env.bot.storage.get_matches([own.id, foreign.id])
    assert (ended.status, ended.ended_reason) == (MatchStatus.CANCELLED, EndReason.LOBBY_EXPIRED)
    assert (untouched.status, untouched.version) == (MatchStatus.LOBBY, 0)
