"""The host's health and metrics server under SimCord: /healthz answers 200 while the bot
is connected and its database answers, 503 with one line naming the database while it is
away (the PostgreSQL server stopped, the SQLite file's write lock held by another program);
/metrics, parsed with prometheus_client's own parser, counts a whole game's moves."""

from __future__ import annotations

import contextlib
import sqlite3
from dataclasses import replace

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.storage import MatchStatus, StorageBusy
from tests.cogs.games.test_flip7 import play_one
from tests.cogs.helpers import buttons, moves_open, table_of


@pytest.fixture
def settings(settings):
    return replace(settings, health_port=0)  # any free port on 127.0.0.1


async def get(world, path: str) -> tuple[int, str]:
    health = world.env.bot.health
    assert health is not None and health.host == "127.0.0.1" and health.port
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{health.port}{path}") as response,
    ):
        return response.status, await response.text()


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of the exposition, by name and labels, as Prometheus reads it."""
    found = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


async def test_healthz_is_200_while_ready_and_503_while_sqlite_is_locked(
    world, settings, monkeypatch
):
    monkeypatch.setattr("bot.storage.sqlite.store.WRITE_WAIT", 0.2)  # refused writes fail fast
    assert await get(world, "/healthz") == (200, "ok\n")
    people, channel = world.people, world.channel
    assert (await people["alice"].slash(channel, "flip7 start")).acknowledged
    holder = sqlite3.connect(settings.database_path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program holds the write lock: no move saves
    try:
        status, text = await get(world, "/healthz")
        refused = await people["bob"].click(table_of(channel, people["alice"]), label="Join")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert status == 503
    # The writer's own wait or the check's (1 s) ends first; either names the database.
    assert text in ("database: no answer within 1 s\n", f"database: {StorageBusy()}\n"), text
    assert refused.ephemeral  # told it wasn't done
    assert await get(world, "/healthz") == (200, "ok\n")  # the lock let go, healthy again
    errors = samples((await get(world, "/metrics"))[1])
    assert errors[("tabletop_database_errors_total", (("kind", "StorageBusy"),))] == 1


@contextlib.contextmanager
def stopped(server):
    server.stop_server()
    try:
        yield
    finally:
        server.start_server()


class TestOnPostgreSQL:
    @pytest.fixture
    def settings(self, settings, postgres_url):
        return replace(settings, health_port=0, database_url=postgres_url)

    async def test_healthz_is_503_while_the_server_is_stopped(self, world, postgres_server):
        assert await get(world, "/healthz") == (200, "ok\n")
        with stopped(postgres_server):
            status, text = await get(world, "/healthz")
        assert status == 503
        assert text.startswith("database: ") and text.count("\n") == 1, text
        assert await get(world, "/healthz") == (200, "ok\n")


async def test_metrics_after_a_game_count_its_moves_refusals_and_ai_decisions(world):
    """Two members and an AI seat play Flip 7 to the end; a watcher's click is refused. The
    counts read back are the clicks made, the refusal, and every AI turn (each saved as one
    version of the match, as each member's move is)."""
    env, channel, people = world.env, world.channel, world.people
    alice, bob = people["alice"], people["bob"]
    await alice.slash(channel, "flip7 start", goal=50)
    assert (await bob.click(table_of(channel, alice), label="Join")).acknowledged
    assert (await alice.click(table_of(channel, alice), label="Add AI")).acknowledged
    lobby = await env.bot.storage.open_match_in_channel(channel.id)
    assert lobby is not None
    # The AI may move first, within the Start click; Start itself is one version.
    assert (await alice.click(table_of(channel, alice), label="Start")).acknowledged
    started_version = lobby.version + 1
    before = samples((await get(world, "/metrics"))[1])
    assert before[("tabletop_open_matches", (("game", "flip7"), ("pace", "live")))] == 1
    made = 0
    while "Hit" not in buttons(table_of(channel, alice)):
        await play_one(channel, people)
        made += 1
    watching = await people["dave"].click(table_of(channel, alice), label="Hit")
    assert watching.ephemeral  # dave is not seated
    while moves_open(table_of(channel, alice)):
        await play_one(channel, people)
        made += 1
    ended = await env.bot.storage.get_match(lobby.id)
    assert ended is not None and ended.status == MatchStatus.FINISHED

    status, text = await get(world, "/metrics")
    assert status == 200
    after = samples(text)
    assert after[("tabletop_moves_made_total", (("game", "flip7"),))] == made
    assert after[("tabletop_moves_refused_total", (("kind", "watching"),))] == 1
    answered = after[("tabletop_interaction_answer_seconds_count", (("kind", "move"),))]
    assert answered == made + 1  # the refused click was answered too
    decisions = after[("tabletop_ai_decision_seconds_count", (("game", "flip7"),))]
    assert decisions >= 1 and made + decisions == ended.version - started_version
    assert not any(name == "tabletop_open_matches" for name, _labels in after)  # none open
    assert after[("tabletop_deadlines_pending", ())] == 0
    assert after[("tabletop_gateway_latency_seconds", (("shard", "0"),))] == env.bot.latency


async def test_healthz_is_503_once_the_gateway_connection_is_closed(world):
    assert await get(world, "/healthz") == (200, "ok\n")
    await world.env.bot.ws.close()  # the connection drops (discord.py reconnects in time)
    assert await get(world, "/healthz") == (503, "gateway: shard 0 disconnected\n")
