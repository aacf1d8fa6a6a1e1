"""The change bus: each match's published changes, handed to its subscribers in version
order (issue 47).

A subscriber follows one match. It first gets where the match stands, then every change
after it: a subscriber that says which version it last saw gets the changes after that one
when the bus still keeps them (the last `KEPT` of a followed match, kept `LINGER` seconds
after its last subscriber left), so a page that reconnects resumes with no gap and no
repeat; otherwise it gets the latest change as a snapshot, which
holds the whole match. A subscriber that falls more than `BEHIND` changes behind is not let
grow without end: its waiting changes give way to one snapshot of the latest.

`publish` never waits: it is called under the match lock, and a slow reader must not hold
up the match. The bus is in memory, one process's; a change made by another process reaches
it through the database's notifications (bot/storage/postgres/changes_relay.py).
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

from bot.play.published import MatchChange

KEPT = 64  # changes kept per followed match, for subscribers that resume
BEHIND = 256  # changes a subscriber may have waiting before they become one snapshot
LINGER = 120.0  # seconds a match's changes are still all kept after its last subscriber left
IDLE = 5000  # matches nobody follows whose latest change is kept (the least recent go first)


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
    """Each match's latest change, and while someone follows it (or followed it within
    `LINGER` seconds, so a page that reconnects resumes) its last `KEPT`. A match nobody
    follows keeps only its latest, and at most `IDLE` such matches are kept at all: memory
    stays bounded however many matches a process plays. What was let go is read again from
    the database by whoever follows it next (`Live.follow`)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._kept: dict[int, deque[MatchChange]] = {}
        self._subscribers: dict[int, set[Subscription]] = {}
        self._left: dict[int, float] = {}  # match -> when its last subscriber left
        self._idle: OrderedDict[int, None] = OrderedDict()  # unfollowed, least recent first

    def publish(self, change: MatchChange) -> None:
        """Keep `change` and hand it to the match's subscribers. A change no newer than the
        latest kept is dropped (a process hearing of its own change from the database)."""
        match_id = change.match_id
        kept = self._kept.setdefault(match_id, deque(maxlen=KEPT))
        if kept and kept[-1].version >= change.version:
            return
        subscribers = self._subscribers.get(match_id, ())
        if not subscribers and not self._lingering(match_id):
            kept.clear()  # nobody resumes from it: the latest stands for all of it
        kept.append(change)
        for subscriber in subscribers:
            subscriber._offer(Delivery(change, snapshot=False))
        if not subscribers:
            self._idled(match_id)

    def _lingering(self, match_id: int) -> bool:
        left = self._left.get(match_id)
        if left is not None and self.clock() - left < LINGER:
            return True
        self._left.pop(match_id, None)
        return False

    def _idled(self, match_id: int) -> None:
        """The match has no subscriber now: the most recent of the idle, the least recent
        let go beyond `IDLE`."""
        self._idle[match_id] = None
        self._idle.move_to_end(match_id)
        while len(self._idle) > IDLE:
            gone, _ = self._idle.popitem(last=False)
            self._kept.pop(gone, None)
            self._left.pop(gone, None)

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
        self._idle.pop(match_id, None)
        return subscriber

    def matches(self) -> list[int]:
        """The matches the bus keeps changes of (those to read again after a gap in what
        this process heard from the others)."""
        return list(self._kept)

    def subscribers(self, match_id: int) -> int:
        return len(self._subscribers.get(match_id, ()))

    def followed(self, match_id: int) -> bool:
        """Whether someone in this process follows the match now."""
        return bool(self._subscribers.get(match_id))

    def _leave(self, subscriber: Subscription) -> None:
        match_id = subscriber.match_id
        subscribers = self._subscribers.get(match_id)
        if subscribers is not None:
            subscribers.discard(subscriber)
            if not subscribers:
                del self._subscribers[match_id]
                self._left[match_id] = self.clock()
                if match_id in self._kept:
                    self._idled(match_id)
