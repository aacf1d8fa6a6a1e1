"""What only PostgreSQL has: several processes writing one database, a server that goes
away and comes back, a row held by another connection, and a schema kept in step with
SQLite's migrations."""

from __future__ import annotations

import asyncio
import sqlite3
import time

import asyncpg
import pytest

from bot.storage import (
    PostgresStorage,
    SchemaTooNew,
    StaleMatch,
    Storage,
    StorageBusy,
    StorageError,
    newest_schema,
)
from bot.storage.postgres.schema import migrations
from engines.base import Event
from tests.bot.storage_helpers import open_lobby


async def test_a_move_saved_by_two_processes_at_once_applies_once(postgres_url):
    one, two = await PostgresStorage.open(postgres_url), await PostgresStorage.open(postgres_url)
    try:
        record = await open_lobby(one)
        copies = [await one.get_match(record.id), await two.get_match(record.id)]
        saves = []
        for store, copy, mark in zip((one, two), copies, "ab", strict=True):
            copy.version, copy.state = 1, {"by": mark}
            saves.append(
                store.save(copy, expected_version=0, now=1001.0, events=[Event("e", {"by": mark})])
            )
        outcomes = await asyncio.gather(*saves, return_exceptions=True)
        assert sorted(type(o).__name__ for o in outcomes) == ["NoneType", "StaleMatch"]
        winner = "ab"[outcomes.index(None)]
        saved = await two.get_match(record.id)
        assert (saved.version, saved.state) == (1, {"by": winner})
        assert await one.events(record.id) == [(1, Event("e", {"by": winner}))]
    finally:
        await one.close()
        await two.close()


async def test_a_row_held_by_another_connection_fails_busy_in_bounded_time(postgres_url):
    storage = await PostgresStorage.open(postgres_url)
    holder = await asyncpg.connect(postgres_url)
    try:
        record = await open_lobby(storage)
        held = holder.transaction()
        await held.start()
        await holder.execute("SELECT 1 FROM matches WHERE id = $1 FOR UPDATE", record.id)
        record.version = 1
        start = time.perf_counter()
        with pytest.raises(StorageBusy):
            await storage.save(record, expected_version=0, now=1001.0, events=[Event("x", {})])
        assert 1.0 < time.perf_counter() - start < 2.5
        start = time.perf_counter()  # reads don't wait for the held row
        assert (await storage.get_match(record.id)).version == 0
        assert time.perf_counter() - start < 0.5
        await held.rollback()
        await storage.save(record, expected_version=0, now=1002.0)
        assert (await storage.get_match(record.id)).version == 1
    finally:
        await holder.close()
        await storage.close()


async def test_the_server_going_away_mid_game_fails_honestly_and_play_resumes(
    postgres_url, postgres_server
):
    storage = await PostgresStorage.open(postgres_url)
    try:
        record = await open_lobby(storage)
        postgres_server.stop_server()
        try:
            record.version = 1
            start = time.perf_counter()
            with pytest.raises(StorageError, match="can't be reached"):
                await storage.save(record, expected_version=0, now=1001.0)
            with pytest.raises(StorageError):
                await storage.get_match(record.id)
            assert time.perf_counter() - start < 3.0
        finally:
            postgres_server.start_server()
        assert (await storage.get_match(record.id)).version == 0  # nothing half-applied
        await storage.save(record, expected_version=0, now=1002.0, events=[Event("e", {})])
        assert (await storage.get_match(record.id)).version == 1
        with pytest.raises(StaleMatch):
            await storage.save(record, expected_version=0, now=1003.0)
    finally:
        await storage.close()


async def test_first_start_creates_and_a_newer_schema_is_refused(postgres_url):
    first = await PostgresStorage.open(postgres_url)
    await first.close()
    again = await PostgresStorage.open(postgres_url)
    await again.close()
    assert first.created and not again.created and first.instance == again.instance
    assert 1 <= len(first.instance) <= 8
    db = await asyncpg.connect(postgres_url)
    await db.execute("UPDATE meta SET value = '99' WHERE key = 'schema'")
    await db.close()
    with pytest.raises(SchemaTooNew, match="schema 99, newer than this bot"):
        await PostgresStorage.open(postgres_url)


async def test_an_unreachable_server_is_one_line_at_open(postgres_server):
    url = postgres_server.url("no_such_database")
    with pytest.raises(StorageError) as raised:
        await PostgresStorage.open(url)
    assert "\n" not in str(raised.value) and "PostgreSQL" in str(raised.value)


async def test_match_ids_are_never_reused(postgres_url):
    storage = await PostgresStorage.open(postgres_url)
    try:
        first = await open_lobby(storage)
        db = await asyncpg.connect(postgres_url)
        await db.execute("DELETE FROM matches WHERE id = $1", first.id)
        await db.close()
        assert (await open_lobby(storage)).id > first.id
    finally:
        await storage.close()


async def test_both_backends_have_the_same_schema(postgres_url, tmp_path):
    """PostgreSQL's migrations end where SQLite's do, with the same tables and columns."""
    assert migrations()[-1][0] == newest_schema()
    sqlite_store = await Storage.open(tmp_path / "s.sqlite3")
    await sqlite_store.close()
    with sqlite3.connect(tmp_path / "s.sqlite3") as db:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        on_sqlite = {
            (table, row[1])
            for table in tables
            if table != "sqlite_sequence"
            for row in db.execute(f"PRAGMA table_info({table})")
        }
    pg_store = await PostgresStorage.open(postgres_url)
    await pg_store.close()
    db = await asyncpg.connect(postgres_url)
    rows = await db.fetch(
        "SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = 'public'"
    )
    await db.close()
    assert {(r[0], r[1]) for r in rows} == on_sqlite
