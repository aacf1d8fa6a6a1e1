"""What a match record holds beyond its columns, said in types: its status and end reason as
kinds (python-chess's `Termination` is the model), and the fields once kept in the untyped
`extra` bag, each written by the one module its comment names.

They are still stored together in the `extra` column, as a versioned document: `{"v": 2,
...}` holds only the fields that differ from their defaults. A row saved before (version 1:
the bag itself, no "v") reads into the same fields; a key this version does not know is kept
in `unknown` and written back, never lost. The replay's first state and moves left the
document (bot/play/replay_log.py): a version 1 row hands them over once (`OldReplay`)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class MatchStatus(StrEnum):
    """Where a match stands; stored as the text it always was."""

    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"  # played out, with a result
    CANCELLED = "cancelled"  # ended without a result, for an `EndReason`


OPEN_STATUSES = (MatchStatus.LOBBY, MatchStatus.PLAYING)


class EndReason(StrEnum):
    """Why a match ended without a result; its data (a name) is kept beside it."""

    EVERYONE_LEFT = "everyone_left"  # the lobby emptied
    HOST_CANCELLED = "host_cancelled"
    EVERY_PLAYER_LEFT = "every_player_left"  # no member left at a running game
    LOBBY_EXPIRED = "lobby_expired"
    NOBODY_READY = "nobody_ready"  # a queue's table nobody confirmed
    RESET_BY_HOST = "reset_by_host"  # data: {"name"}
    RESET_BY_MODERATOR = "reset_by_moderator"  # data: {"name"}
    THREAD_DELETED = "thread_deleted"
    THREAD_CLOSED = "thread_closed"
    CHANNEL_DELETED = "channel_deleted"
    TOURNAMENT_CANCELLED = "tournament_cancelled"  # data: {"name"}
    TEXT = "text"  # ended before reasons were kinds; data: {"text": the words then}


@dataclass(frozen=True, slots=True)
class TournamentTable:
    """Which table of a tournament a match is. Written by bot/tournament/table_matches.py."""

    round: int
    table: int  # its number in the round, from 1
    rounds: int | None = None  # the rounds planned when it was dealt (its name says "of N")


@dataclass(slots=True)
class OldReplay:
    """The replay a version 1 row kept in its bag (the game as dealt and the moves since),
    read once and moved to the replay's own rows by the next save (or read as it is, for a
    match that ended before)."""

    first: dict[str, Any]
    moves: list[list[Any]]


@dataclass(slots=True)
class MatchExtra:
    """The match's typed fields beyond its columns; each says which module writes it."""

    # Where the match is played once started, "thread" or "channel": bot/play/seating.py
    # (a tournament's table: bot/tournament/table_matches.py; a thread that could not be
    # opened falls back to "channel" in cogs/desk/threads.py).
    where: str = "channel"
    # A practice table (hints on each turn): bot/play/practice.py, through seating.
    practice: bool = False
    # Not rated: a practice table (bot/play/practice.py) or an unrated tournament's table
    # (bot/tournament/table_matches.py).
    unrated: bool = False
    # The house rules the lobby was opened with, as stored: bot/play/house.py.
    house: dict[str, Any] | None = None
    # The finished match this lobby is the rematch of: bot/play/seating.py.
    rematch_of: int | None = None
    # Members away at a pausing pace, {user id: back at}: bot/play/away_marks.py.
    away: dict[str, float] = field(default_factory=dict)
    # {seat: turns missed in a row}: bot/play/auto_moves.py (a move clears it, moves.py).
    missed: dict[str, int] = field(default_factory=dict)
    # Seats whose member made a move themselves: bot/play/moves.py.
    moved: list[int] = field(default_factory=list)
    # {seat: user id} of members who left the running game: bot/play/seating.py.
    left: dict[str, int] = field(default_factory=dict)
    # {seat: version} since which the AI plays a member's seat: bot/play/seating.py and
    # bot/play/auto_moves.py (a member back at the seat clears it).
    ai_from: dict[str, int] = field(default_factory=dict)
    # The tournament table this match is: bot/tournament/table_matches.py.
    table: TournamentTable | None = None
    # How many of the replay's moves are stored (None: the match keeps no replay):
    # bot/play/replay_log.py, counted on by the store's save.
    replay_moves: int | None = None
    # Keys a newer or older version wrote that this one does not know, kept as read.
    unknown: dict[str, Any] = field(default_factory=dict)

    def copied(self) -> MatchExtra:
        """A copy that later changes to this one leave alone (each move's published copy
        takes one, so it copies each container once rather than deep-copying the record)."""
        return MatchExtra(
            self.where,
            self.practice,
            self.unrated,
            copy.deepcopy(self.house) if self.house else self.house,
            self.rematch_of,
            dict(self.away),
            dict(self.missed),
            list(self.moved),
            dict(self.left),
            dict(self.ai_from),
            self.table,  # frozen
            self.replay_moves,
            copy.deepcopy(self.unknown) if self.unknown else {},
        )


VERSION = 2
# Version 1's keys for the fields above (the same names where they match).
_DICTS = ("away", "missed", "left", "ai_from")
_TABLE_KEYS = ("tournament_round", "tournament_table", "tournament_rounds")
_OLD_REPLAY = ("replay_first", "replay_moves")


def extra_to_json(extra: MatchExtra) -> dict[str, Any]:
    """The version 2 document: only what differs from the defaults, and the unknown keys."""
    doc: dict[str, Any] = {**extra.unknown, "v": VERSION}
    if extra.where != "channel":
        doc["where"] = extra.where
    for flag in ("practice", "unrated"):
        if getattr(extra, flag):
            doc[flag] = True
    if extra.house is not None:
        doc["house"] = extra.house
    if extra.rematch_of is not None:
        doc["rematch_of"] = extra.rematch_of
    for name in (*_DICTS, "moved"):
        if getattr(extra, name):
            doc[name] = getattr(extra, name)
    if extra.table is not None:
        doc["table"] = [extra.table.round, extra.table.table, extra.table.rounds]
    if extra.replay_moves is not None:
        doc["replay"] = extra.replay_moves
    return doc


def extra_from_json(raw: dict[str, Any]) -> tuple[MatchExtra, OldReplay | None]:
    """The fields from a stored document of either version; a version 1 row's replay is
    handed back apart. Raises TypeError/ValueError/KeyError on a shape it can't read."""
    raw = dict(raw)
    version = raw.pop("v", 1)
    extra = MatchExtra(
        where=str(raw.pop("where", "channel")),
        practice=bool(raw.pop("practice", False)),
        unrated=bool(raw.pop("unrated", False)),
        house=raw.pop("house", None),
        rematch_of=_int_or_none(raw.pop("rematch_of", None)),
        away={str(k): float(v) for k, v in dict(raw.pop("away", None) or {}).items()},
        missed={str(k): int(v) for k, v in dict(raw.pop("missed", {})).items()},
        moved=[int(seat) for seat in raw.pop("moved", [])],
        left={str(k): int(v) for k, v in dict(raw.pop("left", {})).items()},
        ai_from={str(k): int(v) for k, v in dict(raw.pop("ai_from", {})).items()},
    )
    old: OldReplay | None = None
    if version == 1:
        extra.table = _old_table(raw)
        first, moves = raw.pop("replay_first", None), raw.pop("replay_moves", None)
        if isinstance(first, dict):
            old = OldReplay(first, [list(move) for move in moves or []])
    else:
        table = raw.pop("table", None)
        extra.table = None if table is None else TournamentTable(*table)
        extra.replay_moves = _int_or_none(raw.pop("replay", None))
    extra.unknown = raw
    return extra, old


def _old_table(raw: dict[str, Any]) -> TournamentTable | None:
    if "tournament_round" not in raw:
        return None
    round_, table, rounds = (raw.pop(key, None) for key in _TABLE_KEYS)
    return TournamentTable(int(round_), int(table or 1), _int_or_none(rounds))


def _int_or_none(value: Any) -> int | None:
    return None if value is None else int(value)
