import os
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.core.settings import DEFAULT_DATABASE, SettingsError, load_settings
from tests.service.api_at import refusing_api

ROOT = Path(__file__).resolve().parents[3]


def test_defaults_need_only_a_token():
    settings = load_settings({"DISCORD_TOKEN": "abc"})
    assert settings.token == "abc"
    assert settings.database_path == DEFAULT_DATABASE
    assert settings.turn_timeout == 90
    assert settings.dev_guild_id is None


def test_every_setting_is_read():
    settings = load_settings(
        {
            "DISCORD_TOKEN": "t",
            "DATABASE_PATH": "/tmp/x.sqlite3",
            "DEV_GUILD_ID": "123",
            "LOG_LEVEL": "debug",
            "TURN_TIMEOUT": "30",
            "LOBBY_TIMEOUT": "120",
            "AI_DELAY": "0",
            "AI_WORKERS": "3",
        }
    )
    assert (settings.dev_guild_id, settings.log_level, settings.turn_timeout) == (123, "DEBUG", 30)
    assert (settings.lobby_timeout, settings.ai_delay, settings.ai_workers) == (120, 0, 3)
    assert str(settings.database_path) == "/tmp/x.sqlite3"


@pytest.mark.parametrize(
    ("env", "fragment"),
    [
        ({}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": "t", "DEV_GUILD_ID": "abc"}, "DEV_GUILD_ID"),
        ({"DISCORD_TOKEN": "t", "TURN_TIMEOUT": "soon"}, "TURN_TIMEOUT must be a number"),
        ({"DISCORD_TOKEN": "t", "TURN_TIMEOUT": "1"}, "between 10 and 3600"),
        ({"DISCORD_TOKEN": "t", "LOG_LEVEL": "LOUD"}, "LOG_LEVEL"),
        ({"DISCORD_TOKEN": "t", "AI_WORKERS": "99"}, "AI_WORKERS must be between 0 and 64"),
    ],
)
def test_bad_settings_name_the_problem(env, fragment):
    with pytest.raises(SettingsError, match=fragment):
        load_settings(env)


def _run_bot(tmp_path, env_extra, prefix=()):
    """`python -m bot` against a local Discord API that refuses the token, so a start that
    gets past its checks ends there (exit 2) instead of waiting for the real one."""
    env = {"PATH": "/usr/bin:/bin", **env_extra}
    with refusing_api() as api:
        return subprocess.run(
            [*prefix, sys.executable, "-m", "tests.service.api_at", api],
            cwd=tmp_path,
            env=env | {"PYTHONPATH": str(ROOT)},
            capture_output=True,
            text=True,
            timeout=60,
        )


def test_python_m_bot_without_token_prints_one_line(tmp_path):
    result = _run_bot(tmp_path, {})
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "error: DISCORD_TOKEN is not set: put your bot token in .env (see .env.example),"
        " or try every game in a browser without one: scripts/play"
    ]
    assert "Traceback" not in result.stderr


def test_python_m_bot_with_unusable_database_path_fails_cleanly(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = _run_bot(
        tmp_path, {"DISCORD_TOKEN": "t", "DATABASE_PATH": str(blocker / "db.sqlite3")}
    )
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "DATABASE_PATH" in result.stderr and "Traceback" not in result.stderr


def test_python_m_bot_reads_dotenv(tmp_path):
    (tmp_path / ".env").write_text("DISCORD_TOKEN=t\nTURN_TIMEOUT=never\n")
    result = _run_bot(tmp_path, {})
    assert result.returncode == 2
    assert "TURN_TIMEOUT must be a number" in result.stderr


def _one_error_line(result, fragment):
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and fragment in lines[0], lines


def _make_database(path):
    import asyncio

    from bot.storage import Storage

    async def make():
        await (await Storage.open(path)).close()

    asyncio.run(make())


def test_python_m_bot_refuses_a_newer_schema(tmp_path):
    path = tmp_path / "db" / "bot.sqlite3"
    _make_database(path)
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 99")
    result = _run_bot(tmp_path, {"DISCORD_TOKEN": "t", "DATABASE_PATH": str(path)})
    _one_error_line(result, "schema 99, newer than this bot")


def test_python_m_bot_refuses_a_missing_database_where_data_was(tmp_path):
    path = tmp_path / "db" / "bot.sqlite3"
    _make_database(path)
    path.unlink()
    env = {"DISCORD_TOKEN": "t", "DATABASE_PATH": str(path)}
    _one_error_line(_run_bot(tmp_path, env), "CREATE_DATABASE=1")
    missing_folder = {"DISCORD_TOKEN": "t", "DATABASE_PATH": str(tmp_path / "gone" / "x.db")}
    _one_error_line(_run_bot(tmp_path, missing_folder), "folder does not exist")
    asked = _run_bot(tmp_path, env | {"CREATE_DATABASE": "1"})  # then refused by Discord
    assert "created a new, empty database" in asked.stderr and path.exists()


def test_python_m_bot_first_start_says_it_created_the_database(tmp_path):
    result = _run_bot(tmp_path, {"DISCORD_TOKEN": "t"})
    assert "created a new, empty database at data/tabletop.sqlite3" in result.stderr
    assert (tmp_path / "data" / "tabletop.sqlite3").exists()


def test_python_m_bot_on_a_read_only_folder_ends_with_one_line(tmp_path):
    folder = tmp_path / "db"
    path = folder / "bot.sqlite3"
    _make_database(path)
    env = {"DISCORD_TOKEN": "t", "DATABASE_PATH": str(path)}
    if os.geteuid() != 0:
        folder.chmod(0o555)
        path.chmod(0o444)
        try:
            result = _run_bot(tmp_path, env)
        finally:
            folder.chmod(0o755)
            path.chmod(0o644)
    else:  # root writes through chmod: mount the folder read-only in a namespace instead
        if not shutil.which("unshare"):
            pytest.skip("running as root without unshare: can't make a folder read-only")
        script = 'mount --bind -o ro "$0" "$0" && touch "$0/probe" 2>/dev/null; exec "$@"'
        result = _run_bot(tmp_path, env, prefix=["unshare", "-m", "sh", "-c", script, str(folder)])
        if "unshare" in result.stderr or "mount" in result.stderr:
            pytest.skip(f"no mount namespace here: {result.stderr.strip()}")
    _one_error_line(result, "read-only")


def test_a_fresh_clone_with_the_example_settings_creates_its_database(tmp_path):
    """The quick start: .env copied from .env.example (which may name the default path) on
    a clone with no data/ yet. The database is made, and the start goes on to Discord,
    which refuses the example's token, not a database error."""
    env = {"DISCORD_TOKEN": "t", "DATABASE_PATH": "data/tabletop.sqlite3"}
    result = _run_bot(tmp_path, env)
    assert result.returncode == 2, result.stderr
    assert "error: Discord refused DISCORD_TOKEN" in result.stderr
    assert (tmp_path / "data" / "tabletop.sqlite3").exists()
    assert "Traceback" not in result.stderr


def test_engines_and_cog_plugins_that_disagree_stop_the_start_with_one_line():
    from bot.process.app import PluginMismatch, check_plugins

    check_plugins({"flip7", "sequence"}, {"flip7", "sequence", "nim"}, {"flip7", "sequence", "nim"})
    with pytest.raises(PluginMismatch, match=r"no cog plug-in for the game 'sequence'"):
        check_plugins({"flip7", "sequence"}, {"flip7"}, {"flip7", "sequence"})
    with pytest.raises(PluginMismatch, match=r"a cog plug-in for 'chess', which no engine"):
        check_plugins({"flip7"}, {"flip7", "chess"}, {"flip7"})


@pytest.mark.parametrize(
    ("count", "ids", "expected"),
    [
        ("4", "0-3", (0, 1, 2, 3)),
        ("4", "0,2", (0, 2)),
        ("8", "0-1, 4", (0, 1, 4)),
        ("2", "1", (1,)),
        ("2", "", None),  # all shards of 2 in this one process
    ],
)
def test_shard_settings_are_read(count, ids, expected):
    settings = load_settings({"DISCORD_TOKEN": "t", "SHARD_COUNT": count, "SHARD_IDS": ids})
    assert (settings.shard_count, settings.shard_ids) == (int(count), expected)
    assert (settings.shards is None) == (expected is None)


def test_no_shard_settings_means_one_unsharded_connection():
    settings = load_settings({"DISCORD_TOKEN": "t"})
    assert (settings.shard_count, settings.shard_ids, settings.shards) == (None, None, None)


@pytest.mark.parametrize(
    ("count", "ids", "fragment"),
    [
        ("", "0-3", "SHARD_IDS needs SHARD_COUNT"),
        ("0", "", "SHARD_COUNT must be a whole number from 1, not '0'"),
        ("two", "", "SHARD_COUNT must be a whole number"),
        ("4", "0-4", "shard 4 is not below SHARD_COUNT (4)"),
        ("4", "3-1", "runs backwards"),
        ("4", "0-2,2", "shard 2 is named twice"),
        ("4", "a", "'a' is not a shard id or a range like 0-3"),
        ("4", "0,", "'' is not a shard id"),
    ],
)
def test_bad_shard_settings_are_one_line(count, ids, fragment):
    env = {"DISCORD_TOKEN": "t", "SHARD_COUNT": count, "SHARD_IDS": ids}
    with pytest.raises(SettingsError, match=re.escape(fragment)) as raised:
        load_settings(env)
    assert "\n" not in str(raised.value)


def test_event_retention_is_read_in_days():
    assert load_settings({"DISCORD_TOKEN": "t"}).event_retention_days == 180
    env = {"DISCORD_TOKEN": "t", "EVENT_RETENTION_DAYS": "30"}
    assert load_settings(env).event_retention_days == 30
    with pytest.raises(
        SettingsError, match="EVENT_RETENTION_DAYS must be between 1 and 36500 days"
    ):
        load_settings({"DISCORD_TOKEN": "t", "EVENT_RETENTION_DAYS": "0"})


def test_python_m_bot_refuses_a_database_another_bot_holds_naming_it(tmp_path):
    """A second bot on the same SQLite file (a unit started twice) stops with one line
    naming the one that holds it, through the lock file the running bot keeps."""
    from bot.storage.sqlite.holder import holding

    path = tmp_path / "db" / "bot.sqlite3"
    _make_database(path)
    env = {"DISCORD_TOKEN": "t", "DATABASE_PATH": str(path)}
    with holding(path, "the bot"):
        result = _run_bot(tmp_path, env)
    _one_error_line(result, f"is in use by the bot, pid {os.getpid()} (it holds bot.sqlite3.lock)")


def test_card_emojis_are_on_unless_turned_off():
    assert load_settings({"DISCORD_TOKEN": "t"}).card_emojis
    assert not load_settings({"DISCORD_TOKEN": "t", "CARD_EMOJIS": "0"}).card_emojis
    with pytest.raises(SettingsError, match="CARD_EMOJIS"):
        load_settings({"DISCORD_TOKEN": "t", "CARD_EMOJIS": "maybe"})
