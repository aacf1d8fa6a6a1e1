"""Moving from SQLite to PostgreSQL with one command: every match, event, result and
setting arrives, checked by counts and checksums; a target in use is refused."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bot.storage import Deadline, PostgresStorage, ResultRow, Storage, Store
from engines.base import Event
from tests.bot.standings_helpers import finish, members, win
from tests.bot.storage_helpers import open_lobby

ROOT = Path(__file__).resolve().parents[2]


def _migrate(source: Path, url: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.migrate_db", "--from", f"sqlite:{source}", "--to", url],
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )


async def _fill(path: Path) -> tuple[Storage, int, int]:
    store = await Storage.open(path)
    finished = await open_lobby(store, channel=20)
    finished.status, finished.version, finished.state = "finished", 1, {"done": True}
    await store.save(
        finished,
        expected_version=0,
        now=1500.5,
        events=[Event("win", {"seat": 0})],
        results=members(win([210, 150]), 100, 200),
    )
    await store.standings.new_season(1, 1550.0)
    # One result as an older version recorded it: no place, nothing rated.
    await finish(store, [ResultRow(100, 0, 90, True)], now=1560.0, channel=22)
    playing = await open_lobby(store, channel=21, deadline_at=2000.0)
    playing.status, playing.version, playing.state = "playing", 1, {"x": [1, 2]}
    await store.save(
        playing,
        expected_version=0,
        now=1600.25,
        events=[Event("start", {"players": 2}), Event("flip", {"card": 9})],
        deadline=Deadline(playing.id, "turn", 1, 1690.0),
    )
    await store.set_language(1, "vi")
    await store.set_reminders(1, False)
    await store.set_member_language(100, "id")
    return store, finished.id, playing.id


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
    board = await store.standings.leaderboard(1, "flip7")
    standings = await _standings(store)
    instance = store.instance
    await store.close()

    moved = _migrate(source, postgres_url)
    assert moved.returncode == 0, moved.stderr
    lines = moved.stdout.splitlines()
    assert lines[0].startswith("matches: 3 rows, checksum ")
    assert lines[2].startswith("results: 3 rows, checksum ")
    assert [line.split(":")[0] for line in lines[3:8]] == [
        "match_ends",
        "seasons",
        "ratings",
        "rating_changes",
        "hall_of_fame",
    ]

    target = await PostgresStorage.open(postgres_url)
    try:
        assert target.instance == instance  # buttons already posted keep working
        after = [await target.get_match(finished_id), await target.get_match(playing_id)]
        assert after == before
        assert await target.events(playing_id) == events
        assert await target.standings.leaderboard(1, "flip7") == board
        assert await _standings(target) == standings
        assert await target.deadline_of(playing_id) == Deadline(playing_id, "turn", 1, 1690.0)
        assert (await target.language(1), await target.reminders_on(1)) == ("vi", False)
        assert await target.member_language(100) == "id"
        assert [b.id for b in await target.open_briefs()] == [playing_id]
        assert (await open_lobby(target, channel=30)).id > playing_id  # ids go on
    finally:
        await target.close()

    again = _migrate(source, postgres_url)
    assert again.returncode == 2
    assert again.stderr.strip() == "error: the target already holds matches; use an empty one."
