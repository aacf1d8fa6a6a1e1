"""Queues that seat people (issue 48, item 2): a member says "I want a game of X", and when
enough have said it the bot opens a table for them, seats them, and starts it once they
have all pressed Ready, or after a minute with AI players in the seats of those who did not.

A member waits in at most one queue per game of a server, at the pace they asked for (the
house's pace when they named none); only members of one pace are seated together. A place
is given up by leaving, by taking a seat at a table of that game (any table: `Seating`
tells the room), by going away (`/games away`), or when it expires (the server's time,
30 minutes by default). Places and the tables waiting for Ready are stored
(bot/storage/queue_store.py) and their timers re-armed at a start.

The server's settings are SERVER-scoped keys of `ScopedSettings`, owned by this room and
read as data by bot/rules/queue.py. Nothing here knows Discord: what happened is handed to `publish`
as a `QueueChange`, which the Discord layer shows."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, replace
from functools import partial

from bot.core.failure_log import FailureLog
from bot.errors import Refusal
from bot.play.auto_moves import AutoMoves
from bot.play.background import Background
from bot.play.changes import Change
from bot.play.house import HouseRules, applied
from bot.play.lobby import LobbyRequest, free_ai_names
from bot.play.scheduler import Due, Scheduler
from bot.play.seating import Seating
from bot.play.sessions import Sessions
from bot.rules.pace import PACES
from bot.rules.queue import (
    CHANNEL_KEY,
    EXPIRY_KEY,
    LONGEST_EXPIRY,
    SIZES_KEY,
    QueueSettings,
    read_settings,
)
from bot.storage import EndReason, MatchRecord, MatchStatus, Seat
from bot.storage.doors import SERVER, Queues, ScopedSettings
from bot.storage.queue_records import QueueEntry, QueueTable
from engines.base import GAMES

READY_WAIT = 60.0  # seconds a table waits for its members' Ready
MINUTE = 60.0


@dataclass(frozen=True, slots=True)
class Standing:
    """Where a member stands in a queue: their place, how many wait there, and how many a
    table seats; `table` when their joining completed one (they sit at it)."""

    entry: QueueEntry
    place: int
    waiting: int
    size: int
    table: MatchRecord | None = None


@dataclass(frozen=True, slots=True)
class QueueChange:
    """What happened, for the Discord layer to show: "seated" (a table opened for `entries`),
    "ready" (a member pressed Ready), "started" (`absent`: the members an AI replaced),
    "host_started" (its host pressed Start before the wait was over), "closed" (nobody
    pressed Ready, or the table ended before it started), "expired" (the member's place in
    `entries` ran out)."""

    kind: str
    guild_id: int
    record: MatchRecord | None = None
    table: QueueTable | None = None
    entries: tuple[QueueEntry, ...] = ()
    absent: tuple[int, ...] = ()


QueuePublisher = Callable[[QueueChange], Awaitable[None]]
# Where a table opened in a channel is played ("thread" or "channel"), given where the house
# rules put it (None: they don't say); the Discord layer knows the bot's permissions there.
Where = Callable[[int, str | None], str]


async def _nobody(change: QueueChange) -> None:
    return None


async def _shown_later(change: Change) -> None:
    """A table the queue opened is posted by the Discord layer once it is seated."""
    return None


def member_ids(record: MatchRecord) -> list[int]:
    return [seat.user_id for seat in record.seats if seat.user_id is not None]


class QueueRoom:
    def __init__(
        self,
        sessions: Sessions,
        seating: Seating,
        auto: AutoMoves,
        scoped: ScopedSettings,
        failures: FailureLog,
    ) -> None:
        self.sessions, self.seating, self.auto = sessions, seating, auto
        self.storage: Queues = sessions.doors.queues
        self.scoped = scoped
        self.failures = failures
        self.clock = sessions.clock
        self.publish: QueuePublisher = _nobody
        self._locks: dict[tuple[int, str], asyncio.Lock] = {}
        self._table_locks: dict[int, asyncio.Lock] = {}
        self._expiring: dict[int, tuple[int, str, int]] = {}  # entry id -> guild, game, member
        self.expiries = Scheduler(self.clock, self._expire)
        self.waits = Scheduler(self.clock, self._wait_over)
        self._background = Background(failures, "a queue step failed")
        seating.seated.append(self._seated_elsewhere)

    # -- settings ---------------------------------------------------------------------------

    async def settings(self, guild_id: int) -> QueueSettings:
        return read_settings(await self.scoped.scoped(SERVER, guild_id))

    async def set_channel(self, guild_id: int, channel_id: int | None) -> None:
        await self.scoped.set_scoped(SERVER, guild_id, CHANNEL_KEY, channel_id)

    async def set_size(self, guild_id: int, game: str, size: int | None) -> None:
        info = GAMES[game]
        if size is not None and not info.min_players <= size <= info.max_players:
            raise Refusal(
                "queue_bad_size", game=game, least=info.min_players, most=info.max_players
            )
        sizes = dict((await self.settings(guild_id)).sizes)
        if size is None:
            sizes.pop(game, None)
        else:
            sizes[game] = size
        await self.scoped.set_scoped(SERVER, guild_id, SIZES_KEY, sizes or None)

    async def set_expiry(self, guild_id: int, minutes: int | None) -> None:
        if minutes is not None and not 1 <= minutes <= LONGEST_EXPIRY:
            raise Refusal("queue_bad_expiry", most=LONGEST_EXPIRY)
        await self.scoped.set_scoped(SERVER, guild_id, EXPIRY_KEY, minutes)

    # -- a member's place -----------------------------------------------------------------

    async def join(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        user_id: int,
        name: str,
        pace: str | None,
        where: Where,
    ) -> Standing:
        """Put the member in the game's queue (at `pace`, else the house's) and seat a table
        when the queue holds enough; `where(channel_id, house)` says whether a table opened
        in that channel is played in a thread or the channel (`house`: where the house
        rules put it, None when they don't say). Asking again at the same pace keeps
        the place and renews its time; another pace moves them to the back of that queue."""
        if game not in GAMES:
            raise Refusal("unknown_game")
        if pace is not None and pace not in PACES:
            raise Refusal("unknown_button")
        settings = await self.settings(guild_id)
        table_channel = settings.channel_id or channel_id
        house = await self.seating.house(guild_id, table_channel, game)
        pace = pace or house.pace or "live"
        seated = await self.sessions.reads.member_matches(guild_id, user_id)
        if any(record.game == game for record in seated):
            raise Refusal("queue_at_table", game=game)
        limit = self.sessions.settings.member_match_limit
        if len(seated) >= limit:  # as `Seating.check_member_limit`, from the same read
            raise Refusal("member_full", limit=limit)
        now = self.clock()
        async with self._queue(guild_id, game):
            old = await self.storage.queue_entry(guild_id, game, user_id)
            joined = old.joined_at if old is not None and old.pace == pace else now
            entry = await self.storage.put_in_queue(
                QueueEntry(
                    guild_id=guild_id,
                    game=game,
                    user_id=user_id,
                    name=name,
                    pace=pace,
                    joined_at=joined,
                    expires_at=now + settings.expiry * MINUTE,
                )
            )
            self._arm_expiry(entry)
            opened = await self._seat_if_full(
                guild_id, game, pace, settings, table_channel, house, where
            )
            if opened is not None and user_id in member_ids(opened[0]):
                record, _entries = opened
                place = waiting = 0
            else:
                record = None
                place, waiting = await self.storage.queue_place(entry)
        if opened is not None:
            await self._publish_seated(*opened)
        return Standing(entry, place, waiting, settings.size(game), record)

    async def places(self, guild_id: int, user_id: int) -> list[Standing]:
        """The member's places in this server's queues."""
        settings = await self.settings(guild_id)
        standings = []
        for entry in await self.storage.member_queue_entries(guild_id, user_id):
            place, waiting = await self.storage.queue_place(entry)
            standings.append(Standing(entry, place, waiting, settings.size(entry.game)))
        return standings

    async def leave(self, guild_id: int, user_id: int, game: str | None = None) -> list[QueueEntry]:
        """Leave the game's queue (None: every queue of the server); the places given up."""
        entries = await self.storage.member_queue_entries(guild_id, user_id)
        return await self._drop([e for e in entries if game is None or e.game == game])

    async def away(self, user_id: int) -> list[QueueEntry]:
        """A member going away gives up their place in every queue of every server."""
        return await self._drop(await self.storage.member_queue_entries(None, user_id))

    async def _drop(self, entries: list[QueueEntry]) -> list[QueueEntry]:
        dropped = []
        for entry in entries:
            async with self._queue(entry.guild_id, entry.game):
                still = await self.storage.queue_entry(entry.guild_id, entry.game, entry.user_id)
                if still is None:
                    continue
                await self.storage.drop_queue_entries([still.id])
                self._disarm_expiry(still.id)
                dropped.append(still)
        return dropped

    def _seated_elsewhere(self, record: MatchRecord, user_id: int) -> None:
        """A member took a seat at a table of a game: their place in its queue is given up
        (a task, since `Seating` calls this under the table's lock)."""
        self._background.spawn(partial(self.leave, record.guild_id, user_id, record.game))

    # -- seating a table ------------------------------------------------------------------

    async def _seat_if_full(
        self,
        guild_id: int,
        game: str,
        pace: str,
        settings: QueueSettings,
        channel_id: int,
        house: HouseRules,
        where: Where,
    ) -> tuple[MatchRecord, list[QueueEntry]] | None:
        """Open a table for the longest-waiting members when the queue holds enough (under
        the queue's lock): the first of them hosts, the others are seated, their places
        are given up, and the table waits a minute for their Ready. It starts from the
        channel's house rules (the queue's pace, when it is the house's, is said so)."""
        size = settings.size(game)
        head = await self.storage.queue_head(guild_id, game, pace, size)
        if len(head) < size:
            return None
        host = head[0]
        record = await self.seating.open_lobby(
            LobbyRequest(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game,
                host_id=host.user_id,
                host_name=host.name,
                options={},
                pace=None if pace == house.pace else pace,
                where=where(channel_id, house.where),
                house=house,
            ),
        )
        async with self.sessions.session(record.id):
            record, _game = await self.sessions.current(record.id)
            record.seats.extend(Seat(name=e.name, user_id=e.user_id) for e in head[1:])
            await self.sessions.commit(record, None, [], _shown_later)
        table = QueueTable(record.id, guild_id, self.clock() + READY_WAIT)
        await self.storage.seat_from_queue(table, [entry.id for entry in head])
        for entry in head:
            self._disarm_expiry(entry.id)
        self.waits.set(record.id, Due(table.due_at, 0, "ready"))
        return record, head

    async def _publish_seated(self, record: MatchRecord, entries: list[QueueEntry]) -> None:
        table = await self.storage.queue_table(record.id)
        await self.publish(QueueChange("seated", record.guild_id, record, table, tuple(entries)))

    async def reseat(self, guild_id: int, where: Where) -> None:
        """After the settings changed (a smaller table): seat what each queue now fills."""
        settings = await self.settings(guild_id)
        if settings.channel_id is None:
            return  # without a channel, a table opens where its last member asks
        channel = settings.channel_id
        for game in GAMES:
            house = await self.seating.house(guild_id, channel, game)
            for pace in PACES:
                async with self._queue(guild_id, game):
                    opened = await self._seat_if_full(
                        guild_id, game, pace, settings, channel, house, where
                    )
                if opened is not None:
                    await self._publish_seated(*opened)

    async def set_message(self, match_id: int, message_id: int) -> None:
        """Remember the message that asks the table's members for Ready."""
        async with self._table(match_id):
            table = await self.storage.queue_table(match_id)
            if table is not None:
                await self.storage.set_queue_table(replace(table, message_id=message_id))

    # -- Ready ----------------------------------------------------------------------------

    async def ready(self, match_id: int, user_id: int) -> QueueTable:
        """A member seated at a queue's table presses Ready; when all have, it starts."""
        async with self._table(match_id):
            table = await self.storage.queue_table(match_id)
            record = await self.sessions.reads.get_match(match_id)
            if table is None or record is None or record.status != MatchStatus.LOBBY:
                raise Refusal("queue_ready_over")
            if record.seat_of(user_id) is None:
                raise Refusal("queue_ready_not_seated")
            if user_id in table.ready:
                raise Refusal("queue_ready_already")
            table = replace(table, ready=(*table.ready, user_id))
            await self.storage.set_queue_table(table)
            everyone = set(member_ids(record)) <= set(table.ready)
        await self.publish(QueueChange("ready", record.guild_id, record, table))
        if everyone:
            await self._start(match_id)
        return table

    async def _wait_over(self, match_id: int, version: int, kind: str) -> None:
        await self._start(match_id)

    async def _start(self, match_id: int) -> None:
        """The wait is over (all pressed Ready, or the minute passed): the seats of members
        who did not press it go to AI players, and the table starts; with nobody ready, it
        closes. A table started or closed meanwhile (its host pressed Start) is let be."""
        async with self._table(match_id):
            table = await self.storage.queue_table(match_id)
            if table is None:
                return
            self.waits.set(match_id, None)
            await self.storage.drop_queue_table(match_id)
            kind = "host_started"
            absent: tuple[int, ...] = ()
            to_deal = False
            try:
                async with self.sessions.session(match_id):
                    record, game = await self.sessions.current(match_id)
                    if game is None:
                        kind, absent = await self._seat_ai(record, table)
                        to_deal = kind == "started"
            except Refusal:  # ended before its start: cancelled, or every member left
                kind = "closed"
        self._table_locks.pop(match_id, None)
        if to_deal:
            await self.seating.deal(match_id, self.auto.publish)
        fresh = await self.sessions.reads.get_match(match_id)
        if fresh is not None:
            await self.publish(QueueChange(kind, fresh.guild_id, fresh, table, absent=absent))

    async def _seat_ai(self, record: MatchRecord, table: QueueTable) -> tuple[str, tuple[int, ...]]:
        """Under the table's lock: AI players for the members who did not press Ready (at
        the house's AI level, else the game's strongest), or the table closed when nobody
        did. The host's part passes to the first member who is ready."""
        ready = [user for user in member_ids(record) if user in table.ready]
        absent = tuple(user for user in member_ids(record) if user not in table.ready)
        if not ready:
            record.end(EndReason.NOBODY_READY)
            await self.sessions.commit(record, None, [], self.auto.publish)
            return "closed", absent
        if absent:
            house = applied(record)
            level = (house.ai if house is not None else None) or GAMES[record.game].ai_levels[-1]
            for index, seat in enumerate(record.seats):
                if seat.user_id in absent:
                    name = next(free_ai_names(s.name for s in record.seats))
                    record.seats[index] = Seat(name=name, ai=level)
            if record.host_id not in ready:
                record.host_id = ready[0]
            await self.sessions.commit(record, None, [], self.auto.publish)
        return "started", absent

    # -- expiry ---------------------------------------------------------------------------

    def _arm_expiry(self, entry: QueueEntry) -> None:
        self._expiring[entry.id] = (entry.guild_id, entry.game, entry.user_id)
        self.expiries.set(entry.id, Due(entry.expires_at, 0, "expire"))

    def _disarm_expiry(self, entry_id: int) -> None:
        self._expiring.pop(entry_id, None)
        self.expiries.set(entry_id, None)

    async def _expire(self, entry_id: int, version: int, kind: str) -> None:
        known = self._expiring.pop(entry_id, None)
        if known is None:
            return
        guild_id, game, user_id = known
        async with self._queue(guild_id, game):
            entry = await self.storage.queue_entry(guild_id, game, user_id)
            if entry is None or entry.id != entry_id:
                return
            if entry.expires_at > self.clock():  # renewed meanwhile
                self._arm_expiry(entry)
                return
            await self.storage.drop_queue_entries([entry.id])
        await self.publish(QueueChange("expired", guild_id, entries=(entry,)))

    # -- a start and a stop ---------------------------------------------------------------

    async def restore(self) -> None:
        """After a start: every place's expiry and every table's wait for Ready, armed
        again (those already past run at once)."""
        shards = self.sessions.settings.shards
        for entry in await self.storage.every_queue_entry():
            if shards is None or shards.owns(entry.guild_id):
                self._arm_expiry(entry)
        for table in await self.storage.queue_tables():
            if shards is None or shards.owns(table.guild_id):
                self.waits.set(table.match_id, Due(table.due_at, 0, "ready"))

    async def stop(self) -> None:
        await self.expiries.stop()
        await self.waits.stop()
        await self._background.stop()

    # -- inside ---------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def _queue(self, guild_id: int, game: str) -> AsyncIterator[None]:
        async with self._locks.setdefault((guild_id, game), asyncio.Lock()):
            yield

    @contextlib.asynccontextmanager
    async def _table(self, match_id: int) -> AsyncIterator[None]:
        async with self._table_locks.setdefault(match_id, asyncio.Lock()):
            yield
