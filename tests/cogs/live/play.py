"""Playing a whole match from the live table's sockets: each member's moves sent from their
own page (the AI's weakest level chooses them), every frame each socket is sent kept."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from bot.play.published import MatchChange
from engines.base import GAMES
from engines.sequence_numbers import Exchange, Pass
from tests.cogs.live.pages import Socket, offered, token_of
from tests.waiting import until


def steps(key: str, action: Any) -> list[str]:
    """The codes a move takes on a page: one, or in Sequence Numbers a card, maybe a row,
    then its cell."""
    if key != "sequence" or isinstance(action, Exchange | Pass):
        return [action.code]
    return [f"c.{action.card}", f"r.{action.cell[0]}", action.code]


class Pages:
    """One socket per seat (by the seat's member link) and one watcher's, each reading every
    frame it is sent; and every change the bus published, by version."""

    def __init__(self, bot: Any, server: Any, match_id: int) -> None:
        self.bot, self.server, self.match_id = bot, server, match_id
        self.seats: dict[int, Socket] = {}
        self.watcher: Socket | None = None
        self.changes: dict[int, MatchChange] = {}
        self._tasks: list[asyncio.Task[None]] = []

    async def open(self, language: str = "en") -> None:
        record = await self.bot.storage.get_match(self.match_id)
        links = self.server.links
        for seat, held in enumerate(record.seats):
            if held.user_id is not None and held.ai is None:
                token = links.member(self.match_id, held.user_id, language)
                self.seats[seat] = await Socket.open(self.server, token)
        self.watcher = await Socket.open(self.server, links.watch(self.match_id))
        subscription = await self.bot.matches.follow(self.match_id)
        self._tasks = [asyncio.create_task(self._read(s)) for s in self.sockets()]
        self._tasks.append(asyncio.create_task(self._follow(subscription)))

    def sockets(self) -> list[Socket]:
        assert self.watcher is not None
        return [*self.seats.values(), self.watcher]

    async def _read(self, socket: Socket) -> None:
        with contextlib.suppress(Exception):
            while True:
                await socket.next()

    async def _follow(self, subscription: Any) -> None:
        async for delivery in subscription:
            self.changes[delivery.change.version] = delivery.change

    @staticmethod
    def latest(socket: Socket) -> dict[str, Any] | None:
        tables = [frame for frame in socket.frames if frame["t"] == "table"]
        return tables[-1] if tables else None

    async def everyone_at(self, version: int) -> None:
        def reached() -> bool:
            return all((self.latest(s) or {}).get("v", -1) >= version for s in self.sockets())

        await until(reached, f"every page at version {version}")

    async def play_to_end(self, limit: int = 3000) -> None:
        """The members whose turn it is move from their pages until the match ends."""
        info = GAMES[(await self.bot.storage.get_match(self.match_id)).game]
        for _turn in range(limit):
            record = await self.bot.storage.get_match(self.match_id)
            await self.everyone_at(record.version)
            if not record.is_open:
                return
            game = info.from_dict(record.state)
            seat = next(s for s in game.to_act() if s in self.seats)
            action = info.choose_ai(game, seat, info.ai_levels[0])
            for code in steps(record.game, action):
                await self.play(seat, code)
        raise AssertionError("the match did not end")

    async def play(self, seat: int, code: str) -> None:
        """Send `code` from the seat's page when it offers it (a row its hand skips is not),
        then wait for the version it saves."""
        version = (await self.bot.storage.get_match(self.match_id)).version
        await self.everyone_at(version)
        frame = self.latest(self.seats[seat])
        assert frame is not None
        stamps = dict(offered(frame))
        if code not in stamps:
            return
        await self.seats[seat].move(code, stamps[code])

        async def saved() -> bool:
            return (await self.bot.storage.get_match(self.match_id)).version > version

        await until(saved, f"{code} played from the page of seat {seat}")

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for socket in self.sockets():
            await socket.close()


__all__ = ["Pages", "steps", "token_of"]
