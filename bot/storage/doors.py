"""The store's doors: one small Protocol per thing it keeps (matches read and found, a
match's writes, deadlines, away periods, watchers, the app's emojis, tournaments, queues,
turn notices, held notices, open lobbies, standings, scoped settings). Each backend
implements every door once, in its one class; `Store` (interface.py) is the doors together
with the store's lifecycle, and only the composition root (bot/process/app.py) and what
opens the store (bot/process/opening.py) name it. Every other room and cog is typed with
the doors it uses, handed to it as a `Doors` (below) or one door at a time. A test keeps
each door at most 15 methods and `Store` to those modules (tests/test_doors.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Protocol

from bot.storage.lobby_listing import LobbyPage
from bot.storage.queue_records import QueueEntry, QueueTable
from bot.storage.records import (
    Deadline,
    HeldNotice,
    MatchRecord,
    NewMatch,
    OpenBrief,
    ResultRow,
    TurnNotice,
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

__all__ = [
    "CHANNEL",
    "MEMBER",
    "SERVER",
    "AwayPeriods",
    "ChangeFeed",
    "Deadlines",
    "Doors",
    "HeldNotices",
    "MatchReads",
    "MatchWatchers",
    "MatchWrites",
    "OpenLobbies",
    "Queues",
    "SavedChanges",
    "ScopedSettings",
    "Standings",
    "StoredEmojis",
    "StoredTournaments",
    "TurnNotices",
]

# The scopes a setting is kept for; where two say, the narrower wins (a channel's over its
# server's), as the reader decides.
SERVER, CHANNEL, MEMBER = "server", "channel", "member"


class MatchReads(Protocol):
    """Matches as they are stored, read to find one, show it or list them: by id, in a
    channel or thread, a member's, the open ones."""

    instance: str  # the database's short id, repeated in button ids

    async def get_match(self, match_id: int) -> MatchRecord | None: ...

    async def get_matches(self, match_ids: Sequence[int]) -> list[MatchRecord]: ...

    async def events(self, match_id: int, limit: int = 50) -> list[tuple[int, Event]]: ...

    async def replay(self, match_id: int) -> tuple[dict[str, Any] | None, list[list[Any]]]: ...

    async def match_in_thread(self, thread_id: int) -> MatchRecord | None: ...

    async def open_match_in_channel(self, channel_id: int) -> MatchRecord | None: ...

    async def open_matches_in_channel(
        self, channel_id: int, game: str | None = None
    ) -> list[MatchRecord]: ...

    async def open_count_in_channel(self, channel_id: int) -> int: ...

    async def latest_match_in_channel(self, channel_id: int, game: str) -> MatchRecord | None: ...

    async def open_matches(self, guild_id: int | None = None) -> list[MatchRecord]: ...

    async def open_counts(self) -> list[tuple[str, str, int]]: ...

    async def member_matches(self, guild_id: int | None, user_id: int) -> list[MatchRecord]: ...

    async def member_match_ids(self, guild_id: int | None, user_id: int) -> list[int]: ...

    async def last_played(self, guild_id: int) -> str | None: ...


class MatchWrites(Protocol):
    """A match's row and its events written: a new lobby, a save (version-checked,
    StaleMatch), a quarantine, its message and thread, and its outbox emptied."""

    async def create_match(self, new: NewMatch, *, now: float) -> MatchRecord: ...

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

    async def quarantine(self, match_id: int, reason: str) -> None: ...

    async def set_message(
        self, match_id: int, message_id: int | None, posted_at: float
    ) -> None: ...

    async def set_thread(self, match_id: int, thread_id: int | None) -> None: ...

    async def matches_with_outbox(self) -> list[MatchRecord]: ...

    async def empty_outbox(self, match_id: int, version: int) -> None: ...


class Deadlines(Protocol):
    """The open matches' deadlines, and the brief of each open match a timer is armed from."""

    async def deadlines(self) -> list[Deadline]: ...

    async def deadline_of(self, match_id: int) -> Deadline | None: ...

    async def open_briefs(self, shards: Shards | None = None) -> list[OpenBrief]: ...


class AwayPeriods(Protocol):
    """The days members are away, when the clocks of their slow matches pause."""

    async def away_periods(self, user_id: int, since: float) -> list[tuple[float, float]]: ...

    async def set_away(self, user_id: int, starts_at: float, ends_at: float) -> None: ...


class MatchWatchers(Protocol):
    """The members who watch a match without a seat, and since when."""

    async def watchers(self, match_id: int) -> list[tuple[int, float]]: ...

    async def add_watcher(self, match_id: int, user_id: int, since: float) -> None: ...

    async def remove_watcher(self, match_id: int, user_id: int) -> None: ...

    async def clear_watchers(self, match_id: int) -> None: ...


class StoredEmojis(Protocol):
    """The application emojis made from the cards' pictures, and the lock that lets one
    process at a time sync them."""

    async def app_emojis(self) -> dict[str, tuple[str, int]]: ...

    async def save_app_emoji(self, name: str, digest: str, emoji_id: int) -> None: ...

    async def forget_app_emoji(self, name: str) -> None: ...

    def exclusive(self, key: int) -> AbstractAsyncContextManager[None]: ...


class StoredTournaments(Protocol):
    """Tournaments, their tables' matches and the podiums they ended with."""

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

    async def podiums(self, guild_id: int) -> list[Podium]: ...


class TurnNotices(Protocol):
    """The turn notices that are up, kept so a restart can still take them down."""

    async def turn_notices(self, match_id: int) -> list[TurnNotice]: ...

    async def keep_turn_notice(self, notice: TurnNotice) -> None: ...

    async def drop_turn_notice(self, match_id: int, user_id: int) -> None: ...


class Queues(Protocol):
    """The queues that seat people (issue 48, item 2; bot/play/queues.py): each member's
    place in a game's queue of a server, and the tables opened from them that wait for
    their members' Ready. Written by the queue room alone (bot/storage/queue_store.py)."""

    async def queue_entry(self, guild_id: int, game: str, user_id: int) -> QueueEntry | None: ...

    async def member_queue_entries(
        self, guild_id: int | None, user_id: int
    ) -> list[QueueEntry]: ...

    async def queue_head(
        self, guild_id: int, game: str, pace: str, count: int
    ) -> list[QueueEntry]: ...

    async def queue_place(self, entry: QueueEntry) -> tuple[int, int]: ...

    async def every_queue_entry(self) -> list[QueueEntry]: ...

    async def put_in_queue(self, entry: QueueEntry) -> QueueEntry: ...

    async def drop_queue_entries(self, entry_ids: Sequence[int]) -> None: ...

    async def queue_tables(self) -> list[QueueTable]: ...

    async def queue_table(self, match_id: int) -> QueueTable | None: ...

    async def seat_from_queue(self, table: QueueTable, entry_ids: Sequence[int]) -> None: ...

    async def set_queue_table(self, table: QueueTable) -> None: ...

    async def drop_queue_table(self, match_id: int) -> None: ...


class OpenLobbies(Protocol):
    """A server's lobbies with a free seat, counted and paged by the database (issue 48)."""

    async def lobbies_with_seats(
        self,
        guild_id: int,
        places: Sequence[int],
        most_players: Mapping[str, int],
        *,
        offset: int = 0,
        limit: int = 10,
    ) -> LobbyPage: ...


class HeldNotices(Protocol):
    """The turn notices and reminders held through members' quiet hours, kept so that a
    restart still sends each when those end."""

    async def held_notices(self, shards: Shards | None = None) -> list[HeldNotice]: ...

    async def hold_notice(self, held: HeldNotice) -> None: ...

    async def drop_held_notice(self, match_id: int, user_id: int) -> None: ...


class ScopedSettings(Protocol):
    """A server's, a channel's and a member's settings as keys with JSON values, in one
    table: a new kind of setting is a new key, and needs no migration. Each key is owned
    by the one module that reads and writes it."""

    async def scoped(self, scope: str, scope_id: int) -> dict[str, Any]:
        """Every key set for this server, channel or member ({} when none)."""
        ...

    async def set_scoped(self, scope: str, scope_id: int, key: str, value: Any) -> None:
        """Set one key (a value JSON can hold); None removes it."""
        ...


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


class SavedChanges(Protocol):
    """The changes every process of the bot saves, heard as they are committed."""

    async def listen(
        self, heard: Callable[[int, int, int], None], lost: Callable[[], None]
    ) -> ChangeFeed | None:
        """Hear every change saved by any process, as `heard(match_id, version, guild_id)`,
        until `lost()` says the feed ended: the bot's processes share one PostgreSQL
        database, and a member may follow or play a match in a process other than the one
        that shows it in Discord. None where there is nothing to hear: SQLite serves one
        process, whose changes are published as they are saved."""
        ...


@dataclass(frozen=True)
class Doors:
    """The store's doors, each typed for what it keeps: what the composition root hands the
    match service, which hands each room the doors it uses. Every field is the same store
    (`interface.doors_of`), seen through one door."""

    reads: MatchReads
    writes: MatchWrites
    deadlines: Deadlines
    away: AwayPeriods
    watchers: MatchWatchers
    emojis: StoredEmojis
    tournaments: StoredTournaments
    queues: Queues
    turn_notices: TurnNotices
    held_notices: HeldNotices
    lobbies: OpenLobbies
    scoped: ScopedSettings
    standings: Standings
    changes: SavedChanges
