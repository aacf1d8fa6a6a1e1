"""`python -m bot`: read settings (and `.env`), check them, run the bot."""

from __future__ import annotations

import logging
import sqlite3
import sys

import aiohttp
import discord
from dotenv import find_dotenv, load_dotenv

from bot.app import create_bot
from bot.settings import Settings, SettingsError, load_settings


def check_database(settings: Settings) -> None:
    """Open the database file once so a bad path fails here, in one line."""
    path = settings.database_path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        sqlite3.connect(path).close()
    except (OSError, sqlite3.Error) as error:
        raise SettingsError(f"DATABASE_PATH {str(path)!r} can't be opened: {error}.") from None


def main() -> int:
    load_dotenv(find_dotenv(usecwd=True))
    try:
        settings = load_settings()
        check_database(settings)
    except SettingsError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    bot = create_bot(settings)
    try:
        bot.run(settings.token, log_handler=None)
    except discord.LoginFailure:
        print("error: Discord refused DISCORD_TOKEN; copy the bot token again.", file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print("error: the bot asked for an intent not enabled in the portal.", file=sys.stderr)
        return 2
    except (aiohttp.ClientError, OSError) as error:
        print(f"error: can't reach Discord ({error}); check the network.", file=sys.stderr)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
