"""One bot process of a sharded bot, for the two-process test: a match service on PostgreSQL
running one shard of two, driven through stdin as Discord would drive it (open a match,
play a move) and reporting on stdout, one JSON line each, every answer and every change
it made that nobody clicked (a deadline that fired, an AI move).

    python -m tests.bot.shard_runner DATABASE_URL SHARD TURN_TIMEOUT
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any

import tests.nim.engine  # noqa: F401  (registers the test game)
from bot.core.settings import Settings
from bot.errors import Refusal
from bot.play.changes import Change
from bot.play.lobby import LobbyRequest
from bot.play.matches import MatchService
from bot.storage import PostgresStorage
from bot.storage.interface import doors_of


def say(line: dict[str, Any]) -> None:
    print(json.dumps(line), flush=True)


async def quiet(change: Change) -> None:
    return None


async def fired(change: Change) -> None:
    say({"fired": change.record.id, "version": change.record.version})


async def open_match(
    service: MatchService, guild: int, channel: int, users: list[int]
) -> dict[str, Any]:
    host, guest = users
    record = await service.open_lobby(
        LobbyRequest(
            guild_id=guild,
            channel_id=channel,
            game="nim",
            host_id=host,
            host_name=f"u{host}",
            options={"stones": 30},
        ),
    )
    await service.act_in_lobby(record.id, guest, f"u{guest}", "join", quiet)
    started = await service.act_in_lobby(record.id, host, f"u{host}", "start", quiet)
    return {"match": record.id, "version": started.record.version}


async def play(service: MatchService, match_id: int) -> dict[str, Any]:
    """The member whose turn it is takes one stone (as their click would)."""
    async with service.lock(match_id):
        record, game = await service.current(match_id)
        assert game is not None
        user = record.seats[game.to_act()[0]].user_id
    change = await service.play(match_id, user or 0, game.epoch(), "take1", quiet)
    return {"version": change.record.version}


async def main(url: str, shard: int, turn_timeout: float) -> None:
    storage = await PostgresStorage.open(url)
    settings = Settings(
        token="t", ai_delay=0, turn_timeout=turn_timeout, shard_count=2, shard_ids=(shard,)
    )
    service = MatchService(doors_of(storage), settings, time.time)
    service.publish = fired
    known = [record.id for record in await storage.open_matches()]
    await service.restore()
    # The open matches this process now times (read before any timer can fire).
    say({"ready": shard, "timed": [i for i in known if service.due(i)]})
    loop = asyncio.get_running_loop()
    while line := await loop.run_in_executor(None, sys.stdin.readline):
        command = json.loads(line)
        try:
            if command["op"] == "open":
                where = command["guild"], command["channel"], command["users"]
                answer: dict[str, Any] = await open_match(service, *where)
            else:
                answer = await play(service, command["match"])
        except Refusal as refusal:
            answer = {"refused": refusal.kind}
        say({"answer": command["ask"], **answer})
    await service.stop()
    await storage.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), float(sys.argv[3])))
