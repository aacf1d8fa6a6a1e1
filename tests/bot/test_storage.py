import sqlite3
from pathlib import Path

import pytest

from bot.storage import (
    ChannelBusy,
    Deadline,
    ResultRow,
    StaleMatch,
    Storage,
    newest_schema,
)
from engines.base import Event
from tests.bot.storage_helpers import open_lobby


@pytest.fixture
async def storage(any_storage):
    """Each test that takes it runs on SQLite and on PostgreSQL."""
    return any_storage


async def test_open_creates_file_in_wal_mode_with_schema(tmp_path):
    path = tmp_path / "new" / "x.sqlite3"
    store = await Storage.open(path)
    await store.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA user_version").fetchone()[0] >= 1
    reopened = await Storage.open(path)  # migrations are not applied twice
    await reopened.close()


async def test_one_open_match_per_channel(storage):
    await open_lobby(storage)
    with pytest.raises(ChannelBusy):
        await open_lobby(storage)
    other = await open_lobby(storage, channel=11)
    assert other.channel_id == 11


async def test_finished_match_frees_the_channel(storage):
    record = await open_lobby(storage)
    record.status, record.version = "cancelled", 1
    await storage.save(record, expected_version=0, now=1001.0)
    assert await storage.open_match_in_channel(10) is None
    await open_lobby(storage)


async def test_save_writes_state_events_deadline_atomically(storage):
    record = await open_lobby(storage, deadline_at=2000.0)
    assert await storage.deadline_of(record.id) == Deadline(record.id, "lobby", 0, 2000.0)
    record.status, record.version, record.state = "playing", 1, {"x": [1, 2]}
    await storage.save(
        record,
        expected_version=0,
        now=1001.0,
        events=[Event("start", {"players": 2}), Event("flip", {"seat": 0, "card": 9})],
        deadline=Deadline(record.id, "turn", 1, 1091.0),
    )
    loaded = await storage.get_match(record.id)
    assert loaded.state == {"x": [1, 2]} and loaded.version == 1
    assert await storage.events(record.id) == [
        (1, Event("start", {"players": 2})),
        (1, Event("flip", {"seat": 0, "card": 9})),
    ]
    assert await storage.deadlines() == [Deadline(record.id, "turn", 1, 1091.0)]


async def test_stale_save_is_refused_and_changes_nothing(storage):
    record = await open_lobby(storage)
    record.version = 1
    await storage.save(record, expected_version=0, now=1001.0)
    record.version, record.state = 2, {"late": True}
    with pytest.raises(StaleMatch):
        await storage.save(record, expected_version=0, now=1002.0, events=[Event("x", {"y": 1})])
    loaded = await storage.get_match(record.id)
    assert loaded.version == 1 and loaded.state is None
    assert await storage.events(record.id) == []


async def test_results_feed_leaderboard_and_stats(storage):
    for won_by, channel in ((100, 20), (200, 21), (100, 22)):
        record = await open_lobby(storage, channel=channel)
        record.status, record.version = "finished", 1
        await storage.save(
            record,
            expected_version=0,
            now=1000.0 + channel,
            results=[
                ResultRow(
                    100,
                    0,
                    210 if won_by == 100 else 150,
                    won_by == 100,
                    "Ann",
                    team=0,
                    place=1 if won_by == 100 else 2,
                ),
                ResultRow(
                    200,
                    1,
                    205 if won_by == 200 else 120,
                    won_by == 200,
                    "Bo",
                    team=1,
                    place=1 if won_by == 200 else 2,
                ),
            ],
        )
    board = await storage.standings.leaderboard(1, "flip7", season=False)
    assert [(r.user_id, r.games, r.wins) for r in board] == [(100, 3, 2), (200, 3, 1)]
    stats = await storage.standings.member_ratings(1, 200, season=False)
    assert stats["flip7"].win_rate == pytest.approx(1 / 3)
    assert await storage.standings.leaderboard(2, "flip7") == []


async def test_migration_2_moves_stored_deadlines_onto_their_match(tmp_path):
    path = tmp_path / "old.sqlite3"
    first = (Path(__file__).parents[2] / "bot" / "migrations" / "001_initial.sql").read_text()
    with sqlite3.connect(path) as db:  # a database as the first release left it
        db.executescript(first + "\nPRAGMA user_version = 1;")
        db.execute(
            "INSERT INTO matches (id, guild_id, channel_id, game, host_id, status, seats, options,"
            " created_at, updated_at) VALUES (7, 1, 10, 'flip7', 100, 'playing', '[]', '{}', 0, 0)"
        )
        db.execute("INSERT INTO deadlines VALUES (7, 'turn', 3, 1234.5)")
    store = await Storage.open(path)
    try:
        assert await store.deadlines() == [Deadline(7, "turn", 3, 1234.5)]
        assert (await store.get_match(7)).status == "playing"
    finally:
        await store.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == newest_schema()


async def test_migration_3_keeps_logged_sentences_as_event_data(tmp_path):
    path = tmp_path / "old.sqlite3"
    folder = Path(__file__).parents[2] / "bot" / "migrations"
    scripts = [
        (folder / name).read_text() for name in ("001_initial.sql", "002_deadline_on_match.sql")
    ]
    with sqlite3.connect(path) as db:  # a database as the second release left it
        db.executescript("\n".join(scripts) + "\nPRAGMA user_version = 2;")
        db.execute(
            "INSERT INTO matches (id, guild_id, channel_id, game, host_id, status, seats, options,"
            " created_at, updated_at) VALUES (7, 1, 10, 'flip7', 100, 'playing', '[]', '{}', 0, 0)"
        )
        db.execute("INSERT INTO match_events VALUES (7, 3, 0, 'bust', 'ann busted on a 9.')")
    store = await Storage.open(path)
    try:
        assert await store.events(7) == [(3, Event("bust", {"text": "ann busted on a 9."}))]
    finally:
        await store.close()


async def test_reminders_are_on_until_a_server_turns_them_off(storage):
    assert await storage.reminders_on(5)
    await storage.set_reminders(5, False)
    assert not await storage.reminders_on(5) and await storage.reminders_on(6)
    await storage.set_reminders(5, True)
    assert await storage.reminders_on(5)
