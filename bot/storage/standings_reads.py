"""The standings: leaderboards, a member's ratings and their trend, match history and a
match's whole event log, seasons and the hall of fame, retention and export.

Every query is served by an index (tests/bot/storage/test_standings_queries.py checks the plans), so
a server with 100,000 finished matches answers as fast as a new one. Ratings are written
with the results (see rating_step). The reads are written once here for both backends;
each backend (sqlite/standings_store.py, postgres/standings_store.py) starts seasons and prunes old
event logs its own way, in a transaction.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, cast

from bot.rules.ratings import Skill
from bot.storage.dialect import Dialect, places
from bot.storage.standings_data import (
    ALL_TIME,
    EndHow,
    ExportRow,
    HallEntry,
    MatchSummary,
    RatingRow,
    Season,
    SeatKind,
    SeatResult,
    TrendPoint,
)
from engines.base import Event

HALL_PLACES = 3  # the members of each game a season's end keeps in the hall of fame

Read = Callable[[str, Sequence[Any]], Awaitable[list[Any]]]  # rows by position

RATING_COLUMNS = "kind, key, mu, sigma, ordinal, games, wins, ranked, last_change"
SEAT_COLUMNS = (
    "r.match_id, r.seat, r.user_id, r.name, r.kind, r.ai_level, r.ai_from, r.place, r.team, "
    "r.score, r.won, c.shown_before, c.shown_after"
)


def _rating(row: Sequence[Any]) -> RatingRow:
    kind, key, mu, sigma, ordinal, games, wins, ranked, last_change = row
    member = kind == "member"
    return RatingRow(
        user_id=int(key) if member else None,
        ai_level=None if member else key,
        shown=Skill(mu, sigma).shown,
        ordinal=ordinal,
        mu=mu,
        sigma=sigma,
        games=games,
        wins=wins,
        provisional=not ranked,
        last_change=last_change,
    )


def _seat(row: Sequence[Any]) -> SeatResult:
    _match, seat, user_id, name, kind, level, ai_from, place, team, score, won, before, after = row
    return SeatResult(
        seat=seat,
        user_id=user_id,
        name=name,
        kind=cast(SeatKind, kind),
        ai_level=level,
        ai_from=ai_from,
        place=place,
        team=team,
        score=score,
        won=bool(won),
        shown_before=before,
        shown_after=after,
    )


def summaries(
    match_ids: Sequence[int], ends: Sequence[Sequence[Any]], seats: Sequence[Sequence[Any]]
) -> list[MatchSummary]:
    """The summaries of `match_ids` in that order, from their `match_ends` rows and their
    seats' rows (SEAT_COLUMNS, by match then seat); a match without an end row is left out."""
    by_match: dict[int, list[SeatResult]] = {}
    for row in seats:
        by_match.setdefault(row[0], []).append(_seat(row))
    found = {
        r[0]: MatchSummary(r[0], r[1], r[2], cast(EndHow, r[3]), by_match.get(r[0], []))
        for r in ends
    }
    return [found[i] for i in match_ids if i in found]


def _history_source(user_id: int | None, game: str | None) -> tuple[str, str, tuple[Any, ...]]:
    """The table, the filter and its parameters for a history query (after the guild id),
    each filter served by its own index."""
    if user_id is None:
        where = "" if game is None else " AND game = ?"
        return "match_ends", where, () if game is None else (game,)
    where = " AND user_id = ?" + ("" if game is None else " AND game = ?")
    return "results", where, (user_id,) if game is None else (user_id, game)


HALL_COLUMNS = "guild_id, season, game, place, user_id, shown, games, wins"
HALL_KEY = "guild_id, season, game, place"
SEASON_INSERT = f"INSERT INTO seasons (guild_id, number, started_at) VALUES ({places(3)})"


def hall_rows(guild_id: int, hall: Sequence[HallEntry]) -> list[tuple[Any, ...]]:
    """The hall of fame's rows (HALL_COLUMNS) for a season's end."""
    return [
        (guild_id, h.season, h.game, h.place, h.user_id, h.shown, h.games, h.wins) for h in hall
    ]


class StandingsReads(ABC):
    """The standings' reads, the same on both backends; `read` takes a shared statement
    (`?` placeholders) in the backend's dialect."""

    dialect: Dialect

    def __init__(self, read: Read) -> None:
        self._read = read

    async def _season_number(self, guild_id: int, season: bool) -> int:
        return (await self.current_season(guild_id)).number if season else ALL_TIME

    # -- ratings -------------------------------------------------------------------------

    async def leaderboard(
        self, guild_id: int, game: str, *, season: bool = True, offset: int = 0, limit: int = 10
    ) -> list[RatingRow]:
        """Members by conservative rating (ordinal), highest first; members with fewer than
        PROVISIONAL_GAMES rated games come after every ranked one, also by ordinal.
        `season`: the current season's ratings (False: all-time)."""
        number = await self._season_number(guild_id, season)
        rows = await self._read(
            f"SELECT {RATING_COLUMNS} FROM ratings "
            "WHERE guild_id = ? AND game = ? AND season = ? AND kind = 'member' "
            "ORDER BY ranked DESC, ordinal DESC LIMIT ? OFFSET ?",
            (guild_id, game, number, limit, offset),
        )
        return [_rating(r) for r in rows]

    async def leaderboard_size(self, guild_id: int, game: str, *, season: bool = True) -> int:
        """How many members the leaderboard lists (ranked and provisional)."""
        number = await self._season_number(guild_id, season)
        rows = await self._read(
            "SELECT COUNT(*) FROM ratings "
            "WHERE guild_id = ? AND game = ? AND season = ? AND kind = 'member'",
            (guild_id, game, number),
        )
        return int(rows[0][0])

    async def member_ratings(
        self, guild_id: int, user_id: int, *, season: bool = True
    ) -> dict[str, RatingRow]:
        """The member's rating in every game they have a rated match of, by game key."""
        number = await self._season_number(guild_id, season)
        rows = await self._read(
            f"SELECT game, {RATING_COLUMNS} FROM ratings "
            "WHERE guild_id = ? AND kind = 'member' AND key = ? AND season = ? ORDER BY game",
            (guild_id, str(user_id), number),
        )
        return {r[0]: _rating(r[1:]) for r in rows}

    async def ai_ratings(self, guild_id: int, game: str) -> dict[str, RatingRow]:
        """Each AI level's all-time rating in a game, by level."""
        rows = await self._read(
            f"SELECT {RATING_COLUMNS} FROM ratings "
            "WHERE guild_id = ? AND game = ? AND season = ? AND kind = 'ai'",
            (guild_id, game, ALL_TIME),
        )
        return {r[1]: _rating(r) for r in rows}

    async def rating_trend(
        self, guild_id: int, game: str, user_id: int, *, season: bool = True, count: int = 10
    ) -> list[TrendPoint]:
        """The member's rating shown after each of their last `count` rated matches of the
        game, oldest first: in the order the ratings were updated, which two matches
        finishing at the same moment may not share with their finishing times."""
        number = await self._season_number(guild_id, season)
        rows = await self._read(
            "SELECT match_id, finished_at, shown_after FROM rating_changes "
            "WHERE guild_id = ? AND game = ? AND season = ? AND kind = 'member' AND key = ? "
            "ORDER BY rated_game DESC LIMIT ?",
            (guild_id, game, number, str(user_id), count),
        )
        return [TrendPoint(r[0], r[1], r[2]) for r in reversed(rows)]

    # -- history -------------------------------------------------------------------------

    async def history(
        self,
        guild_id: int,
        *,
        user_id: int | None = None,
        game: str | None = None,
        offset: int = 0,
        limit: int = 10,
    ) -> list[MatchSummary]:
        """The server's ended matches that had begun, newest first, optionally only a
        member's and/or one game's; each with every seat's result."""
        table, where, params = _history_source(user_id, game)
        ids = await self._read(
            f"SELECT match_id FROM {table} WHERE guild_id = ?{where} "
            "ORDER BY finished_at DESC, match_id DESC LIMIT ? OFFSET ?",
            (guild_id, *params, limit, offset),
        )
        return await self._summaries([r[0] for r in ids])

    async def history_size(
        self, guild_id: int, *, user_id: int | None = None, game: str | None = None
    ) -> int:
        table, where, params = _history_source(user_id, game)
        rows = await self._read(
            f"SELECT COUNT(*) FROM {table} WHERE guild_id = ?{where}", (guild_id, *params)
        )
        return int(rows[0][0])

    async def match_summary(self, match_id: int) -> MatchSummary | None:
        found = await self._summaries([match_id])
        return found[0] if found else None

    async def _summaries(self, match_ids: list[int]) -> list[MatchSummary]:
        if not match_ids:
            return []
        listed = (self.dialect.listed(match_ids),)
        ends = await self._read(
            "SELECT match_id, game, finished_at, end_how FROM match_ends "
            f"WHERE {self.dialect.in_list('match_id')}",
            listed,
        )
        seats = await self._read(
            f"SELECT {SEAT_COLUMNS} FROM results AS r LEFT JOIN rating_changes AS c "
            "ON c.match_id = r.match_id AND c.seat = r.seat AND c.season = 0 "
            f"WHERE {self.dialect.in_list('r.match_id')} ORDER BY r.match_id, r.seat",
            listed,
        )
        return summaries(match_ids, ends, seats)

    async def match_events(self, match_id: int) -> list[tuple[int, Event]]:
        """Every event of the match with the version that made it, in order (empty once
        retention pruned an old match's log)."""
        rows = await self._read(
            "SELECT version, kind, data FROM match_events WHERE match_id = ? ORDER BY version, seq",
            (match_id,),
        )
        return [(r[0], Event(r[1], json.loads(r[2]))) for r in rows]

    # -- seasons -------------------------------------------------------------------------

    async def current_season(self, guild_id: int) -> Season:
        rows = await self._read(
            "SELECT number, started_at FROM seasons WHERE guild_id = ? "
            "ORDER BY number DESC LIMIT 1",
            (guild_id,),
        )
        return Season(rows[0][0], rows[0][1]) if rows else Season(1, None)

    @abstractmethod
    async def new_season(self, guild_id: int, now: float) -> tuple[Season, list[HallEntry]]:
        """Start the server's next season (ratings start fresh in it; all-time ones carry
        on) and put the ending season's top ranked members of each game in the hall of
        fame, in one transaction, so a match finishing meanwhile is rated in exactly one
        of the two seasons."""

    async def hall(self, guild_id: int) -> list[HallEntry]:
        """The hall of fame: the newest season first, then by game and place."""
        rows = await self._read(
            "SELECT season, game, place, user_id, shown, games, wins FROM hall_of_fame "
            "WHERE guild_id = ? ORDER BY season, game, place",
            (guild_id,),
        )
        # Newest season first; the sort is stable, so game and place stay in order.
        return sorted((HallEntry(*r) for r in rows), key=lambda entry: -entry.season)

    # -- retention and export ------------------------------------------------------------

    @abstractmethod
    async def prune_events(self, before: float) -> int:
        """Delete the event logs of matches that ended before `before` (unix time), keeping
        their results and ratings; return how many matches' logs went."""

    async def export_results(self, guild_id: int) -> list[ExportRow]:
        """Every seat's result in the server, oldest match first, in EXPORT_COLUMNS order;
        `rating_after` is the all-time rating shown after the match."""
        rows = await self._read(
            "SELECT r.match_id, r.finished_at, r.game, COALESCE(e.end_how, 'played'), r.seat, "
            "r.user_id, r.kind, r.ai_level, r.team, r.place, r.score, r.won, c.shown_after "
            "FROM results AS r "
            "LEFT JOIN match_ends AS e ON e.match_id = r.match_id "
            "LEFT JOIN rating_changes AS c "
            "ON c.match_id = r.match_id AND c.seat = r.seat AND c.season = 0 "
            "WHERE r.guild_id = ? ORDER BY r.finished_at, r.match_id, r.seat",
            (guild_id,),
        )
        return [(*r[:11], bool(r[11]), r[12]) for r in rows]
