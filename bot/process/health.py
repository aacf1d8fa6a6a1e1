"""The host's health and metrics server (HEALTH_PORT; 127.0.0.1 unless HEALTH_HOST):

- `/healthz`: 200 "ok" while every shard's gateway connection is up and the database
  answers a trivial query within a second; otherwise 503 with one line saying which.
- `/metrics`: Prometheus' text format, from the bot's own registry (bot/core/metrics.py).

aiohttp is discord.py's own HTTP library, so this adds no dependency. The lines answered
carry no token, no member and no game.
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import Any, Protocol

import discord
from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from bot.core.failure_log import outage_of
from bot.core.settings import SettingsError
from bot.play.matches import MatchService
from bot.storage.interface import Lifecycle


class Served(Protocol):
    """What the server asks of the bot (bot.process.app.Served, which imports this module)."""

    matches: MatchService
    ws: Any

    @property
    def storage(self) -> Lifecycle: ...

    def is_closed(self) -> bool: ...

    def is_ready(self) -> bool: ...

    @property
    def latency(self) -> float: ...


log = logging.getLogger(__name__)

DATABASE_WAIT = 1.0  # seconds the trivial query may take before the bot counts as unhealthy


def shards_down(bot: Served | discord.Client) -> list[int]:
    """The shards whose gateway connection is not up (one unsharded connection is 0)."""
    if isinstance(bot, discord.AutoShardedClient):
        return sorted(sid for sid, shard in bot.shards.items() if shard.is_closed())
    ws = bot.ws
    return [] if ws is not None and ws.open else [0]


async def database_problem(bot: Served) -> str | None:
    """None when the database answered in time; else why not, in a few words."""
    try:
        await asyncio.wait_for(bot.storage.ping(), DATABASE_WAIT)
    except TimeoutError:
        return f"no answer within {DATABASE_WAIT:g} s"
    except Exception as error:
        outage = outage_of(error)
        if outage is None:
            raise
        return str(outage).rstrip(".") or type(outage).__name__
    return None


async def problem(bot: Served) -> str | None:
    """What keeps the bot from serving, as one line, or None."""
    if bot.is_closed():
        return "stopping"
    waiting = getattr(bot, "waiting_for_discord", None)
    if waiting:
        return f"gateway: {waiting}"
    if not bot.is_ready():
        return "gateway: not connected yet"
    down = shards_down(bot)
    if down:
        return "gateway: shard " + ", ".join(map(str, down)) + " disconnected"
    if not hasattr(bot, "storage"):
        return "database: closed"
    trouble = await database_problem(bot)
    return None if trouble is None else f"database: {trouble}"


class HealthServer:
    def __init__(self, bot: Served, host: str, port: int) -> None:
        self.bot, self.host, self.port = bot, host, port
        app = web.Application()
        app.router.add_get("/healthz", self._health)
        app.router.add_get("/metrics", self._metrics)
        self._runner = web.AppRunner(app, access_log=None)

    async def start(self) -> None:
        await self._runner.setup()
        try:
            await web.TCPSite(self._runner, self.host, self.port).start()
        except OSError as error:  # the port taken, or an address not of this machine
            await self._runner.cleanup()
            why = os.strerror(error.errno) if error.errno else str(error)
            raise SettingsError(
                f"HEALTH_PORT {self.port}: can't listen on {self.host} ({why})."
            ) from None
        self.port = self._runner.addresses[0][1]  # the port bound (a test asks for 0: any)
        log.info("health and metrics on http://%s:%d/healthz and /metrics", self.host, self.port)

    async def stop(self) -> None:
        await self._runner.cleanup()

    async def _health(self, request: web.Request) -> web.Response:
        trouble = await problem(self.bot)
        if trouble is None:
            return web.Response(text="ok\n")
        return web.Response(status=503, text=trouble + "\n")

    async def _metrics(self, request: web.Request) -> web.Response:
        if hasattr(self.bot, "matches") and hasattr(self.bot, "storage"):
            try:
                await self.bot.matches.refresh_metrics(self.latencies())
            except Exception as error:
                if outage_of(error) is None:
                    raise
                # The counters still tell; the gauges keep their last values.
        body = self.bot.matches.exposition() if hasattr(self.bot, "matches") else b""
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    def latencies(self) -> list[tuple[int, float]]:
        if isinstance(self.bot, discord.AutoShardedClient):
            return list(self.bot.latencies)
        return [(0, self.bot.latency)]
