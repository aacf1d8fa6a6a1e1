"""What a match keeps for its replay, in its record's extra data: the game as first dealt
and every move applied since, as a seat and the action's code (bot/play/replay.py steps through
them). Every move the platform applies goes through `apply_kept`, so the log misses none;
a match started before this was kept has no first state and keeps no moves."""

from __future__ import annotations

import copy
from typing import Any

from bot.play.replay import Move
from bot.storage import MatchRecord
from engines.base import Event, Game

FIRST_KEY = "replay_first"
MOVES_KEY = "replay_moves"


def keep_first(record: MatchRecord, game: Game) -> None:
    """Keep the game as dealt (a copy: the live game changes the lists it shares)."""
    record.extra[FIRST_KEY] = copy.deepcopy(game.to_dict())
    record.extra[MOVES_KEY] = []


def apply_kept(record: MatchRecord, game: Game, seat: int, action: Any) -> list[Event]:
    """Apply the move and, once the game took it, log it for the replay."""
    events = game.apply(seat, action)
    if FIRST_KEY in record.extra:
        record.extra.setdefault(MOVES_KEY, []).append([seat, action.code])
    return events


def copied_extra(extra: dict[str, Any]) -> dict[str, Any]:
    """A copy of a record's extra data for a reader that keeps it while the match goes on.
    The first state is never changed once kept and the moves are only ever appended (each
    a list of its own), so they are shared and copied shallowly: a deep copy of a long
    match's log at every move grew with the match."""
    copied = copy.deepcopy({k: v for k, v in extra.items() if k not in (FIRST_KEY, MOVES_KEY)})
    if FIRST_KEY in extra:
        copied[FIRST_KEY] = extra[FIRST_KEY]
    if MOVES_KEY in extra:
        copied[MOVES_KEY] = list(extra[MOVES_KEY])
    return copied


def kept(record: MatchRecord) -> tuple[dict[str, Any], list[Move]] | None:
    """The first state and moves a full replay needs, or None for a match that kept none."""
    first = record.extra.get(FIRST_KEY)
    if not isinstance(first, dict):
        return None
    return first, [Move.from_list(raw) for raw in record.extra.get(MOVES_KEY, [])]
