"""A match's typed fields and their stored document (issue 49, items 1 and 2): version 2
holds only what differs from the defaults, reads back the same, reads every version 1 bag,
and keeps a key it does not know, through a real save and read."""

from __future__ import annotations

import json
import sqlite3

import pytest

from bot.storage import (
    EndReason,
    MatchExtra,
    MatchStatus,
    NewMatch,
    Seat,
    Storage,
    TournamentTable,
)
from bot.storage.match_fields import extra_from_json, extra_to_json


def test_i49_2_a_match_with_every_field_set_reads_back_the_same():
    extra = MatchExtra(
        where="thread",
        practice=True,
        unrated=True,
        house={"pace": "daily", "options": {"goal": 150}},
        rematch_of=7,
        away={"102": 1800.5},
        missed={"1": 2},
        moved=[0, 2],
        left={"1": 103},
        ai_from={"1": 6},
        table=TournamentTable(2, 3, 4),
        replay_moves=41,
        unknown={"from_a_newer_bot": [1, 2]},
    )
    stored = json.loads(json.dumps(extra_to_json(extra)))
    assert stored["v"] == 2
    assert extra_from_json(stored) == (extra, None)
    assert extra.copied() == extra and extra.copied().house is not extra.house


def test_i49_2_a_plain_lobby_stores_only_its_version():
    assert extra_to_json(MatchExtra()) == {"v": 2}
    assert extra_from_json({"v": 2}) == (MatchExtra(), None)


def test_i49_2_a_version_1_bag_reads_into_the_fields_and_hands_its_replay_over():
    bag = {
        "where": "thread",
        "tournament_round": 1,
        "tournament_table": 2,
        "tournament_rounds": 3,
        "unrated": True,
        "replay_first": {"deck": [1, 2]},
        "replay_moves": [[0, "hit"], [1, "stay"]],
        "log": ["an old sentence"],  # a key this version no longer knows
    }
    extra, old = extra_from_json(bag)
    assert extra.where == "thread" and extra.unrated
    assert extra.table == TournamentTable(1, 2, 3)
    assert old is not None and old.first == {"deck": [1, 2]}
    assert old.moves == [[0, "hit"], [1, "stay"]]
    assert extra.unknown == {"log": ["an old sentence"]}
    assert extra_to_json(extra)["log"] == ["an old sentence"]


async def test_i49_2_an_unknown_key_and_the_old_replay_survive_a_save(tmp_path):
    """A version 1 row, saved by this version: the unknown key is written back, the replay
    moved to its rows, and the status and end reason stored as the same text."""
    store = await Storage.open(tmp_path / "bot.sqlite3", create=True)
    try:
        record = await store.create_match(
            NewMatch(1, 10, "flip7", 100, [Seat("Ann", 100)], {}, extra=MatchExtra()), now=1.0
        )
        bag = {"where": "thread", "future": {"x": 1}, "replay_first": {"d": 1}}
        bag["replay_moves"] = [[0, "hit"]]
        with sqlite3.connect(tmp_path / "bot.sqlite3") as db:  # as an older bot saved it
            db.execute("UPDATE matches SET extra = ? WHERE id = ?", (json.dumps(bag), record.id))
        old = await store.get_match(record.id)
        assert old is not None and old.extra.unknown == {"future": {"x": 1}}
        old.end(EndReason.HOST_CANCELLED)
        old.version += 1
        await store.save(old, expected_version=old.version - 1, now=2.0)
        with sqlite3.connect(tmp_path / "bot.sqlite3") as db:
            status, reason, text = db.execute(
                "SELECT status, ended_reason, extra FROM matches WHERE id = ?", (record.id,)
            ).fetchone()
        assert (status, reason) == ("cancelled", "host_cancelled")
        assert json.loads(text) == {"v": 2, "where": "thread", "future": {"x": 1}, "replay": 1}
        assert await store.replay(record.id) == ({"d": 1}, [[0, "hit"]])
        again = await store.get_match(record.id)
        assert again is not None and again.status is MatchStatus.CANCELLED
        assert again.ended_reason is EndReason.HOST_CANCELLED
    finally:
        await store.close()


async def test_i49_1_an_end_reason_this_version_does_not_know_quarantines_the_row(tmp_path):
    """A newer bot's kind: the row is read (never raised) and quarantined, its stored text
    kept; the server's other matches read on. (A status outside MatchStatus is refused by
    the schema itself.)"""
    store = await Storage.open(tmp_path / "bot.sqlite3", create=True)
    try:
        made = [
            await store.create_match(
                NewMatch(1, 10 + n, "flip7", 100, [Seat("Ann", 100)], {}), now=1.0
            )
            for n in range(2)
        ]
        with sqlite3.connect(tmp_path / "bot.sqlite3") as db:
            db.execute(
                "UPDATE matches SET status = 'cancelled', ended_reason = 'meteor' WHERE id = ?",
                (made[0].id,),
            )
        odd = await store.get_match(made[0].id)
        assert odd is not None and odd.quarantine is not None and not odd.is_open
        assert odd.raw == {"ended_reason": "meteor"}
        assert odd.ended_reason is None
        assert [m.id for m in await store.open_matches()] == [made[1].id]
        with sqlite3.connect(tmp_path / "bot.sqlite3") as db, pytest.raises(sqlite3.Error):
            db.execute("UPDATE matches SET status = 'archived' WHERE id = ?", (made[1].id,))
    finally:
        await store.close()
