"""Open matches under their locks: load, check, apply, persist, then answer — one lock per
match, and an in-memory copy of each open match as last saved."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable

from bot.core.failure_log import FailureLog
from bot.core.log_format import GUILD, MATCH, log_context
from bot.core.metrics import Metrics
from bot.core.settings import Settings
from bot.errors import Notice, NotSaved, Refusal
from bot.play.bus import ChangeBus
from bot.play.changes import Change, Publisher, show_saved
from bot.play.deadlines import deadline_for
from bot.play.outbox import Outbox, shows
from bot.play.planner import Planner
from bot.play.published import MatchChange, published
from bot.storage import EndHow, EndReason, MatchRecord, MatchStatus, ResultRow, StorageError
from bot.storage.doors import Doors, MatchReads, MatchWrites
from bot.storage.seat_results import seat_rows
from engines.base import GAMES, BadState, Event, Game

LOG_SIZE = 80  # events kept on the record, enough for a table to retell a round


class MissingGame(LookupError):
    """A match of a game this bot no longer has (the host removed its plug-in)."""


UNLOADABLE = (BadState, json.JSONDecodeError, MissingGame)
"""Why a saved match can't be loaded, and so is quarantined rather than played."""


class Sessions:
    def __init__(
        self,
        doors: Doors,
        settings: Settings,
        clock: Callable[[], float],
        planner: Planner,
        metrics: Metrics | None = None,
    ) -> None:
        # The store's doors, which the rooms built on these sessions take theirs from.
        self.doors = doors
        self.reads: MatchReads = doors.reads
        self.writes: MatchWrites = doors.writes
        self.metrics = metrics or Metrics()
        self.settings = settings
        self.clock = clock
        self.planner = planner
        self.failures: FailureLog = planner.failures
        self._locks: dict[int, asyncio.Lock] = {}
        # Open matches as last saved. Every write goes through here under the match lock,
        # so the copy stays true; any failure evicts it and the next use reloads.
        self._live: dict[int, tuple[MatchRecord, Game | None]] = {}
        # What saved changes must still show, saved with each change (bot/play/outbox.py).
        self.outbox = Outbox()
        # Called with every match that has just ended, once saved (a tournament hears of
        # its tables this way); each must return at once, leaving any work to a task.
        self.ended: list[Callable[[MatchRecord], None]] = []
        # Every saved change, published as data to whoever follows the match (issue 47).
        self.bus = ChangeBus()
        # How many members watch a match from its thread (the match service points this
        # at its watchers), read once a match and carried by its changes.
        self.watching: Callable[[int], Awaitable[int]] = _nobody_watching
        # The language a server chose for what everyone reads (None: none chosen), which
        # the Discord layer keeps; carried by the changes, so drawing one reads nothing.
        self.server_language: Callable[[int], Awaitable[str | None]] = _no_language
        # How a match's lock is made (a bench hands one that times its holds).
        self.new_lock: Callable[[], asyncio.Lock] = asyncio.Lock

    def lock(self, match_id: int) -> asyncio.Lock:
        lock = self._locks.get(match_id)
        if lock is None:
            lock = self._locks[match_id] = self.new_lock()
        return lock

    @contextlib.asynccontextmanager
    async def session(self, match_id: int) -> AsyncIterator[None]:
        """The match lock, forgetting the in-memory copy if anything inside fails."""
        # Every line logged meanwhile names the match (and its server, once loaded).
        with log_context(match_id=match_id, guild_id=GUILD.get()):
            async with self.lock(match_id):
                try:
                    yield
                except BaseException:
                    self._live.pop(match_id, None)
                    raise

    def held(self, match_id: int) -> MatchRecord | None:
        """The in-memory copy of an open match as last saved (None: not held)."""
        live = self._live.get(match_id)
        return None if live is None else live[0]

    def busy(self, match_id: int) -> bool:
        """Whether the match's lock is held now (without making one for it)."""
        lock = self._locks.get(match_id)
        return lock is not None and lock.locked()

    def held_ids(self) -> list[int]:
        """The open matches held in memory (to check against the database after a gap in
        what this process heard from the others)."""
        return list(self._live)

    def forget(self, match_id: int, older_than: int) -> None:
        """Drop the in-memory copy of a match when another process saved a newer version:
        the next use reads the database's."""
        live = self._live.get(match_id)
        if live is not None and live[0].version < older_than:
            del self._live[match_id]

    async def current(self, match_id: int) -> tuple[MatchRecord, Game | None]:
        """The open match and its game (None in the lobby); refuse one that has ended."""
        live = self._live.get(match_id)
        if live is None:
            record = await self.reads.get_match(match_id)
            if record is None or not record.is_open:
                raise Refusal("already_ended")
            live = self._live[match_id] = (record, await self.game_of(record))
        if MATCH.get() == match_id:  # inside its session, which puts the server back after
            GUILD.set(live[0].guild_id)
        return live

    async def game_of(self, record: MatchRecord) -> Game | None:
        """The record's game (None in a lobby). A match that can't be loaded (a damaged row,
        a state no engine reads) is quarantined: kept as it is, marked, and refused with an
        answer that says how to free the channel; nothing else is held up by it."""
        if record.quarantine is None:
            try:
                return load_game(record)
            except UNLOADABLE as error:  # anything else is a bug, and surfaces as one
                reason = f"{type(error).__name__}: {error}"[:200]
                await self.writes.quarantine(record.id, reason)
                record.quarantine = reason
        raise Refusal("quarantined")

    async def recent(self, record: MatchRecord) -> list[Event]:
        """The record's latest events (at most LOG_SIZE, newest last), read from the stored
        events the first time a table needs them; saves keep them current after that."""
        if record.log is None:
            stored = await self.reads.events(record.id, LOG_SIZE)
            record.log = [event for _version, event in stored]
        return record.log

    async def set_message(self, match_id: int, message_id: int, posted_at: float) -> None:
        """Remember where a match's table message now is (also in the in-memory copy). The
        table is already up: when the database can't take it now, the in-memory copy
        still has it, and the match's next save writes it."""
        live = self._live.get(match_id)
        if live is not None:
            live[0].message_id, live[0].message_at = message_id, posted_at
        try:
            await self.writes.set_message(match_id, message_id, posted_at)
        except StorageError as error:
            self.failures.report(error, f"remembering the new table of match {match_id} failed")

    async def set_thread(self, record: MatchRecord, thread_id: int) -> None:
        """Remember the thread the match is now played in (also on `record` and the
        in-memory copy). Written before the table is posted there: a database that can't
        take it refuses the move to the thread, and the match stays in its channel."""
        # The copies first: a save of the match made while the write waits on the database
        # writes the thread too, rather than the None it had (which would undo this write).
        live = self._live.get(record.id)
        copies = [record] if live is None or live[0] is record else [record, live[0]]
        before = [held.thread_id for held in copies]
        for held in copies:
            held.thread_id = thread_id
        try:
            await self.writes.set_thread(record.id, thread_id)
        except StorageError:
            for held, thread in zip(copies, before, strict=True):
                held.thread_id = thread
            raise

    async def commit(
        self,
        record: MatchRecord,
        game: Game | None,
        events: list[Event],
        answer: Publisher,
        notice: Notice | None = None,
    ) -> Change:
        """Save a change under the next version, then show it (under the match lock)."""
        expected = record.version
        record.version += 1
        await self._save(record, game, expected, events)
        change = Change(record, game, events, notice)

        async def publish_and_answer(change: Change) -> None:
            self.bus.publish(await self.publishing(change))
            await answer(change)

        await show_saved(publish_and_answer, change)
        return change

    async def publishing(self, change: Change) -> MatchChange:
        """The change as published, with everything its display needs read (the match's
        latest events, its watchers, the server's language), under the match lock: whoever
        shows it reads nothing more."""
        record = change.record
        if change.game is not None:
            await self.recent(record)
        if record.thread_id is not None:
            change.watching = await self.watching(record.id)
        change.published = published(
            record,
            change.events,
            change.watching,
            language=await self.server_language(record.guild_id),
            with_game=change.game is not None,
        )
        return change.published

    async def _save(
        self, record: MatchRecord, game: Game | None, expected: int, events: list[Event]
    ) -> None:
        """Persist a change with its events, deadline and results in one transaction, then plan."""
        now = self.clock()
        results: list[ResultRow] = []
        end: EndHow | None = None
        if game is not None:
            record.state = game.to_dict()
            outcome = game.outcome()
            extra = record.extra
            if outcome is not None and record.status == MatchStatus.PLAYING:
                record.status = MatchStatus.FINISHED
                results = seat_rows(record.seats, extra.left, extra.ai_from, outcome)
                end = played_how(record)
            elif record.status == MatchStatus.CANCELLED:  # a begun match reset or abandoned
                results = seat_rows(record.seats, extra.left, extra.ai_from, None)
                end = ended_how(record)
        # Earlier versions kept the log in `extra`; match_events holds the same events.
        record.extra.unknown.pop("log", None)
        deadline = deadline_for(record, game, now, events, self.settings)
        self.outbox.saving(record, shows(record, game))
        try:
            await self.writes.save(
                record,
                expected_version=expected,
                now=now,
                events=events,
                deadline=deadline,
                results=results,
                end=end,
            )
        except Exception as error:  # rolled back: the caller's copy is dropped by session()
            raise NotSaved(record.id) from error
        if record.log is not None:  # else it is read from match_events when next drawn
            record.log.extend(events)
            del record.log[:-LOG_SIZE]
        if record.is_open:
            self._live[record.id] = (record, game)
        else:
            self._live.pop(record.id, None)
            self._locks.pop(record.id, None)
            for listener in self.ended:
                listener(record)
        self.planner.plan(record, game, deadline, now)


async def _nobody_watching(match_id: int) -> int:
    return 0


async def _no_language(guild_id: int) -> str | None:
    return None


def played_how(record: MatchRecord) -> EndHow:
    """A match played out is rated unless it was marked unrated (`extra.unrated`)."""
    return "unrated" if record.extra.unrated else "played"


def ended_how(record: MatchRecord) -> EndHow:
    """How a begun match ended without a result: every member left, or it was reset."""
    return "abandoned" if record.ended_reason == EndReason.EVERY_PLAYER_LEFT else "reset"


def load_game(record: MatchRecord) -> Game | None:
    """The record's game, as its engine reads the saved state (None in a lobby)."""
    if record.game not in GAMES:  # the host removed the game's plug-in
        raise MissingGame(f"no game {record.game!r} in this bot")
    if record.state is None:
        return None
    game = GAMES[record.game].from_dict(record.state)  # the engine checks its invariants
    if len(game.names) != len(record.seats):
        raise BadState(reason=f"{len(game.names)} players in the game, {len(record.seats)} seats")
    return game
