"""`python -m bot` while Discord can't be reached: it keeps trying (one JSON log line a
try), stays alive for systemd (READY=1 with a STATUS on the notify socket), /healthz says
why; a refused token still ends at once with exit 2, its last line JSON too."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from tests.service.api_at import refusing_api

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _bot(tmp_path: Path, api: str, **env: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.service.api_at", api],
        cwd=tmp_path,
        env={
            "PATH": "/usr/bin:/bin",
            "PYTHONPATH": str(ROOT),
            "DISCORD_TOKEN": "fake-token-for-the-test-0123456789",
            "DATABASE_PATH": str(tmp_path / "games.sqlite3"),
            "LOG_FORMAT": "json",
            **env,
        },
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_an_unreachable_discord_at_start_up_is_waited_out(tmp_path):
    notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    notify.bind(str(tmp_path / "notify"))
    notify.settimeout(30)
    port = _free_port()
    unreachable = f"http://127.0.0.1:{_free_port()}/api/v10"  # nothing listens there
    bot = _bot(
        tmp_path,
        unreachable,
        NOTIFY_SOCKET=str(tmp_path / "notify"),
        WATCHDOG_USEC="1000000",  # WatchdogSec=1: pinged every 0.5 s
        HEALTH_PORT=str(port),
    )
    lines: list[dict] = []
    threading.Thread(
        target=lambda: lines.extend(json.loads(t) for t in bot.stderr), daemon=True
    ).start()
    try:
        told = notify.recv(4096).decode()
        assert told.startswith("READY=1\nSTATUS=waiting for Discord: can't reach Discord (")
        # READY=1 starts systemd's watchdog: the waiting bot pings it.
        assert notify.recv(4096) == b"WATCHDOG=1"
        deadline = time.monotonic() + 30
        while sum("try" in line["message"] for line in lines) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert bot.poll() is None  # alive, still trying
        tries = [line for line in lines if line["message"].startswith("can't reach Discord")]
        assert [line["message"].split("; ")[1] for line in tries[:2]] == [
            "try 1, the next in 2 s",
            "try 2, the next in 4 s",
        ]
        assert {line["level"] for line in tries} == {"WARNING"}
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5)
            raise AssertionError("healthy while Discord is unreachable")
        except urllib.error.HTTPError as error:
            assert error.code == 503
            assert error.read().decode().startswith("gateway: can't reach Discord (")
        bot.send_signal(signal.SIGTERM)
        assert bot.wait(timeout=30) == 0
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.wait()
        notify.close()
    assert not any("PyNaCl" in line["message"] or "davey" in line["message"] for line in lines)


def test_a_refused_token_ends_the_start_at_once_with_exit_2_in_json(tmp_path):
    with refusing_api() as api:
        bot = _bot(tmp_path, api)
        _, stderr = bot.communicate(timeout=60)
    assert bot.returncode == 2, stderr
    lines = [json.loads(line) for line in stderr.splitlines()]  # every line is JSON
    assert lines[-1]["level"] == "ERROR"
    assert lines[-1]["message"] == "Discord refused DISCORD_TOKEN; copy the bot token again."
    assert not any("try" in line["message"] for line in lines)  # no retry
    assert not any("PyNaCl" in line["message"] or "davey" in line["message"] for line in lines)


def test_a_bad_setting_in_json_ends_with_a_json_line(tmp_path):
    bot = _bot(tmp_path, "http://127.0.0.1:9/api/v10", TURN_TIMEOUT="soon")
    _, stderr = bot.communicate(timeout=60)
    assert bot.returncode == 2
    (line,) = [json.loads(text) for text in stderr.splitlines()]
    assert line["level"] == "ERROR" and "TURN_TIMEOUT must be a number" in line["message"]
