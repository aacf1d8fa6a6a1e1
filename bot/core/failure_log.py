"""Failures told to the host: a database that is away, locked or failing quietly, a fault
in the bot in full.

While the database can't be used every request fails the same way, and a line with a
traceback per request would bury the log (a 10 s outage once wrote 11,772 lines). So the
first failure of each kind is one WARNING line; while that kind goes on, one line per
INTERVAL says how many more calls failed, and a quiet interval ends it. Any other failure
is a fault in the bot: it is logged whole, with its traceback, every time.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass

from bot.storage.errors import StorageError

INTERVAL = 30.0  # seconds between two lines about one kind of failure

log = logging.getLogger(__name__)


def outage_of(error: BaseException) -> StorageError | None:
    """The database failure behind `error`: itself, or one it was raised from."""
    cause: BaseException | None = error
    while cause is not None:
        if isinstance(cause, StorageError):
            return cause
        cause = cause.__cause__
    return None


@dataclass(slots=True)
class _Spell:
    """One kind of failure going on: when its current interval began, the calls that
    failed since its last line, and the timer that ends the interval."""

    began: float
    count: int = 0
    timer: asyncio.TimerHandle | None = None


class FailureLog:
    def __init__(
        self,
        clock: Callable[[], float],
        interval: float = INTERVAL,
        on_outage: Callable[[StorageError], None] | None = None,
    ) -> None:
        self._clock = clock  # the bot's clock, which tests move
        self._interval = interval
        self._on_outage = on_outage  # counts every failed call (the metrics), logged or not
        self._spells: dict[str, _Spell] = {}

    def report(self, error: BaseException, what: str) -> None:
        """Log that `what` (a whole phrase: "a click on match 3 failed") failed with
        `error`: an outage once per kind and interval, with a count; anything else whole."""
        outage = outage_of(error)
        if outage is None:
            log.error("%s", what, exc_info=error)
            return
        if self._on_outage is not None:
            self._on_outage(outage)
        kind = str(outage).rstrip(".") or type(outage).__name__
        spell = self._spells.get(kind)
        if spell is None:
            log.warning("%s: %s", kind, what)
            self._begin(kind, self._clock())
            return
        spell.count += 1
        if self._clock() - spell.began >= self._interval:  # the clock ran ahead of the timer
            self._tell(kind)

    def _begin(self, kind: str, now: float) -> None:
        try:
            timer = asyncio.get_running_loop().call_later(self._interval, self._tell, kind)
        except RuntimeError:  # no loop (a script): the next failure past the interval tells
            timer = None
        self._spells[kind] = _Spell(now, timer=timer)

    def _tell(self, kind: str) -> None:
        """End the kind's interval: say how many more calls failed in it. An interval
        without any ends the spell, so the next failure of that kind is news again."""
        spell = self._spells.pop(kind, None)
        if spell is None:
            return
        if spell.timer is not None:
            spell.timer.cancel()
        if spell.count == 0:
            return
        now = self._clock()
        calls = "call" if spell.count == 1 else "calls"
        seconds = max(0, round(now - spell.began))
        log.warning("%s: %d more %s failed in the last %d s", kind, spell.count, calls, seconds)
        self._begin(kind, now)

    def stop(self) -> None:
        """Tell what is still counted (the bot is stopping) and cancel the timers."""
        for kind in list(self._spells):
            self._tell(kind)
        for spell in self._spells.values():
            if spell.timer is not None:
                spell.timer.cancel()
        self._spells.clear()
