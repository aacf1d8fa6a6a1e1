"""Notices held through members' quiet hours: each member's quiet hours as they set them,
the turn notices and reminders held for them (kept in the database, so a restart keeps
them), and one timer per member with notices held, which lets them go when their quiet
hours end. What a held notice says, and whether it still applies then, is the Discord
layer's: it is handed to `release`, one at a time."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.core.failure_log import FailureLog, outage_of
from bot.play.scheduler import Due, Scheduler
from bot.rules.quiet import QUIET_KEY, QuietHours
from bot.storage import HeldNotice, StorageError
from bot.storage.doors import MEMBER, HeldNotices, ScopedSettings
from bot.storage.shards import Shards

Release = Callable[[HeldNotice], Awaitable[None]]
RETRY_AFTER = 60.0  # seconds before notices a database outage kept from going are tried again


async def _not_sent(held: HeldNotice) -> None:
    return None


class QuietHolds:
    def __init__(
        self,
        scoped: ScopedSettings,
        store: HeldNotices,
        clock: Callable[[], float],
        shards: Shards | None,
        failures: FailureLog,
    ) -> None:
        self.scoped = scoped
        self.store = store
        self.clock = clock
        self.shards = shards  # this process holds the notices of its own servers' matches
        self.failures = failures
        self.release: Release = _not_sent  # the application points it at the turn notices
        self.timers = Scheduler(clock, self._due)  # keyed by member
        self._hours: dict[int, QuietHours | None] = {}  # member -> as last read or set
        self._held: dict[int, dict[int, HeldNotice]] | None = None  # match -> member -> held

    async def hours(self, user_id: int) -> QuietHours | None:
        """The member's quiet hours (None: they set none)."""
        if user_id not in self._hours:
            kept = await self.scoped.scoped(MEMBER, user_id)
            self._hours[user_id] = QuietHours.from_value(kept.get(QUIET_KEY))
        return self._hours[user_id]

    async def set_hours(self, user_id: int, hours: QuietHours | None) -> None:
        """Keep the member's new quiet hours (None: none); what they hold now goes when the
        new ones end, or at once."""
        value = None if hours is None else hours.to_value()
        await self.scoped.set_scoped(MEMBER, user_id, QUIET_KEY, value)
        self._hours[user_id] = hours
        if any(h.user_id == user_id for h in await self._every()):
            self.timers.set(user_id, Due(self.clock(), 0, "quiet"))

    async def ends(self, user_id: int) -> float | None:
        """When the member's quiet hours that hold now end (None: none hold now)."""
        hours = await self.hours(user_id)
        return None if hours is None else hours.ends_after(self.clock())

    async def held_in(self, match_id: int) -> dict[int, HeldNotice]:
        """The match's held notices, by member."""
        await self._every()
        assert self._held is not None
        return self._held.get(match_id, {})

    async def hold(self, held: HeldNotice) -> None:
        """Hold the member's notice in the match (in place of one held before) until
        `held.send_at`."""
        await self._every()
        assert self._held is not None
        self._held.setdefault(held.match_id, {})[held.user_id] = held
        try:
            await self.store.hold_notice(held)
        except StorageError as error:  # held all the same, if only until a restart
            self.failures.report(error, f"holding a notice of match {held.match_id}")
        self._arm(held.user_id)

    async def drop(self, held: HeldNotice) -> None:
        """Forget a held notice: it was sent, or no longer applies."""
        every = self._held if self._held is not None else {}
        per_member = every.get(held.match_id, {})
        if per_member.get(held.user_id) == held:
            del per_member[held.user_id]
            if not per_member:
                del every[held.match_id]
        try:
            await self.store.drop_held_notice(held.match_id, held.user_id)
        except StorageError as error:  # a restart may send it: it applies no more by then
            self.failures.report(error, f"forgetting a held notice of match {held.match_id}")

    async def restore(self) -> None:
        """After a start: a timer for each member with notices held here."""
        for user_id in {held.user_id for held in await self._every()}:
            self._arm(user_id)

    async def stop(self) -> None:
        await self.timers.stop()

    async def _every(self) -> list[HeldNotice]:
        """Every notice held here, read from the database when first needed."""
        if self._held is None:
            found = await self.store.held_notices(self.shards)
            if self._held is None:  # no other read finished meanwhile
                self._held = {}
                for held in found:
                    self._held.setdefault(held.match_id, {})[held.user_id] = held
        return [held for per_member in self._held.values() for held in per_member.values()]

    def _arm(self, user_id: int) -> None:
        """The member's timer at their earliest held notice (none: no timer)."""
        times = [held.send_at for held in self._of(user_id)]
        self.timers.set(user_id, Due(min(times), 0, "quiet") if times else None)

    def _of(self, user_id: int) -> list[HeldNotice]:
        every = (self._held or {}).values()
        return [per_member[user_id] for per_member in every if user_id in per_member]

    async def _due(self, user_id: int, version: int, kind: str) -> None:
        """The member's quiet hours are over: their held notices go, each to be sent if it
        still applies. Quiet hours changed meanwhile hold them on until their new end."""
        try:
            ends = await self.ends(user_id)
            if ends is not None:
                self.timers.set(user_id, Due(ends, 0, "quiet"))
                return
            for held in self._of(user_id):
                await self.release(held)
        except Exception as error:
            later = outage_of(error) is not None
            self.failures.report(error, f"sending the notices held for member {user_id}")
            if later and self.timers.pending(user_id) is None:
                self.timers.set(user_id, Due(self.clock() + RETRY_AFTER, 0, "quiet"))
