"""Moving from SQLite to PostgreSQL with one command: every match, event, result and
setting arrives, checked by counts and checksums; a target in use is refused."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import asyncpg

from bot.storage import (
    Deadline,
    HeldNotice,
    MatchExtra,
    MatchStatus,
    NewMatch,
    Podium,
    PostgresStorage,
    ResultRow,
    Seat,
    Storage,
    Store,
    TournamentRecord,
    TournamentTable,
    TurnDue,
    TurnNotice,
)
from bot.storage.base import match_insert
from bot.storage.queue_records import QueueEntry, QueueTable
from bot.storage.records import ReplayLog
from cogs.desk.presenters.pings import REMINDERS
from cogs.wording.language import MEMBER_LANGUAGE, SERVER_LANGUAGE
from engines.base import Event
from tests.bot.standings_helpers import finish, members, win
from tests.bot.storage_helpers import open_lobby

ROOT = Path(__file__).resolve().parents[3]


def _migrate(source: Path, url: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.migrate_db", "--from", f"sqlite:{source}", "--to", url],
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )


def _notice(match_id: int) -> TurnNotice:
    """The DM up for member 200's turn in the match being played."""
    return TurnNotice(match_id, 200, 77, 990, TurnDue([1, 1], 1690.0), dm=True)


def _held(match_id: int) -> HeldNotice:
    """Member 300's reminder, held through their quiet hours in the match being played."""
    return HeldNotice(match_id, 300, TurnDue([1, 1], 1690.0), True, 1680.0, 1)


async def _fill(path: Path) -> tuple[Storage, int, int]:
    store = await Storage.open(path)
    finished = await open_lobby(store, channel=20)
    finished.status, finished.version, finished.state = MatchStatus.FINISHED, 1, {"done": True}
    await store.save(
        finished,
        expected_version=0,
        now=1500.5,
        events=[Event("win", {"seat": 0})],
        results=members(win([210, 150]), 100, 200),
    )
    for n in range(5):  # enough rated games for the ending season's hall of fame
        await finish(store, members(win([120, 80]), 100, 200), now=1510.0 + n, channel=50 + n)
    await store.standings.new_season(1, 1550.0)
    # One result as an older version recorded it: no place, nothing rated.
    await finish(store, [ResultRow(100, 0, 90, True)], now=1560.0, channel=22)
    playing = await open_lobby(store, channel=21, deadline_at=2000.0)
    playing.status, playing.version, playing.state = MatchStatus.PLAYING, 1, {"x": [1, 2]}
    playing.replay, playing.extra.replay_moves = ReplayLog({"x": [1]}, [[0, "hit"]]), 0
    await store.save(
        playing,
        expected_version=0,
        now=1600.25,
        events=[Event("start", {"players": 2}), Event("flip", {"card": 9})],
        deadline=Deadline(playing.id, "turn", 1, 1690.0),
    )
    await SERVER_LANGUAGE.write(store, 1, "vi")
    await REMINDERS.write(store, 1, False)
    await MEMBER_LANGUAGE.write(store, 100, "id")
    await store.set_away(100, 1700.0, 1800.0)
    await store.keep_turn_notice(_notice(playing.id))
    await store.hold_notice(_held(playing.id))
    await store.add_watcher(playing.id, 300, 1650.0)
    await store.set_scoped("server", 1, "house.flip7", {"options": {"goal": 150}})
    await store.save_app_emoji("f7_12", "a1b2c3", 1_300_000_000_000_000_001)
    await _tournament(store)
    await _queues(store)
    return store, finished.id, playing.id


async def _queues(store: Storage) -> None:
    """A member waiting in a queue, and a table the queue opened waiting for Ready."""
    await store.put_in_queue(QueueEntry(1, "sinkorswim", 300, "Cat", "daily", 1700.5, 3500.0))
    table = await open_lobby(store, channel=60)
    await store.seat_from_queue(QueueTable(table.id, 1, 1760.0, (100,), 77), [])


async def _tournament(store: Storage) -> None:
    """A finished tournament with one table (a match that points at it) and its podium."""
    made = await store.create_tournament(
        TournamentRecord(
            id=0,
            guild_id=1,
            channel_id=10,
            game="flip7",
            state="signing_up",
            created_by=100,
            created_at=1000.0,
            starts_at=1100.0,
            due_at=None,
            data={"format": "swiss", "entrants": [{"user_id": 100, "name": "ann"}]},
        )
    )
    table = match_insert(
        NewMatch(
            guild_id=1,
            channel_id=40,
            game="flip7",
            host_id=100,
            seats=[Seat("Ann", 100), Seat("Bob", 200)],
            options={},
            pace="relaxed",
            extra=MatchExtra(table=TournamentTable(1, 1)),
            tournament_id=made.id,
        ),
        now=1200.0,
    )
    made.state, made.version = "running", 1
    await store.save_tournament(made, expected_version=0, tables=[table])
    made.state, made.version = "finished", 2
    podium = [Podium(made.id, 1, 100, "flip7", 12.0, 1900.0)]
    await store.save_tournament(made, expected_version=1, podium=podium)


def _counts(path: Path) -> dict[str, int]:
    """Every table of the SQLite schema but meta, with its row count."""
    db = sqlite3.connect(path)
    try:
        names = [
            row[0]
            for row in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' "
                "AND name NOT LIKE 'sqlite_%' AND name != 'meta'"
            )
        ]
        return {name: db.execute(f"SELECT count(*) FROM {name}").fetchone()[0] for name in names}
    finally:
        db.close()


async def _standings(store: Store) -> tuple:
    standings = store.standings
    return (
        await standings.export_results(1),
        await standings.leaderboard(1, "flip7", season=False),
        await standings.current_season(1),
        await standings.history(1),
        await standings.hall(1),
    )


async def test_every_row_moves_and_the_bot_plays_on_there(tmp_path, postgres_url):
    source = tmp_path / "games.sqlite3"
    store, finished_id, playing_id = await _fill(source)
    before = [await store.get_match(finished_id), await store.get_match(playing_id)]
    events = await store.events(playing_id)
    replay = await store.replay(playing_id)
    assert replay == ({"x": [1]}, [[0, "hit"]])
    board = await store.standings.leaderboard(1, "flip7")
    standings = await _standings(store)
    briefs = [b.id for b in await store.open_briefs()]
    assert playing_id in briefs
    instance = store.instance
    await store.close()
    with sqlite3.connect(source) as db:  # a database that rated ties so since long ago
        db.execute("UPDATE meta SET value = '1700000000' WHERE key = 'ties_rated_since'")

    moved = _migrate(source, postgres_url)
    assert moved.returncode == 0, moved.stderr
    lines = dict(line.split(": ", 1) for line in moved.stdout.splitlines())
    counts = _counts(source)
    for table in ("matches", "results", "tournaments", "away_periods", "hall_of_fame"):
        assert lines[table].startswith(f"{counts[table]} rows, checksum "), table
    order = list(lines)
    assert order.index("tournaments") < order.index("matches") < order.index("match_events")
    assert order.index("tournaments") < order.index("tournament_podiums")

    target = await PostgresStorage.open(postgres_url)
    try:
        assert target.instance == instance  # buttons already posted keep working
        marker = await asyncpg.connect(postgres_url)
        try:  # issue 46, item 3: the ratings before that moment are told apart there too
            ties = await marker.fetchval("SELECT value FROM meta WHERE key = 'ties_rated_since'")
        finally:
            await marker.close()
        assert ties == "1700000000"
        after = [await target.get_match(finished_id), await target.get_match(playing_id)]
        assert after == before
        assert await target.events(playing_id) == events
        assert await target.replay(playing_id) == replay
        assert await target.standings.leaderboard(1, "flip7") == board
        assert await _standings(target) == standings
        assert await target.deadline_of(playing_id) == Deadline(playing_id, "turn", 1, 1690.0)
        server = (await SERVER_LANGUAGE.read(target, 1), await REMINDERS.read(target, 1))
        assert server == ("vi", False)
        assert await MEMBER_LANGUAGE.read(target, 100) == "id"
        assert [b.id for b in await target.open_briefs()] == briefs
        assert (await open_lobby(target, channel=30)).id > playing_id  # ids go on
        assert [m.channel_id for m in await target.tournament_matches(1)] == [40]
        assert await target.podiums(1) == [Podium(1, 1, 100, "flip7", 12.0, 1900.0)]
        assert await target.away_periods(100, 0.0) == [(1700.0, 1800.0)]
        assert await target.turn_notices(playing_id) == [_notice(playing_id)]
        assert await target.held_notices() == [_held(playing_id)]
        assert await target.watchers(playing_id) == [(300, 1650.0)]
        assert await target.app_emojis() == {"f7_12": ("a1b2c3", 1_300_000_000_000_000_001)}
    finally:
        await target.close()

    again = _migrate(source, postgres_url)
    assert again.returncode == 2
    assert again.stderr.strip() == "error: the target already holds app_emojis; use an empty one."


async def test_every_table_of_the_schema_is_migrated(tmp_path, postgres_url):
    """Read from the schema, so a table a later migration adds is checked here too."""
    source = tmp_path / "games.sqlite3"
    store, _, _ = await _fill(source)
    await store.close()
    counts = _counts(source)
    empty = [name for name, count in counts.items() if count == 0]
    assert empty == [], "fill these tables in _fill so their copy is tested"

    moved = _migrate(source, postgres_url)
    assert moved.returncode == 0, moved.stderr
    reported = {line.split(": ")[0] for line in moved.stdout.splitlines()}
    assert reported == set(counts)
    db = await asyncpg.connect(postgres_url)
    try:
        for name, count in counts.items():
            assert await db.fetchval(f"SELECT count(*) FROM {name}") == count, name
    finally:
        await db.close()


async def test_a_count_that_differs_stops_the_migration_and_keeps_nothing(tmp_path, postgres_url):
    source = tmp_path / "games.sqlite3"
    store, _, _ = await _fill(source)
    await store.close()
    db = await asyncpg.connect(postgres_url)
    try:
        target = await PostgresStorage.open(postgres_url)
        await target.close()
        # A trigger on the target that drops every away period as it arrives.
        await db.execute(
            "CREATE FUNCTION drop_row() RETURNS trigger LANGUAGE plpgsql AS "
            "$$ BEGIN RETURN NULL; END $$"
        )
        await db.execute(
            "CREATE TRIGGER lose_rows BEFORE INSERT ON away_periods "
            "FOR EACH ROW EXECUTE FUNCTION drop_row()"
        )
        moved = _migrate(source, postgres_url)
        assert moved.returncode == 2
        assert moved.stderr.strip() == "error: away_periods: 0 rows arrived of 1; nothing was kept."
        assert await db.fetchval("SELECT count(*) FROM matches") == 0
    finally:
        await db.execute("DROP TRIGGER IF EXISTS lose_rows ON away_periods")
        await db.execute("DROP FUNCTION IF EXISTS drop_row()")
        await db.close()
