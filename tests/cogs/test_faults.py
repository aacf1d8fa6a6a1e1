"""Faults seen from the channel: a damaged match is quarantined and its channel can be
freed; a replaced database never lets an old button reach a new match. Each test runs
with the bot on SQLite and on PostgreSQL (DATABASE_URL), and damages rows behind the
bot's back through that backend's own driver."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace

import discord
import pytest

from bot.app import create_bot
from bot.storage import PostgresStorage, Storage
from tests.bot.backends import BACKENDS, Backend
from tests.cogs.helpers import acting_name, buttons, embed_text, table_of


@pytest.fixture(params=BACKENDS)
def settings(request, settings):
    """The bot's settings on the backend this run of the test asked for."""
    if request.param == "postgresql":
        return replace(settings, database_url=request.getfixturevalue("postgres_url"))
    return settings


@pytest.fixture
def backend(settings) -> Backend:
    """The bot's database, reached behind its back (to damage a row as a disk or a person
    might): the SQLite file, or the PostgreSQL database through asyncpg."""
    if settings.database_url is not None:
        return Backend("postgresql", url=settings.database_url)
    return Backend("sqlite", path=settings.database_path)


@pytest.fixture
def postgres_url_2(postgres_server):
    """A second empty database on the session's server, for a host who replaces one."""
    name = postgres_server.create_database()
    yield postgres_server.url(name)
    postgres_server.drop_database(name)


@pytest.fixture(autouse=True)
def on_the_backend_asked(world, backend):
    """Each test here plays on the backend it was parametrised with, to its end."""
    yield
    kind = PostgresStorage if backend.name == "postgresql" else Storage
    assert isinstance(world.env.bot.storage, kind)


async def _flip7_table(world, channel, host="alice", guest="bob"):
    people = world.people
    await people[host].slash(channel, "flip7 start")
    assert (await people[guest].click(table_of(channel, people[host]), label="Join")).acknowledged
    assert (await people[host].click(table_of(channel, people[host]), label="Start")).acknowledged
    return table_of(channel, people[host])


async def _damage(backend, channel_id, state):
    await backend.execute(
        "UPDATE matches SET state = ? WHERE channel_id = ? AND status = 'playing'",
        state,
        channel_id,
    )


async def _listed_then_reset(world, title):
    """A moderator's /games list (returned), then the host's /games reset of the damaged
    match: its table says it ended, without controls, and the channel is free again."""
    mods = world.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = world.guild.add_member(world.env.create_user("mod"), roles=[mods])
    listed = (await mod.slash(world.channel, "games list")).response.embeds[0].description
    alice = world.people["alice"]
    reset = await alice.slash(world.channel, "games reset")
    assert reset.ephemeral and "You ended" in reset.response.content
    ended = embed_text(table_of(world.channel, alice))
    assert f"{title} — ended early" in ended and "No result was recorded" in ended
    assert not buttons(table_of(world.channel, alice))
    again = await alice.slash(world.channel, "flip7 start")
    assert again.acknowledged and not again.ephemeral
    return listed


async def test_a_damaged_match_is_quarantined_and_its_channel_freed(
    world, settings, backend, stacked_flip7
):
    stacked_flip7(["5", "9", "5", "9"])
    env, people = world.env, world.people
    other = world.guild.create_text_channel("other")
    table = await _flip7_table(world, world.channel)
    await _flip7_table(world, other, host="carol", guest="dave")
    await env.bot.shutdown_storage()
    await _damage(backend, world.channel.id, "{not json")  # invalid JSON
    await env.restart_bot(create_bot(settings))  # starts: one bad row stops nothing

    actor = people[acting_name(table)]
    click = await actor.click(table, label="Stay")
    assert click.ephemeral and "saved state is damaged" in click.response.content
    # The other channel plays on.
    other_table = table_of(other, people["carol"])
    mover = people[acting_name(other_table)]
    assert not (await mover.click(other_table, label="Stay")).ephemeral

    listed = await _listed_then_reset(world, "Flip 7: With a Vengeance")
    assert "can't be loaded (state_json: invalid JSON" in listed


async def test_a_state_no_engine_reads_is_quarantined_when_met(
    world, settings, backend, stacked_flip7
):
    stacked_flip7(["5", "9"])
    env, people = world.env, world.people
    table = await _flip7_table(world, world.channel)
    await env.bot.shutdown_storage()
    await _damage(backend, world.channel.id, '{"schema": 99}')  # valid JSON, unknown schema
    await env.restart_bot(create_bot(settings))
    shown = await people["bob"].slash(world.channel, "flip7 table")
    assert shown.ephemeral and "saved state is damaged" in shown.response.content
    record = await env.bot.storage.open_match_in_channel(world.channel.id)
    assert record.quarantine  # kept, marked with why (here the missing fields)
    assert "Stay" in buttons(table)  # the old table is left as it was


async def _state_of(backend, channel_id) -> dict:
    state = await backend.fetchval(
        "SELECT state FROM matches WHERE channel_id = ? AND status = 'playing'", channel_id
    )
    return json.loads(state)


@pytest.mark.parametrize(
    ("breaking", "reason"),
    [
        (lambda state: state.update(turn=7), "turn 7 of 3 seats"),
        (lambda state: state.update(totals=[-5, 0, 0]), "a negative total -5"),
        (lambda state: state["rows"][0].append(-1), "card -1"),
        (lambda state: state.update(names=state["names"][:2]), "rows for 3 of 2 seats"),
        (
            lambda state: state.update(
                names=["alice", "bob"],
                rows=[[], []],
                status=[0, 0],
                bust_len=[0, 0],
                totals=[0, 0],
                discard=state["discard"] + [card for row in state["rows"] for card in row],
                dealer=0,
                turn=0,
                deal_next=2,
            ),
            "2 players in the game, 3 seats",
        ),
    ],
    ids=["turn-out-of-range", "negative-total", "no-such-card", "a-seat-too-few", "seats-apart"],
)
async def test_a_state_that_breaks_a_rule_is_quarantined_and_reset_honestly(
    world, settings, backend, stacked_flip7, breaking, reason
):
    """Valid JSON that breaks the game's invariants never plays on: a click is told the
    game is damaged, /games list says why, and /games reset ends it and says so."""
    stacked_flip7(["5", "9", "3"])
    env, people = world.env, world.people
    await people["alice"].slash(world.channel, "flip7 start")
    for guest in ("bob", "carol"):
        await people[guest].click(table_of(world.channel, people["alice"]), label="Join")
    await people["alice"].click(table_of(world.channel, people["alice"]), label="Start")
    table = table_of(world.channel, people["alice"])
    await env.bot.shutdown_storage()
    state = await _state_of(backend, world.channel.id)
    breaking(state)
    await _damage(backend, world.channel.id, json.dumps(state))
    await env.restart_bot(create_bot(settings))
    click = await people["alice"].click(table, label="Stay")
    assert click.ephemeral and "saved state is damaged" in click.response.content
    listed = await _listed_then_reset(world, "Flip 7: With a Vengeance")
    assert reason in listed, listed


async def test_a_button_from_a_replaced_database_reaches_nothing(
    request, world, settings, tmp_path, stacked_flip7
):
    stacked_flip7(["5", "9", "5", "9"])
    env, people = world.env, world.people
    table = await _flip7_table(world, world.channel)
    await env.bot.shutdown_storage()
    # The host swaps in a brand-new database (first start of it made on purpose).
    if settings.database_url is not None:  # DATABASE_URL names another, empty database
        settings = replace(settings, database_url=request.getfixturevalue("postgres_url_2"))
    else:  # the file is moved aside, its WAL and lock files with it
        shutil.move(settings.database_path, tmp_path / "old.sqlite3")
        for leftover in settings.database_path.parent.iterdir():
            leftover.unlink()
    await env.restart_bot(create_bot(settings))
    other = world.guild.create_text_channel("other")
    await _flip7_table(world, other, host="carol", guest="dave")  # reuses match id 1
    assert (await env.bot.storage.open_match_in_channel(other.id)).id == 1
    actor = people[acting_name(table)]
    stale = await actor.click(table, label="Stay")
    assert stale.ephemeral and "no longer keeps" in stale.response.content
    assert "Stay" in buttons(table_of(other, people["carol"]))


async def test_a_match_of_a_game_the_bot_no_longer_has_is_listed_and_freed(
    world, settings, backend, stacked_flip7
):
    """A host who removes a game's plug-in leaves its running matches behind: they are
    listed by their key and a reset frees the channel."""
    stacked_flip7(["5", "9"])
    env, people = world.env, world.people
    table = await _flip7_table(world, world.channel)
    await env.bot.shutdown_storage()
    await backend.execute(
        "UPDATE matches SET game = 'chess' WHERE channel_id = ?", world.channel.id
    )
    await env.restart_bot(create_bot(settings))

    click = await people["bob"].click(table, label="Stay")
    assert click.ephemeral and "saved state is damaged" in click.response.content
    listed = await _listed_then_reset(world, "chess")
    assert "chess" in listed and "can't be loaded (LookupError: no game 'chess'" in listed
