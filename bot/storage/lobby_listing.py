"""A server's lobbies that still have a free seat, a page at a time, alike on both
backends: `/games open` lists them, the oldest first (the longest waiting).

A lobby's seats are a JSON text, kept as text so that a damaged row is quarantined when read
rather than refused by the database. So the listing counts seats without parsing JSON: the
number of `"name"` keys the seats text holds (every seat is saved with one, and a name
typed by a member is escaped inside its string, so it never adds one). Where a game seats at
most N, a lobby with fewer than N seats has a free one."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.storage.dialect import Dialect
from bot.storage.match_fields import MatchStatus
from bot.storage.records import MATCH_COLUMNS, MatchRecord

SEAT_KEY = '"name"'
SEATS_TAKEN = f"((LENGTH(seats) - LENGTH(REPLACE(seats, '{SEAT_KEY}', ''))) / {len(SEAT_KEY)})"
# A lobby anyone may join: not a tournament's table (the runner seats those), not damaged.
JOINABLE = (
    f"guild_id = ? AND status = '{MatchStatus.LOBBY.value}' AND tournament_id IS NULL "
    "AND quarantine IS NULL"
)


@dataclass(frozen=True, slots=True)
class LobbyPage:
    """One page of a server's lobbies with a free seat, and how many there are in all."""

    lobbies: list[MatchRecord]
    total: int


def _most_seats(most_players: Mapping[str, int]) -> tuple[str, list[Any]]:
    """The most players of a lobby's game, as an SQL expression (0 for a game not given,
    so its lobbies never count as having a free seat) and its parameters."""
    cases = " ".join("WHEN ? THEN CAST(? AS INTEGER)" for _ in most_players)
    params: list[Any] = []
    for game, most in sorted(most_players.items()):
        params += [game, int(most)]
    return (f"CASE game {cases} ELSE 0 END" if cases else "0"), params


class LobbyListing(ABC):
    dialect: Dialect

    @abstractmethod
    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...

    @abstractmethod
    def _to_record(self, row: Sequence[Any]) -> MatchRecord: ...

    async def lobbies_with_seats(
        self,
        guild_id: int,
        places: Sequence[int],
        most_players: Mapping[str, int],
        *,
        offset: int = 0,
        limit: int = 10,
    ) -> LobbyPage:
        """The server's lobbies in `places` (the channels and threads the asker can see)
        with fewer seats taken than their game's `most_players`, oldest first: `limit` of
        them from `offset`, and their total. Both are counted and paged by the database."""
        most, most_params = _most_seats(most_players)
        where = f"{JOINABLE} AND {self.dialect.in_list('channel_id')} AND {SEATS_TAKEN} < {most}"
        params = [guild_id, self.dialect.listed(places), *most_params]
        counted = await self._rows(f"SELECT COUNT(*) FROM matches WHERE {where}", params)
        rows = await self._rows(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE {where} ORDER BY id LIMIT ? OFFSET ?",
            [*params, limit, offset],
        )
        return LobbyPage([self._to_record(row) for row in rows], int(counted[0][0]))
