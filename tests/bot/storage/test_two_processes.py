"""Two bot processes on one PostgreSQL, shards 0 and 1 of 2, each with live games of
servers on its shard. One is killed (SIGKILL) mid-game and started again: the other plays
on untouched, every deadline fires exactly once (never by the wrong process, never twice
after the restart, none lost), and every move a member was answered is kept."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.storage import MatchStatus
from bot.storage.shards import shard_of

ROOT = Path(__file__).resolve().parents[3]
TURN = 1.0  # seconds a member has for a turn
GUILDS = {0: (6 << 22, 8 << 22), 1: ((7 << 22) + 5, (9 << 22) + 5)}


class Bot:
    """One bot process, driven through stdin; its stdout lines kept as they come."""

    def __init__(self, url: str, shard: int) -> None:
        self.shard = shard
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.bot.shard_runner", url, str(shard), str(TURN)],
            cwd=ROOT,
            env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.lines: list[dict[str, Any]] = []
        self.seen = threading.Condition()
        self.asked = 0
        threading.Thread(target=self._read, daemon=True).start()
        self.timed = self._wait_for(lambda line: line.get("ready") == shard)["timed"]

    def _read(self) -> None:
        assert self.process.stdout is not None
        for text in self.process.stdout:
            with self.seen:
                self.lines.append(json.loads(text))
                self.seen.notify_all()

    def _wait_for(self, wanted: Any, timeout: float = 20.0) -> dict[str, Any]:
        with self.seen:
            found = self.seen.wait_for(
                lambda: next((line for line in self.lines if wanted(line)), None), timeout
            )
        assert found, f"shard {self.shard} did not answer"
        return found

    def ask(self, **command: Any) -> dict[str, Any]:
        self.asked += 1
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"ask": self.asked, **command}) + "\n")
        self.process.stdin.flush()
        number = self.asked
        return self._wait_for(lambda line: line.get("answer") == number)

    @property
    def fired(self) -> list[tuple[int, int]]:
        with self.seen:
            return [(line["fired"], line["version"]) for line in self.lines if "fired" in line]

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(10)


async def _versions(url: str) -> dict[int, tuple[str, int]]:
    db = await asyncpg.connect(url)
    try:
        rows = await db.fetch("SELECT id, status, version FROM matches")
        return {r[0]: (r[1], r[2]) for r in rows}
    finally:
        await db.close()


async def _moves(url: str) -> set[tuple[int, int, str]]:
    db = await asyncpg.connect(url)
    try:
        rows = await db.fetch("SELECT match_id, version, kind FROM match_events")
        return {(r[0], r[1], r[2]) for r in rows}
    finally:
        await db.close()


@pytest.mark.long
async def test_a_killed_process_leaves_the_other_untouched_and_loses_nothing(postgres_url):
    assert [shard_of(g, 2) for g in GUILDS[0]] == [0, 0]
    assert [shard_of(g, 2) for g in GUILDS[1]] == [1, 1]
    bots = {0: Bot(postgres_url, 0), 1: Bot(postgres_url, 1)}
    restarted: Bot | None = None
    try:
        started: dict[int, int] = {}  # match -> its version once started
        owner: dict[int, int] = {}  # match -> shard
        answered: list[tuple[int, int]] = []
        for shard, bot in bots.items():
            for n, guild in enumerate(GUILDS[shard]):
                users = [1000 * (shard + 1) + 2 * n, 1000 * (shard + 1) + 2 * n + 1]
                opened = bot.ask(op="open", guild=guild, channel=10 * shard + n, users=users)
                started[opened["match"]], owner[opened["match"]] = opened["version"], shard

        def play_round(shard: int) -> None:
            for match in [m for m, s in owner.items() if s == shard]:
                answer = bots[shard].ask(op="play", match=match)
                assert "version" in answer, answer
                answered.append((match, answer["version"]))

        for _ in range(2):
            play_round(0)
            play_round(1)
        bots[0].kill()  # right after its members were answered; its deadlines are pending
        at_kill = await _versions(postgres_url)
        down_since = time.monotonic()
        play_round(1)
        play_round(1)
        while time.monotonic() - down_since < 2.5 * TURN:  # shard 1's deadlines fall due
            time.sleep(0.1)
        while_down = await _versions(postgres_url)
        ours = [m for m, s in owner.items() if s == 0]
        assert {m: while_down[m] for m in ours} == {m: at_kill[m] for m in ours}
        assert any(m not in ours for m, _v in bots[1].fired)  # shard 1 went on timing

        restarted = Bot(postgres_url, 0)
        assert sorted(restarted.timed) == sorted(ours)  # not shard 1's, though open too
        deadline = time.monotonic() + 40
        while time.monotonic() < deadline:
            if all(
                status == MatchStatus.FINISHED
                for status, _v in (await _versions(postgres_url)).values()
            ):
                break
            time.sleep(0.2)
        final = await _versions(postgres_url)
        assert all(status == MatchStatus.FINISHED for status, _v in final.values()), final
        assert bots[1].process.poll() is None  # never restarted, never stopped

        fired = {0: bots[0].fired + restarted.fired, 1: bots[1].fired}
        for shard, changes in fired.items():  # each process timed only its own servers
            assert {owner[m] for m, _v in changes} == {shard}
        assert restarted.fired and {m for m, _v in restarted.fired} == set(ours)
        made = answered + fired[0] + fired[1]
        assert len(made) == len(set(made))  # no version made twice
        for match, (_status, version) in final.items():  # and none missing
            mine = sorted(v for m, v in made if m == match)
            assert mine == list(range(started[match] + 1, version + 1)), match
        moves = await _moves(postgres_url)
        assert all((m, v, "took") in moves for m, v in answered)  # every answer kept
        timed_out = {(m, v) for m, v, kind in moves if kind == "match.timeout"}
        assert {m for m, _v in timed_out} == set(owner)
        assert timed_out <= set(fired[0] + fired[1])
    finally:
        for bot in (bots[1], restarted):
            if bot is not None and bot.process.poll() is None:
                bot.stop()
        if bots[0].process.poll() is None:
            bots[0].kill()
