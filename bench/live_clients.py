"""The pages of `bench.live_table`, in a process of their own so they never share the bot's
event loop: WebSockets to the live table, driven by commands on stdin, one JSON per line.

- `{"open": [url, ...]}`: connect every socket (`…/table/ws?t=…`); answered
  `{"ready": n}` once each has its first frame.
- `{"reconnect": true}`: close every socket and connect it again at once, resuming after
  the version it saw last; answered `{"reconnected": n, "seconds": s}` once every one is
  back and has had what it missed.
- `{"dump": true}`: answered `{"arrivals": [[socket, version, at], ...]}`, `at` on the
  machine's monotonic clock (the bot's process reads the same clock), then forgotten.
- `{"quit": true}`: close everything and exit.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time

import aiohttp


def now() -> float:
    """The machine's monotonic clock, which the bot's process reads too."""
    return time.clock_gettime(time.CLOCK_MONOTONIC)


class Page:
    def __init__(self, index: int, url: str, session: aiohttp.ClientSession, log: list) -> None:
        self.index, self.url, self.session, self.log = index, url, session, log
        self.version: int | None = None
        self.first = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.socket: aiohttp.ClientWebSocketResponse | None = None

    def start(self) -> None:
        self.first.clear()
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        url = self.url if self.version is None else f"{self.url}&v={self.version}"
        async with self.session.ws_connect(url, max_msg_size=0) as socket:
            self.socket = socket
            if self.version is not None:
                self.first.set()  # resuming: nothing may be owed
            async for message in socket:
                if message.type != aiohttp.WSMsgType.TEXT:
                    continue
                at = now()
                frame = json.loads(message.data)
                if frame.get("t") == "table":
                    self.version = frame["v"]
                    self.log.append([self.index, frame["v"], at])
                    self.first.set()

    async def stop(self) -> None:
        if self.socket is not None:
            await self.socket.close()
        if self.task is not None:
            await asyncio.gather(self.task, return_exceptions=True)


async def main() -> None:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=2**26)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    connector = aiohttp.TCPConnector(limit=0)
    log: list = []
    pages: list[Page] = []

    def say(what: dict) -> None:
        sys.stdout.write(json.dumps(what) + "\n")
        sys.stdout.flush()

    async with aiohttp.ClientSession(connector=connector) as session:
        while line := await reader.readline():
            command = json.loads(line)
            if "open" in command:
                urls = command["open"]
                fresh = [Page(len(pages) + i, url, session, log) for i, url in enumerate(urls)]
                pages += fresh
                for page in fresh:
                    page.start()
                await asyncio.gather(*(page.first.wait() for page in fresh))
                say({"ready": len(fresh)})
            elif "reconnect" in command:
                started = now()
                await asyncio.gather(*(page.stop() for page in pages))
                for page in pages:
                    page.start()
                await asyncio.gather(*(page.first.wait() for page in pages))
                say({"reconnected": len(pages), "seconds": now() - started})
            elif "dump" in command:
                say({"arrivals": log[:]})
                log.clear()
            elif "quit" in command:
                break
        await asyncio.gather(*(page.stop() for page in pages))


if __name__ == "__main__":
    asyncio.run(main())
