"""Running as a service: every interaction passes one gate, and a stop drains them.

The gate wraps discord.py's parser of INTERACTION_CREATE, the one door every click, command
and modal comes through (on a real gateway and under SimCord alike). Open, it lets each
through and keeps the tasks discord.py starts for it, so a stop can wait for them. Closed
(the bot is stopping), it lets none in and has each answered by `answer_restarting` (the
Discord layer words it), so a click is never silently dropped nor half-made.

A stop (SIGTERM from systemd, Ctrl+C) closes the gate, waits for the interactions already
in (their moves are applied, saved and answered under their match locks), stops the
timers, closes the database (pending writes commit first) and only then Discord.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import time
from collections.abc import Awaitable, Callable
from typing import Any, Generic, Protocol, TypeVar

import aiohttp
import discord
from discord.utils import MISSING

log = logging.getLogger(__name__)

# Waiting for Discord at start-up: the first pause, doubled each try up to the longest.
RETRY_FIRST, RETRY_LONGEST = 2.0, 60.0
# What a start-up try may meet while the network or Discord is down (a refused token is
# discord.LoginFailure, which is none of these, and ends the start at once).
UNREACHABLE = (aiohttp.ClientError, OSError, discord.DiscordServerError)

DRAIN_SECONDS = 8.0  # the longest a stop waits for interactions in flight (systemd: 20 s)
# Interaction types that can be answered with a message (commands, components, modals);
# an autocomplete (4) or a ping (1) can't be, and is dropped while stopping.
ANSWERABLE = (2, 3, 5)

# The bot the gate stands in front of (bot/process/app.py's, which imports this module).
ClientT = TypeVar("ClientT", bound=discord.Client)
Answer = Callable[[discord.Interaction[ClientT]], Awaitable[None]]


class Gate(Generic[ClientT]):
    def __init__(self) -> None:
        self.closed = False
        self.in_flight: set[asyncio.Task[Any]] = set()
        self.refused = 0  # interactions answered "restarting", for the log at the end
        # The Discord layer's "the bot is restarting" answer (bot/ writes no sentence).
        self.answer_restarting: Answer[ClientT] | None = None

    def install(self, state: Any) -> None:
        """Put the gate in front of the state's INTERACTION_CREATE parser."""
        parse = state.parsers["INTERACTION_CREATE"]

        def gated(data: Any) -> None:
            if self.closed:
                self._refuse(state, data)
                return
            before = asyncio.all_tasks()
            parse(data)
            # The tasks discord.py just started for this interaction (its command or
            # component callback): a stop waits for them.
            for task in asyncio.all_tasks() - before:
                self.keep(task)

        state.parsers["INTERACTION_CREATE"] = gated

    def keep(self, task: asyncio.Task[Any]) -> None:
        self.in_flight.add(task)
        task.add_done_callback(self.in_flight.discard)

    def _refuse(self, state: Any, data: Any) -> None:
        if data.get("type") not in ANSWERABLE or self.answer_restarting is None:
            return
        self.refused += 1
        interaction: discord.Interaction[ClientT] = discord.Interaction(data=data, state=state)
        self.keep(asyncio.create_task(self._answer(interaction)))

    async def _answer(self, interaction: discord.Interaction[ClientT]) -> None:
        assert self.answer_restarting is not None
        try:
            await self.answer_restarting(interaction)
        except discord.HTTPException as error:  # the member sees "interaction failed"
            log.warning("could not answer an interaction while stopping: %s", error)

    async def drain(self, timeout: float = DRAIN_SECONDS) -> int:
        """Close the gate and wait up to `timeout` for what is in; how many were left."""
        self.closed = True
        deadline = time.monotonic() + timeout
        while self.in_flight:  # an answer may start more (a deferral), so look again
            left = deadline - time.monotonic()
            if left <= 0:
                break
            await asyncio.wait(set(self.in_flight), timeout=left)
        return len(self.in_flight)


def notify(message: str) -> bool:
    """Tell systemd (Type=notify) `message` ("READY=1", "WATCHDOG=1", "STOPPING=1") over
    its socket; without NOTIFY_SOCKET (not under systemd) nothing happens."""
    address = os.environ.get("NOTIFY_SOCKET", "")
    if not address:
        return False
    if address.startswith("@"):  # an abstract socket
        address = "\0" + address[1:]
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        try:
            sock.sendto(message.encode(), address)
        except OSError as error:
            log.warning("could not notify systemd (%s): %s", message, error)
            return False
    return True


def watchdog_interval() -> float | None:
    """Half of systemd's WatchdogSec (WATCHDOG_USEC), when it asks this process for pings."""
    usec = os.environ.get("WATCHDOG_USEC", "")
    pid = os.environ.get("WATCHDOG_PID", "")
    if not usec.isdigit() or (pid and pid != str(os.getpid())):
        return None
    return int(usec) / 2_000_000


async def keep_watchdog(interval: float) -> None:
    """Ping systemd's watchdog every `interval`. The ping comes from the event loop itself,
    so a hung loop (a blocked call, a deadlock) pings no more and systemd restarts the bot
    after WatchdogSec. A database or gateway outage does not stop the pings: a restart
    would not mend those, and /healthz reports them."""
    while True:
        notify("WATCHDOG=1")
        await asyncio.sleep(interval)


class Stoppable(Protocol):
    async def stop_gracefully(self) -> None: ...


async def run_until_stopped(bot: Stoppable, start: Awaitable[None]) -> bool:
    """Run `start` (the bot's connection to Discord) until it ends, or until SIGTERM or
    SIGINT, which stop the bot gracefully; True when a signal stopped it. Errors of the
    start (a refused token) are raised."""
    loop = asyncio.get_running_loop()
    asked = asyncio.Event()
    signals = (signal.SIGTERM, signal.SIGINT)
    for number in signals:
        loop.add_signal_handler(number, asked.set)
    running = asyncio.ensure_future(start)
    told = asyncio.ensure_future(asked.wait())
    try:
        await asyncio.wait({running, told}, return_when=asyncio.FIRST_COMPLETED)
        if not running.done():
            log.info("stopping: finishing the interactions in flight")
            await bot.stop_gracefully()
            if getattr(bot, "waiting_for_discord", None):
                running.cancel()  # only waiting out an outage: nothing to finish
                await asyncio.wait({running})
                return True
            await running  # the connection ends once the bot has closed
        running.result()
        return asked.is_set()
    finally:
        told.cancel()
        for number in signals:
            loop.remove_signal_handler(number)


class Connecting(Protocol):
    http: Any
    waiting_for_discord: str | None

    async def login(self, token: str) -> None: ...

    async def connect(self, *, reconnect: bool = True) -> None: ...

    async def serve_health_early(self) -> None: ...

    def start_watchdog(self) -> None: ...


async def start_when_reachable(
    bot: Connecting,
    token: str,
    *,
    reconnect: bool = True,
    first: float = RETRY_FIRST,
    longest: float = RETRY_LONGEST,
) -> None:
    """`bot.start(token)` that waits out a network or Discord outage: each failed login is
    one log line and a longer pause (up to `longest`), /healthz says why meanwhile, and
    systemd is told the process is alive (READY=1 with a STATUS), so TimeoutStartSec
    doesn't kill a bot that only waits. Once logged in, discord.py reconnects on its own."""
    delay, tries = first, 0
    while True:
        tries += 1
        try:
            await bot.login(token)
            break
        except UNREACHABLE as error:
            reason = f"can't reach Discord ({str(error) or type(error).__name__})"
            bot.waiting_for_discord = reason
            log.warning("%s; try %d, the next in %g s", reason, tries, delay)
            notify(f"READY=1\nSTATUS=waiting for Discord: {reason}")
            bot.start_watchdog()  # READY=1 starts systemd's WatchdogSec: keep pinging
            # The next login makes a new session on the same connector: close this one
            # and let discord.py make a new connector, so nothing is left unclosed.
            await bot.http.close()
            bot.http.connector = MISSING
            await bot.serve_health_early()
            await asyncio.sleep(delay)
            delay = min(delay * 2, longest)
    bot.waiting_for_discord = None
    notify("STATUS=connecting to Discord")
    await bot.connect(reconnect=reconnect)
