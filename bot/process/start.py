"""`python -m bot`: read settings (and `.env`), check them, run the bot.

bot/ names no cog: the Discord layer's composition root (`cogs.app.create_bot`) is found
through the package's entry point `tabletop_bot.app` (pyproject.toml)."""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from collections.abc import Callable
from contextlib import nullcontext
from importlib.metadata import entry_points

import discord
from dotenv import find_dotenv, load_dotenv

from bot.core.log_format import JsonFormatter
from bot.core.settings import DEFAULT_DATABASE, Settings, SettingsError, load_settings
from bot.process.app import PluginMismatch, TabletopBot, setup_logging
from bot.process.service import run_until_stopped
from bot.storage import PostgresStorage, StorageBusy, StorageError
from bot.storage.sqlite.database import open_database
from bot.storage.sqlite.holder import holding
from bot.storage.sqlite.store import HOLDER

log = logging.getLogger("bot")


def check_postgres(url: str) -> None:
    """Connect and migrate once before Discord: an unreachable server, a refused password or a
    newer schema ends the start here in one line."""

    async def check() -> bool:
        storage = await PostgresStorage.open(url)
        await storage.close()
        return storage.created

    try:
        created = asyncio.run(check())
    except StorageError as error:
        raise SettingsError(f"DATABASE_URL: {error}") from None
    if created:
        log.warning("created the bot's tables in the PostgreSQL database")


def check_database(settings: Settings) -> None:
    """Open the database once before Discord, so a database the bot can't use ends the start
    here in one line: read-only, newer than this bot, in use, or missing where it was."""
    if settings.database_url is not None:
        check_postgres(settings.database_url)
        return
    path = settings.database_path
    # A path of the host's own whose folder is gone is likely a volume not mounted; the
    # default folder (data/) is simply made on the first start.
    configured = path != DEFAULT_DATABASE and bool(os.environ.get("DATABASE_PATH", "").strip())
    if configured and not path.parent.is_dir() and not settings.create_database:
        raise SettingsError(
            f"DATABASE_PATH {str(path)!r}: its folder does not exist (a volume not mounted?); "
            "create it, or set CREATE_DATABASE=1 to start a new database there."
        )
    try:
        with holding(path, HOLDER) if path.parent.is_dir() else nullcontext():
            opened = open_database(path, create=settings.create_database)
    except StorageBusy:
        raise SettingsError(
            f"DATABASE_PATH {str(path)!r} is busy: another program holds it."
        ) from None
    except StorageError as error:
        raise SettingsError(f"DATABASE_PATH: {error}") from None
    opened.connection.close()
    if opened.created:
        log.warning("created a new, empty database at %s", path)


def bot_factory() -> Callable[[Settings], TabletopBot]:
    """The installed Discord layer's `create_bot`; a checkout installed before it had one
    ends the start here in one line."""
    found = entry_points(group="tabletop_bot.app", name="create_bot")
    if not found:
        raise SettingsError(
            "the Discord layer is not installed; install again: "
            "rm -f .venv/.pyproject.sha256 && scripts/start --install"
        )
    factory: Callable[[Settings], TabletopBot] = next(iter(found)).load()
    return factory


async def serve(bot: TabletopBot, token: str) -> None:
    """Connect and run until Discord ends it or SIGTERM/SIGINT stop the bot gracefully
    (bot/process/service.py); either way the database is closed before this returns."""
    async with bot:
        stopped = await run_until_stopped(bot, bot.start(token))
    if stopped:
        log.info("stopped; the database is closed")


def fail(text: str) -> int:
    """The start's last line, on stderr: JSON too with LOG_FORMAT=json (read here, as the
    settings may be what failed); exit code 2, no retry (docs/HOSTING.md)."""
    if os.environ.get("LOG_FORMAT", "").strip().lower() == "json":
        record = logging.LogRecord("bot", logging.ERROR, __file__, 0, text, None, None)
        print(JsonFormatter().format(record), file=sys.stderr)
    else:
        print(f"error: {text}", file=sys.stderr)
    return 2


def main() -> int:
    load_dotenv(find_dotenv(usecwd=True))
    # The bot has no voice: discord.py's warnings that its voice libraries are missing
    # (PyNaCl, davey) would only be noise at every start.
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
    try:
        settings = load_settings()
        setup_logging(settings)
        check_database(settings)
        create_bot = bot_factory()
    except SettingsError as error:
        return fail(str(error))
    bot = create_bot(settings)
    bot.freeze_after_start = True
    try:
        asyncio.run(serve(bot, settings.token))
    except SettingsError as error:  # found only once running (HEALTH_PORT taken)
        return fail(str(error))
    except PluginMismatch as error:
        return fail(f"{error}; every game needs its engine and its cog.")
    except discord.LoginFailure:
        return fail("Discord refused DISCORD_TOKEN; copy the bot token again.")
    except discord.PrivilegedIntentsRequired:
        return fail("the bot asked for an intent not enabled in the portal.")
    return 0
