import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import DEFAULT_DATABASE, SettingsError, load_settings

ROOT = Path(__file__).resolve().parents[2]


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
        }
    )
    assert (settings.dev_guild_id, settings.log_level, settings.turn_timeout) == (123, "DEBUG", 30)
    assert (settings.lobby_timeout, settings.ai_delay) == (120, 0)
    assert str(settings.database_path) == "/tmp/x.sqlite3"


@pytest.mark.parametrize(
    ("env", "fragment"),
    [
        ({}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": "t", "DEV_GUILD_ID": "abc"}, "DEV_GUILD_ID"),
        ({"DISCORD_TOKEN": "t", "TURN_TIMEOUT": "soon"}, "TURN_TIMEOUT must be a number"),
        ({"DISCORD_TOKEN": "t", "TURN_TIMEOUT": "1"}, "between 10 and 3600"),
        ({"DISCORD_TOKEN": "t", "LOG_LEVEL": "LOUD"}, "LOG_LEVEL"),
    ],
)
def test_bad_settings_name_the_problem(env, fragment):
    with pytest.raises(SettingsError, match=fragment):
        load_settings(env)


def _run_bot(tmp_path, env_extra):
    env = {"PATH": "/usr/bin:/bin", **env_extra}
    return subprocess.run(
        [sys.executable, "-m", "bot"],
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


def test_python_m_bot_that_cannot_log_in_ends_with_one_error_line(tmp_path):
    # Offline (as in tests) Discord can't be reached; online it refuses the fake token.
    result = _run_bot(tmp_path, {"DISCORD_TOKEN": "not-a-token"})
    assert result.returncode in (2, 3)
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines()[-1].startswith("error: ")
