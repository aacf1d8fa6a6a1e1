"""Faults seen from the channel: a damaged match is quarantined and its channel can be
freed; a replaced database never lets an old button reach a new match; a database away
mid-game is told to every member who asks, quietly logged, and loses nothing. Each test
runs with the bot on SQLite and on PostgreSQL (DATABASE_URL), and damages rows behind
the bot's back through that backend's own driver, or takes the database away."""

from __future__ import annotations

import contextlib
import json
import logging
import re
import shutil
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.core.failure_log import outage_of
from bot.play.planner import RETRY_AFTER
from bot.storage import PostgresStorage, Storage
from cogs.app import create_bot
from cogs.wording.replies import NOT_DONE, NOT_SAVED, UNEXPECTED_FAILURE
from engines.base import GAMES, register
from tests.bot.backends import BACKENDS, Backend
from tests.cogs.games.test_flip7 import first_turn, play_to_end
from tests.cogs.games.test_sequence import board_of, open_hand, play_turn
from tests.cogs.games.test_sequence import open_table as open_sequence
from tests.cogs.helpers import acting_name, buttons, components, embed_text, table_of
from tests.conftest import tables_in_channels


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
    # Issue 36 item 10: channels need no freeing since they hold many matches.
    assert "frees the channel" not in click.response.content
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
    await tables_in_channels(env, world.guild)  # the new database has no settings yet
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
    assert "chess" in listed and "can't be loaded (MissingGame: no game 'chess'" in listed


async def test_a_bug_while_loading_a_match_surfaces_and_quarantines_nothing(
    world, settings, stacked_flip7, caplog
):
    """Only a state the engine refuses (BadState) quarantines a match: a bug in a
    `from_dict` is answered as the bot's own failure and logged with its traceback, and the
    match is left unmarked, so it plays on once the bug is fixed."""
    stacked_flip7(["5", "9", "5", "9"])
    env, people = world.env, world.people
    table = await _flip7_table(world, world.channel)
    flip7 = GAMES["flip7"]

    def buggy(raw: dict[str, Any]) -> Any:
        raise RuntimeError("a bug in loading")

    await env.bot.shutdown_storage()
    register(replace(flip7, from_dict=buggy))
    try:
        await env.restart_bot(create_bot(settings))
        click = await people[acting_name(table)].click(table, label="Stay")
    finally:
        register(flip7)
    assert click.ephemeral and click.response.content == str(UNEXPECTED_FAILURE)
    assert any(r.exc_info and isinstance(r.exc_info[1], RuntimeError) for r in caplog.records)
    caplog.clear()  # the one error this test asked for, logged as it should be
    record = await env.bot.storage.open_match_in_channel(world.channel.id)
    assert record is not None and record.quarantine is None
    again = await people[acting_name(table)].click(table, label="Stay")
    assert again.acknowledged and not again.ephemeral


@pytest.fixture
def database_away(request, backend, monkeypatch):
    """Takes the bot's database away as a host meets it, as a context manager: the
    PostgreSQL server shut down (`pg_ctl stop -m fast`, its data kept) and started again on
    the same folder and socket; on SQLite, another program holding the write lock. Reads
    go on there (WAL mode lets them through), so only writes fail."""
    if backend.name == "postgresql":
        server = request.getfixturevalue("postgres_server")

        @contextlib.contextmanager
        def stopped():
            server.stop_server()
            try:
                yield
            finally:
                server.start_server()

        return stopped
    # Each refused write waits this long for the lock (1.5 s in service): a shorter wait
    # keeps the many writes here quick, and changes nothing else.
    monkeypatch.setattr("bot.storage.sqlite.store.WRITE_WAIT", 0.2)

    @contextlib.contextmanager
    def held():
        holder = sqlite3.connect(backend.path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            holder.execute("ROLLBACK")
            holder.close()

    return held


@dataclass(frozen=True)
class Ask:
    """One request a member makes while the database is away: a name for the assertions,
    the request, whether it writes, and whether it is a move."""

    name: str
    act: Callable[[], Awaitable[Any]]
    writes: bool
    move: bool = False


def answer_of(result) -> str:
    """What the member read last in answer (a deferred command answers in a follow-up)."""
    shown = result.followups[-1] if result.followups else result.response
    return shown.content if shown is not None else ""


async def _tables_in_five_channels(world):
    """Flip 7 under way in the first channel, Sequence Numbers with a hand open in a
    second, a Flip 7 lobby in a third, an empty fourth, a finished game's result in a
    fifth; and a moderator."""
    guild, people = world.guild, world.people
    finished = guild.create_text_channel("finished")
    await people["alice"].slash(finished, "flip7 start", goal=50)
    await people["alice"].click(table_of(finished, people["alice"]), label="Add AI")
    await people["alice"].click(table_of(finished, people["alice"]), label="Start")
    await play_to_end(world.env, finished, {"alice": people["alice"]})
    _table, actor = await first_turn(world)
    sequence = guild.create_text_channel("sequence")
    await open_sequence(sequence, people, names=("dave", "erin"))
    holder = people[acting_name(board_of(sequence, people["dave"]))]
    hand = await open_hand(sequence, holder)
    lobby = guild.create_text_channel("lobby")
    await people["frank"].slash(lobby, "flip7 start")
    assert (await people["erin"].click(table_of(lobby, people["frank"]), label="Join")).acknowledged
    empty = guild.create_text_channel("empty")
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = guild.add_member(world.env.create_user("mod"), roles=[mods])
    return SimpleNamespace(
        playing=world.channel,
        actor=people[actor],
        waiter=people[next(n for n in ("alice", "bob", "carol") if n != actor)],
        sequence=sequence,
        holder=holder,
        hand=hand,
        # the other player there: a hand they open leaves the holder's hand as it is
        onlooker=people["erin" if holder.name == "dave" else "dave"],
        lobby=lobby,
        empty=empty,
        finished=finished,
        mod=mod,
    )


def _asks(world, at) -> list[Ask]:
    """Every path a member takes: moves, a private hand, lobby buttons, a result's
    buttons, the shared slash commands and the standings (asked where no table is, as
    their answers are public), from several members in five channels."""
    p = world.people
    frank = p["frank"]
    card = next(i.custom_id for i in components(at.hand) if ":c." in (i.custom_id or ""))
    return [
        Ask(
            "a move",
            lambda: at.actor.click(table_of(at.playing, at.actor), label="Hit"),
            True,
            True,
        ),
        Ask(
            "a move out of turn",
            lambda: at.waiter.click(table_of(at.playing, at.waiter), label="Hit"),
            False,
            True,
        ),
        Ask("a move from a hand", lambda: at.holder.click(at.hand, custom_id=card), True, True),
        Ask(
            "the hand button",
            lambda: at.onlooker.click(board_of(at.sequence, at.onlooker), label="Your hand"),
            False,
        ),
        Ask("join", lambda: p["carol"].click(table_of(at.lobby, frank), label="Join"), True),
        Ask("leave", lambda: p["erin"].click(table_of(at.lobby, frank), label="Leave"), True),
        Ask("add AI", lambda: frank.click(table_of(at.lobby, frank), label="Add AI"), True),
        Ask("start", lambda: frank.click(table_of(at.lobby, frank), label="Start"), True),
        Ask(
            "rematch",
            lambda: p["alice"].click(table_of(at.finished, p["alice"]), label="Rematch"),
            True,
        ),
        Ask(
            "match story",
            lambda: p["bob"].click(table_of(at.finished, p["bob"]), label="Match story"),
            False,
        ),
        Ask("/flip7 start", lambda: p["carol"].slash(at.empty, "flip7 start"), True),
        Ask("/flip7 join", lambda: p["alice"].slash(at.lobby, "flip7 join"), True),
        Ask("/flip7 table", lambda: p["bob"].slash(at.playing, "flip7 table"), False),
        Ask("/flip7 log", lambda: p["alice"].slash(at.playing, "flip7 log"), False),
        Ask("/flip7 rules", lambda: p["carol"].slash(at.playing, "flip7 rules"), False),
        Ask("/sequence hand", lambda: at.onlooker.slash(at.sequence, "sequence hand"), False),
        Ask("/games leaderboard", lambda: p["alice"].slash(at.empty, "games leaderboard"), False),
        Ask("/games stats", lambda: p["bob"].slash(at.empty, "games stats"), False),
        Ask("/games history", lambda: p["carol"].slash(at.empty, "games history"), False),
        Ask("/games export", lambda: at.mod.slash(at.empty, "games export"), False),
        Ask("/games list", lambda: at.mod.slash(at.empty, "games list"), False),
        Ask("/games season new", lambda: at.mod.slash(at.empty, "games season new"), True),
        Ask(
            "/games mylanguage",
            lambda: frank.slash(at.lobby, "games mylanguage", language="vi"),
            True,
        ),
    ]


@pytest.mark.long
async def test_i26_while_the_database_is_away_every_request_is_told_and_nothing_is_lost(
    world, backend, database_away, caplog
):
    """PostgreSQL stopped mid-game (or SQLite's write lock held by another program): every
    click and command that needs the database gets the one private answer that it was not
    made and to try again in a moment (never "something went wrong"); the log says so in a
    few lines with counts and no traceback; once the database is back, every match goes
    on from its last saved move."""
    env, people = world.env, world.people
    at = await _tables_in_five_channels(world)
    storage = env.bot.storage
    saved = {r.id: r.version for r in await storage.open_matches(world.guild.id)}
    asks = _asks(world, at)
    caplog.set_level(logging.WARNING)
    outage_began = len(caplog.records)
    failing = [ask for ask in asks if ask.writes or backend.name == "postgresql"]
    with database_away():
        for _round in range(3):
            for ask in asks:
                result = await ask.act()
                assert result.acknowledged, ask.name
                answer = answer_of(result)
                if ask in failing:
                    assert result.ephemeral, (ask.name, answer)
                    assert answer == str(NOT_SAVED if ask.move else NOT_DONE), (ask.name, answer)
                else:  # SQLite's readers are not held up by the writer's lock
                    assert answer not in (str(NOT_SAVED), str(NOT_DONE)), ask.name
                assert answer != str(UNEXPECTED_FAILURE), ask.name
        await env.advance_time(31)  # the log's interval ends while the database is still away
    lines = caplog.records[outage_began:]
    told = [line.getMessage() for line in lines]
    assert all(line.exc_info is None and line.levelno == logging.WARNING for line in lines), told
    assert len(lines) <= 12, told  # dozens of failed requests in a handful of lines
    counts = [int(found[1]) for t in told if (found := re.search(r": (\d+) more calls? failed", t))]
    # Every failed call is counted: the first of each kind by its line, the others in counts.
    assert counts and sum(counts) + len(told) - len(counts) >= len(failing) * 3, told
    errors = env.errors  # what reached the command tree's error hook, read (acknowledged)
    assert all(outage_of(error) is not None for error in errors)
    assert {r.id: r.version for r in await storage.open_matches(world.guild.id)} == saved

    table = table_of(at.playing, at.actor)  # on SQLite, the last /flip7 table posted held
    played = await at.actor.click(table, label="Hit")
    assert played.acknowledged and not played.ephemeral
    assert (await storage.open_match_in_channel(at.playing.id)).message_id == table.id
    await play_turn(env, at.sequence, people)
    assert not (
        await people["carol"].click(table_of(at.lobby, people["frank"]), label="Join")
    ).ephemeral
    assert not (
        await people["frank"].click(table_of(at.lobby, people["frank"]), label="Start")
    ).ephemeral
    after = {r.id: r.version for r in await storage.open_matches(world.guild.id)}
    assert after.keys() == saved.keys() and all(after[m] > v for m, v in saved.items())
    board = await people["alice"].slash(at.empty, "games leaderboard")
    assert not board.ephemeral and f"<@{people['alice'].id}>" in embed_text(board.response)
    story = await people["bob"].click(table_of(at.finished, people["bob"]), label="Match story")
    assert story.ephemeral and "story" in embed_text(story.response).lower()
    season = await at.mod.slash(at.empty, "games season new")
    assert season.acknowledged and not season.ephemeral


async def test_i26_a_deadline_that_passes_while_the_database_is_away_is_kept_once_it_is_back(
    world, settings, database_away, caplog
):
    """A turn that runs out while the database can't be used is not dropped: its timer
    runs again every few seconds (quietly in the log), and once the database is back the
    bot moves for the absent member, as the deadline said."""
    env, people = world.env, world.people
    _table, actor = await first_turn(world, goal=1000)
    record = await env.bot.storage.open_match_in_channel(world.channel.id)
    caplog.set_level(logging.WARNING)
    with database_away():
        await env.advance_time(settings.turn_timeout + 1)
        assert acting_name(table_of(world.channel, people["alice"])) == actor  # not made yet
    await env.advance_time(RETRY_AFTER + 1)
    assert f"{actor} ran out of time" in embed_text(table_of(world.channel, people["alice"]))
    assert (await env.bot.storage.get_match(record.id)).version == record.version + 1
    assert not [line for line in caplog.records if line.exc_info], "no traceback"
    assert any(
        f"timer {kind} of match {record.id} failed; it runs again in {RETRY_AFTER:g} s"
        in line.getMessage()
        for line in caplog.records
        for kind in ("remind", "turn")
    )
