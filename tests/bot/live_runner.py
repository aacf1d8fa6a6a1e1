"""One bot process for the live two-process test: a match service on PostgreSQL running one
shard of two, driven through stdin (open a match against the AI, play the member's move,
follow a match, tell how a match stands here) and reporting on stdout, one JSON line each:
every answer, every change it follows, and every change it made that nobody clicked.

    python -m tests.bot.live_runner DATABASE_URL SHARD
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
from bot.play.bus import Subscription
from bot.play.changes import Change
from bot.play.lobby import LobbyRequest
from bot.play.matches import MatchService
from bot.storage import PostgresStorage
from bot.storage.interface import doors_of
from tests.bot.shard_runner import quiet, say

TURN_TIMEOUT = 600.0  # no member's deadline falls due while the test runs


async def fired(change: Change) -> None:
    say({"fired": change.record.id, "version": change.record.version})


async def open_against_the_ai(service: MatchService, guild: int, user: int) -> dict[str, Any]:
    record = await service.open_lobby(
        LobbyRequest(
            guild_id=guild,
            channel_id=guild + 1,
            game="nim",
            host_id=user,
            host_name=f"u{user}",
            options={"stones": 30},
        ),
    )
    await service.act_in_lobby(record.id, user, f"u{user}", "ai", quiet)
    started = await service.act_in_lobby(record.id, user, f"u{user}", "start", quiet)
    return {"match": record.id, "version": started.record.version}


async def play(service: MatchService, match_id: int, user: int) -> dict[str, Any]:
    """The member takes one stone, from the game as this process reads it now."""
    async with service.session(match_id):
        _record, game = await service.current(match_id)
        assert game is not None
        stamp = game.epoch()
    change = await service.play(match_id, user, stamp, "take1", quiet)
    return {"version": change.record.version}


async def follow(subscription: Subscription) -> None:
    async for delivery in subscription:
        change = delivery.change
        say(
            {
                "delivery": change.match_id,
                "version": change.version,
                "snapshot": delivery.snapshot,
                "events": [[event.kind, dict(event.data)] for event in change.events],
            }
        )


def standing(service: MatchService, match_id: int) -> dict[str, Any]:
    """How the match stands in this process: its in-memory copy, its timer, its bus."""
    held = service.held(match_id)
    due = service.due(match_id)
    latest = service.latest_change(match_id)
    return {
        "held": None if held is None else held.version,
        "timer": None if due is None else [due.version, due.kind],
        "latest": None if latest is None else latest.version,
    }


async def main(url: str, shard: int) -> None:
    storage = await PostgresStorage.open(url)
    settings = Settings(
        token="t",
        ai_delay=0,
        ai_workers=0,
        turn_timeout=TURN_TIMEOUT,
        shard_count=2,
        shard_ids=(shard,),
    )
    service = MatchService(doors_of(storage), settings, time.time)
    service.publish = fired
    await service.restore()
    say({"ready": shard})
    following: list[asyncio.Task[None]] = []
    loop = asyncio.get_running_loop()
    while line := await loop.run_in_executor(None, sys.stdin.readline):
        command = json.loads(line)
        op = command["op"]
        try:
            answer: dict[str, Any]
            if op == "open":
                answer = await open_against_the_ai(service, command["guild"], command["user"])
            elif op == "play":
                answer = await play(service, command["match"], command["user"])
            elif op == "follow":
                subscription = await service.follow(command["match"])
                assert subscription is not None
                following.append(asyncio.create_task(follow(subscription)))
                answer = {}
            else:
                await service.settled()
                answer = standing(service, command["match"])
        except Refusal as refusal:
            answer = {"refused": refusal.kind}
        say({"answer": command["ask"], **answer})
    for task in following:
        task.cancel()
    await service.stop()
    await storage.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
