"""Storage under faults, on real files: bad rows, read-only and missing databases, a newer
schema, a deleted folder, another process holding the write lock, a slow disk."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shutil
import sqlite3
import subprocess
import time

import pytest

from bench.slow_database import saves_at_once
from bot.storage import (
    DatabaseGone,
    DatabaseMissing,
    Deadline,
    EndReason,
    MatchStatus,
    ReadOnlyDatabase,
    SchemaTooNew,
    Storage,
    StorageBusy,
    StorageError,
    marker_of,
)
from engines.base import Event
from tests.bot.storage_helpers import open_lobby


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "data" / "games.sqlite3"


@pytest.fixture
async def storage(db_path):
    store = await Storage.open(db_path)
    yield store
    await store.close()


async def _corrupt(backend, match_id, column, text):
    await backend.execute(f"UPDATE matches SET {column} = ? WHERE id = ?", text, match_id)


# -- rows that can't be read ------------------------------------------------------------


async def test_a_row_with_invalid_json_is_quarantined_not_raised(any_storage, backend, caplog):
    storage = any_storage
    good, bad, odd = [await open_lobby(storage, channel) for channel in (10, 11, 12)]
    await _corrupt(backend, bad.id, "state", '{"rng": [1, 2')
    await _corrupt(backend, odd.id, "seats", '{"not": "a list"}')
    caplog.set_level(logging.WARNING, logger="bot.storage")
    listed = {r.id: r for r in await storage.open_matches()}
    assert set(listed) == {good.id, bad.id, odd.id}
    assert listed[good.id].quarantine is None
    assert listed[bad.id].quarantine == "state_json: invalid JSON at line 1 column 14"
    assert listed[bad.id].raw == {"state": '{"rng": [1, 2'} and listed[bad.id].state is None
    assert listed[odd.id].quarantine.startswith("seats_json: unexpected shape")
    assert (await storage.get_match(bad.id)).quarantine is not None
    assert (await storage.open_match_in_channel(11)).id == bad.id
    lines = [r.getMessage() for r in caplog.records if "quarantined" in r.getMessage()]
    expected = [f"match {r.id} is quarantined: {listed[r.id].quarantine}" for r in (bad, odd)]
    assert sorted(lines) == sorted(expected)  # once per match, with its id and no content
    assert all("rng" not in line for line in lines)


async def test_a_quarantined_match_can_be_ended_and_keeps_its_stored_text(any_storage, backend):
    storage = any_storage
    record = await open_lobby(storage)
    await _corrupt(backend, record.id, "extra", "{oops")
    loaded = await storage.get_match(record.id)
    loaded.status, loaded.version = MatchStatus.CANCELLED, 1
    loaded.ended_reason = EndReason.RESET_BY_HOST
    await storage.save(loaded, expected_version=0, now=1001.0)
    assert await storage.open_match_in_channel(10) is None
    assert await backend.fetchval("SELECT extra FROM matches WHERE id = ?", record.id) == "{oops"


async def test_quarantine_is_stored_with_its_reason(any_storage):
    storage = any_storage
    record = await open_lobby(storage)
    await storage.quarantine(record.id, "state schema 9 is unknown")
    assert (await storage.get_match(record.id)).quarantine == "state schema 9 is unknown"
    briefs = await storage.open_briefs()
    assert [b.quarantine for b in briefs] == ["state schema 9 is unknown"]


# -- start-up checks ----------------------------------------------------------------------


async def test_a_newer_schema_is_refused(db_path):
    store = await Storage.open(db_path)
    await store.close()
    with sqlite3.connect(db_path) as db:
        db.execute("PRAGMA user_version = 99")
    with pytest.raises(SchemaTooNew, match="schema 99, newer than this bot"):
        await Storage.open(db_path)


async def test_first_start_creates_the_database_and_says_so(db_path):
    store = await Storage.open(db_path)
    assert store.created and marker_of(db_path).read_text().strip() == store.instance
    await store.close()
    again = await Storage.open(db_path)
    assert not again.created and again.instance == store.instance
    await again.close()


async def test_a_missing_database_where_data_was_is_an_error_unless_asked(db_path):
    store = await Storage.open(db_path)
    old = store.instance
    await store.close()
    db_path.unlink()
    with pytest.raises(DatabaseMissing, match="CREATE_DATABASE=1"):
        await Storage.open(db_path)
    assert not db_path.exists()
    fresh = await Storage.open(db_path, create=True)
    assert fresh.created and fresh.instance != old
    await fresh.close()


async def test_an_emptied_database_where_data_was_is_refused_like_a_missing_one(db_path):
    store = await Storage.open(db_path)
    old = store.instance
    await store.close()
    for wal in db_path.parent.glob(db_path.name + "-*"):
        wal.unlink()
    db_path.write_bytes(b"")  # truncated to zero bytes
    with pytest.raises(DatabaseMissing, match=r"is empty \(0 bytes\).*CREATE_DATABASE=1"):
        await Storage.open(db_path)
    assert marker_of(db_path).read_text().strip() == old  # the marker is left as it was
    fresh = await Storage.open(db_path, create=True)
    assert fresh.created and fresh.instance != old
    await fresh.close()


@contextlib.contextmanager
def read_only_file(path):
    """The file can't be written, even by root (chattr +i there, chmod otherwise)."""
    if os.geteuid() == 0:
        if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode:
            pytest.skip("running as root without chattr: can't make a file read-only")
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", str(path)], check=True)
        return
    path.chmod(0o444)
    try:
        yield
    finally:
        path.chmod(0o644)


async def test_a_read_only_file_is_refused_at_open(db_path):
    store = await Storage.open(db_path)
    await store.close()
    with read_only_file(db_path):
        with pytest.raises(OSError):  # the fault is real for this process
            db_path.open("ab")
        with pytest.raises(ReadOnlyDatabase, match="read-only"):
            await Storage.open(db_path)


# -- while running --------------------------------------------------------------------------


async def test_a_deleted_folder_fails_writes_loudly_and_recreates_nothing(db_path):
    store = await Storage.open(db_path)
    try:
        record = await open_lobby(store)
        shutil.rmtree(db_path.parent)
        record.version = 1
        with pytest.raises(DatabaseGone, match="deleted or replaced"):
            await store.save(record, expected_version=0, now=1001.0)
        with pytest.raises(DatabaseGone):
            await open_lobby(store, channel=11)
        assert not db_path.exists()
    finally:
        await store.close()


async def test_a_replaced_file_fails_writes(db_path, tmp_path):
    store = await Storage.open(db_path)
    other = await Storage.open(tmp_path / "other.sqlite3")
    await other.close()
    try:
        record = await open_lobby(store)
        os.replace(tmp_path / "other.sqlite3", db_path)
        record.version = 1
        with pytest.raises(DatabaseGone):
            await store.save(record, expected_version=0, now=1001.0)
    finally:
        await store.close()


async def test_a_write_lock_held_elsewhere_fails_busy_in_bounded_time(storage, db_path):
    record = await open_lobby(storage)
    holder = sqlite3.connect(db_path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process holding a write transaction
    try:
        record.version = 1
        start = time.perf_counter()
        with pytest.raises(StorageBusy) as caught:
            await storage.save(record, expected_version=0, now=1001.0, events=[Event("x", {})])
        waited = time.perf_counter() - start
        assert "busy" in str(caught.value) and isinstance(caught.value, StorageError)
        assert 1.0 < waited < 2.5
        # Reads don't wait for the writer: WAL lets them through at once.
        start = time.perf_counter()
        assert (await storage.get_match(record.id)).version == 0
        assert time.perf_counter() - start < 0.5
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    await storage.save(record, expected_version=0, now=1002.0)
    assert (await storage.get_match(record.id)).version == 1
    assert await storage.events(record.id) == []  # the failed save left nothing behind


async def test_one_failing_write_in_a_batch_fails_alone(storage):
    records = [await open_lobby(storage, channel) for channel in range(20, 26)]
    for record in records:
        record.version = 1
    stale = records[2]
    stale.version = 5  # and expects version 4: the batch meets a stale match
    outcomes = await asyncio.gather(
        *(
            storage.save(
                r, expected_version=r.version - 1, now=1001.0, events=[Event("e", {"n": r.id})]
            )
            for r in records
        ),
        open_lobby(storage, channel=20),  # a second lobby in the same channel is its own
        return_exceptions=True,
    )
    kinds = [type(o).__name__ for o in outcomes]
    assert kinds == ["NoneType"] * 2 + ["StaleMatch"] + ["NoneType"] * 3 + ["MatchRecord"]
    for record in records:
        loaded = await storage.get_match(record.id)
        assert loaded.version == (0 if record is stale else 1)
        assert len(await storage.events(record.id)) == (0 if record is stale else 1)


async def test_thirty_saves_at_once_on_a_slow_disk_finish_within_three_seconds(tmp_path):
    times = await saves_at_once(tmp_path / "slow.sqlite3", 30, 0.05)
    assert len(times) == 30 and max(times) < 3.0


# -- identity -------------------------------------------------------------------------------


async def test_match_ids_are_never_reused_and_each_database_has_its_own_instance(db_path, tmp_path):
    store = await Storage.open(db_path)
    first = await open_lobby(store)
    assert 1 <= len(store.instance) <= 8
    with sqlite3.connect(db_path) as db:
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("DELETE FROM matches WHERE id = ?", (first.id,))
    second = await open_lobby(store)
    assert second.id > first.id
    other = await Storage.open(tmp_path / "other.sqlite3")
    assert other.instance != store.instance
    await other.close()
    await store.close()


async def test_the_newest_migration_keeps_matches_events_and_deadlines(db_path):
    store = await Storage.open(db_path)
    record = await open_lobby(store)
    record.version = 1
    await store.save(
        record,
        expected_version=0,
        now=1001.0,
        events=[Event("e", {"n": 1})],
        deadline=Deadline(record.id, "lobby", 1, 1900.0),
    )
    await store.close()
    with sqlite3.connect(db_path) as db:  # run 005 to the newest again on a database as 004 left it
        db.execute("PRAGMA user_version = 4")
        db.executescript(
            "DROP INDEX results_by_finish;"
            "DROP TABLE meta; ALTER TABLE matches DROP COLUMN quarantine;"
            "DELETE FROM sqlite_sequence;"
            "CREATE TABLE guild_settings (guild_id INTEGER PRIMARY KEY, "
            "reminders INTEGER NOT NULL DEFAULT 1);"
            "ALTER TABLE matches DROP COLUMN ended_data;"
            "DROP TABLE match_ends; DROP TABLE seasons; DROP TABLE ratings;"
            "DROP TABLE rating_changes; DROP TABLE hall_of_fame;"
            "DROP TABLE away_periods;"
            "DROP INDEX matches_by_tournament; ALTER TABLE matches DROP COLUMN tournament_id;"
            "DROP TABLE tournament_podiums; DROP TABLE tournaments;"
            "DROP TABLE app_emojis; DROP TABLE turn_notices; DROP TABLE match_watchers;"
            "DROP INDEX matches_with_outbox; ALTER TABLE matches DROP COLUMN outbox;"
            "DROP TABLE held_notices;"
        )
    store = await Storage.open(db_path)
    try:
        assert (await store.get_match(record.id)).version == 1
        assert await store.events(record.id) == [(1, Event("e", {"n": 1}))]
        assert await store.deadlines() == [Deadline(record.id, "lobby", 1, 1900.0)]
    finally:
        await store.close()
