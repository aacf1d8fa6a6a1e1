"""The tournaments' reads and writes, alike on both backends: each statement written once;
a backend supplies the guarded transaction and the insert that returns its id."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from bot.storage.records import MATCH_COLUMNS, MatchRecord
from bot.storage.statements import Statement
from bot.storage.tournament_records import (
    LIVE_STATES,
    PODIUM_COLUMNS,
    TOURNAMENT_COLUMNS,
    Podium,
    TournamentRecord,
    podium_insert,
    tournament_from_row,
    tournament_insert,
    tournament_update,
)

SELECT = f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE "
LIVE = "state IN ({})".format(", ".join(f"'{state}'" for state in LIVE_STATES))


class TournamentStore(ABC):
    @abstractmethod
    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...

    @abstractmethod
    def _to_record(self, row: Sequence[Any]) -> MatchRecord: ...

    @abstractmethod
    async def _insert_id(self, statement: Statement) -> int:
        """Run one INSERT as its own transaction; the new row's id."""

    @abstractmethod
    async def _guarded(self, statements: list[Statement], key: int) -> None:
        """Run statements in one transaction; the first must change exactly one row, or
        nothing is written and StaleMatch raised (`key`: the tournament's id)."""

    async def _tournaments(self, where: str, *params: Any) -> list[TournamentRecord]:
        sql = SELECT + where
        return [tournament_from_row(row) for row in await self._rows(sql, params)]

    async def create_tournament(self, record: TournamentRecord) -> TournamentRecord:
        """Insert a new tournament (its id and version come from the database)."""
        record.id = await self._insert_id(tournament_insert(record))
        record.version = 0
        return record

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None:
        found = await self._tournaments("id = ?", tournament_id)
        return found[0] if found else None

    async def save_tournament(
        self,
        record: TournamentRecord,
        *,
        expected_version: int,
        tables: Sequence[Statement] = (),
        podium: Sequence[Podium] = (),
    ) -> None:
        """The tournament's row with the matches of a round it opens (`tables`, inserts)
        and its podium when it ends, in one transaction; StaleMatch when it changed."""
        statements = [tournament_update(record, expected_version), *tables]
        if podium:
            statements.append(podium_insert(podium, record.guild_id))
        await self._guarded(statements, record.id)

    async def live_tournaments(self) -> list[TournamentRecord]:
        """Every tournament not finished or cancelled, for re-arming their timers."""
        return await self._tournaments(f"{LIVE} ORDER BY id")

    async def guild_tournaments(self, guild_id: int, limit: int = 25) -> list[TournamentRecord]:
        """The server's tournaments, newest first."""
        return await self._tournaments("guild_id = ? ORDER BY id DESC LIMIT ?", guild_id, limit)

    async def tournament_matches(self, tournament_id: int) -> list[MatchRecord]:
        """Every table of the tournament, in the order they were opened."""
        sql = f"SELECT {MATCH_COLUMNS} FROM matches WHERE tournament_id = ? ORDER BY id"
        return [self._to_record(row) for row in await self._rows(sql, (tournament_id,))]

    async def podiums(self, guild_id: int) -> list[Podium]:
        """The podiums of the server's finished tournaments, newest first."""
        rows = await self._rows(
            f"SELECT {PODIUM_COLUMNS} FROM tournament_podiums WHERE guild_id = ? "
            "ORDER BY finished_at DESC, tournament_id DESC, place",
            (guild_id,),
        )
        return [Podium(r[0], r[1], r[2], r[4], r[5], r[6]) for r in rows]
