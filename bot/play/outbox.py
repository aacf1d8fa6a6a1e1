"""What a match's saved changes must still show people, until the Discord layer has shown it.

A change is saved with its outbox (the kinds of things it shows, in the match's row, in the
same UPDATE): the table, the turn notices, the result, the end of its thread. Kinds that an
earlier change queued and that are not yet out ride along in the next save, so a crash at
any moment leaves in the database everything not yet shown; a restart shows it again from
the saved state. Once a match's sends are all out, its outbox is emptied: at once for a
match that ended (no later save would), else by its next save or when the bot stops.
"""

from __future__ import annotations

import logging

from bot.storage import MatchRecord, MatchStatus, StorageError
from bot.storage.doors import MatchWrites
from engines.base import Game

log = logging.getLogger(__name__)

TABLE, NOTICES, RESULT, END = "table", "notices", "result", "end"


def shows(record: MatchRecord, game: Game | None) -> set[str]:
    """What a change saved as `record` shows: the table and the turn notices always; the
    result when the match was just played out; the end when it closed."""
    kinds = {TABLE, NOTICES}
    if record.status == MatchStatus.FINISHED and game is not None:
        kinds.add(RESULT)
    if not record.is_open:
        kinds.add(END)
    return kinds


class Outbox:
    def __init__(self) -> None:
        # match -> the kinds queued and not yet all sent
        self._unsent: dict[int, set[str]] = {}
        # match -> the version whose sends are out while its row still lists them
        self._out: dict[int, int] = {}

    def saving(self, record: MatchRecord, kinds: set[str]) -> None:
        """Set the record's outbox for its save: this change's kinds and those still unsent."""
        unsent = self._unsent.setdefault(record.id, set())
        unsent |= kinds
        self._out.pop(record.id, None)  # this save rewrites the row's outbox
        record.outbox = sorted(unsent)

    async def sent(self, store: MatchWrites, record: MatchRecord, version: int) -> None:
        """The match's sends up to `version` are out: when no newer change is saved, nothing
        is left to show; an ended match's row is emptied now, an open one's later."""
        if record.version != version:
            return  # a newer change is saved and queued: its sends empty the outbox
        self._unsent.pop(record.id, None)
        if record.is_open:
            self._out[record.id] = version
            return
        await self._empty(store, record.id, version)

    async def flush(self, store: MatchWrites) -> None:
        """At a stop: empty the rows whose sends are all out."""
        for match_id, version in list(self._out.items()):
            await self._empty(store, match_id, version)

    async def _empty(self, store: MatchWrites, match_id: int, version: int) -> None:
        self._out.pop(match_id, None)
        try:
            await store.empty_outbox(match_id, version)
        except StorageError as error:  # shown again after a restart: edits are safe twice
            log.warning("match %s: its outbox stays until the next save (%s)", match_id, error)
