"""`/games away`: a member's days away set or ended, and their clocks stopped or started
again in each of their open matches at a pausable pace (the rules are in bot/rules/away.py,
the marks on a match in bot/play/away_marks.py)."""

from __future__ import annotations

from bot.errors import Refusal
from bot.play.auto_moves import AutoMoves
from bot.play.away_marks import keep_marks, marks_of, stopped_until, waiting_members
from bot.rules.away import (
    DAY,
    MOST_DAYS,
    WINDOW_DAYS,
    current,
    days_left,
    moved_due,
)
from bot.rules.pace import PAUSABLE
from bot.storage import TurnDue
from bot.storage.doors import AwayPeriods


class Away:
    """Sets and ends a member's days away, and stops or restarts their clocks in each of
    their open matches at a pausable pace, under that match's lock."""

    def __init__(self, auto: AutoMoves) -> None:
        self.sessions = auto.sessions
        self.periods: AwayPeriods = auto.sessions.doors.away
        self.auto = auto  # its publisher shows a change nobody clicked on the tables

    async def go(self, user_id: int, days: int) -> float:
        """Be away `days` days from now (a current period is lengthened or cut to it);
        returns when the member is back. Refused past the cap, with the days left."""
        now = self.sessions.clock()
        periods = await self.periods.away_periods(user_id, now - WINDOW_DAYS * DAY)
        left = days_left(periods, now)
        if days > left:
            raise Refusal("away_cap", count=left, most=MOST_DAYS, window=WINDOW_DAYS)
        ongoing = current(periods, now)
        back = now + days * DAY
        await self.periods.set_away(user_id, ongoing.starts_at if ongoing else now, back)
        await self._mark_matches(user_id, back)
        return back

    async def back(self, user_id: int) -> None:
        """Come back early: the current period ends now and the clocks run again."""
        now = self.sessions.clock()
        ongoing = current(await self.periods.away_periods(user_id, now), now)
        if ongoing is None:
            raise Refusal("not_away")
        await self.periods.set_away(user_id, ongoing.starts_at, now)
        await self._mark_matches(user_id, None)

    async def _mark_matches(self, user_id: int, back: float | None) -> None:
        """Every open match of the member this process runs (another process runs the
        servers of its own shards), at a pace that pauses."""
        shards = self.sessions.settings.shards
        for record in await self.sessions.reads.member_matches(None, user_id):
            if record.pace in PAUSABLE and (shards is None or shards.owns(record.guild_id)):
                await self._mark(record.id, user_id, back)

    async def _mark(self, match_id: int, user_id: int, back: float | None) -> None:
        """Mark the member away until `back` (None: back now) and move the running turn's
        deadline by as much as its stop changed; the table is redrawn to say so."""
        sessions = self.sessions
        async with sessions.session(match_id):
            try:
                record, game = await sessions.current(match_id)
            except Refusal:
                return  # ended or damaged meanwhile: no clock to stop
            if record.seat_of(user_id) is None or record.pace not in PAUSABLE:
                return
            now = sessions.clock()
            waiting = waiting_members(record, game)
            before = stopped_until(record, waiting, now)
            marks = marks_of(record)
            if back is None:
                marks.pop(str(user_id), None)
            else:
                marks[str(user_id)] = back
            keep_marks(record, marks)
            due = record.turn_due
            if due is not None and waiting:
                after = stopped_until(record, waiting, now)
                record.turn_due = TurnDue(due.key, moved_due(due.at, before, after))
            await sessions.commit(record, game, [], self.auto.publish)
