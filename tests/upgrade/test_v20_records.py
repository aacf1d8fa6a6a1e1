"""A database saved by schema 20 (before issue 49 gave records typed fields), with every key
of the old `extra` bag in use (`v20_matches.sql`, made by make_v20_database.py at 5d000b8),
opened by this version: each row reads into its typed fields, every replay reads back the
same steps, every open match plays on (its replay moving to its own rows at that save), and
the tournament runs on to its end. On PostgreSQL too, after `bot.migrate_db` moved it."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.core.settings import Settings
from bot.play.matches import Change
from bot.play.replay import Move, steps
from bot.play.replay_log import apply_kept, kept
from bot.play.sessions import load_game
from bot.storage import (
    EndReason,
    MatchRecord,
    MatchStatus,
    PostgresStorage,
    Storage,
    Store,
    TournamentTable,
)
from engines.base import GAMES
from tests.waiting import until

DUMP = Path(__file__).with_name("v20_matches.sql")
ROOT = Path(__file__).resolve().parents[2]
OLD_KEYS = {
    "where",
    "practice",
    "unrated",
    "house",
    "rematch_of",
    "away",
    "missed",
    "moved",
    "left",
    "ai_from",
    "tournament_round",
    "tournament_table",
    "tournament_rounds",
    "replay_first",
    "replay_moves",
    "turn_due",
}


def build_v20_database(path: Path) -> Path:
    with sqlite3.connect(path) as db:
        db.executescript(DUMP.read_text(encoding="utf-8"))
    return path


def old_rows() -> dict[int, tuple[str, str | None, dict[str, Any]]]:
    """{match id: (status, end reason, extra as the old version saved it)}."""
    db = sqlite3.connect(":memory:")
    try:
        db.executescript(DUMP.read_text(encoding="utf-8"))
        rows = db.execute("SELECT id, status, ended_reason, extra FROM matches").fetchall()
    finally:
        db.close()
    return {row[0]: (row[1], row[2], json.loads(row[3])) for row in rows}


def test_i49_5_the_old_database_holds_every_key_of_the_bag():
    """The fixture itself: every key the old bag held is in use, and so are the kinds of
    end the old service could give (so the test below reads each of them)."""
    rows = old_rows().values()
    assert {key for _status, _reason, extra in rows for key in extra} >= OLD_KEYS
    reasons = {reason for _status, reason, _extra in rows if reason}
    assert reasons == {
        "host_cancelled",
        "everyone_left",
        "reset_by_moderator",
        "reset_by_host",
        "every_player_left",
    }
    assert {status for status, _reason, _extra in rows} == {
        "lobby",
        "playing",
        "finished",
        "cancelled",
    }


def _same_fields(record: MatchRecord, old: dict[str, Any]) -> None:
    """The typed fields say what the old bag said, key by key."""
    extra = record.extra
    assert extra.where == old.get("where", "channel")
    assert extra.practice == bool(old.get("practice"))
    assert extra.unrated == bool(old.get("unrated"))
    assert extra.house == old.get("house")
    assert extra.rematch_of == old.get("rematch_of")
    assert extra.away == old.get("away", {})
    assert extra.missed == old.get("missed", {})
    assert extra.moved == old.get("moved", [])
    assert extra.left == old.get("left", {})
    assert extra.ai_from == old.get("ai_from", {})
    if "tournament_round" in old:
        assert extra.table == TournamentTable(
            old["tournament_round"], old["tournament_table"], old["tournament_rounds"]
        )
    else:
        assert extra.table is None
    turn_due = old.get("turn_due")
    assert (record.turn_due and record.turn_due.to_json()) == turn_due
    assert extra.unknown == {}


async def _same_replay(store: Store, record: MatchRecord, old: dict[str, Any]) -> None:
    saved = await kept(store, record)
    if "replay_first" not in old:
        assert saved is None
        return
    assert saved is not None
    first, moves = saved
    assert first == old["replay_first"]
    assert [move.to_list() for move in moves] == old["replay_moves"]
    if record.state is not None and record.status != MatchStatus.CANCELLED:
        # The replay's last step is the saved game (a reset one ended before its last move).
        assert list(steps(record.game, first, moves))[-1].game.to_dict() == record.state


async def test_i49_5_every_old_row_reads_into_typed_fields_and_replays_the_same(tmp_path):
    path = build_v20_database(tmp_path / "old.sqlite3")
    old = old_rows()
    store = await Storage.open(path)
    try:
        for match_id, (status, reason, extra) in old.items():
            record = await store.get_match(match_id)
            assert record is not None and record.quarantine is None
            assert record.status is MatchStatus(status)
            assert record.ended_reason is (None if reason is None else EndReason(reason))
            _same_fields(record, extra)
            await _same_replay(store, record, extra)
    finally:
        await store.close()


def _bag(path: Path, match_id: int) -> dict[str, Any]:
    with sqlite3.connect(path) as db:
        (text,) = db.execute("SELECT extra FROM matches WHERE id = ?", (match_id,)).fetchone()
    return dict(json.loads(text))


@pytest.fixture
def settings(tmp_path):
    path = tmp_path / "data" / "bot.sqlite3"
    path.parent.mkdir()
    return Settings(
        token="test-token", database_path=build_v20_database(path), ai_delay=0, game_seed=1
    )


async def _noop(change: Change) -> None:
    return None


async def _member_move(bot: Any, match_id: int) -> Change | None:
    """The strongest AI's choice for the member whose turn it is (None: an AI seat acts)."""
    current, game = await bot.matches.current(match_id)
    assert game is not None
    seat = next((s for s in game.to_act() if current.seats[s].user_id is not None), None)
    if seat is None or current.seats[seat].ai is not None:
        return None
    action = GAMES[current.game].choose_ai(game, seat, "strong")
    user = current.seats[seat].user_id
    return await bot.matches.play(match_id, user, game.epoch(), action.code, _noop)


async def test_i49_5_every_old_match_plays_on_and_the_tournament_runs_to_its_end(
    simcord_env, settings
):
    bot = simcord_env.bot
    store, old = bot.storage, old_rows()
    played = 0
    for record in await store.open_matches():
        if record.status == MatchStatus.LOBBY:
            change = await bot.matches.act_in_lobby(record.id, 105, "erin", "join", _noop)
            assert change.record.seat_of(105) is not None
            continue
        before = await kept(store, record)
        assert before is not None
        change = await _member_move(bot, record.id)
        if change is None:
            continue  # an AI seat plays this one (it moved at the restart)
        played += 1
        after = await kept(store, await store.get_match(record.id))
        assert after is not None
        # The old steps, then the new move; moved out of the row's extra column.
        assert after[0] == before[0] and after[1][: len(before[1])] == before[1]
        assert len(after[1]) > len(before[1])
        bag = _bag(settings.database_path, record.id)
        assert bag["v"] == 2 and "replay_first" not in bag and "replay_moves" not in bag
        final = list(steps(record.game, after[0], after[1]))[-1].game.to_dict()
        assert final == (await store.get_match(record.id)).state
    assert played >= 4
    # The tournament's tables play on, round after round, until it has a podium.
    for _ in range(4000):
        waiting = await until(lambda: _tournament_waits(store), "a table to play, or the end")
        if waiting == "finished":
            break
        for table in waiting:
            await _member_move(bot, table.id)
    assert (await store.get_tournament(1)).state == "finished"
    rounds = {m.extra.table.round for m in await store.tournament_matches(1) if m.extra.table}
    assert rounds == {1, 2} and old[15][2]["tournament_rounds"] == 2


async def _tournament_waits(store: Store) -> list[MatchRecord] | str | None:
    """The tournament's tables in play, "finished" once it ended, None meanwhile (the bot
    records a round's results and deals the next in the background)."""
    if (await store.get_tournament(1)).state == "finished":
        return "finished"
    tables = await store.tournament_matches(1)
    return [m for m in tables if m.status == MatchStatus.PLAYING] or None


def _migrate(source: Path, url: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.migrate_db", "--from", f"sqlite:{source}", "--to", url],
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )


async def test_i49_5_on_postgresql_an_old_row_replays_and_hands_its_replay_over(
    tmp_path, postgres_url
):
    """The old rows moved to PostgreSQL as they are (version 1 bags): read, replayed, and
    played on there, the save moving the replay to its rows in the one statement."""
    path = build_v20_database(tmp_path / "old.sqlite3")
    upgraded = await Storage.open(path)  # to this version's schema; no row is rewritten
    await upgraded.close()
    moved = _migrate(path, postgres_url)
    assert moved.returncode == 0, moved.stderr
    old = old_rows()
    store = await PostgresStorage.open(postgres_url)
    try:
        for match_id, (_status, _reason, extra) in old.items():
            record = await store.get_match(match_id)
            assert record is not None
            _same_fields(record, extra)
            await _same_replay(store, record, extra)
        record = await store.get_match(3)  # Flip 7, playing, a member to act
        assert record is not None
        game = load_game(record)
        assert game is not None
        seat = game.to_act()[0]
        action = GAMES["flip7"].choose_ai(game, seat, "strong")
        apply_kept(record, game, seat, action)
        record.state, record.version = game.to_dict(), record.version + 1
        await store.save(record, expected_version=record.version - 1, now=record.updated_at)
        first, moves = await store.replay(3)
        assert first == old[3][2]["replay_first"]
        assert moves == [*old[3][2]["replay_moves"], [seat, action.code]]
        again = await store.get_match(3)
        assert again is not None and again.extra.replay_moves == len(moves)
        assert again.replay.first is None and again.replay.moves == []
        saved = await kept(store, again)
        assert saved is not None and saved[1][-1] == Move(seat, action.code)
    finally:
        await store.close()
