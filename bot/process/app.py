"""The application: `create_bot(settings, extensions)` builds the bot; setup opens storage and
loads the extensions it was given (the Discord layer composes them: `cogs.app`)."""

from __future__ import annotations

import asyncio
import gc
import logging
import re
from collections.abc import Awaitable, Callable, Iterable, Sequence
from types import ModuleType
from typing import Any, TypeAlias
from urllib.parse import urlsplit

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.log_format import formatter_for, install_record_context
from bot.core.settings import Settings
from bot.errors import Refusal
from bot.host.retention import Retention
from bot.play.matches import MatchService
from bot.process.app_emojis import AppEmojis
from bot.process.command_tree import CommandTree
from bot.process.health import HealthServer
from bot.process.opening import identify_gate, open_storage, where
from bot.process.service import (
    DRAIN_SECONDS,
    UNREACHABLE,
    Gate,
    keep_watchdog,
    notify,
    start_when_reachable,
    watchdog_interval,
)
from bot.storage import IdentifyGate, Store
from bot.storage.interface import doors_of
from bot.tournament.runner import Tournaments
from engines.base import GAMES, packaged_games

log = logging.getLogger(__name__)

# Secrets that reach log lines: interaction and webhook tokens in REST paths, tokens in
# payloads, and anything shaped like a bot token.
_SECRET_PATTERNS = (
    (re.compile(r"(/interactions/\d+/)[^/\s'\"?]+"), r"\1<token>"),
    (re.compile(r"(/webhooks/\d+/)[^/\s'\"?]+"), r"\1<token>"),
    (re.compile(r"""(['"]token['"]\s*:\s*['"])[^'"]*"""), r"\1<token>"),
    (re.compile(r"[\w-]{23,28}\.[\w-]{6,7}\.[\w-]{27,}"), "<token>"),
)
# Loggers that write whole statements or payloads (game states, hands) at DEBUG.
QUIET_LOGGERS = ("aiosqlite", "asyncpg")
# discord.py's DEBUG lines that carry a request, response or event body (a private hand is one):
# (logger, format) -> the argument holding the body.
_BODY_ARGUMENTS = {
    # every gateway event, whole: a click on a private hand carries that hand's message
    ("discord.gateway", "For Shard ID %s: WebSocket Event: %s"): 1,
    ("discord.http", "%s %s with %s has returned %s"): 2,
    ("discord.http", "%s %s has received %s"): 2,
}


class RedactSecrets(logging.Filter):
    """Rewrite a record's message (and traceback) with tokens replaced by `<token>`.

    Installed on a handler, it edits the record itself, so handlers after it see the
    redacted text too."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        # A real token is long; a short test value would blank out ordinary words.
        self._secrets = sorted((s for s in secrets if len(s) >= 8), key=len, reverse=True)

    def redact(self, text: str) -> str:
        for secret in self._secrets:
            text = text.replace(secret, "<token>")
        for pattern, replacement in _SECRET_PATTERNS:
            text = pattern.sub(replacement, text)
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        body = _BODY_ARGUMENTS.get((record.name, str(record.msg)))
        if body is not None and isinstance(record.args, tuple) and len(record.args) > body:
            record.args = (*record.args[:body], "<payload>", *record.args[body + 1 :])
        message = record.getMessage()
        clean = self.redact(message)
        if clean != message:
            record.msg, record.args = clean, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        return True


def install_log_redaction(
    secrets: Iterable[str] = (), handlers: Iterable[logging.Handler] | None = None
) -> RedactSecrets:
    """Redact tokens on every root handler (or `handlers`), and quiet the loggers that
    dump game states, whatever the log level."""
    redactor = RedactSecrets(secrets)
    for handler in logging.getLogger().handlers if handlers is None else handlers:
        handler.addFilter(redactor)
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(logging.INFO)
    return redactor


def setup_logging(settings: Settings) -> None:
    """`python -m bot`'s logging: one line per record (text, or JSON with LOG_FORMAT=json),
    no secrets in any of them."""
    install_record_context()
    handler = logging.StreamHandler()
    handler.setFormatter(formatter_for(settings.log_format))
    logging.basicConfig(level=settings.log_level, handlers=[handler])
    install_log_redaction(secrets_of(settings))


def secrets_of(settings: Settings) -> list[str]:
    """What no log line may show: the bot token, the database's password, and the client
    secret the Activity's codes are exchanged with."""
    password = urlsplit(settings.database_url).password if settings.database_url else None
    return [s for s in (settings.token, password, settings.client_secret) if s]


def utc_timestamp() -> float:
    """The bot's one clock. discord.utils.utcnow is what SimCord moves in tests."""
    return discord.utils.utcnow().timestamp()


class PluginMismatch(RuntimeError):
    """The games the engines offer and the games the cogs draw are not the same."""


def check_plugins(packaged: Iterable[str], plugged: Iterable[str], known: Iterable[str]) -> None:
    """Every game under engines/ has its cog plug-in, and every cog plug-in draws a game the
    engines know; otherwise one line naming what is missing."""
    without_cog = sorted(set(packaged) - set(plugged))
    without_engine = sorted(set(plugged) - set(known))
    problems = [f"no cog plug-in for the game {key!r} (cogs/games/{key}/)" for key in without_cog]
    problems += [f"a cog plug-in for {key!r}, which no engine registers" for key in without_engine]
    if problems:
        raise PluginMismatch("; ".join(problems))


class TabletopBot(commands.Bot):
    """The bot, and the composition root of the platform: the one place that builds the
    match service and the rooms beside it (tournaments, the logs' retention), hands each
    what it needs, and restores and stops them in order."""

    storage: Store
    matches: MatchService
    tournaments: Tournaments
    retention: Retention

    def __init__(
        self,
        settings: Settings,
        extensions: Sequence[ModuleType],
        clock: Callable[[], float] = utc_timestamp,
        extra_plugins: Sequence[str] = (),
    ) -> None:
        sharding: dict[str, Any] = {}
        if isinstance(self, commands.AutoShardedBot):
            ids = settings.shard_ids
            sharding = {"shard_count": settings.shard_count, "shard_ids": ids and list(ids)}
        # Slash commands and buttons only: no privileged intents, no message content.
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            # discord.py's tree, which also keeps the application's Entry Point (an Activity's).
            tree_cls=CommandTree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False),
            **sharding,
        )
        self.settings = settings
        self.clock = clock
        self.extensions_given = tuple(extensions)
        self.extra_plugins = tuple(extra_plugins)
        # How a failed command is answered; the Discord layer words it (cogs.desk.desk).
        self.answer_failure: FailureAnswer | None = None
        # The games whose cog plug-in loaded (cogs' add_game names each), for the start check.
        self.plugged: set[str] = set()
        self.tree.error(self._on_command_error)
        # Every interaction comes through the gate, which a stop closes (bot/process/service.py).
        self.gate: Gate[TabletopBot] = Gate()
        self.gate.install(self._connection)
        self.health: HealthServer | None = None
        # Why the bot can't log in yet (Discord unreachable at start-up), for /healthz.
        self.waiting_for_discord: str | None = None
        self._watchdog: asyncio.Task[None] | None = None
        # On PostgreSQL the identifies of all processes take turns (storage/postgres/identify.py).
        self.identify_gate: IdentifyGate | None = identify_gate(settings)
        # The cards' pictures as application emojis (the Discord layer adds the pictures).
        self.app_emojis = AppEmojis()
        self.emoji_sync: asyncio.Task[bool] | None = None
        # Set by `python -m bot`, the one bot of its process (a test's process makes many).
        self.freeze_after_start = False

    async def setup_hook(self) -> None:
        self.storage = await open_storage(self.settings)
        if self.storage.created:
            log.info("created a new database at %s", where(self.settings))
        doors = doors_of(self.storage)  # the store through each of its doors
        matches = self.matches = MatchService(doors, self.settings, self.clock)
        self.tournaments = Tournaments(matches, doors, matches.failures)
        self.retention = Retention(
            self.storage.standings, self.settings, self.clock, matches.failures
        )
        # discord.py loads (and unloads at close) an extension by its module's name.
        given = [module.__name__ for module in self.extensions_given]
        for extension in (*given, *self.extra_plugins):
            await self.load_extension(extension)
        check_plugins(packaged_games(), self.plugged, GAMES)
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        # Discord's ids for the commands, so sentences can name them as command mentions.
        self.dispatch("commands_synced", synced)
        # Tournaments before the matches' timers (see MatchService.restore).
        await self.matches.restore(first=[self.tournaments.restore])
        self.retention.start()
        if self.freeze_after_start:
            # What the start made (modules, catalogs, the restored matches) lives as long
            # as the process: out of the collector's sight, a full collection (which a
            # burst of new objects sets off, a thousand pages reconnecting) stays short.
            gc.collect()
            gc.freeze()
        await self.serve_health_early()
        if self.settings.card_emojis:
            self.start_emoji_sync()
        else:
            log.info("cards are shown as text: CARD_EMOJIS is off")

    def start_emoji_sync(self) -> None:
        """Make the pictures' emojis in the background: the login doesn't wait for them."""
        self.emoji_sync = asyncio.create_task(self.app_emojis.sync(self, self.storage))

    async def start(self, token: str, *, reconnect: bool = True) -> None:
        """Log in and connect, waiting out a network or Discord outage at start-up."""
        await start_when_reachable(self, token, reconnect=reconnect)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py awaits this before each IDENTIFY of a connection. On PostgreSQL: until
        the shard's rate-limit bucket is free in every process; otherwise discord.py's own
        wait (none for a process's first identify, 5 s for the others)."""
        if self.identify_gate is None:
            await super().before_identify_hook(shard_id, initial=initial)
            return
        concurrency = await self.identify_concurrency()
        await self.identify_gate.before_identify(shard_id or 0, concurrency)

    async def identify_concurrency(self) -> int:
        """Discord's `max_concurrency`; an unsharded bot has one connection, in bucket 0."""
        return 1

    async def serve_health_early(self) -> None:
        """Serve /healthz (once): from setup, or while the start waits for Discord."""
        if self.settings.health_port is not None and self.health is None:
            self.health = HealthServer(self, self.settings.health_host, self.settings.health_port)
            await self.health.start()

    async def on_ready(self) -> None:
        """Connected (again): systemd's Type=notify learns the start is done, and its
        watchdog, when it has one, starts being pinged."""
        notify("READY=1")
        self.start_watchdog()

    def start_watchdog(self) -> None:
        """Ping systemd's watchdog from now on (once READY=1 is sent, it counts)."""
        interval = watchdog_interval()
        if interval is not None and self._watchdog is None:
            self._watchdog = asyncio.create_task(keep_watchdog(interval))

    async def stop_gracefully(self) -> None:
        """Stop taking interactions (new ones are told the bot is restarting), finish
        those in flight, then close the database and Discord (see `close`)."""
        notify("STOPPING=1")
        left = await self.gate.drain()
        if left:
            log.warning("stopping with %d interactions running after %g s", left, DRAIN_SECONDS)
        if self.gate.refused:
            log.info("answered %d interactions while stopping: restarting", self.gate.refused)
        await self.close()

    async def _on_command_error(
        self, interaction: Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Log a failed command (an unusable database quietly, once per kind and interval);
        `answer_failure` tells the member in one private line. A refusal, raised in the
        command or by a check, is no failure: it is only answered."""
        name = interaction.command and interaction.command.qualified_name
        what = f"command {name} by user {interaction.user.id} in channel {interaction.channel_id}"
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        if not isinstance(cause, Refusal | app_commands.CheckFailure):
            self.matches.failures.report(error, f"{what} failed")
        if self.answer_failure is not None:
            await self.answer_failure(interaction, cause)

    async def close(self) -> None:
        self.gate.closed = True
        if self._watchdog is not None:
            self._watchdog.cancel()
        await self.shutdown_storage()
        if self.health is not None:
            await self.health.stop()
            self.health = None
        await super().close()
        if self.identify_gate is not None:
            await self.identify_gate.close()

    async def shutdown_storage(self) -> None:
        """Stop timers and close the database; safe to call twice."""
        if self.emoji_sync is not None and not self.emoji_sync.done():
            self.emoji_sync.cancel()
            await asyncio.gather(self.emoji_sync, return_exceptions=True)
        if hasattr(self, "matches"):
            await self.tournaments.stop()
            await self.retention.stop()
            await self.matches.stop()
        if hasattr(self, "storage"):
            await self.storage.close()
            del self.storage


# One name for an interaction with this bot, so `interaction.client` is known to be ours.
Interaction: TypeAlias = discord.Interaction[TabletopBot]
FailureAnswer = Callable[[Interaction, BaseException], Awaitable[None]]


class ShardedTabletopBot(TabletopBot, commands.AutoShardedBot):
    """The bot on several gateway connections (SHARD_COUNT), running SHARD_IDS of them; it
    restores and times only the matches of servers on those shards."""

    _max_concurrency: int | None = None

    async def identify_concurrency(self) -> int:
        """Discord's `max_concurrency` (identifies per 5 s), from the gateway's session start
        limits, asked once; 1, the strictest, while Discord doesn't say."""
        if self._max_concurrency is None:
            try:
                limits = await self.fetch_session_start_limits()
            except (discord.HTTPException, discord.GatewayNotFound, *UNREACHABLE) as error:
                log.warning("max_concurrency unknown (%s): identifying one at a time", error)
                return 1
            self._max_concurrency = max(1, limits.max_concurrency)
        return self._max_concurrency


def create_bot(
    settings: Settings,
    extensions: Sequence[ModuleType],
    clock: Callable[[], float] = utc_timestamp,
    extra_plugins: Sequence[str] = (),
) -> TabletopBot:
    """The bot with `extensions` (the Discord layer's modules, each with a `setup(bot)`), plus
    `extra_plugins` (extensions named by module, such as the test suite's own games).
    Sharded when the settings give a shard count; one plain connection otherwise."""
    kind = ShardedTabletopBot if settings.shard_count is not None else TabletopBot
    return kind(settings, extensions, clock, extra_plugins)
