"""The match service: what the Discord layer (and the rooms built beside it) do with matches,
each a verb of `MatchService`, done by one of its own rooms.

`Sessions` holds the locks and saves, `Seating` the lobby and seats, `Moves` a member's
moves, `AutoMoves` what nobody clicked (AI seats, deadlines, restore) on the `Planner`'s
timers. Nothing here knows Discord. Changes that no member's click caused are handed to
`publish`, which the application points at the tables. The rooms are this service's own:
a caller names a verb, never a room; three rooms the Discord layer uses in many small ways
(the queues, quiet hours, watchers) are handed out as read-only handles of their own verbs
(bot/play/handles.py). The rooms that are peers of matches (tournaments, the logs'
retention) are built beside it, in bot/process/app.py, and use these verbs too.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Collection, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

from bot.core.failure_log import FailureLog
from bot.core.metrics import Metrics
from bot.core.settings import Settings
from bot.play.auto_moves import AutoMoves
from bot.play.away_room import Away
from bot.play.bus import Subscription
from bot.play.changes import Change, Publisher
from bot.play.handles import QueueHandle, QuietHandle, WatchHandle
from bot.play.house import HouseRules
from bot.play.live import Live
from bot.play.lobby import LobbyRequest
from bot.play.moves import Moves
from bot.play.planner import Planner
from bot.play.practice import Hinted, Hints
from bot.play.published import MatchChange
from bot.play.queues import QueuePublisher, QueueRoom
from bot.play.quiet import QuietHolds, Release
from bot.play.relay import Relay
from bot.play.scheduler import Due
from bot.play.seating import Seating
from bot.play.sessions import Sessions
from bot.play.thinking import LoopTime, Thinker, default_workers
from bot.play.watching import Watchers
from bot.storage import EndReason, MatchRecord
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
from bot.storage.queue_records import QueueEntry
from bot.storage.shards import serves
from engines.base import Game, Judged

__all__ = ["Change", "MatchService", "Publisher"]


class MatchService:
    def __init__(
        self,
        doors: Doors,
        settings: Settings,
        clock: Callable[[], float],
        thinker: Thinker | None = None,
    ) -> None:
        self._writes: MatchWrites = doors.writes  # its own: the outbox emptied
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
        self.failures = FailureLog(clock, on_outage=self._count_outage)
        self._metrics = Metrics()
        self._planner = Planner(clock, settings, self.failures)
        self._sessions = Sessions(doors, settings, clock, self._planner, self._metrics)
        self._seating = Seating(self._sessions, settings)
        self._moves = Moves(self._sessions)
        workers = settings.ai_workers
        # A test may hand its own (to keep its worker pool busy, say).
        self._thinker = thinker or Thinker(default_workers() if workers is None else workers)
        self._auto = AutoMoves(self._sessions, self._thinker)
        self._away = Away(self._auto)
        self._hints = Hints(self._sessions, self._thinker)
        self._watchers = Watchers(doors.watchers, clock)
        # Members' quiet hours, and the turn notices held through them.
        self._quiet = QuietHolds(
            self.scoped, doors.held_notices, clock, settings.shards, self.failures
        )
        self._sessions.watching = self._watchers.count
        self._live = Live(self._sessions)
        # Changes the bot's other processes save, heard and published here (PostgreSQL).
        self._relay = Relay(self._live, self._sessions, self._auto, self.failures)
        self._queues = QueueRoom(
            self._sessions, self._seating, self._auto, self.scoped, self.failures
        )

    def _count_outage(self, outage: Exception) -> None:
        self._metrics.database_errors.labels(type(outage).__name__).inc()

    # -- where changes go, pointed by the application -----------------------------------

    @property
    def publish(self) -> Publisher:
        """Where a change no member's click made goes (an AI move, a timer)."""
        return self._auto.publish

    @publish.setter
    def publish(self, publisher: Publisher) -> None:
        self._auto.publish = publisher

    @property
    def remind(self) -> Publisher:
        return self._auto.remind

    @remind.setter
    def remind(self, publisher: Publisher) -> None:
        self._auto.remind = publisher

    @property
    def release(self) -> Release:
        """Where a turn notice held through a member's quiet hours goes when they end."""
        return self._quiet.release

    @release.setter
    def release(self, release: Release) -> None:
        self._quiet.release = release

    @property
    def publish_queues(self) -> QueuePublisher:
        """Where the queues' changes go (a table seated, its Ready call, a place expired)."""
        return self._queues.publish

    @publish_queues.setter
    def publish_queues(self, publisher: QueuePublisher) -> None:
        self._queues.publish = publisher

    @property
    def server_language(self) -> Callable[[int], Awaitable[str | None]]:
        """The language a server chose for what everyone reads, carried by its changes."""
        return self._sessions.server_language

    @server_language.setter
    def server_language(self, chosen: Callable[[int], Awaitable[str | None]]) -> None:
        self._sessions.server_language = chosen

    def on_ended(self, listener: Callable[[MatchRecord], None]) -> None:
        """Tell `listener` of every match that ends (a tournament's table, say)."""
        self._sessions.ended.append(listener)

    def on_change_elsewhere(self, listener: Callable[[MatchChange], None]) -> None:
        """Tell `listener` of every change another process saved, once published here."""
        self._live.from_elsewhere.append(listener)

    # -- the lobby ----------------------------------------------------------------------

    async def house(self, guild_id: int, channel_id: int, game: str) -> HouseRules:
        """The game's house rules in this channel: the channel's over the server's."""
        return await self._seating.house(guild_id, channel_id, game)

    async def open_lobby(self, lobby: LobbyRequest) -> MatchRecord:
        """A new lobby, its host seated (see `Seating.open_lobby`)."""
        return await self._seating.open_lobby(lobby)

    async def act_in_lobby(
        self,
        match_id: int,
        user_id: int,
        user_name: str,
        action: str,
        answer: Publisher,
        stamp: int | None = None,
        present: Collection[str] = (),
    ) -> Change:
        """Join, leave, add or remove an AI, start or cancel: the lobby's buttons (and, in
        a game, a seat taken back from the AI or handed to it)."""
        return await self._seating.lobby_action(
            match_id, user_id, user_name, action, answer, stamp, present
        )

    async def set_pace(self, match_id: int, user_id: int, pace: str, answer: Publisher) -> Change:
        """The host picks the lobby's pace."""
        return await self._seating.set_pace(match_id, user_id, pace, answer)

    async def rematch(
        self, match_id: int, user_id: int, user_name: str, answer: Publisher
    ) -> Change:
        """A new lobby from a finished match, its members seated again."""
        return await self._seating.rematch(match_id, user_id, user_name, answer)

    async def deal(self, match_id: int, answer: Publisher) -> Change | None:
        """Start a full lobby without its host's click (a tournament's or a queue's table)."""
        return await self._seating.deal(match_id, answer)

    # -- the game -----------------------------------------------------------------------

    async def play(
        self, match_id: int, user_id: int, stamp: int, code: str, answer: Publisher
    ) -> Change:
        """A member's move, from a button, a select or a live table."""
        return await self._moves.play(match_id, user_id, stamp, code, answer)

    async def hint(self, match_id: int, user_id: int, stamp: int) -> Hinted:
        """A practice table's hint: the hard AI's move for the member, and why."""
        return await self._hints.hint(match_id, user_id, stamp)

    async def end(self, match_id: int, reason: EndReason, name: str, answer: Publisher) -> Change:
        """End a match without a result (its host, a moderator, its thread gone)."""
        return await self._moves.end(match_id, reason, name, answer)

    async def play_out(self, match_id: int) -> None:
        """Time is up for the table: the AI plays every seat to the end, at once."""
        await self._auto.play_out(match_id)

    async def fall_due(self, match_id: int, version: int, kind: str) -> None:
        """What the match's timer does when it falls due (`kind`: "turn", "lobby"…), now."""
        await self._auto.step(match_id, version, kind)

    async def analyse(
        self, key: str, first: dict[str, Any], moves: list[list[Any]], seat: int
    ) -> list[tuple[int, Judged]]:
        """A finished match's decisions of one seat, valued off the event loop."""
        return await self._thinker.analyse(key, first, moves, seat)

    # -- a member's days away -----------------------------------------------------------

    async def go_away(self, user_id: int, days: int) -> tuple[float, list[QueueEntry]]:
        """The member is away for `days`: until when, and the queue places given up."""
        back = await self._away.go(user_id, days)
        return back, await self._queues.away(user_id)

    async def come_back(self, user_id: int) -> None:
        """The member is back: their clocks run again."""
        await self._away.back(user_id)

    # -- a match as it stands -----------------------------------------------------------

    def lock(self, match_id: int) -> asyncio.Lock:
        """The match's lock: what is read and decided under it can't cross a move."""
        return self._sessions.lock(match_id)

    def session(self, match_id: int) -> AbstractAsyncContextManager[None]:
        """The match's lock, its in-memory copy forgotten if anything inside fails."""
        return self._sessions.session(match_id)

    async def current(self, match_id: int) -> tuple[MatchRecord, Game | None]:
        """The open match and its game (None in the lobby); refused once ended."""
        return await self._sessions.current(match_id)

    def held(self, match_id: int) -> MatchRecord | None:
        """The in-memory copy of an open match as last saved (None: not held here)."""
        return self._sessions.held(match_id)

    async def game_of(self, record: MatchRecord) -> Game | None:
        """The record's game (None in a lobby); a match that can't be loaded is refused."""
        return await self._sessions.game_of(record)

    async def publishing(self, change: Change) -> MatchChange:
        """What `change` shows as data, read now for a table drawn anew."""
        return await self._sessions.publishing(change)

    def due(self, match_id: int) -> Due | None:
        """The match's timer, when this process has one armed."""
        return self._planner.timers.pending(match_id)

    def serves(self, guild_id: int) -> bool:
        """Whether this process times and shows the server's matches (its shards)."""
        return serves(self.settings.shards, guild_id)

    async def set_message(self, match_id: int, message_id: int, posted_at: float) -> None:
        """The match's public table (or card) is now this message."""
        await self._sessions.set_message(match_id, message_id, posted_at)

    async def set_thread(self, record: MatchRecord, thread_id: int) -> None:
        """The match is played in this thread from now on."""
        await self._sessions.set_thread(record, thread_id)

    # -- following a match (the live table) ---------------------------------------------

    async def follow(self, match_id: int, since: int | None = None) -> Subscription | None:
        """The match's changes from version `since` on; None when there is no such match."""
        return await self._live.follow(match_id, since)

    def known_change(self, match_id: int) -> MatchChange | None:
        """The match's latest change when it is known to be where the match stands."""
        return self._live.known(match_id)

    def latest_change(self, match_id: int) -> MatchChange | None:
        """The latest change of the match published here, however old."""
        return self._live.bus.latest(match_id)

    async def stand(self, match_id: int) -> MatchChange | None:
        """Where a match stands, read under its lock and published (None: no such match)."""
        return await self._live.stand(match_id)

    @property
    def heard_count(self) -> int:
        """Changes heard from the other processes since the start."""
        return self._relay.heard_count

    async def settled(self) -> None:
        """Wait until every change heard from the other processes is published."""
        await self._relay.settled()

    # -- the rooms handed out whole -----------------------------------------------------

    @property
    def queues(self) -> QueueHandle:
        return self._queues

    @property
    def quiet(self) -> QuietHandle:
        return self._quiet

    @property
    def watchers(self) -> WatchHandle:
        return self._watchers

    # -- the host's view ----------------------------------------------------------------

    def time_answer(self, kind: str, seconds: float) -> None:
        """How long a click of `kind` ("move", "lobby") took to be answered."""
        self._metrics.answer_seconds.labels(kind).observe(seconds)

    def exposition(self) -> bytes:
        """The metrics as Prometheus reads them."""
        return self._metrics.exposition()

    async def refresh_metrics(self, latencies: list[tuple[int, float]]) -> None:
        """Read what the gauges show (open matches, timers, gateway latency) for a scrape."""
        counts = await self.reads.open_counts()
        self._metrics.refresh(counts, self._planner.timers.count, latencies)

    def ai_time_on_loop(self) -> LoopTime:
        """The event loop's own time on AI decisions since the last ask, counted anew now."""
        spent, self._thinker.on_loop = self._thinker.on_loop, LoopTime()
        return spent

    def time_locks(self, new_lock: Callable[[], asyncio.Lock]) -> None:
        """Make the match locks with `new_lock` from now on (a bench times their holds)."""
        self._sessions.new_lock = new_lock

    # -- start and stop -----------------------------------------------------------------

    async def restore(self, first: Sequence[Callable[[], Awaitable[None]]] = ()) -> None:
        """After a start: hear the other processes' changes, run the restores of the rooms
        built beside this service (`first`: the tournaments'), then re-arm every open
        match's timer: the timers last, so none falls due while another restore still
        waits on the database."""
        await self._relay.start()
        for restore in first:
            await restore()
        await self._queues.restore()
        await self._quiet.restore()
        await self._auto.restore()

    async def shown(self, record: MatchRecord, version: int) -> None:
        """Everything the match's changes up to `version` show is out (see bot/play/outbox.py)."""
        await self._sessions.outbox.sent(self._writes, record, version)

    async def unshown(self) -> list[MatchRecord]:
        """The matches whose saved changes were not all shown before the last stop."""
        return await self._writes.matches_with_outbox()

    async def stop(self) -> None:
        await self._relay.stop()
        await self._sessions.outbox.flush(self._writes)
        await self._queues.stop()
        await self._planner.stop()
        await self._quiet.stop()
        self._thinker.stop()
        self.failures.stop()
