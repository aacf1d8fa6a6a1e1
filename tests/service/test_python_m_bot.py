"""`python -m bot` as a host runs it, against SimCord's simulated Discord
(tests/service/fake_discord.py): the health server answers, the JSON log parses line by
line and keeps its secrets, and a SIGTERM in the middle of a burst of clicks loses no move
a member was told was made, and exits 0."""

from __future__ import annotations

import json
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

from prometheus_client.parser import text_string_to_metric_families

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "fake-token-for-the-test-0123456789"  # long enough that the redaction knows it
FIELDS = ("time", "level", "logger", "message", "match_id", "guild_id", "shard")


class Bot:
    """`python -m bot` on the simulated Discord, its stdout lines kept as they come."""

    def __init__(self, database: Path, **env: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.service.fake_discord"],
            cwd=database.parent,
            env={
                "PATH": "/usr/bin:/bin",
                "PYTHONPATH": str(ROOT),
                "DISCORD_TOKEN": TOKEN,
                "DATABASE_PATH": str(database),
                "HEALTH_PORT": "0",
                "LOG_FORMAT": "json",
                "AI_DELAY": "0",
                **env,
            },
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: list[dict[str, Any]] = []
        self.seen = threading.Condition()
        self.stderr: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_log, daemon=True).start()
        self.port = self.wait_for(lambda line: line.get("ready"))["health_port"]
        self.asked = 0

    def _read(self) -> None:
        assert self.process.stdout is not None
        for text in self.process.stdout:
            with self.seen:
                self.lines.append(json.loads(text))
                self.seen.notify_all()

    def _read_log(self) -> None:
        assert self.process.stderr is not None
        self.stderr.extend(self.process.stderr)

    def wait_for(self, wanted: Any, timeout: float = 60.0) -> dict[str, Any]:
        with self.seen:
            found = self.seen.wait_for(
                lambda: next((line for line in self.lines if wanted(line)), None), timeout
            )
        assert found, f"no such line; stderr: {''.join(self.stderr)[-2000:]}"
        return found

    def ask(self, **command: Any) -> dict[str, Any]:
        self.asked += 1
        number = self.asked
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        return self.wait_for(lambda line: line.get("answer") == number)

    def get(self, path: str) -> tuple[int, str]:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=10) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def stop(self, timeout: float = 30.0) -> int:
        """SIGTERM, as systemd stops it; the exit code."""
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout)

    def log(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.stderr]

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)


def test_python_m_bot_serves_health_and_metrics_and_writes_json_logs(tmp_path):
    database = tmp_path / "tabletop.sqlite3"
    bot = Bot(database, LOG_LEVEL="DEBUG")
    try:
        assert bot.get("/healthz") == (200, "ok\n")
        holder = sqlite3.connect(database, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # another program holds the write lock
        try:
            status, text = bot.get("/healthz")
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert status == 503 and text.startswith("database: ") and text.count("\n") == 1
        assert bot.get("/healthz") == (200, "ok\n")

        game = bot.ask(op="game")
        status, text = bot.get("/metrics")
        assert status == 200
        made = {
            sample.labels["game"]: sample.value
            for family in text_string_to_metric_families(text)
            for sample in family.samples
            if sample.name == "tabletop_moves_made_total"
        }
        assert made == {"flip7": game["made"]} and game["made"] > 5
        assert bot.stop() == 0
    finally:
        bot.kill()
    log = bot.log()  # every line is one JSON object (json.loads raised otherwise)
    assert len(log) > 50 and all(tuple(line)[: len(FIELDS)] == FIELDS for line in log)
    assert {line["level"] for line in log} >= {"DEBUG", "INFO", "WARNING"}
    about_the_game = [line for line in log if line["match_id"] == game["match"]]
    assert about_the_game and all(line["guild_id"] for line in about_the_game)
    text = "".join(bot.stderr)
    assert TOKEN not in text and "simcord_interaction_" not in text  # the same secrecy
    assert log[-1]["message"] == "stopped; the database is closed"


def test_sigterm_during_a_burst_of_clicks_keeps_every_answered_move(tmp_path):
    """Four tables played in turn, click after click as fast as the bot answers; SIGTERM
    mid-burst, most likely while a click is being made. That click is finished, saved and
    answered before the database closes; every click told "made" is in the database, and
    no other (each match's version went up by exactly the clicks told made); the one
    click after it meets the bot stopping (told it is restarting) or gone; exit 0."""
    database = tmp_path / "tabletop.sqlite3"
    bot = Bot(database)
    try:
        started = {int(m): v for m, v in bot.ask(op="burst", matches=4)["versions"].items()}
        bot.wait_for(lambda _line: sum(ln.get("told") == "made" for ln in bot.lines) >= 60)
        code = bot.stop()  # its time is measured by bench.graceful_stop, not asserted here
    finally:
        bot.kill()
    assert code == 0, "".join(bot.stderr)[-2000:]
    told = [line for line in bot.lines if "told" in line]
    *made_lines, last = told
    assert {line["told"] for line in made_lines} == {"made"}
    assert last["told"] in ("restarting", "closed"), last
    made = Counter(line["match"] for line in made_lines)
    sent = Counter(line["sent"] for line in bot.lines if "sent" in line)
    assert sent == made + Counter([last["match"]])  # every click sent was answered
    assert all(made[match] >= 5 for match in started), made  # all four were played
    with sqlite3.connect(database) as db:
        versions = dict(db.execute("SELECT id, version FROM matches").fetchall())
    assert versions == {match: version + made[match] for match, version in started.items()}
    assert any(line["message"] == "stopped; the database is closed" for line in bot.log())


def test_python_m_bot_tells_systemd_when_it_is_ready_and_when_it_stops(tmp_path):
    """Under Type=notify, systemd hands the bot NOTIFY_SOCKET: here the test listens on
    that socket as systemd would (the watchdog's pings: tests/service/test_notify.py)."""
    address = tmp_path / "notify"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(str(address))
    listener.settimeout(30)
    bot = Bot(tmp_path / "tabletop.sqlite3", NOTIFY_SOCKET=str(address))
    try:
        assert listener.recv(100) == b"READY=1"
        assert bot.stop() == 0
        assert listener.recv(100) == b"STOPPING=1"
    finally:
        bot.kill()
        listener.close()


def test_python_m_bot_on_a_health_port_in_use_ends_with_one_line(tmp_path):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    try:
        run = subprocess.run(
            [sys.executable, "-m", "tests.service.fake_discord"],
            cwd=tmp_path,
            env={
                "PATH": "/usr/bin:/bin",
                "PYTHONPATH": str(ROOT),
                "DISCORD_TOKEN": TOKEN,
                "HEALTH_PORT": str(port),
            },
            capture_output=True,
            text=True,
            timeout=60,
            stdin=subprocess.DEVNULL,
        )
    finally:
        taken.close()
    assert run.returncode == 2, run.stderr
    last = run.stderr.strip().splitlines()[-1]
    assert last == f"error: HEALTH_PORT {port}: can't listen on 127.0.0.1 (Address already in use)."
    assert "Traceback" not in run.stderr
