"""A bot process killed (SIGKILL) with a click's sends queued, then a bot started on its
SQLite file shows what the crash left unsent, once (issue 37).

The killed process (tests/cogs/crash_runner.py) runs its own SimCord, which dies with it:
Discord itself would outlive the bot. So this test rebuilds, in its own SimCord, the Discord
the killed bot left: it takes the same steps up to the crash (the same ids; the deal fixed
by one seed) on a database of its own, and checks that its table message is the one the
killed bot's database names. The new bot then starts on the killed bot's database."""

from __future__ import annotations

import dataclasses
import json
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from cogs.app import create_bot
from tests.cogs.games import test_sink_or_swim as sink
from tests.cogs.helpers import embed_text, is_layout, table_of

ROOT = Path(__file__).resolve().parents[3]
SEED = 7


@pytest.fixture
def settings(settings):
    """Turns long enough that no deadline fires; the deal fixed, as the killed bot's was."""
    return dataclasses.replace(settings, turn_timeout=3600, game_seed=SEED)


def crashed(path: Path) -> dict:
    """Run the bot that crashes (see crash_runner) on `path`: kill it with SIGKILL once its
    pick is saved and the table's edit queued; what it printed then."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.cogs.crash_runner", str(path), str(SEED)],
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line, process.stderr.read() if process.stderr else "no output"
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(30)
    assert process.returncode == -signal.SIGKILL
    return json.loads(line)


def row(path: Path, match_id: int) -> tuple[int, list[str], int]:
    """The match's saved version, outbox and table message, read as the file lies."""
    with sqlite3.connect(path) as db:
        version, outbox, message = db.execute(
            "SELECT version, outbox, message_id FROM matches WHERE id = ?", (match_id,)
        ).fetchone()
    return version, json.loads(outbox or "[]"), message


def tables(world, viewer) -> list:
    shown = world.channel.history(viewer=viewer)
    return [m for m in shown if (m.embeds or is_layout(m)) and not m.flags.ephemeral]


async def test_i37_a_bot_killed_with_sends_queued_shows_them_once_after_the_restart(
    world, settings, tmp_path
):
    path = tmp_path / "killed" / "bot.sqlite3"
    path.parent.mkdir()
    killed = crashed(path)
    assert killed["answered"]  # alice was answered before the crash
    version, outbox, message = row(path, killed["match"])
    assert {"table", "notices"} <= set(outbox)  # saved with the pick, not yet shown
    # The Discord the killed bot left: the same steps here give the same server and table.
    await sink.open_table(world)
    alice, bob = world.people["alice"], world.people["bob"]
    await sink.open_hand(world, alice)
    assert (world.guild.id, world.channel.id) == (killed["guild"], killed["channel"])
    (table,) = tables(world, bob)
    assert table.id == message == killed["table"]
    assert "✅ **alice**" not in embed_text(table)
    mine, _game = await sink.state(world)
    assert version == mine.version + 1  # the killed bot saved alice's pick
    await world.env.bot.shutdown_storage()
    restarted = create_bot(dataclasses.replace(settings, database_path=path))
    await world.env.restart_bot(restarted)
    (table,) = tables(world, bob)  # edited in place: one table, not a second copy
    assert table.id == message and "✅ **alice**" in embed_text(table)
    record = await restarted.storage.get_match(killed["match"])
    assert record.version == version  # shown from the saved state, nothing played again
    await restarted.shutdown_storage()  # a clean stop empties what was shown
    again = create_bot(dataclasses.replace(settings, database_path=path))
    await world.env.restart_bot(again)
    assert await again.storage.matches_with_outbox() == []
    assert [m.id for m in tables(world, bob)] == [message]
    assert "✅ **alice**" in embed_text(table_of(world.channel, bob))
