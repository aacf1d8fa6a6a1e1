"""Which process shows a match in Discord, wherever its change was made (issue 47).

With the bot in several processes on one PostgreSQL database, a member may play a match
from a live table that another process serves. Discord shows a match from the process
that serves its server (bot/storage/shards.py) and no other: a process that saved a
change of a server it does not serve shows nothing of it, and the serving process, once
it has heard of the change (bot/play/relay.py), shows it as if it had made it: under the
match lock, the table, the hands, the notices, the result, queued for the match's sender.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from bot.play.matches import Change, MatchService
from bot.play.published import MatchChange, record_copy
from cogs.desk.tables import Tables


class ShownHere:
    def __init__(
        self,
        matches: MatchService,
        tables: Tables,
        track: Callable[[asyncio.Task[None]], None] | None = None,
    ) -> None:
        self.matches = matches
        self.tables = tables
        # A stop waits for a change being shown as for a click in flight.
        self._track = track
        self._showing: set[asyncio.Task[None]] = set()  # kept until done
        matches.on_change_elsewhere(self._heard)

    def serves(self, guild_id: int) -> bool:
        return self.matches.serves(guild_id)

    async def publish(self, change: Change) -> None:
        """The publisher of a change no click made (an AI move, a timer, a move from a live
        table): shown here only when this process serves the match's server."""
        if self.serves(change.record.guild_id):
            await self.tables.publish(change)

    def _heard(self, change: MatchChange) -> None:
        if self.serves(change.guild_id):
            task = asyncio.get_running_loop().create_task(self._show(change))
            self._showing.add(task)
            task.add_done_callback(self._showing.discard)
            if self._track is not None:
                self._track(task)

    async def _show(self, published: MatchChange) -> None:
        try:
            async with self.matches.session(published.match_id):
                latest = self.matches.latest_change(published.match_id)
                if latest is not None and latest.version > published.version:
                    return  # a newer change is shown already, or next: it shows all of it
                # The presenters may note where the table now is on the record: a copy of
                # their own, the published one staying as it was saved.
                change = Change(
                    record_copy(published.record),
                    published.game,
                    list(published.events),
                    watching=published.watching,
                    published=published,
                )
                await self.tables.publish(change)
        except Exception as error:
            what = f"showing match {published.match_id}'s change made elsewhere failed"
            self.matches.failures.report(error, what)
