"""The standings on SQLite: the shared reads (bot/storage/standings_reads.py), and a season
change and the pruning of old event logs as steps of the writer's transaction."""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable

from bot.rules.ratings import Skill
from bot.storage.sqlite.dialect import SQLITE
from bot.storage.sqlite.results import current_season
from bot.storage.sqlite.step import Step
from bot.storage.standings_data import HallEntry, Season
from bot.storage.standings_reads import (
    HALL_COLUMNS,
    HALL_KEY,
    HALL_PLACES,
    SEASON_INSERT,
    Read,
    StandingsReads,
    hall_rows,
)
from bot.storage.statements import Statement

Write = Callable[[list[Statement | Step]], Awaitable[list[int | None]]]  # Storage._write
HALL_INSERT = SQLITE.upsert("hall_of_fame", HALL_COLUMNS, HALL_KEY)


class SqliteStandings(StandingsReads):
    dialect = SQLITE

    def __init__(self, read: Read, write: Write) -> None:
        super().__init__(read)
        self._write = write

    async def new_season(self, guild_id: int, now: float) -> tuple[Season, list[HallEntry]]:
        # In the writer's transaction: a match finishing meanwhile is rated in one season.
        done: list[tuple[Season, list[HallEntry]]] = []

        def step(db: sqlite3.Connection) -> None:
            done.append(_start_season(db, guild_id, now))

        await self._write([step])
        return done[0]

    async def prune_events(self, before: float) -> int:
        pruned: list[int] = []

        def step(db: sqlite3.Connection) -> None:
            ids = [
                r[0]
                for r in db.execute(
                    "SELECT match_id FROM match_ends WHERE events_kept = 1 AND finished_at < ?",
                    (before,),
                )
            ]
            db.executemany("DELETE FROM match_events WHERE match_id = ?", [(i,) for i in ids])
            db.executemany(
                "UPDATE match_ends SET events_kept = 0 WHERE match_id = ?", [(i,) for i in ids]
            )
            pruned.append(len(ids))

        await self._write([step])
        return pruned[0]


def _start_season(
    db: sqlite3.Connection, guild_id: int, now: float
) -> tuple[Season, list[HallEntry]]:
    ending = current_season(db, guild_id)
    games = [
        r[0]
        for r in db.execute(
            "SELECT DISTINCT game FROM ratings WHERE guild_id = ? AND season = ? ORDER BY game",
            (guild_id, ending),
        )
    ]
    hall: list[HallEntry] = []
    for game in games:
        top = db.execute(
            "SELECT key, mu, sigma, games, wins FROM ratings WHERE guild_id = ? AND game = ? "
            "AND season = ? AND kind = 'member' AND ranked = 1 ORDER BY ordinal DESC LIMIT ?",
            (guild_id, game, ending, HALL_PLACES),
        ).fetchall()
        for place, (key, mu, sigma, games_played, wins) in enumerate(top, start=1):
            shown = Skill(mu, sigma).shown
            hall.append(HallEntry(ending, game, place, int(key), shown, games_played, wins))
    db.executemany(HALL_INSERT, hall_rows(guild_id, hall))
    db.execute(SEASON_INSERT, (guild_id, ending + 1, now))
    return Season(ending + 1, now), hall
