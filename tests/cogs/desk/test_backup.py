"""A backup taken while the bot plays, restored after the bot stopped: the restarted bot
continues the match from the backup's moment and plays it to the end."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.storage import MatchStatus, Storage
from cogs.app import create_bot
from tests.cogs.games.test_flip7 import first_turn, play_one, play_to_end
from tests.cogs.helpers import table_of

ROOT = Path(__file__).resolve().parents[3]
MIGRATE = (sys.executable, "-m", "bot.migrate_db", "--from")


def _backup_tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.backup", *args],
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )


async def test_a_live_backup_restores_and_the_restarted_bot_plays_on(world, settings, tmp_path):
    env, channel, people = world.env, world.channel, world.people
    await first_turn(world)
    database = str(settings.database_path)
    copy = tmp_path / "backups" / "before.sqlite3"
    copy.parent.mkdir()
    record = await env.bot.storage.open_match_in_channel(channel.id)
    taken = _backup_tool(str(copy), "--database", database)  # the bot is running, in WAL mode
    assert taken.returncode == 0, taken.stderr
    with sqlite3.connect(copy) as db:  # one self-contained file, no -wal beside it
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    again = _backup_tool(str(copy), "--database", database)
    assert again.returncode == 2 and "never overwrites" in again.stderr
    await play_one(channel, people)  # a move after the backup, which the restore undoes
    await play_one(channel, people)

    await env.bot.shutdown_storage()
    restored = _backup_tool("--restore", str(copy), "--database", database)
    assert restored.returncode == 0, restored.stderr
    await env.restart_bot(create_bot(settings))
    storage = env.bot.storage
    back = await storage.get_match(record.id)
    assert back is not None and (back.version, back.state) == (record.version, record.state)
    assert (await people["alice"].slash(channel, "flip7 table")).acknowledged
    assert table_of(channel, people["alice"]).components
    await play_to_end(env, channel, people)
    ended = await storage.get_match(record.id)
    assert ended is not None and ended.status == MatchStatus.FINISHED
    assert await storage.last_played(world.guild.id) == "flip7"


def test_a_backup_refuses_what_is_not_the_bots_database(tmp_path):
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE t (x)")
    db.close()
    result = _backup_tool(str(tmp_path / "copy.sqlite3"), "--database", str(other))
    assert result.returncode == 2
    assert result.stderr.strip() == f"error: {str(other)!r} is not this bot's database."
    assert not (tmp_path / "copy.sqlite3").exists()
    missing = _backup_tool(str(tmp_path / "c.sqlite3"), "--database", str(tmp_path / "none"))
    assert missing.returncode == 2 and "no database at" in missing.stderr


async def test_i26_a_first_backup_makes_its_folder(tmp_path):
    """`python -m bot.backup backups/x.sqlite3` works on a fresh checkout, where `backups/`
    does not exist yet; a folder it can't make is one line, not a traceback."""
    database = tmp_path / "data" / "bot.sqlite3"
    await (await Storage.open(database, create=True)).close()
    copy = tmp_path / "backups" / "first.sqlite3"
    taken = _backup_tool(str(copy), "--database", str(database))
    assert taken.returncode == 0, taken.stderr
    assert taken.stdout.strip() == f"backed up to {copy}"
    with sqlite3.connect(copy) as db:
        assert db.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    db.close()
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    refused = _backup_tool(str(blocked / "copy.sqlite3"), "--database", str(database))
    assert refused.returncode == 2
    assert refused.stderr.startswith(f"error: can't make the folder {str(blocked)!r}: ")


async def test_a_restore_or_a_migration_refuses_while_the_bot_holds_the_database(
    world, settings, tmp_path
):
    """The running bot holds its database's lock file: a restore (which would pull the file
    from under its open matches) and a migration (which would leave its next moves behind)
    refuse, naming it, and change nothing; once the bot has stopped, the restore goes on."""
    env, channel, people = world.env, world.channel, world.people
    await first_turn(world)
    database = str(settings.database_path)
    copy = tmp_path / "before.sqlite3"
    assert _backup_tool(str(copy), "--database", database).returncode == 0  # backups may run
    await play_one(channel, people)
    record = await env.bot.storage.open_match_in_channel(channel.id)
    restored = _backup_tool("--restore", str(copy), "--database", database)
    assert restored.returncode == 2
    assert restored.stderr.strip() == (
        f"error: the database {database!r} is in use by the bot, pid {os.getpid()} "
        "(it holds bot.sqlite3.lock); stop it first."
    )
    migrated = subprocess.run(
        [*MIGRATE, f"sqlite:{database}", "--to", "postgresql://nobody@127.0.0.1:1/none"],
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert migrated.returncode == 2
    assert f"is in use by the bot, pid {os.getpid()}" in migrated.stderr
    assert await env.bot.storage.get_match(record.id) == record  # nothing was touched
    await play_one(channel, people)  # the bot plays on
    after = await env.bot.storage.get_match(record.id)
    assert after is not None and after.version > record.version

    await env.bot.shutdown_storage()
    again = _backup_tool("--restore", str(copy), "--database", database)
    assert again.returncode == 0, again.stderr
