"""`python -m playground` as `scripts/play` runs it: the address it prints answers on
loopback, Ctrl+C ends it cleanly, and --db keeps the game for the next run."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

ROOT = Path(__file__).parents[2]


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
        if line.strip().startswith("http://"):
            return process, lines
    process.wait(timeout=30)
    raise AssertionError("no address was printed:\n" + "\n".join(lines))


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
        url = lines[-1].strip()
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
