"""The one storage interface the application uses; SQLite (sqlite.Storage, the default) and
PostgreSQL (postgres.PostgresStorage, for several processes) implement it, each with its
standings (sqlite.SqliteStandings, postgres.PostgresStandings)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Protocol

from bot.storage.doors import (
    HeldNotices,
    MatchReads,
    OpenLobbies,
    Preferences,
    Queues,
    ScopedSettings,
    TurnNotices,
)
from bot.storage.records import (
    Deadline,
    MatchRecord,
    NewMatch,
    OpenBrief,
    ResultRow,
)
from bot.storage.shards import Shards
from bot.storage.standings_data import (
    EndHow,
    ExportRow,
    HallEntry,
    MatchSummary,
    RatingRow,
    Season,
    TrendPoint,
)
from bot.storage.statements import Statement
from bot.storage.tournament_records import Podium, TournamentRecord
from engines.base import Event


class Standings(Protocol):
    """Ratings, seasons, history, retention and export of a store."""

    async def leaderboard(
        self, guild_id: int, game: str, *, season: bool = True, offset: int = 0, limit: int = 10
    ) -> list[RatingRow]: ...

    async def leaderboard_size(self, guild_id: int, game: str, *, season: bool = True) -> int: ...

    async def member_ratings(
        self, guild_id: int, user_id: int, *, season: bool = True
    ) -> dict[str, RatingRow]: ...

    async def ai_ratings(self, guild_id: int, game: str) -> dict[str, RatingRow]: ...

    async def rating_trend(
        self, guild_id: int, game: str, user_id: int, *, season: bool = True, count: int = 10
    ) -> list[TrendPoint]: ...

    async def history(
        self,
        guild_id: int,
        *,
        user_id: int | None = None,
        game: str | None = None,
        offset: int = 0,
        limit: int = 10,
    ) -> list[MatchSummary]: ...

    async def history_size(
        self, guild_id: int, *, user_id: int | None = None, game: str | None = None
    ) -> int: ...

    async def match_summary(self, match_id: int) -> MatchSummary | None: ...

    async def match_events(self, match_id: int) -> list[tuple[int, Event]]: ...

    async def current_season(self, guild_id: int) -> Season: ...

    async def new_season(self, guild_id: int, now: float) -> tuple[Season, list[HallEntry]]: ...

    async def hall(self, guild_id: int) -> list[HallEntry]: ...

    async def prune_events(self, before: float) -> int: ...

    async def export_results(self, guild_id: int) -> list[ExportRow]: ...


class ChangeFeed(Protocol):
    """Changes committed on the database by any process, heard as they are committed."""

    async def check(self) -> None:
        """A round trip: StorageError (and the feed told lost) when it is gone."""
        ...

    async def close(self) -> None: ...


class Store(
    MatchReads,
    OpenLobbies,
    Preferences,
    ScopedSettings,
    TurnNotices,
    HeldNotices,
    Queues,
    Protocol,
):
    """Every write is one transaction, applied whole or not at all (StorageError, rolled
    back); a save is version-checked (StaleMatch); a damaged row comes back quarantined."""

    created: bool  # this start made the database

    @property
    def standings(self) -> Standings:
        """Ratings, seasons, history, retention and export."""
        ...

    async def close(self) -> None: ...

    async def listen(
        self, heard: Callable[[int, int, int], None], lost: Callable[[], None]
    ) -> ChangeFeed | None:
        """Hear every change saved by any process, as `heard(match_id, version, guild_id)`,
        until
        `lost()` says the feed ended: the bot's processes share one PostgreSQL database,
        and a member may follow or play a match in a process other than the one that shows
        it in Discord. None where there is nothing to hear: SQLite serves one process,
        whose changes are published as they are saved."""
        ...

    async def quarantine(self, match_id: int, reason: str) -> None: ...

    async def create_match(self, new: NewMatch, *, now: float) -> MatchRecord: ...

    async def open_match_in_channel(self, channel_id: int) -> MatchRecord | None: ...

    async def member_match_ids(self, guild_id: int | None, user_id: int) -> list[int]: ...

    async def open_count_in_channel(self, channel_id: int) -> int: ...

    async def open_briefs(self, shards: Shards | None = None) -> list[OpenBrief]: ...

    async def open_counts(self) -> list[tuple[str, str, int]]: ...

    async def ping(self) -> None: ...

    async def get_matches(self, match_ids: Sequence[int]) -> list[MatchRecord]: ...

    async def save(
        self,
        record: MatchRecord,
        *,
        expected_version: int,
        now: float,
        events: Sequence[Event] = (),
        deadline: Deadline | None = None,
        results: Sequence[ResultRow] = (),
        end: EndHow | None = None,
    ) -> None: ...

    async def set_message(
        self, match_id: int, message_id: int | None, posted_at: float
    ) -> None: ...

    async def set_thread(self, match_id: int, thread_id: int | None) -> None: ...

    async def deadlines(self) -> list[Deadline]: ...

    async def deadline_of(self, match_id: int) -> Deadline | None: ...

    async def away_periods(self, user_id: int, since: float) -> list[tuple[float, float]]: ...

    async def set_away(self, user_id: int, starts_at: float, ends_at: float) -> None: ...

    async def matches_with_outbox(self) -> list[MatchRecord]: ...

    async def empty_outbox(self, match_id: int, version: int) -> None: ...

    async def watchers(self, match_id: int) -> list[tuple[int, float]]: ...

    async def add_watcher(self, match_id: int, user_id: int, since: float) -> None: ...

    async def remove_watcher(self, match_id: int, user_id: int) -> None: ...

    async def clear_watchers(self, match_id: int) -> None: ...

    async def app_emojis(self) -> dict[str, tuple[str, int]]: ...

    async def save_app_emoji(self, name: str, digest: str, emoji_id: int) -> None: ...

    async def forget_app_emoji(self, name: str) -> None: ...

    def exclusive(self, key: int) -> AbstractAsyncContextManager[None]: ...

    async def create_tournament(self, record: TournamentRecord) -> TournamentRecord: ...

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None: ...

    async def save_tournament(
        self,
        record: TournamentRecord,
        *,
        expected_version: int,
        tables: Sequence[Statement] = (),
        podium: Sequence[Podium] = (),
    ) -> None: ...

    async def live_tournaments(self) -> list[TournamentRecord]: ...

    async def guild_tournaments(self, guild_id: int, limit: int = 25) -> list[TournamentRecord]: ...

    async def tournament_matches(self, tournament_id: int) -> list[MatchRecord]: ...
