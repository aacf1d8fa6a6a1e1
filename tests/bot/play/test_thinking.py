"""AI decisions that think long run in worker processes (issue 30, item 2): the move the
pool decides is the move the live game's AI makes, a late one gives way to the safe move,
a table waiting for its worker holds up no other match, and stopping leaves no process or
thread behind."""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
import time

import pytest

from bot.core.settings import Settings
from bot.play.changes import Change
from bot.play.lobby import LobbyRequest
from bot.play.matches import MatchService
from bot.play.thinking import Thinker, default_workers
from bot.storage import Storage
from bot.storage.interface import doors_of
from engines.base import GAMES, decide_from_state

HOST, GUEST = 100, 200
TABLES = {"flip7": 4, "sinkorswim": 4, "sequence": 4}  # a table of four of each game


async def _quiet(change: Change) -> None:
    return None


def _pool_threads() -> list[threading.Thread]:
    """The threads a process pool runs in this process: its manager and its queue's feeder
    (the database's own threads are not the pool's to join)."""
    return [
        thread
        for thread in threading.enumerate()
        if type(thread).__module__ == "concurrent.futures.process"
        or thread.name == "QueueFeederThread"
    ]


@pytest.fixture
async def thinker():
    pool = Thinker(1)
    yield pool
    pool.stop()
    assert not multiprocessing.active_children()
    assert not _pool_threads()


def test_the_pool_leaves_the_event_loop_a_cpu():
    assert default_workers() == max(1, len(__import__("os").sched_getaffinity(0)) - 1)


# Flip 7's strong AI follows a Swap's plan from its first step (engines/flip7/picks.py
# keeps it); searched afresh from the middle of a Swap, 20 of 13,304 decisions of 40 games
# differ. Flip 7 decides every level on the loop, so that level never travels.
LEVELS = [(key, level) for key in TABLES for level in GAMES[key].ai_levels]
TRAVELLING = [pair for pair in LEVELS if pair != ("flip7", "strong")]


@pytest.mark.parametrize(("key", "level"), TRAVELLING)
async def test_the_decision_off_the_loop_is_the_decision_on_it(thinker, key, level):
    """Every decision of a seeded game, made in a worker from the saved state, is the one
    `choose_ai` makes on the live game; and deciding changes nothing in the game (its
    random generator included), so the worker's copy and the live one never part."""
    info = GAMES[key]
    game = info.new_game([f"p{n}" for n in range(TABLES[key])], 7)
    decided = 0
    while not game.is_over and decided < 60:
        seat = game.to_act()[0]
        state = game.to_dict()
        here = info.choose_ai(game, seat, level)
        assert game.to_dict() == state
        there = await thinker.answer(info, thinker.ask(info, game, seat, level))
        assert there == here
        game.apply(seat, here)
        decided += 1
    assert decided == 60 or game.is_over


def test_a_game_s_levels_that_think_are_its_own():
    """Only levels a game has can be sent off the loop; Flip 7 sends none (its hard AI
    decides faster than its state could travel)."""
    for info in GAMES.values():
        assert set(info.thinking_levels) <= set(info.ai_levels)
    assert GAMES["flip7"].thinking_levels == ()
    assert GAMES["sinkorswim"].thinking_levels == ("hard",)


def test_a_decision_from_a_saved_state_is_a_move_code_the_game_reads():
    info = GAMES["sequence"]
    game = info.new_game(["a", "b"], 3)
    code = decide_from_state(info.new_game.__module__, "sequence", game.to_dict(), 0, "hard")
    assert info.action_from_code(code) == info.choose_ai(game, 0, "hard")


async def test_a_decision_late_past_its_budget_is_the_safe_move(thinker):
    """The one worker is busy past the budget: the table moves as a lapsed turn does."""
    info = GAMES["sinkorswim"]
    game = info.new_game(["a", "b", "c", "d"], 5)
    loop = asyncio.get_running_loop()
    await thinker.answer(info, thinker.ask(info, game, 0, "hard"))  # the worker runs
    busy = loop.run_in_executor(thinker.running_pool(loop), time.sleep, 0.5)
    thinker.budget = 0.05
    assert await thinker.decide(info, game, 0, "hard") == info.timeout_move(game, 0)
    await busy


async def test_a_worker_that_died_is_replaced(thinker):
    info = GAMES["sequence"]
    game = info.new_game(["a", "b"], 3)
    await thinker.answer(info, thinker.ask(info, game, 0, "hard"))
    for worker in multiprocessing.active_children():
        worker.kill()
        worker.join()
    # The pool finds its worker gone at the next request, or while it waits on it.
    first = await thinker.decide(info, game, 0, "hard")
    assert first in (info.choose_ai(game, 0, "hard"), info.timeout_move(game, 0))
    assert await thinker.decide(info, game, 0, "hard") == info.choose_ai(game, 0, "hard")


async def _table(service: MatchService, game: str, members: int, ais: int) -> int:
    record = await service.open_lobby(
        LobbyRequest(
            guild_id=1, channel_id=5, game=game, host_id=HOST, host_name="host", options={}
        )
    )
    if members > 1:
        await service.act_in_lobby(record.id, GUEST, "guest", "join", _quiet)
    for _ in range(ais):
        await service.act_in_lobby(record.id, HOST, "host", "ai", _quiet)
    await service.act_in_lobby(record.id, HOST, "host", "start", _quiet)
    return record.id


async def _version(service: MatchService, match_id: int) -> int:
    record = await service.reads.get_match(match_id)
    assert record is not None
    return record.version


async def test_a_table_waiting_for_its_worker_holds_up_no_other_match(tmp_path):
    """The only worker is busy: Sink or Swim's hard AI seats wait for it, while another
    match's member moves, and its AI seat (Flip 7's, decided in place) moves too."""
    storage = await Storage.open(tmp_path / "bot.sqlite3")
    settings = Settings(token="t", ai_delay=0, ai_workers=1, game_seed=1)
    thinker = Thinker(1)  # the service's one worker, handed to it to be kept busy here
    service = MatchService(doors_of(storage), settings, lambda: 1000.0, thinker)
    try:
        loop = asyncio.get_running_loop()
        busy = loop.run_in_executor(thinker.running_pool(loop), time.sleep, 1.5)
        thinking = await _table(service, "sinkorswim", 1, 2)
        waiting = await _version(service, thinking)
        other = await _table(service, "flip7", 2, 1)
        record, game = await service.current(other)
        assert game is not None
        seat = game.to_act()[0]
        mover = record.seats[seat].user_id
        if mover is None:  # the AI seat acts first: it moves at once, in place
            await asyncio.sleep(0.05)
            record, game = await service.current(other)
            seat = game.to_act()[0]
            mover = record.seats[seat].user_id
        assert mover is not None
        moved = await service.play(
            other, mover, game.epoch(), game.legal_actions(seat)[0].code, _quiet
        )
        assert moved.record.version > 1
        assert not busy.done()
        assert await _version(service, thinking) == waiting  # still thinking
        await busy
        for _ in range(100):  # the two AI picks, once the worker is free
            if await _version(service, thinking) >= waiting + 2:
                break
            await asyncio.sleep(0.05)
        assert await _version(service, thinking) >= waiting + 2
        assert multiprocessing.active_children() and _pool_threads()  # what stop must end
    finally:
        await service.stop()
        await storage.close()
    assert not multiprocessing.active_children()
    assert not _pool_threads()


@pytest.mark.parametrize("key", ["sinkorswim", "sequence"])
async def test_a_hint_off_the_loop_is_the_hint_on_it(thinker, key):
    """A practice hint worked out in a worker is the one the live game gives."""
    info = GAMES[key]
    assert info.hint is not None
    game = info.new_game([f"p{n}" for n in range(TABLES[key])], 8)
    for _step in range(40):
        if game.is_over:
            break
        seat = game.to_act()[0]
        assert await thinker.result(info, thinker.ask_hint(info, game, seat)) == info.hint(
            game, seat
        )
        game.apply(seat, info.choose_ai(game, seat, "hard"))


async def test_the_loop_s_own_time_on_decisions_is_counted(thinker):
    """Each decision adds the loop's share: deciding in place, or sending the state."""
    quick, slow = GAMES["flip7"], GAMES["sinkorswim"]
    quick_game = quick.new_game(["a", "b", "c"], 1)
    slow_game = slow.new_game(["a", "b", "c"], 1)
    await thinker.decide(quick, quick_game, quick_game.to_act()[0], "hard")
    await thinker.decide(slow, slow_game, 0, "hard")
    assert thinker.on_loop.decisions == 2
    assert 0 < thinker.on_loop.longest <= thinker.on_loop.seconds
