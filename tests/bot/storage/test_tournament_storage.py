"""Tournaments in both backends: a row with its JSON document, saved version-checked, a
round's tables inserted in the same transaction, the podium kept for the hall of fame."""

from __future__ import annotations

import pytest

from bot.storage import (
    MatchExtra,
    NewMatch,
    Podium,
    Seat,
    StaleMatch,
    TournamentRecord,
    TournamentTable,
)
from bot.storage.base import match_insert


@pytest.fixture
async def storage(any_storage):
    return any_storage


def _new(**changes) -> TournamentRecord:
    fields = dict(
        id=0,
        guild_id=1,
        channel_id=10,
        game="flip7",
        state="signing_up",
        created_by=7,
        created_at=1000.0,
        starts_at=5000.0,
        due_at=4100.0,
        data={"format": "swiss", "entrants": [{"user_id": 11, "name": "ann"}]},
    )
    fields.update(changes)
    return TournamentRecord(**fields)


def _table(tournament_id: int, users: list[int]):
    return match_insert(
        NewMatch(
            guild_id=1,
            channel_id=10,
            game="flip7",
            host_id=users[0],
            seats=[Seat(f"p{u}", u) for u in users],
            options={},
            pace="relaxed",
            extra=MatchExtra(table=TournamentTable(1, 1)),
            tournament_id=tournament_id,
        ),
        now=2000.0,
    )


async def test_a_tournament_is_stored_and_read_back_whole(storage):
    made = await storage.create_tournament(_new())
    again = await storage.get_tournament(made.id)
    assert again == made and again.version == 0 and again.problem is None
    assert [t.id for t in await storage.live_tournaments()] == [made.id]


async def test_a_save_is_version_checked_and_opens_a_rounds_tables_at_once(storage):
    made = await storage.create_tournament(_new())
    made.state, made.version = "running", 1
    made.data["rounds"] = [{"number": 1}]
    tables = [_table(made.id, [11, 12, 13]), _table(made.id, [14, 15, 16])]
    await storage.save_tournament(made, expected_version=0, tables=tables)
    matches = await storage.tournament_matches(made.id)
    assert [[s.user_id for s in m.seats] for m in matches] == [[11, 12, 13], [14, 15, 16]]
    assert all(m.tournament_id == made.id and m.pace == "relaxed" for m in matches)
    stale = await storage.get_tournament(made.id)
    assert stale is not None and stale.data["rounds"] == [{"number": 1}]
    with pytest.raises(StaleMatch):
        await storage.save_tournament(made, expected_version=0, tables=[_table(made.id, [1, 2])])
    assert len(await storage.tournament_matches(made.id)) == 2  # nothing of the stale save


async def test_a_finished_tournament_keeps_its_podium_and_leaves_the_live_list(storage):
    made = await storage.create_tournament(_new())
    second = await storage.create_tournament(_new(game="sinkorswim"))
    made.state, made.version = "finished", 1
    podium = [
        Podium(made.id, place, 10 + place, "flip7", 180.0 - place, 9000.0) for place in (1, 2, 3)
    ]
    await storage.save_tournament(made, expected_version=0, podium=podium)
    assert await storage.podiums(1) == podium
    assert await storage.podiums(2) == []
    assert [t.id for t in await storage.live_tournaments()] == [second.id]
    assert [t.id for t in await storage.guild_tournaments(1)] == [second.id, made.id]


async def test_a_damaged_document_is_reported_not_raised(storage):
    made = await storage.create_tournament(_new())
    await storage._apply("UPDATE tournaments SET data = ? WHERE id = ?", ("{oops", made.id))
    broken = await storage.get_tournament(made.id)
    assert broken is not None and broken.problem == "data_json: invalid JSON" and broken.data == {}
