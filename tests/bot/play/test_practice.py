"""Practice tables through the match service (issue 30, item 3): the lobby's option makes
the table unrated and a rematch keeps it; a hint is given only at a practice table, to a
seated member on their turn, from a button of the turn it was drawn in."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.core.settings import Settings
from bot.errors import Refusal
from bot.play.changes import Change
from bot.play.lobby import LobbyRequest
from bot.play.matches import MatchService
from bot.play.practice import is_practice
from bot.play.thinking import Thinker, default_workers
from bot.storage import MatchStatus, Storage
from bot.storage.interface import doors_of
from engines.base import GAMES

ALICE, BOB, CAROL = 100, 200, 300


async def _quiet(change: Change) -> None:
    return None


@pytest.fixture
def thinker():
    """The service's AI, handed to it, so a test can keep its workers busy."""
    return Thinker(default_workers())


@pytest.fixture
async def service(tmp_path, thinker):
    storage = await Storage.open(tmp_path / "bot.sqlite3")
    settings = Settings(token="t", ai_delay=0, game_seed=1)
    matches = MatchService(doors_of(storage), settings, lambda: 1000.0, thinker)
    yield matches
    await matches.stop()
    await storage.close()


async def _table(
    service: MatchService, practice: bool, game: str = "flip7", guests: tuple[int, ...] = (BOB,)
) -> int:
    record = await service.open_lobby(
        LobbyRequest(
            guild_id=1,
            channel_id=5,
            game=game,
            host_id=ALICE,
            host_name="alice",
            options={},
            practice=practice,
        ),
    )
    for guest in guests:
        await service.act_in_lobby(record.id, guest, f"guest{guest}", "join", _quiet)
    await service.act_in_lobby(record.id, ALICE, "alice", "start", _quiet)
    return record.id


async def _refusal(service: MatchService, match_id: int, user: int, stamp: int) -> str:
    with pytest.raises(Refusal) as refused:
        await service.hint(match_id, user, stamp)
    return refused.value.kind


async def test_a_hint_is_given_on_ones_turn_at_a_practice_table_only(service):
    match_id = await _table(service, practice=True)
    record, game = await service.current(match_id)
    assert game is not None and is_practice(record) and record.extra.unrated is True
    seat = game.to_act()[0]
    mover = record.seats[seat].user_id
    waiting = BOB if mover == ALICE else ALICE
    hinted = await service.hint(match_id, mover, game.epoch())
    assert hinted.seat == seat
    assert hinted.hint == GAMES["flip7"].hint(game, seat)
    assert await _refusal(service, match_id, waiting, game.epoch()) == "not_your_turn"
    assert await _refusal(service, match_id, CAROL, game.epoch()) == "watching"
    stamp = game.epoch()
    await service.play(match_id, mover, stamp, hinted.hint.move, _quiet)
    assert await _refusal(service, match_id, waiting, stamp) == "stale_button"
    other = await _table(service, practice=False)
    _, plain = await service.current(other)
    assert plain is not None
    assert await _refusal(service, other, ALICE, plain.epoch()) == "not_practice"


async def test_a_practice_lobby_has_no_hint_yet_and_its_rematch_is_practice_too(service):
    lobby = await service.open_lobby(
        LobbyRequest(
            guild_id=1,
            channel_id=5,
            game="sinkorswim",
            host_id=ALICE,
            host_name="alice",
            options={},
            practice=True,
        ),
    )
    assert await _refusal(service, lobby.id, ALICE, 0) == "not_started"
    match_id = await _table(service, practice=True)
    for _move in range(2000):  # both members play the hints to the end
        saved = await service.reads.get_match(match_id)
        if saved is None or not saved.is_open:
            break
        record, game = await service.current(match_id)
        assert game is not None
        seat = game.to_act()[0]
        user = record.seats[seat].user_id
        assert user is not None
        hinted = await service.hint(match_id, user, game.epoch())
        await service.play(match_id, user, game.epoch(), hinted.hint.move, _quiet)
    finished = await service.reads.get_match(match_id)
    assert finished is not None and finished.status == MatchStatus.FINISHED
    assert await _refusal(service, match_id, ALICE, 0) == "already_ended"
    again = await service.rematch(match_id, ALICE, "alice", _quiet)
    assert is_practice(again.record) and again.record.extra.unrated is True


async def test_a_hint_the_workers_are_too_busy_for_is_refused_kindly(service, thinker):
    """Sink or Swim's hint is the hard AI's search, worked out in the workers: when they
    are late past the budget, the member is asked to try again instead of waiting."""
    match_id = await _table(service, practice=True, game="sinkorswim", guests=(BOB, CAROL))
    _, game = await service.current(match_id)
    assert game is not None
    hinted = await service.hint(match_id, ALICE, game.epoch())  # the workers are running
    assert hinted.hint == GAMES["sinkorswim"].hint(game, hinted.seat)
    loop = asyncio.get_running_loop()
    busy = loop.run_in_executor(thinker.running_pool(loop), time.sleep, 0.5)
    thinker.budget = 0.05
    assert await _refusal(service, match_id, ALICE, game.epoch()) == "hint_busy"
    await busy
