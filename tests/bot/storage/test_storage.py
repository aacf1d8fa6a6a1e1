import sqlite3
import time
from pathlib import Path

import pytest

from bot.storage import (
    Deadline,
    MatchStatus,
    NewMatch,
    ResultRow,
    Seat,
    StaleMatch,
    Storage,
    TurnDue,
    TurnNotice,
    newest_schema,
)
from cogs.desk.presenters.pings import NOTIFY_HOW, REMINDERS
from cogs.desk.threads import TABLES_WHERE
from cogs.wording.language import MEMBER_LANGUAGE
from engines.base import Event, ranked
from tests.bot.standings_helpers import finish, members
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


async def test_a_channel_holds_several_open_matches(storage):
    first = await open_lobby(storage)
    second = await open_lobby(storage)
    await open_lobby(storage, channel=11)
    listed = await storage.open_matches_in_channel(10)
    assert [r.id for r in listed] == [first.id, second.id]
    assert (await storage.open_match_in_channel(10)).id == first.id
    assert await storage.open_matches_in_channel(10, game="nope") == []
    assert len(await storage.open_matches_in_channel(10, game=first.game)) == 2
    assert await storage.open_count_in_channel(10) == 2
    assert await storage.open_count_in_channel(12) == 0


async def test_a_match_keeps_its_thread_and_pace(storage):
    record = await open_lobby(storage)
    assert (record.thread_id, record.pace, record.played_in) == (None, "live", 10)
    record.thread_id, record.pace, record.version = 555, "daily", 1
    await storage.save(record, expected_version=0, now=1001.0)
    again = await storage.match_in_thread(555)
    assert (again.id, again.pace, again.played_in) == (record.id, "daily", 555)
    assert await storage.match_in_thread(556) is None
    (brief,) = await storage.open_briefs()
    assert brief.pace == "daily"


async def test_a_members_open_matches_in_a_server(storage):
    mine = await open_lobby(storage)
    mine.seats.append(Seat("bob", user_id=12345))
    mine.version = 1
    await storage.save(mine, expected_version=0, now=1001.0)
    await open_lobby(storage, channel=11)  # bob has no seat there
    ended = await open_lobby(storage, channel=12)
    ended.seats.append(Seat("bob", user_id=12345))
    ended.status, ended.version = MatchStatus.CANCELLED, 1
    await storage.save(ended, expected_version=0, now=1001.0)
    assert [r.id for r in await storage.member_matches(mine.guild_id, 12345)] == [mine.id]
    assert await storage.member_matches(mine.guild_id, 1234) == []  # digits alone don't seat
    assert await storage.member_matches(mine.guild_id + 1, 12345) == []


async def test_a_members_open_matches_in_every_server_for_days_away(storage):
    here = await open_lobby(storage)
    there = await storage.create_match(
        NewMatch(
            guild_id=2,
            channel_id=20,
            game="flip7",
            host_id=100,
            seats=[Seat("Ann", 100)],
            options={"goal": 200},
        ),
        now=1000.0,
    )
    assert [r.id for r in await storage.member_matches(None, 100)] == [here.id, there.id]
    assert [r.guild_id for r in await storage.member_matches(None, 100)] == [1, 2]
    assert await storage.member_matches(None, 10) == []


async def test_table_place_notices_and_days_away_are_kept(storage):
    assert await TABLES_WHERE.read(storage, 1) is None
    await TABLES_WHERE.write(storage, 1, "channel")
    await REMINDERS.write(storage, 1, False)  # another key of the same server stays
    assert await TABLES_WHERE.read(storage, 1) == "channel"
    assert await NOTIFY_HOW.read(storage, 7) is None
    await MEMBER_LANGUAGE.write(storage, 7, "vi")
    await NOTIFY_HOW.write(storage, 7, "dm")
    kept = (await NOTIFY_HOW.read(storage, 7), await MEMBER_LANGUAGE.read(storage, 7))
    assert kept == ("dm", "vi")
    await storage.set_away(7, 100.0, 200.0)
    await storage.set_away(7, 300.0, 400.0)
    await storage.set_away(7, 300.0, 350.0)  # back early
    assert await storage.away_periods(7, 150.0) == [(100.0, 200.0), (300.0, 350.0)]
    assert await storage.away_periods(7, 250.0) == [(300.0, 350.0)]
    assert await storage.away_periods(8, 0.0) == []


async def test_a_turn_notice_is_kept_replaced_and_forgotten_per_member(storage):
    record = await open_lobby(storage)
    other = await open_lobby(storage, channel=11)
    turn = TurnDue([3, 1], 5000.5)
    await storage.keep_turn_notice(TurnNotice(record.id, 100, 10, 900, turn))
    await storage.keep_turn_notice(TurnNotice(record.id, 200, 70, 901, turn, dm=True))
    await storage.keep_turn_notice(TurnNotice(other.id, 100, 11, 902, None))
    replaced = TurnNotice(record.id, 100, 10, 903, TurnDue(4, 6000.0))
    await storage.keep_turn_notice(replaced)  # a reminder in place of the notice
    assert await storage.turn_notices(record.id) == [
        replaced,
        TurnNotice(record.id, 200, 70, 901, turn, dm=True),
    ]
    await storage.drop_turn_notice(record.id, 200)
    await storage.drop_turn_notice(record.id, 300)  # none: harmless
    assert await storage.turn_notices(record.id) == [replaced]
    assert await storage.turn_notices(other.id) == [TurnNotice(other.id, 100, 11, 902, None)]


async def test_finished_match_frees_the_channel(storage):
    record = await open_lobby(storage)
    record.status, record.version = MatchStatus.CANCELLED, 1
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
        record.status, record.version = MatchStatus.FINISHED, 1
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
    first = (Path(__file__).parents[3] / "bot" / "migrations" / "001_initial.sql").read_text()
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
        assert (await store.get_match(7)).status == MatchStatus.PLAYING
    finally:
        await store.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == newest_schema()


SETTINGS_TABLES_OF_SCHEMA_15 = """
CREATE TABLE guild_settings (guild_id INTEGER PRIMARY KEY,
    reminders INTEGER NOT NULL DEFAULT 1, language TEXT, tables_where TEXT);
CREATE TABLE member_settings (user_id INTEGER PRIMARY KEY, language TEXT, notify TEXT);
"""


async def test_i46_3_an_upgraded_database_keeps_its_ratings_and_says_since_when_ties_rate_so(
    tmp_path,
):
    """Schema 16 rates nothing again: the ratings stored before stay as they were, and the
    moment of the upgrade is kept, from which ties are rated as the mean of their orders."""
    path = tmp_path / "old.sqlite3"
    store = await Storage.open(path)
    await finish(store, members(ranked([0, 1], [7, 7, 3]), 11, 12, 13), now=2000.0)
    await store.close()
    ratings = "SELECT key, season, mu, sigma, ordinal, games FROM ratings ORDER BY key, season"
    with sqlite3.connect(path) as db:  # as schema 15 left it: its own ratings of the tie
        db.execute("DELETE FROM meta WHERE key = 'ties_rated_since'")
        db.execute("UPDATE ratings SET mu = mu + 0.5 WHERE key = '12'")
        db.execute("PRAGMA user_version = 15")
        db.execute("DROP TABLE held_notices")  # made by a later migration (020), run again
        db.executescript(SETTINGS_TABLES_OF_SCHEMA_15)  # read and dropped by 022
        before = db.execute(ratings).fetchall()
    upgraded = int(time.time())
    store = await Storage.open(path)
    await store.close()
    with sqlite3.connect(path) as db:
        assert db.execute(ratings).fetchall() == before
        since = db.execute("SELECT value FROM meta WHERE key = 'ties_rated_since'").fetchone()
    assert upgraded <= int(since[0]) <= time.time()


async def test_migration_3_keeps_logged_sentences_as_event_data(tmp_path):
    path = tmp_path / "old.sqlite3"
    folder = Path(__file__).parents[3] / "bot" / "migrations"
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
    assert await REMINDERS.read(storage, 5)
    await REMINDERS.write(storage, 5, False)
    assert not await REMINDERS.read(storage, 5) and await REMINDERS.read(storage, 6)
    await REMINDERS.write(storage, 5, True)
    assert await REMINDERS.read(storage, 5)
