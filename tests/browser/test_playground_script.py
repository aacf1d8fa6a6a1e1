"""`python -m playground` as `scripts/play` runs it: the address it prints answers on
loopback, Ctrl+C ends it cleanly, --db keeps the game for the next run, and a newcomer reads
what to do next, in a server of any language, with none of discord.py's start-up noise."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
READY_LAST_LINE = "Ctrl+C ends the playground."


def _start(*args: str) -> tuple[subprocess.Popen[str], list[str]]:
    process = subprocess.Popen(
        [sys.executable, "-m", "playground", "--no-open", *args],
        cwd=ROOT,
        env=os.environ | {"PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    lines = []
    for line in process.stdout:
        lines.append(line.rstrip())
        if line.strip() == READY_LAST_LINE:
            return process, lines
    process.wait(timeout=30)
    raise AssertionError("the playground did not get ready:\n" + "\n".join(lines))


def _address(lines: list[str]) -> str:
    return next(line.strip() for line in lines if line.strip().startswith("http://"))


def _stop(process: subprocess.Popen[str]) -> list[str]:
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=30)
    assert process.returncode == 0, out
    assert "Traceback" not in out, out
    return out.splitlines()


def test_the_printed_address_answers_and_ctrl_c_ends_it(tmp_path):
    database = tmp_path / "kept.sqlite3"
    process, lines = _start("--game", "flip7", "--ai", "1", "--db", str(database))
    try:
        url = _address(lines)
        assert url.startswith("http://127.0.0.1:") and "#" in url
        with urllib.request.urlopen(url.split("#")[0], timeout=10) as page:
            assert page.status == 200
            assert "<html" in page.read().decode().lower()
    finally:
        rest = _stop(process)
    assert rest[-1] == f"Stopped. Games are kept in {database}."

    process, lines = _start("--game", "flip7", "--db", str(database))
    _stop(process)
    assert "Continued the flip7 match kept in the database." in lines


def test_impossible_options_end_in_one_line():
    result = subprocess.run(
        [sys.executable, "-m", "playground", "--no-open", "--ai", "2"],
        cwd=ROOT,
        env=os.environ | {"PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert (
        result.stderr.strip()
        .splitlines()[-1]
        .endswith("--ai needs --game: AI seats are added to that game's lobby")
    )


@pytest.mark.parametrize("locale", ["vi", "id"])
def test_i26_play_with_ai_seats_starts_in_every_server_language(locale):
    """scripts/play --game flip7 --locale vi --ai 3: the AI seats are added whatever
    language the lobby's buttons are worded in, and the terminal says what to do next."""
    process, lines = _start("--game", "flip7", "--locale", locale, "--ai", "3")
    rest = _stop(process)
    said = "\n".join(lines + rest)
    assert "Error" not in said, said
    assert lines[-2] == (
        "The flip7 lobby is ready: click Start as Ann "
        '(other members may click Join first, from "Viewing as").'
    ), said


def test_i26_a_newcomer_reads_no_start_up_warnings_and_how_to_open_a_lobby():
    process, lines = _start()
    rest = _stop(process)
    said = "\n".join(lines + rest)
    assert "WARNING" not in said and "intent" not in said and "voice" not in said, said
    assert lines[-2] == (
        'Switch "Viewing as" to play each member; type /flip7 start or /sequence start or '
        "/sinkorswim start to open a lobby."
    ), said


def test_i26_a_lobby_short_of_players_says_how_to_fill_it():
    process, lines = _start("--game", "sinkorswim")
    _stop(process)
    assert lines[-2] == (
        "The sinkorswim lobby is open and needs 2 more: click Join as another member "
        '("Viewing as") or Add AI, then Start as Ann.'
    ), lines


def test_i47_4_the_playground_serves_the_live_table_beside_its_page():
    """scripts/play prints where the live table is served, and it answers there: a newcomer
    presses "Open in a browser" on a table for each member's own page."""
    process, lines = _start("--game", "flip7", "--ai", "1")
    try:
        told = next(line for line in lines if line.startswith("The live table is served"))
        base = told.split("(", 1)[1].split(")", 1)[0]
        assert base.startswith("http://127.0.0.1:") and base.endswith("/table/")
        with urllib.request.urlopen(base + "static/table.js", timeout=10) as script:
            assert script.status == 200 and b"WebSocket" in script.read()
        assert "Open in a browser" in told
    finally:
        _stop(process)
