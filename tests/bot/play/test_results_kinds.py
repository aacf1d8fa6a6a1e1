"""A match played through the match service records who played each seat to the end: a
member, the AI after a member left or stopped answering (both rated as quitters), an AI
seat; and a reset records the seats but rates nobody."""

from __future__ import annotations

import asyncio

import pytest

import tests.nim.engine  # noqa: F401  (registers the test game)
from bot.core.settings import Settings
from bot.play.changes import Change
from bot.play.lobby import LobbyRequest
from bot.play.matches import MatchService
from bot.storage import EndReason
from bot.storage.interface import doors_of
from tests.bot.rating_reference import fresh, near

HOST, LEAVER, SLEEPER = 100, 200, 300


async def _quiet(change: Change) -> None:
    return None


@pytest.fixture
async def service(any_storage):
    """Each test that takes it runs on SQLite and on PostgreSQL."""
    storage = any_storage
    matches = MatchService(
        doors_of(storage), Settings(token="t", ai_delay=0, game_seed=1), lambda: 1000.0
    )
    yield matches
    await matches.stop()


async def _seated(service: MatchService, channel: int) -> int:
    record = await service.open_lobby(
        LobbyRequest(
            guild_id=1,
            channel_id=channel,
            game="nim",
            host_id=HOST,
            host_name="Host",
            options={"stones": 30},
        ),
    )
    for user, name in ((LEAVER, "Leaver"), (SLEEPER, "Sleeper")):
        await service.act_in_lobby(record.id, user, name, "join", _quiet)
    await service.act_in_lobby(record.id, HOST, "Host", "ai", _quiet)
    await service.act_in_lobby(record.id, HOST, "Host", "start", _quiet)
    return record.id


async def _play_out(service: MatchService, match_id: int) -> None:
    """The host takes one stone a turn, the sleeper never answers, AI seats move."""
    for _ in range(500):
        try:  # under the match lock: an AI move changes the live copy before it is saved
            async with service.lock(match_id):
                record, game = await service.current(match_id)
        except Exception:
            return  # finished
        seat = game.to_act()[0]
        if record.seats[seat].ai is not None:
            await asyncio.sleep(0.005)  # the AI's timer moves
        elif record.seats[seat].user_id == SLEEPER:
            await service.fall_due(match_id, record.version, "turn")
        else:
            await service.play(match_id, HOST, game.epoch(), "take1", _quiet)
    raise AssertionError("the match did not end")


async def test_members_who_left_or_stopped_answering_are_rated_last(service):
    match_id = await _seated(service, 10)
    await service.act_in_lobby(match_id, LEAVER, "Leaver", "leave", _quiet)
    await _play_out(service, match_id)
    summary = await service.standings.match_summary(match_id)
    assert summary.end_how == "played"
    seats = summary.seats
    assert [(s.kind, s.user_id) for s in seats] == [
        ("member", HOST),
        ("left", LEAVER),
        ("member_ai", SLEEPER),
        ("ai", None),
    ]
    events = await service.standings.match_events(match_id)
    versions = {event.kind: version for version, event in events}
    # The AI played each seat from the move that handed it over.
    assert seats[1].ai_from == versions["match.left"]
    assert seats[2].ai_from == versions["match.handover"]
    assert seats[3].ai_level == "perfect" and seats[1].ai_level == "perfect"
    # Quitters rank below every seat that played on, each a team of its own.
    last = max(s.place for s in seats) + 1
    ranks = [last if s.kind in ("left", "member_ai") else s.place for s in seats]
    rated = fresh(ranks)
    for user, (rating,) in ((HOST, rated[0]), (LEAVER, rated[1]), (SLEEPER, rated[2])):
        row = (await service.standings.member_ratings(1, user, season=False))["nim"]
        assert (row.mu, row.sigma) == near(rating)
    level = (await service.standings.ai_ratings(1, "nim"))["perfect"]
    assert (level.mu, level.sigma) == near(rated[3][0])
    assert events[0][1].kind == "match.start"


async def test_a_reset_records_the_seats_and_rates_nobody(service):
    match_id = await _seated(service, 11)
    async with service.lock(match_id):
        record, game = await service.current(match_id)
        mover = record.seats[game.to_act()[0]].user_id  # the seed picks who begins
    if mover is not None:  # a member's move; an AI seat to begin moves on its own
        await service.play(match_id, mover, game.epoch(), "take1", _quiet)
    await service.end(match_id, EndReason.RESET_BY_MODERATOR, "Mod", _quiet)
    summary = await service.standings.match_summary(match_id)
    assert summary.end_how == "reset"
    assert [s.kind for s in summary.seats] == ["member", "member", "member", "ai"]
    assert all(s.place is None and s.shown_after is None for s in summary.seats)
    assert await service.standings.member_ratings(1, HOST) == {}
    assert await service.standings.history(1) == [summary]
