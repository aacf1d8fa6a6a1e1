"""Bot processes that identify together, for the identify tests and `bench.identify`.

One process (`python -m tests.bot.identify_runner DATABASE_URL API_URL SHARD_COUNT SHARD_IDS
WINDOW`) is the real sharded bot class on PostgreSQL, logged in to a local REST API that
plays Discord's (`/users/@me`, and `/gateway/bot` with its `max_concurrency`). It says
`{"ready": true}`, waits for a line on stdin, then identifies its shards one after the
other as discord.py's `launch_shards` does (the bot's `before_identify_hook`, then the
identify), saying `{"shard": n, "at": time}` as each identify goes out. It stops, its
windows run out, once stdin closes.

`identify_at_once(...)` starts such processes, lets them all go at one moment, and returns
that moment and every identify's shard and time."""

from __future__ import annotations

import asyncio
import contextlib
import json
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from discord.http import Route

from bot.core.settings import Settings
from bot.process.app import create_bot
from bot.storage.shards import parse_shard_ids

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "identify-test-token"
STARTED_WITHIN = 60.0  # seconds a process may take to import and log in


class _Api(BaseHTTPRequestHandler):
    """Discord's REST API, as much as logging in and the session start limits ask."""

    max_concurrency: int | None = 1  # set per server, on a subclass; None: no limits told

    def do_GET(self) -> None:
        if self.path.endswith("/users/@me"):
            body = {"id": "1", "username": "tabletop", "discriminator": "0", "avatar": None}
        elif self.path.endswith("/gateway/bot") and self.max_concurrency is not None:
            limits = {"total": 1000, "remaining": 1000, "reset_after": 0}
            body = {
                "url": "wss://gateway.invalid",
                "shards": 1,
                "session_start_limit": {**limits, "max_concurrency": self.max_concurrency},
            }
        else:
            self.send_error(404)
            return
        data = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


@contextlib.contextmanager
def discord_api(max_concurrency: int | None) -> Iterator[str]:
    """A local REST API telling this `max_concurrency` (None: `/gateway/bot` not found), as
    its base URL (Route.BASE)."""
    handler = type("Api", (_Api,), {"max_concurrency": max_concurrency})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/api/v10"
    finally:
        server.shutdown()
        server.server_close()


def say(line: dict[str, object]) -> None:
    print(json.dumps(line), flush=True)


async def one_process(url: str, api: str, count: int, ids: tuple[int, ...], window: float) -> None:
    Route.BASE = api
    settings = Settings(token=TOKEN, database_url=url, shard_count=count, shard_ids=ids)
    bot = create_bot(settings, ())
    assert bot.identify_gate is not None
    bot.identify_gate.window = window
    await bot.http.static_login(TOKEN)
    loop = asyncio.get_running_loop()
    say({"ready": True})
    await loop.run_in_executor(None, sys.stdin.readline)
    for shard in ids:
        await bot.before_identify_hook(shard, initial=shard == ids[0])
        say({"shard": shard, "at": time.time()})  # discord.py sends the IDENTIFY now
    await loop.run_in_executor(None, sys.stdin.read)
    await bot.identify_gate.close()
    await bot.http.close()


def identify_at_once(
    url: str, shard_count: int, processes: int, max_concurrency: int, window: float
) -> tuple[float, list[tuple[int, float]]]:
    """`processes` bot processes on `url`, the shards split between them in ranges, let go
    at one moment: that moment, and each identify's (shard, time) in order of time."""
    per = -(-shard_count // processes)
    ranges = [(low, min(low + per, shard_count) - 1) for low in range(0, shard_count, per)]
    with discord_api(max_concurrency) as api:
        running = [
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "tests.bot.identify_runner",
                    *(url, api, str(shard_count), f"{low}-{high}", str(window)),
                ],
                cwd=ROOT,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            for low, high in ranges
        ]
        try:
            for process in running:
                assert process.stdout is not None
                line = process.stdout.readline()
                assert json.loads(line) == {"ready": True}, line
            went = time.time()
            for process in running:
                assert process.stdin is not None
                process.stdin.write("go\n")
                process.stdin.flush()
            stamps: list[tuple[int, float]] = []
            for process, (low, high) in zip(running, ranges, strict=True):
                assert process.stdout is not None
                for _ in range(low, high + 1):
                    said = json.loads(process.stdout.readline())
                    stamps.append((said["shard"], said["at"]))
            for process in running:
                assert process.stdin is not None
                process.stdin.close()
            for process in running:
                assert process.wait(STARTED_WITHIN) == 0
        finally:
            for process in running:
                if process.poll() is None:
                    process.kill()
                    process.wait()
    return went, sorted(stamps, key=lambda stamp: stamp[1])


if __name__ == "__main__":
    database, base, total, shard_ids, seconds = sys.argv[1:6]
    shards = parse_shard_ids(shard_ids, int(total))
    asyncio.run(one_process(database, base, int(total), shards, float(seconds)))
