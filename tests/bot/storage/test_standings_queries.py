"""Leaderboards, seasons, history, retention and export on a real SQLite file and on a
real PostgreSQL server; and every standings query served by an index on each (its plan
scans no table)."""

from __future__ import annotations

import json
import re
import sqlite3

import asyncpg
import pytest

from bot.core.failure_log import FailureLog
from bot.core.settings import Settings
from bot.host.retention import DAY, Retention
from bot.storage import (
    EXPORT_COLUMNS,
    NewMatch,
    PostgresStorage,
    ResultRow,
    Standings,
    Storage,
    Store,
)
from bot.storage.postgres import PostgresStandings
from bot.storage.sqlite import SqliteStandings
from engines.base import Event
from tests.bot.standings_helpers import finish, members, win
from tests.waiting import until


@pytest.fixture
async def storage(any_storage):
    """Each test that takes it runs on SQLite and on PostgreSQL."""
    return any_storage


async def _play(storage: Store, pairs: list[tuple[int, int]], start: float = 2000.0) -> list:
    """Two-seat matches in order, the first of each pair winning; their ids."""
    ids = []
    for n, (winner, loser) in enumerate(pairs):
        rows = members(win([2, 1]), winner, loser)
        ids.append(await finish(storage, rows, now=start + n, channel=100 + n))
    return ids


async def test_provisional_members_come_after_the_ranked_and_pages_follow(storage):
    # 11 and 12 play six games each (ranked); 13 beats 14 once (both provisional).
    await _play(storage, [(11, 12)] * 5 + [(12, 11)] + [(13, 14)])
    standings = storage.standings
    board = await standings.leaderboard(1, "flip7", limit=10)
    assert [(r.user_id, r.provisional) for r in board] == [
        (11, False),
        (12, False),
        (13, True),
        (14, True),
    ]
    assert board[0].games == 6 and board[0].wins == 5
    assert board[2].shown > board[3].shown
    page = await standings.leaderboard(1, "flip7", offset=1, limit=2)
    assert [r.user_id for r in page] == [12, 13]
    assert await standings.leaderboard_size(1, "flip7") == 4
    assert await standings.leaderboard_size(2, "flip7") == 0


async def test_a_new_season_starts_fresh_and_keeps_its_top_three(storage):
    standings = storage.standings
    assert (await standings.current_season(1)).number == 1
    await _play(storage, [(11, 12), (13, 14)] * 5 + [(15, 16)])
    all_time = await standings.member_ratings(1, 11, season=False)
    season, hall = await standings.new_season(1, now=5000.0)
    assert (season.number, season.started_at) == (2, 5000.0)
    assert await standings.current_season(1) == season
    # The top three ranked members (15 and 16, provisional, never), best first.
    assert [(h.season, h.game, h.place) for h in hall] == [(1, "flip7", p) for p in (1, 2, 3)]
    assert {hall[0].user_id, hall[1].user_id} == {11, 13} and hall[2].user_id in (12, 14)
    assert hall[0].shown >= hall[1].shown > hall[2].shown and hall[0].games == 5
    assert await standings.hall(1) == hall
    assert await standings.leaderboard(1, "flip7") == []  # the new season has no games yet
    await _play(storage, [(12, 11)], start=6000.0)
    fresh = (await standings.member_ratings(1, 12))["flip7"]
    assert fresh.games == 1 and fresh.wins == 1
    carried = (await standings.member_ratings(1, 11, season=False))["flip7"]
    assert carried.games == all_time["flip7"].games + 1
    assert (await standings.new_season(1, now=7000.0))[0].number == 3
    assert (await standings.current_season(2)).number == 1  # seasons are per server


async def test_history_lists_matches_newest_first_with_every_seat(storage):
    standings = storage.standings
    ids = await _play(storage, [(11, 12), (12, 13), (11, 13)])
    other = await finish(
        storage, members(win([1, 4]), 11, 14), now=2500.0, channel=200, game="sequence"
    )
    assert [m.match_id for m in await standings.history(1)] == [other, *reversed(ids)]
    mine = await standings.history(1, user_id=11, limit=2)
    assert [m.match_id for m in mine] == [other, ids[2]]
    assert [m.match_id for m in await standings.history(1, user_id=11, offset=2)] == [ids[0]]
    assert [m.match_id for m in await standings.history(1, game="sequence")] == [other]
    flip = await standings.history(1, user_id=11, game="flip7")
    assert [m.match_id for m in flip] == [ids[2], ids[0]]
    assert await standings.history_size(1) == 4
    assert await standings.history_size(1, user_id=13) == 2
    assert await standings.history_size(1, user_id=11, game="flip7") == 2
    assert await standings.history_size(1, game="sequence") == 1
    summary = await standings.match_summary(other)
    assert (summary.game, summary.end_how, summary.finished_at) == ("sequence", "played", 2500.0)
    first, second = summary.seats
    assert (first.user_id, first.kind, first.place, first.score, first.won) == (
        11,
        "member",
        2,
        1,
        False,
    )
    assert (second.place, second.won, second.team) == (1, True, 1)
    assert second.shown_after > second.shown_before
    assert await standings.match_summary(99999) is None


async def test_a_match_keeps_its_whole_event_log(storage):
    record = await storage.create_match(
        NewMatch(guild_id=1, channel_id=5, game="flip7", host_id=1, seats=[], options={}), now=1.0
    )
    for version in range(1, 40):
        record.version = version
        await storage.save(
            record,
            expected_version=version - 1,
            now=float(version),
            events=[Event("step", {"n": version}), Event("more", {"n": version})],
        )
    events = await storage.standings.match_events(record.id)
    assert len(events) == 78  # all of them, beyond the table's latest events
    assert events[:2] == [(1, Event("step", {"n": 1})), (1, Event("more", {"n": 1}))]


async def test_retention_prunes_old_logs_at_start_and_daily_keeping_results(storage):
    now = [1000.0 * DAY]
    old, recent = [], []
    for n, ended in enumerate((now[0] - 200 * DAY, now[0] - 10 * DAY)):
        match = await finish(storage, members(win([2, 1]), 11, 12), now=ended, channel=n)
        (old if n == 0 else recent).append(match)
    for match in old + recent:  # each match's log, saved with its last move
        await storage.save(
            await storage.get_match(match), expected_version=1, now=now[0], events=[Event("x", {})]
        )

    def clock() -> float:
        return now[0]

    retention = Retention(storage.standings, Settings(token="t"), clock, FailureLog(clock))
    retention.start()

    async def old_events_gone() -> bool:
        return not await storage.standings.match_events(old[0])

    await until(old_events_gone, "retention's first run to drop the old match's events")
    assert await storage.standings.match_events(recent[0]) != []
    assert (await storage.standings.match_summary(old[0])).seats[0].shown_after is not None
    assert (await storage.standings.member_ratings(1, 11, season=False))["flip7"].games == 2
    assert retention.timers.pending(0).at == now[0] + DAY  # the next run, a day later
    await retention.stop()
    now[0] += 171 * DAY
    assert await retention.prune() == 1
    assert await storage.standings.match_events(recent[0]) == []


async def test_export_has_every_seat_with_its_rating_after(storage):
    first = await finish(storage, members(win([3, 1]), 11, 12), now=2000.0)
    ai = ResultRow(None, 1, None, False, name="Bot", kind="ai", ai_level="strong")
    reset = await finish(
        storage, [ResultRow(11, 0, None, False), ai], now=2100.0, channel=11, end="reset"
    )
    rows = await storage.standings.export_results(1)
    assert len(EXPORT_COLUMNS) == len(rows[0])
    column = {name: index for index, name in enumerate(EXPORT_COLUMNS)}
    assert [(r[column["match_id"]], r[column["seat"]]) for r in rows] == [
        (first, 0),
        (first, 1),
        (reset, 0),
        (reset, 1),
    ]
    top = rows[0]
    assert (top[column["end_how"]], top[column["place"]], top[column["won"]]) == ("played", 1, True)
    board = await storage.standings.leaderboard(1, "flip7", season=False)
    assert top[column["rating_after"]] == board[0].shown
    assert rows[3][column["kind"]] == "ai" and rows[3][column["ai_level"]] == "strong"
    assert rows[3][column["end_how"]] == "reset" and rows[3][column["rating_after"]] is None
    assert await storage.standings.export_results(2) == []


async def test_every_standings_query_is_served_by_an_index(tmp_path):
    """Each query the standings read with is planned without a table scan (SQLite's plans)."""
    storage = await Storage.open(tmp_path / "db" / "games.sqlite3")
    try:
        await _plans_use_indexes(storage, tmp_path)
    finally:
        await storage.close()


async def _ask_every_standings_query(standings: Standings) -> None:
    """Each read the standings make, with and without each of their filters."""
    await standings.leaderboard(1, "flip7", offset=1)
    await standings.leaderboard(1, "flip7", season=False)
    await standings.leaderboard_size(1, "flip7")
    await standings.member_ratings(1, 11)
    await standings.ai_ratings(1, "flip7")
    await standings.rating_trend(1, "flip7", 11)
    for user in (None, 11):
        for game in (None, "flip7"):
            await standings.history(1, user_id=user, game=game)
            await standings.history_size(1, user_id=user, game=game)
    await standings.match_summary(1)
    await standings.match_events(1)
    await standings.hall(1)
    await standings.export_results(1)
    await standings.current_season(1)


async def _plans_use_indexes(storage: Storage, tmp_path) -> None:
    await _play(storage, [(11, 12)] * 3)
    seen: list[tuple[str, tuple]] = []
    read = storage._read

    async def recording(sql, params=()):
        seen.append((sql, tuple(params)))
        return await read(sql, params)

    await _ask_every_standings_query(SqliteStandings(recording, storage._write))
    db = sqlite3.connect(tmp_path / "db" / "games.sqlite3")
    try:
        for sql, params in seen:
            plan = [row[3] for row in db.execute(f"EXPLAIN QUERY PLAN {sql}", params)]
            scans = [step for step in plan if step.startswith("SCAN") and "json_each" not in step]
            assert not [s for s in scans if "INDEX" not in s], (sql, plan)
            assert not [s for s in plan if "TEMP B-TREE" in s], (sql, plan)
    finally:
        db.close()
    assert len(seen) >= 20


# How a PostgreSQL plan may reach a table's rows: through an index (a bitmap heap scan
# fetches the rows its Bitmap Index Scan child found).
INDEX_READS = {"Index Scan", "Index Only Scan", "Bitmap Heap Scan"}


def _plan_nodes(node: dict) -> list[dict]:
    """A PostgreSQL plan (EXPLAIN's JSON) as its nodes, the root first."""
    return [node] + [n for child in node.get("Plans", []) for n in _plan_nodes(child)]


async def test_every_standings_query_is_served_by_an_index_on_postgresql(postgres_url):
    """The same queries on PostgreSQL's EXPLAIN, on a database of several servers: every
    table is reached through an index searched from its first column, never read whole.
    A few hundred rows are still cheaper to read whole, and the planner rightly does so;
    `enable_seqscan = off` makes a sequential scan cost more than any index, so one is
    left in a plan only where no index can serve the query."""
    storage = await PostgresStorage.open(postgres_url)
    db = await asyncpg.connect(postgres_url)
    try:
        await _play(storage, [(11, 12)] * 3)
        for n in range(150):  # other servers' matches: server 1's rows are a few of many
            rows = members(win([2, 1]), 13 + n % 7, 20 + n % 5)
            await finish(storage, rows, now=3000.0 + n, channel=500 + n, guild=2 + n % 10)
        seen: list[tuple[str, tuple]] = []

        async def recording(sql, *params):
            seen.append((sql, params))
            return await storage._read(sql, *params)

        await _ask_every_standings_query(PostgresStandings(recording, storage._transaction))
        await db.execute("ANALYZE")
        # At this size a join that reads one side whole (merge or hash) also beats
        # searching it row by row; off too, so a whole read is left only where no index
        # can serve the join. Indexes are what the check is about, not the planner's costs.
        await db.execute("SET enable_seqscan = off")
        await db.execute("SET enable_mergejoin = off")
        await db.execute("SET enable_hashjoin = off")
        leading = dict(
            await db.fetch(
                "SELECT i.indexrelid::regclass::text, a.attname FROM pg_index AS i "
                "JOIN pg_attribute AS a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]"
            )
        )
        for sql, params in seen:
            (plan,) = json.loads(await db.fetchval(f"EXPLAIN (FORMAT JSON) {sql}", *params))
            nodes = _plan_nodes(plan["Plan"])
            reads = {n["Node Type"] for n in nodes if "Relation Name" in n}
            assert reads <= INDEX_READS, (sql, nodes)  # no Seq Scan
            searched = [n for n in nodes if "Index Name" in n]
            assert searched, (sql, nodes)  # each query reads at least one table
            for node in searched:  # each index searched from its first column, not read whole
                first = leading[node["Index Name"]]
                assert re.search(rf"\b{first}\b", node.get("Index Cond", "")), (sql, node)
    finally:
        await db.close()
        await storage.close()
    assert len(seen) >= 20
