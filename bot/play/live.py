"""Following a match's changes from anywhere (issue 47): a subscriber is given where the
match stands, then each change as it is saved (the bus, bot/play/bus.py).

A match nothing was published of in this process yet (one that has not moved since the
start, or one another process plays) is first read as it stands and published as such,
under its lock, so the snapshot and the changes after it never cross. A change another
process saved reaches here as its match and version (`heard`, from the database's
notifications): it is read back from the database and published the same way.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.play.bus import Subscription
from bot.play.published import MatchChange, published
from bot.play.sessions import LOG_SIZE, UNLOADABLE, Sessions
from bot.storage import MatchRecord
from bot.storage.shards import serves
from engines.base import Event

log = logging.getLogger(__name__)


class Live:
    def __init__(self, sessions: Sessions) -> None:
        self.sessions = sessions
        self.bus = sessions.bus
        # Told of every change another process saved, once published here (the Discord
        # desk of the process that shows the match redraws it); each returns at once.
        self.from_elsewhere: list[Callable[[MatchChange], None]] = []

    async def follow(self, match_id: int, since: int | None = None) -> Subscription | None:
        """Follow a match from version `since` (None: from where it stands); None when
        there is no such match."""
        if not self._current(match_id) and await self.stand(match_id) is None:
            return None
        return self.bus.subscribe(match_id, since)

    def known(self, match_id: int) -> MatchChange | None:
        """The match's latest change when it is where the match stands (see `_current`),
        so a reader need not ask the database; else None."""
        return self.bus.latest(match_id) if self._current(match_id) else None

    def _current(self, match_id: int) -> bool:
        """Whether the bus's latest change of a match is where it stands: this process
        saves, or hears from the others, every change of a match it follows, holds or
        serves (one process alone serves every server); of any other, what it kept may be
        old."""
        latest = self.bus.latest(match_id)
        if latest is None:
            return False
        return (
            self.bus.followed(match_id)
            or self.sessions.held(match_id) is not None
            or serves(self.sessions.settings.shards, latest.guild_id)
        )

    async def stand(self, match_id: int) -> MatchChange | None:
        """Publish where a match stands, read under its lock (None: no such match)."""
        async with self.sessions.session(match_id):
            latest = self.bus.latest(match_id)
            if self._current(match_id):
                return latest
            record = await self._read(match_id)
            if record is None:
                return None
            if latest is not None and latest.version >= record.version:
                return latest
            change = await self._published(record, ())
            self.bus.publish(change)
            return change

    async def heard(self, match_id: int, version: int) -> None:
        """Another process saved `version` of a match: read it back and publish it, with
        the events saved since the version this process last published."""
        latest = self.bus.latest(match_id)
        if latest is not None and latest.version >= version:
            return  # this process's own change, or one already read
        async with self.sessions.session(match_id):
            latest = self.bus.latest(match_id)
            if latest is not None and latest.version >= version:
                return
            self.sessions.forget(match_id, older_than=version)
            record = await self._read(match_id)
            if record is None or record.version < version:
                return
            since = latest.version if latest is not None else record.version - 1
            stored = await self.sessions.reads.events(match_id, _EVENTS_READ)
            # Read after the record: a change saved meanwhile is published next, with its own.
            saved = [(made, event) for made, event in stored if made <= record.version]
            if record.log is None:  # the table's latest lines, from the same read
                record.log = [event for _made, event in saved][-LOG_SIZE:]
            events = tuple(event for made, event in saved if made > since)
            change = await self._published(record, events)
            self.bus.publish(change)
        for listener in self.from_elsewhere:
            listener(change)

    async def _read(self, match_id: int) -> MatchRecord | None:
        """The match as saved: the in-memory copy of an open match, else the database's."""
        held = self.sessions.held(match_id)
        if held is not None:
            return held
        return await self.sessions.reads.get_match(match_id)

    async def _published(self, record: MatchRecord, events: tuple[Event, ...]) -> MatchChange:
        watching = await self.sessions.watching(record.id) if record.thread_id else 0
        if record.state is not None:
            await self.sessions.recent(record)
        language = await self.sessions.server_language(record.guild_id)
        change = published(
            record, events, watching, language=language, with_game=record.quarantine is None
        )
        if change.saved is None:
            return change
        try:
            change.saved.get()  # loaded now: a state read back from the database may be damaged
        except UNLOADABLE as error:  # a damaged match: its seats and status, no game
            log.info("match %s is followed without its game (%s)", record.id, error)
            return published(record, events, watching, language=language, with_game=False)
        return change


_EVENTS_READ = 500  # the most events one change read back from the database carries
