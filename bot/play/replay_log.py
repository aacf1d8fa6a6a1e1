"""What a match keeps for its replay: the game as first dealt and every move applied since,
as a seat and the action's code (bot/play/replay.py steps through them). Every move the
platform applies goes through `apply_kept`, so the log misses none; a match started
before this was kept has no first state and keeps no moves.

The first state is written once, by the save that deals the game, and each move is
appended beside the events of the save that made it (the store's `match_replays` and
`match_moves`): the match's row only counts them (`MatchExtra.replay_moves`, owned here), so
a save never rewrites them. A match saved before kept both in its extra column; the
record reads them from there until its next save moves them (bot/storage/match_fields.py)."""

from __future__ import annotations

import copy
from typing import Any, Protocol

from bot.play.replay import Move
from bot.storage import MatchRecord
from bot.storage.records import ReplayLog
from engines.base import Event, Game


class ReplayReads(Protocol):
    async def replay(self, match_id: int) -> tuple[dict[str, Any] | None, list[list[Any]]]: ...


def keep_first(record: MatchRecord, game: Game) -> None:
    """Keep the game as dealt (a copy: the live game changes the lists it shares)."""
    record.replay = ReplayLog(copy.deepcopy(game.to_dict()), [])
    record.extra.replay_moves = 0


def apply_kept(record: MatchRecord, game: Game, seat: int, action: Any) -> list[Event]:
    """Apply the move and, once the game took it, log it for the replay."""
    events = game.apply(seat, action)
    if record.extra.replay_moves is not None:
        record.replay.moves.append([seat, action.code])
    return events


def copied_replay(replay: ReplayLog) -> ReplayLog:
    """A copy of the replay's unsaved part for a reader that keeps it while the match goes
    on: the first state is never changed once kept, so it is shared."""
    return ReplayLog(replay.first, list(replay.moves))


async def kept(reads: ReplayReads, record: MatchRecord) -> tuple[dict[str, Any], list[Move]] | None:
    """The first state and moves a full replay needs, or None for a match that kept none:
    what the store holds, then what the record has not saved yet."""
    if record.extra.replay_moves is None:
        return None
    first, moves = record.replay.first, list[list[Any]]()
    if first is None or record.extra.replay_moves:
        stored, moves = await reads.replay(record.id)
        first = first if first is not None else stored
    if first is None:
        return None
    return first, [Move.from_list(raw) for raw in [*moves, *record.replay.moves]]
