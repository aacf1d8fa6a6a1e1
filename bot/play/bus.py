"""The change bus: each match's published changes, handed to its subscribers in version
order (issue 47).

A subscriber follows one match. It first gets where the match stands, then every change
after it: a subscriber that says which version it last saw gets the changes after that one
when the bus still keeps them (the last `KEPT` of each match), so a page that reconnects
resumes with no gap and no repeat; otherwise it gets the latest change as a snapshot, which
holds the whole match. A subscriber that falls more than `BEHIND` changes behind is not let
grow without end: its waiting changes give way to one snapshot of the latest.

`publish` never waits: it is called under the match lock, and a slow reader must not hold
up the match. The bus is in memory, one process's; a change made by another process reaches
it through the database's notifications (bot/storage/postgres/changes_relay.py).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncIterator
from dataclasses import dataclass

from bot.play.published import MatchChange

KEPT = 64  # changes kept per match for subscribers that resume
BEHIND = 256  # changes a subscriber may have waiting before they become one snapshot


@dataclass(frozen=True, slots=True)
class Delivery:
    """A change as one subscriber gets it: `snapshot` when it stands for everything before
    it too (the first delivery, or after a gap), so the subscriber redraws all of it."""

    change: MatchChange
    snapshot: bool


class Subscription:
    """One subscriber's changes of one match, in version order."""

    def __init__(self, bus: ChangeBus, match_id: int) -> None:
        self.bus, self.match_id = bus, match_id
        self._waiting: deque[Delivery] = deque()
        self._ready = asyncio.Event()
        self.seen = -1  # the last version handed over (or queued)
        self.closed = False

    def _offer(self, delivery: Delivery) -> None:
        if delivery.change.version <= self.seen and not delivery.snapshot:
            return  # already handed over: never a repeat
        if len(self._waiting) >= BEHIND:
            self._waiting.clear()
            delivery = Delivery(delivery.change, snapshot=True)
        self._waiting.append(delivery)
        self.seen = delivery.change.version
        self._ready.set()

    async def next(self) -> Delivery | None:
        """The next change (waiting for one); None once the subscription is closed."""
        while not self._waiting:
            if self.closed:
                return None
            self._ready.clear()
            await self._ready.wait()
        return self._waiting.popleft()

    def pending(self) -> int:
        return len(self._waiting)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.bus._leave(self)
            self._ready.set()

    async def __aiter__(self) -> AsyncIterator[Delivery]:
        while (delivery := await self.next()) is not None:
            yield delivery


class ChangeBus:
    def __init__(self) -> None:
        self._kept: dict[int, deque[MatchChange]] = {}
        self._subscribers: dict[int, set[Subscription]] = {}

    def publish(self, change: MatchChange) -> None:
        """Keep `change` and hand it to the match's subscribers. A change no newer than the
        latest kept is dropped (a process hearing of its own change from the database)."""
        kept = self._kept.setdefault(change.match_id, deque(maxlen=KEPT))
        if kept and kept[-1].version >= change.version:
            return
        kept.append(change)
        for subscriber in self._subscribers.get(change.match_id, ()):
            subscriber._offer(Delivery(change, snapshot=False))

    def latest(self, match_id: int) -> MatchChange | None:
        kept = self._kept.get(match_id)
        return kept[-1] if kept else None

    def subscribe(self, match_id: int, since: int | None = None) -> Subscription:
        """Follow a match: the changes after version `since` when the bus keeps that one
        (so none between is missing), else the latest as a snapshot; none yet when nothing
        of the match was published (`Live.follow` publishes where it stands first)."""
        subscriber = Subscription(self, match_id)
        kept = list(self._kept.get(match_id, ()))
        versions = [change.version for change in kept]
        if since is not None and since in versions:  # it saw a kept change: the rest follow
            subscriber.seen = since
            for change in kept[versions.index(since) + 1 :]:
                subscriber._offer(Delivery(change, snapshot=False))
        elif kept:
            subscriber._offer(Delivery(kept[-1], snapshot=True))
        self._subscribers.setdefault(match_id, set()).add(subscriber)
        return subscriber

    def matches(self) -> list[int]:
        """The matches the bus keeps changes of (those to read again after a gap in what
        this process heard from the others)."""
        return list(self._kept)

    def subscribers(self, match_id: int) -> int:
        return len(self._subscribers.get(match_id, ()))

    def forget(self, match_id: int) -> None:
        """Drop what is kept of a match nobody follows (an ended match's, after a while)."""
        if not self._subscribers.get(match_id):
            self._kept.pop(match_id, None)
            self._subscribers.pop(match_id, None)

    def _leave(self, subscriber: Subscription) -> None:
        subscribers = self._subscribers.get(subscriber.match_id)
        if subscribers is not None:
            subscribers.discard(subscriber)
            if not subscribers:
                del self._subscribers[subscriber.match_id]
