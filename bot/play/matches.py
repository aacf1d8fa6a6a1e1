"""The match service: what the Discord layer asks of matches, each part done by one room.

`Sessions` holds the locks and saves, `Seating` the lobby and seats, `Moves` a member's
moves, `AutoMoves` what nobody clicked (AI seats, deadlines, restore) on the `Planner`'s
timers. Nothing here knows Discord. Changes that no member's click caused are handed to
`publish`, which the application points at the tables. The rooms that are peers of
matches (tournaments, the logs' retention) are built beside it, in bot/process/app.py.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from bot.core.failure_log import FailureLog
from bot.core.metrics import Metrics
from bot.core.settings import Settings
from bot.play.auto_moves import AutoMoves
from bot.play.away_room import Away
from bot.play.changes import Change, Publisher
from bot.play.live import Live
from bot.play.moves import Moves
from bot.play.planner import Planner
from bot.play.practice import Hints
from bot.play.queues import QueueRoom
from bot.play.quiet import QuietHolds
from bot.play.relay import Relay
from bot.play.seating import Seating
from bot.play.sessions import Sessions
from bot.play.thinking import Thinker, default_workers
from bot.play.watching import Watchers
from bot.storage import MatchRecord
from bot.storage.doors import (
    Doors,
    MatchReads,
    MatchWrites,
    OpenLobbies,
    ScopedSettings,
    Standings,
    StoredTournaments,
    TurnNotices,
)

__all__ = ["Change", "MatchService", "Publisher"]


class MatchService:
    def __init__(self, doors: Doors, settings: Settings, clock: Callable[[], float]) -> None:
        self.writes: MatchWrites = doors.writes  # its own: the outbox emptied
        # The doors the Discord layer reads and writes through (bot/storage/doors.py).
        self.reads: MatchReads = doors.reads
        self.scoped: ScopedSettings = doors.scoped
        self.notices: TurnNotices = doors.turn_notices
        self.open_lobbies: OpenLobbies = doors.lobbies  # /games open's list
        self.stored_tournaments: StoredTournaments = doors.tournaments  # the hall's podiums
        # Ratings, seasons, history, retention and export (reads, and a season's start).
        self.standings: Standings = doors.standings
        self.settings = settings
        self.clock = clock
        # Failures told to the host: an unusable database once per kind and interval.
        self.metrics = Metrics()
        self.failures = FailureLog(clock, on_outage=self._count_outage)
        self.planner = Planner(clock, settings, self.failures)
        self.sessions = Sessions(doors, settings, clock, self.planner, self.metrics)
        self.seating = Seating(self.sessions, settings)
        self.moves = Moves(self.sessions)
        workers = settings.ai_workers
        self.thinker = Thinker(default_workers() if workers is None else workers)
        self.auto = AutoMoves(self.sessions, self.thinker)
        self.away = Away(self.auto)
        self.hints = Hints(self.sessions, self.thinker)
        self.watchers = Watchers(doors.watchers, clock)
        # Members' quiet hours, and the turn notices held through them.
        self.quiet = QuietHolds(
            self.scoped, doors.held_notices, clock, settings.shards, self.failures
        )
        self.sessions.watching = self.watchers.count
        self.live = Live(self.sessions)
        # Changes the bot's other processes save, heard and published here (PostgreSQL).
        self.relay = Relay(self.live, self.sessions, self.auto, self.failures)
        self.queues = QueueRoom(self.sessions, self.seating, self.auto, self.scoped, self.failures)

    def _count_outage(self, outage: Exception) -> None:
        self.metrics.database_errors.labels(type(outage).__name__).inc()

    async def refresh_metrics(self, latencies: list[tuple[int, float]]) -> None:
        """Read what the gauges show (open matches, timers, gateway latency) for a scrape."""
        counts = await self.reads.open_counts()
        self.metrics.refresh(counts, self.planner.timers.count, latencies)

    @property
    def publish(self) -> Publisher:
        return self.auto.publish

    @publish.setter
    def publish(self, publisher: Publisher) -> None:
        self.auto.publish = publisher

    @property
    def remind(self) -> Publisher:
        return self.auto.remind

    @remind.setter
    def remind(self, publisher: Publisher) -> None:
        self.auto.remind = publisher

    async def restore(self, first: Sequence[Callable[[], Awaitable[None]]] = ()) -> None:
        """After a start: hear the other processes' changes, run the restores of the rooms
        built beside this service (`first`: the tournaments'), then re-arm every open
        match's timer: the timers last, so none falls due while another restore still
        waits on the database."""
        await self.relay.start()
        for restore in first:
            await restore()
        await self.queues.restore()
        await self.quiet.restore()
        await self.auto.restore()

    async def shown(self, record: MatchRecord, version: int) -> None:
        """Everything the match's changes up to `version` show is out (see bot/play/outbox.py)."""
        await self.sessions.outbox.sent(self.writes, record, version)

    async def unshown(self) -> list[MatchRecord]:
        """The matches whose saved changes were not all shown before the last stop."""
        return await self.writes.matches_with_outbox()

    async def stop(self) -> None:
        await self.relay.stop()
        await self.sessions.outbox.flush(self.writes)
        await self.queues.stop()
        await self.planner.stop()
        await self.quiet.stop()
        self.thinker.stop()
        self.failures.stop()
