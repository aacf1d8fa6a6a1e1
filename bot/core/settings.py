"""Settings read from the environment (and `.env`), checked once at start."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from bot.storage.shards import Shards, parse_shard_ids

DEFAULT_DATABASE = Path("data") / "tabletop.sqlite3"


class SettingsError(Exception):
    """A setting is missing or malformed; the message is one line for the person hosting the bot."""


@dataclass(frozen=True, slots=True)
class Settings:
    token: str
    database_path: Path = DEFAULT_DATABASE
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    turn_timeout: float = 90.0
    lobby_timeout: float = 900.0
    ai_delay: float = 1.2
    # Worker processes for AI decisions that think long (None: one fewer than the CPUs, at
    # least one; 0: every decision on the event loop).
    ai_workers: int | None = None
    # Seeds the deals of new games in a row, for pictures and reproducible play; None draws
    # each deal's seed from the system's randomness, as in production.
    game_seed: int | None = None
    # Make a new, empty database where one is missing though its folder held this bot's data.
    create_database: bool = False
    # Discord's shard count for the whole bot (None: not sharded, one connection), and the
    # shards this process runs (None: all of them).
    # postgresql://… for several processes on one PostgreSQL database (None: SQLite at
    # database_path).
    database_url: str | None = None
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None

    # Open matches one member may be seated in at once in a server, and a channel may hold
    # (lobbies and matches, in the channel or in its threads).
    member_match_limit: int = 10
    channel_match_limit: int = 25

    # Finished matches' event logs (their stories) older than this are pruned; their
    # results and ratings stay.
    event_retention_days: float = 180.0

    # The host's health and metrics server (/healthz, /metrics), off without a port; it
    # listens on this machine only unless HEALTH_HOST says otherwise.
    health_port: int | None = None
    health_host: str = "127.0.0.1"
    # "text" (one readable line per record) or "json" (one JSON object per line).
    log_format: str = "text"
    # Cards shown as pictures: the application's emojis made from the cards' faces at start
    # (off: cards as text, and no emoji calls).
    card_emojis: bool = True

    # The live table (issue 47): its web server's port (None: no live table, no buttons
    # for it) and address, the address people reach it at (the links' base, behind the
    # host's HTTPS proxy), and the key its links are signed with (by default one derived
    # from the bot token, so every process of the bot signs alike).
    table_port: int | None = None
    table_host: str = "127.0.0.1"
    table_url: str | None = None
    table_secret: str | None = None
    # The application's OAuth2 client secret: with it the table also opens inside Discord
    # as an Activity (the member's code exchanged for a token).
    client_secret: str | None = None
    # Discord's API, where the Activity's code is exchanged; a test points it at its own.
    discord_api: str = "https://discord.com/api/v10"

    @property
    def live_table(self) -> bool:
        """Whether the live table is served (and its buttons offered)."""
        return self.table_port is not None

    @property
    def activity(self) -> bool:
        """Whether the table also opens inside Discord, as an Activity."""
        return self.live_table and self.client_secret is not None

    @property
    def link_secret(self) -> str:
        """The key the table's links are signed with."""
        return self.table_secret or "tabletop-live-table:" + self.token

    @property
    def shards(self) -> Shards | None:
        """The part of the servers this process serves (None: every server)."""
        if self.shard_count is None or self.shard_ids is None:
            return None
        return Shards(self.shard_count, self.shard_ids)


def _number(
    env: Mapping[str, str],
    name: str,
    default: float,
    low: float,
    high: float,
    unit: str = "seconds",
) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise SettingsError(f"{name} must be a number of {unit}, not {raw!r}.") from None
    if not low <= value <= high:
        raise SettingsError(f"{name} must be between {low:g} and {high:g} {unit}, not {raw}.")
    return value


def _workers(env: Mapping[str, str]) -> int | None:
    if not env.get("AI_WORKERS", "").strip():
        return None
    return int(_number(env, "AI_WORKERS", 0, 0, 64, "processes"))


def _shards(env: Mapping[str, str]) -> tuple[int | None, tuple[int, ...] | None]:
    count_raw = env.get("SHARD_COUNT", "").strip()
    ids_raw = env.get("SHARD_IDS", "").strip()
    if not count_raw:
        if ids_raw:
            raise SettingsError("SHARD_IDS needs SHARD_COUNT, the shard count of the whole bot.")
        return None, None
    if not count_raw.isdigit() or int(count_raw) < 1:
        raise SettingsError(f"SHARD_COUNT must be a whole number from 1, not {count_raw!r}.")
    count = int(count_raw)
    if not ids_raw:
        return count, None
    try:
        return count, parse_shard_ids(ids_raw, count)
    except ValueError as error:
        raise SettingsError(f"SHARD_IDS {ids_raw!r}: {error}.") from None


def _database_url(env: Mapping[str, str]) -> str | None:
    url = env.get("DATABASE_URL", "").strip()
    if not url:
        return None
    if not url.startswith(("postgresql://", "postgres://")):
        raise SettingsError("DATABASE_URL must start with postgresql:// (unset: SQLite).")
    if env.get("DATABASE_PATH", "").strip():
        raise SettingsError("DATABASE_URL and DATABASE_PATH are both set: keep the one in use.")
    return url


def _health(env: Mapping[str, str]) -> tuple[int | None, str]:
    port_raw = env.get("HEALTH_PORT", "").strip()
    host = env.get("HEALTH_HOST", "").strip() or "127.0.0.1"
    if not port_raw:
        return None, host
    # 0 takes any free port, which the log names (the tests use it).
    if not port_raw.isdigit() or not 0 <= int(port_raw) <= 65535:
        raise SettingsError(f"HEALTH_PORT must be a port from 1 to 65535, not {port_raw!r}.")
    return int(port_raw), host


def _table(env: Mapping[str, str]) -> tuple[int | None, str, str | None]:
    port_raw = env.get("TABLE_PORT", "").strip()
    host = env.get("TABLE_HOST", "").strip() or "127.0.0.1"
    url = env.get("TABLE_URL", "").strip().rstrip("/") or None
    if not port_raw:
        if url is not None:
            raise SettingsError("TABLE_URL needs TABLE_PORT, the port the live table listens on.")
        return None, host, None
    if not port_raw.isdigit() or not 0 <= int(port_raw) <= 65535:
        raise SettingsError(f"TABLE_PORT must be a port from 1 to 65535, not {port_raw!r}.")
    if url is not None and not url.startswith(("https://", "http://")):
        raise SettingsError(f"TABLE_URL must start with https:// (or http://), not {url!r}.")
    return int(port_raw), host, url


def _log_format(env: Mapping[str, str]) -> str:
    raw = env.get("LOG_FORMAT", "").strip().lower() or "text"
    if raw not in ("text", "json"):
        raise SettingsError(f"LOG_FORMAT must be text or json, not {raw!r}.")
    return raw


def load_settings(env: Mapping[str, str] | None = None) -> Settings:
    """Build Settings from environment variables; raise SettingsError naming the bad one."""
    env = os.environ if env is None else env
    token = env.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise SettingsError(
            "DISCORD_TOKEN is not set: put your bot token in .env (see .env.example),"
            " or try every game in a browser without one: scripts/play"
        )
    guild_raw = env.get("DEV_GUILD_ID", "").strip()
    if guild_raw and not guild_raw.isdigit():
        raise SettingsError(f"DEV_GUILD_ID must be a server id (digits only), not {guild_raw!r}.")
    level = env.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
        raise SettingsError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level!r}.")
    create_raw = env.get("CREATE_DATABASE", "").strip().lower()
    if create_raw not in ("", "0", "1", "true", "false", "yes", "no"):
        raise SettingsError(f"CREATE_DATABASE must be 1 or 0, not {create_raw!r}.")
    emojis_raw = env.get("CARD_EMOJIS", "").strip().lower()
    if emojis_raw not in ("", "0", "1", "true", "false", "yes", "no"):
        raise SettingsError(f"CARD_EMOJIS must be 1 or 0, not {emojis_raw!r}.")
    shard_count, shard_ids = _shards(env)
    database_url = _database_url(env)
    health_port, health_host = _health(env)
    table_port, table_host, table_url = _table(env)
    if table_port is not None and health_port is not None and table_port == health_port:
        raise SettingsError("TABLE_PORT and HEALTH_PORT must differ: /metrics stays private.")
    client_secret = env.get("DISCORD_CLIENT_SECRET", "").strip() or None
    if client_secret is not None and table_port is None:
        raise SettingsError("DISCORD_CLIENT_SECRET needs TABLE_PORT: the Activity is the table.")
    return Settings(
        token=token,
        database_path=Path(env.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE),
        dev_guild_id=int(guild_raw) if guild_raw else None,
        log_level=level,
        turn_timeout=_number(env, "TURN_TIMEOUT", 90.0, 10, 3600),
        lobby_timeout=_number(env, "LOBBY_TIMEOUT", 900.0, 60, 86400),
        ai_delay=_number(env, "AI_DELAY", 1.2, 0, 10),
        ai_workers=_workers(env),
        create_database=create_raw in ("1", "true", "yes"),
        database_url=database_url,
        shard_count=shard_count,
        shard_ids=shard_ids,
        event_retention_days=_number(env, "EVENT_RETENTION_DAYS", 180.0, 1, 36500, "days"),
        member_match_limit=int(_number(env, "MEMBER_MATCH_LIMIT", 10, 1, 100, "matches")),
        channel_match_limit=int(_number(env, "CHANNEL_MATCH_LIMIT", 25, 1, 500, "matches")),
        health_port=health_port,
        health_host=health_host,
        log_format=_log_format(env),
        card_emojis=emojis_raw not in ("0", "false", "no"),
        table_port=table_port,
        table_host=table_host,
        table_url=table_url,
        table_secret=env.get("TABLE_SECRET", "").strip() or None,
        client_secret=client_secret,
    )
