"""Issue 36, item 1: a tournament table that ends without a result (its thread deleted, a
reset, its match damaged) gives no places and marks nobody out. The moderator running the
tournament chooses, where it is announced: replay the table (a new thread, the same seats)
or count it as unplayed (its seats share the points, nobody out). Until then the round
waits; the round's time limit counts it as unplayed and tells the moderator."""

from __future__ import annotations

import asyncio
import sqlite3
from dataclasses import replace

import pytest

from bot.errors import Refusal
from bot.storage import EndReason, MatchStatus
from bot.tournament.terms import ROUND_LIMIT
from tests.cogs.helpers import components
from tests.cogs.players import play_step, play_to_end
from tests.cogs.tournament_helpers import press, round_tables, thread_of, tournament_world


@pytest.fixture
def settings(settings):
    """Live turns that outlast the round: only the round's own limit can end a table."""
    return replace(settings, turn_timeout=10 * 60 * 60)


def _people(world, match):
    seated = {s.user_id for s in match.seats}
    return [p for p in world.people if p.id in seated]


async def _table_lost(world, rounds=1):
    """A Swiss Flip 7 tournament of three at one table: one move, then the thread deleted."""
    env = world.env
    made = await world.mod.slash(
        world.channel,
        "games tournament new",
        game="flip7",
        format="swiss",
        table_size=3,
        rounds=rounds,
        pace="live",
    )
    assert "is announced" in made.response.content, made.response.content
    for person in world.people:
        await press(person, world.channel, "join")
    await world.mod.slash(world.channel, "games tournament start")
    (table,) = await round_tables(env, 1, 1)
    table = await env.bot.storage.get_match(table.id)
    thread = thread_of(world.channel, table.thread_id)
    assert await play_step(env, thread, _people(world, table))
    env.backend.delete_channel(thread.id)
    await env.settle()
    ended = await env.bot.storage.get_match(table.id)
    assert ended.status == MatchStatus.CANCELLED and ended.ended_reason == EndReason.THREAD_DELETED
    return ended


def _choice(world, viewer=None):
    """The message asking for a table's choice (the newest with its buttons)."""
    for message in reversed(world.channel.history(viewer=viewer or world.mod)):
        if any((c.custom_id or "").startswith("tchoice:") for c in components(message)):
            return message
    raise AssertionError("no message asks for a table's choice")


async def _choose(person, message, choice):
    item = next(c for c in components(message) if c.custom_id.startswith(f"tchoice:{choice}:"))
    clicked = await person.click(message, custom_id=item.custom_id)
    assert clicked.acknowledged
    return clicked


def _answer(clicked) -> str:
    texts = [clicked.response.content if clicked.response else ""]
    texts += [f.content for f in clicked.followups]
    return " ".join(t for t in texts if t)


def _posted(world) -> str:
    return " ".join(m.content for m in world.channel.history(viewer=world.mod) if m.content)


@pytest.mark.game_seed(36)
async def test_a_table_without_result_gives_no_places(simcord_env):
    world = tournament_world(simcord_env, 3)
    env = world.env
    ended = await _table_lost(world)
    record = await env.bot.storage.get_tournament(1)
    assert record.state == "running", "the tournament neither ends nor crowns anyone"
    assert record.data.get("played", []) == []
    assert [w["match_id"] for w in record.data["awaiting"]] == [ended.id]
    assert all(e["dropped"] is None for e in record.data["entrants"])
    assert await env.bot.storage.podiums(world.guild.id) == []
    assert "Champion" not in _posted(world)
    asked = _choice(world)
    assert f"<@{world.mod.id}>" in asked.content and world.mod.id in {u.id for u in asked.mentions}
    assert "round 1, table 1 ended without a result" in asked.content
    assert "Its thread was deleted." in asked.content
    assert {c.label for c in components(asked)} == {"Replay the table", "Count as unplayed"}
    shown = await world.people[0].slash(world.channel, "games tournament standings")
    text = str(shown.response.embeds[0].description)
    assert "(out:" not in text and "0 points" in text
    assert "waits for a moderator's choice" in shown.response.embeds[0].footer.text
    mine = await world.people[0].slash(world.channel, "games tournament mine")
    assert mine.ephemeral and "a moderator chooses whether it is replayed" in mine.response.content


@pytest.mark.game_seed(36)
async def test_the_replay_button_makes_a_new_thread_with_the_same_seats_and_its_result_counts(
    simcord_env,
):
    world = tournament_world(simcord_env, 3)
    env = world.env
    ended = await _table_lost(world)
    clicked = await _choose(world.mod, _choice(world), "replay")
    assert clicked.ephemeral and "played again in a new thread" in _answer(clicked)
    tables = await round_tables(env, 1, 1)
    (again,) = [t for t in tables if t.id != ended.id]
    assert [s.user_id for s in again.seats] == [s.user_id for s in ended.seats]
    assert (
        again.extra.table is not None
        and again.extra.table.table == 1
        and again.thread_id not in (None, ended.thread_id)
    )
    closed = next(
        m for m in world.channel.history(viewer=world.mod) if "had it replayed" in m.content
    )
    assert not components(closed), "the question's buttons are gone"
    await play_to_end(env, thread_of(world.channel, again.thread_id), _people(world, again))
    record = await env.bot.storage.get_tournament(1)
    assert record.state == "finished"
    assert [p["match_id"] for p in record.data["played"]] == [again.id]
    summary = await env.bot.storage.standings.match_summary(again.id)
    first = {s.user_id for s in summary.seats if s.place == 1}
    standings = env.bot.tournaments.standings(record)
    assert standings[0].user_id in first
    podium = await env.bot.storage.podiums(world.guild.id)
    assert [p.user_id for p in podium] == [s.user_id for s in standings[:3]]
    assert f"Champion: <@{standings[0].user_id}>" in _posted(world)


@pytest.mark.game_seed(36)
async def test_the_count_as_unplayed_button_shares_points_equally_with_nobody_out(simcord_env):
    world = tournament_world(simcord_env, 3)
    env = world.env
    ended = await _table_lost(world, rounds=2)
    assert await round_tables(env, 1, 2) == [], "the round waits for the choice"
    clicked = await _choose(world.mod, _choice(world), "unplayed")
    assert clicked.ephemeral and "counts as unplayed" in _answer(clicked)
    record = await env.bot.storage.get_tournament(1)
    assert record.data["played"][0]["match_id"] == ended.id
    standings = env.bot.tournaments.standings(record)
    assert [s.points for s in standings] == [30.0, 30.0, 30.0]
    assert [s.wins for s in standings] == [0, 0, 0], "an unplayed table wins nobody a table"
    assert all(e["dropped"] is None for e in record.data["entrants"])
    assert "Moderator mod counted it as unplayed" in _posted(world)
    assert len(await round_tables(env, 1, 2)) == 1, "round 2 opens once it is settled"


@pytest.mark.game_seed(36)
async def test_a_tournament_with_no_table_played_crowns_nobody(simcord_env):
    world = tournament_world(simcord_env, 3)
    env = world.env
    await _table_lost(world)
    await _choose(world.mod, _choice(world), "unplayed")
    record = await env.bot.storage.get_tournament(1)
    assert record.state == "cancelled" and record.data["ended"]["reason"] == "nothing_played"
    assert await env.bot.storage.podiums(world.guild.id) == []
    posted = _posted(world) + " ".join(
        str(m.components) for m in world.channel.history(viewer=world.mod)
    )
    assert "Champion" not in posted
    assert "no table was played to a result" in posted


@pytest.mark.game_seed(36)
async def test_the_rounds_time_limit_counts_the_table_unplayed_and_tells_the_moderator(
    simcord_env,
):
    world = tournament_world(simcord_env, 3)
    env = world.env
    ended = await _table_lost(world, rounds=2)
    asked = _choice(world)
    await env.advance_time(ROUND_LIMIT["live"] + 60)
    record = await env.bot.storage.get_tournament(1)
    assert record.data["awaiting"] == []
    assert record.data["played"][0] == {
        "match_id": ended.id,
        "round": 1,
        "seats": [s.user_id for s in ended.seats],
        "places": [1, 1, 1],
        "unplayed": True,
    }
    assert all(e["dropped"] is None for e in record.data["entrants"])
    told = [m for m in world.channel.history(viewer=world.mod) if "before the round's" in m.content]
    assert len(told) == 1 and world.mod.id in {u.id for u in told[0].mentions}
    assert "counts as unplayed" in told[0].content
    closed = next(m for m in world.channel.history(viewer=world.mod) if m.id == asked.id)
    assert "Nobody chose in time" in closed.content and not components(closed)
    assert len(await round_tables(env, 1, 2)) == 1


@pytest.mark.game_seed(36)
async def test_a_member_who_is_not_a_moderator_pressing_a_choice_is_refused(simcord_env):
    world = tournament_world(simcord_env, 3)
    env = world.env
    await _table_lost(world)
    for choice in ("replay", "unplayed"):
        clicked = await _choose(world.people[0], _choice(world, world.people[0]), choice)
        assert clicked.ephemeral
        assert _answer(clicked) == "Only moderators (Manage Messages) can run tournaments."
    record = await env.bot.storage.get_tournament(1)
    assert len(record.data["awaiting"]) == 1 and record.data.get("played", []) == []
    assert len(await round_tables(env, 1, 1)) == 1, "no replay was made"


@pytest.mark.game_seed(36)
@pytest.mark.parametrize("second", ["replay", "unplayed"])
async def test_a_double_click_on_a_choice_does_nothing_twice(simcord_env, second):
    world = tournament_world(simcord_env, 3)
    env = world.env
    ended = await _table_lost(world, rounds=2)
    runner = env.bot.tournaments
    # SimCord answers one click at a time: two clicks landing together meet in the runner.
    first, again = await asyncio.gather(
        runner.settle(1, ended.id, "replay", "mod"),
        runner.settle(1, ended.id, second, "mod"),
        return_exceptions=True,
    )
    assert first.match_id == ended.id
    assert isinstance(again, Refusal) and again.kind == "tournament_table_settled"
    assert len(await round_tables(env, 1, 1)) == 2, "one replay, not two"
    record = await env.bot.storage.get_tournament(1)
    assert record.data.get("played", []) == [] and record.data["awaiting"] == []
    closed = next(
        m for m in world.channel.history(viewer=world.mod) if "had it replayed" in m.content
    )
    assert not components(closed), "no button is left to press a third time"
    assert await round_tables(env, 1, 2) == [], "the replayed table is still to be played"


@pytest.mark.game_seed(36)
async def test_a_restart_while_waiting_for_the_choice_keeps_it_pending_and_its_buttons(
    simcord_env, settings
):
    from cogs.app import create_bot

    world = tournament_world(simcord_env, 3)
    env = world.env
    ended = await _table_lost(world)
    await env.bot.shutdown_storage()
    await env.restart_bot(create_bot(settings))
    record = await env.bot.storage.get_tournament(1)
    assert record.state == "running" and [w["match_id"] for w in record.data["awaiting"]] == [
        ended.id
    ]
    assert "Champion" not in _posted(world)
    clicked = await _choose(world.mod, _choice(world), "replay")
    assert "played again in a new thread" in _answer(clicked)
    (again,) = [t for t in await round_tables(env, 1, 1) if t.id != ended.id]
    await play_to_end(env, thread_of(world.channel, again.thread_id), _people(world, again))
    record = await env.bot.storage.get_tournament(1)
    assert record.state == "finished"


@pytest.mark.game_seed(36)
async def test_a_damaged_table_asks_the_moderator_and_the_choice_ends_it(simcord_env, settings):
    from cogs.app import create_bot

    world = tournament_world(simcord_env, 3)
    env = world.env
    await world.mod.slash(
        world.channel,
        "games tournament new",
        game="flip7",
        format="swiss",
        table_size=3,
        rounds=2,
        pace="live",
    )
    for person in world.people:
        await press(person, world.channel, "join")
    await world.mod.slash(world.channel, "games tournament start")
    (table,) = await round_tables(env, 1, 1)
    await env.bot.shutdown_storage()
    with sqlite3.connect(settings.database_path) as db:  # a disk's damage, behind the bot
        db.execute("UPDATE matches SET state = '{not json' WHERE id = ?", (table.id,))
    await env.restart_bot(create_bot(settings))
    await env.settle()
    asked = _choice(world)
    assert "Its match was damaged and can't be played on." in asked.content
    record = await env.bot.storage.get_tournament(1)
    assert [w["reason"] for w in record.data["awaiting"]] == ["damaged"]
    await _choose(world.mod, asked, "unplayed")
    ended = await env.bot.storage.get_match(table.id)
    assert not ended.is_open, "the choice ends the damaged table"
    assert len(await round_tables(env, 1, 2)) == 1


@pytest.mark.game_seed(36)
async def test_a_paused_tournament_keeps_the_table_waiting_after_it_resumes(simcord_env):
    world = tournament_world(simcord_env, 3)
    env = world.env
    await world.mod.slash(
        world.channel,
        "games tournament new",
        game="flip7",
        format="swiss",
        table_size=3,
        rounds=2,
        pace="live",
    )
    for person in world.people:
        await press(person, world.channel, "join")
    await world.mod.slash(world.channel, "games tournament start")
    await world.mod.slash(world.channel, "games tournament pause")
    (table,) = await round_tables(env, 1, 1)
    table = await env.bot.storage.get_match(table.id)
    await world.mod.slash(thread_of(world.channel, table.thread_id), "games reset")
    asked = _choice(world)
    assert "It was reset." in asked.content
    assert "before the round's time is up" in asked.content, "a paused round's clock stands"
    resumed = await world.mod.slash(world.channel, "games tournament start")
    assert "under way" in resumed.response.content
    assert await round_tables(env, 1, 2) == [], "resuming doesn't skip the choice"
    await _choose(world.mod, _choice(world), "replay")
    (again,) = [t for t in await round_tables(env, 1, 1) if t.id != table.id]
    await play_to_end(env, thread_of(world.channel, again.thread_id), _people(world, again))
    assert len(await round_tables(env, 1, 2)) == 1


@pytest.mark.game_seed(36)
@pytest.mark.parametrize(
    ("locale", "asked", "labels"),
    [
        ("vi", "đã kết thúc mà không có kết quả", {"Chơi lại bàn", "Coi như không diễn ra"}),
        ("id", "berakhir tanpa hasil", {"Ulangi meja", "Anggap tidak dimainkan"}),
    ],
)
async def test_the_moderator_is_asked_in_the_servers_language(simcord_env, locale, asked, labels):
    world = tournament_world(simcord_env, 3, locale=locale)
    await _table_lost(world)
    message = _choice(world)
    assert asked in message.content and f"<@{world.mod.id}>" in message.content
    assert {c.label for c in components(message)} == labels


@pytest.mark.game_seed(36)
async def test_a_replayed_table_gets_the_rounds_whole_time_from_the_press(simcord_env):
    world = tournament_world(simcord_env, 3)
    env = world.env
    ended = await _table_lost(world, rounds=2)
    limit = ROUND_LIMIT["live"]
    await env.advance_time(limit - 10 * 60)
    await _choose(world.mod, _choice(world), "replay")
    (again,) = [t for t in await round_tables(env, 1, 1) if t.id != ended.id]
    await env.advance_time(20 * 60)  # past the round's first limit
    assert (await env.bot.storage.get_match(again.id)).status == MatchStatus.PLAYING
    await env.advance_time(limit)
    finished = await env.bot.storage.get_match(again.id)
    assert finished.status == MatchStatus.FINISHED, (
        "the round's clock finishes the replay in its turn"
    )
    record = await env.bot.storage.get_tournament(1)
    assert [p["match_id"] for p in record.data["played"]] == [again.id]


@pytest.mark.game_seed(36)
async def test_a_cancelled_tournament_closes_the_choice(simcord_env):
    world = tournament_world(simcord_env, 3)
    await _table_lost(world, rounds=2)
    asked = _choice(world)
    await world.mod.slash(world.channel, "games tournament cancel")
    closed = next(m for m in world.channel.history(viewer=world.mod) if m.id == asked.id)
    assert "nothing left to choose" in closed.content and not components(closed)
