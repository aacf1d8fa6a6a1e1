"""AI seats are named like no member (issue 26, item 5): through the match service, on
SQLite and on PostgreSQL, a new AI seat skips the names of seated members and of members
known to be in the server, case-insensitively, and a member who joins under an AI seat's
name sends that AI to the next free name."""

from __future__ import annotations

import pytest

from bot.core.settings import Settings
from bot.play.changes import Change
from bot.play.lobby import AI_NAMES, LobbyRequest, free_ai_names
from bot.play.matches import MatchService
from bot.storage.interface import doors_of

HOST, GUEST = 100, 200


async def _quiet(change: Change) -> None:
    return None


@pytest.fixture
async def service(any_storage):
    matches = MatchService(
        doors_of(any_storage), Settings(token="t", ai_delay=0, game_seed=1), lambda: 1000.0
    )
    yield matches
    await matches.stop()


async def _lobby(service: MatchService, host_name: str) -> int:
    record = await service.open_lobby(
        LobbyRequest(
            guild_id=1, channel_id=5, game="flip7", host_id=HOST, host_name=host_name, options={}
        )
    )
    return record.id


async def _seats(service: MatchService, match_id: int) -> list[tuple[str, bool]]:
    record = await service.reads.get_match(match_id)
    assert record is not None
    return [(seat.name, seat.ai is not None) for seat in record.seats]


async def test_i26_an_ai_seat_is_never_called_like_a_seated_member(service):
    match_id = await _lobby(service, "ada")  # the first AI name, in other letters
    await service.act_in_lobby(match_id, HOST, "ada", "ai", _quiet)
    assert await _seats(service, match_id) == [("ada", False), ("Bao", True)]
    # A member called like the AI seat joins: the AI takes the next free name.
    await service.act_in_lobby(match_id, GUEST, "BAO", "join", _quiet)
    assert await _seats(service, match_id) == [("ada", False), ("Cleo", True), ("BAO", False)]


async def test_i26_an_ai_seat_is_not_called_like_a_member_present(service):
    match_id = await _lobby(service, "Host")
    await service.act_in_lobby(match_id, HOST, "Host", "ai", _quiet, present=["ADA", "bao"])
    await service.act_in_lobby(match_id, HOST, "Host", "ai", _quiet, present=["Bao"])
    assert await _seats(service, match_id) == [("Host", False), ("Cleo", True), ("Ada", True)]


def test_i26_past_the_list_of_names_an_ai_seat_is_numbered():
    names = free_ai_names([*AI_NAMES, "ada 2"])
    assert [next(names), next(names)] == ["Bao 2", "Cleo 2"]
