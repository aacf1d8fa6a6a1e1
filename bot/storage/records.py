"""The rows the application works with: matches, seats, deadlines, results; and how a
stored row becomes a record without ever raising (a damaged row is quarantined)."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.storage.match_fields import (
    OPEN_STATUSES,
    EndReason,
    MatchExtra,
    MatchStatus,
    extra_from_json,
    extra_to_json,
)
from bot.storage.standings_data import SeatKind
from bot.storage.statements import Statement
from engines.base import Event

log = logging.getLogger(__name__)


@dataclass(slots=True)
class Seat:
    """A place at the table: a member (user_id) or an AI seat (ai = its level)."""

    name: str
    user_id: int | None = None
    ai: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "user_id": self.user_id, "ai": self.ai}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Seat:
        return cls(raw["name"], raw.get("user_id"), raw.get("ai"))


TurnKey = int | list[int]
"""Which turn a clock runs for: the game's turn id, followed by the seats it waits on unless
every seat picks at once (then one clock serves the whole turn)."""


@dataclass(frozen=True, slots=True)
class TurnDue:
    """The running turn and when it runs out; kept while the turn lasts, so a step that
    changes nothing visible does not restart the clock."""

    key: TurnKey
    at: float

    def to_json(self) -> list[Any]:
        return [self.key, self.at]

    @classmethod
    def from_json(cls, raw: Any) -> TurnDue | None:
        """Read as saved in the extra column: [key, due] (the same since the first version)."""
        if raw is None:
            return None
        key, at = raw
        return cls(key, float(at))


@dataclass(frozen=True, slots=True)
class TurnNotice:
    """A turn notice that is up, kept in the database so that a restart still takes it
    down when the member moves: where, which message, the turn it was about, and whether
    it is a DM (edited to say it's done) rather than a mention (deleted)."""

    match_id: int
    user_id: int
    channel_id: int
    message_id: int
    about: TurnDue | None
    dm: bool = False


@dataclass(frozen=True, slots=True)
class HeldNotice:
    """A turn notice (or the reminder before the deadline) held through the member's quiet
    hours, kept so that a restart still sends it at `send_at` if the turn it is about
    (`about`) still runs; `guild_id` is the match's (its shard says which process sends
    it)."""

    match_id: int
    user_id: int
    about: TurnDue | None
    reminder: bool
    send_at: float
    guild_id: int


@dataclass(slots=True)
class ReplayLog:
    """What the replay has not stored yet (bot/play/replay_log.py writes it): the game as
    dealt, written once, and the moves made since the last save, appended beside that
    save's events. The store's save empties it; `MatchExtra.replay_moves` counts the
    moves stored."""

    first: dict[str, Any] | None = None
    moves: list[list[Any]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class NewMatch:
    """What a match is created with: a lobby, or a tournament's table (a lobby until the
    runner deals it). A deadline makes the lobby expire then."""

    guild_id: int
    channel_id: int
    game: str
    host_id: int
    seats: list[Seat]
    options: dict[str, Any]
    deadline_at: float | None = None
    pace: str = "live"
    extra: MatchExtra = field(default_factory=MatchExtra)
    tournament_id: int | None = None


@dataclass(slots=True)
class MatchRecord:
    id: int
    guild_id: int
    channel_id: int
    game: str
    host_id: int
    status: MatchStatus
    version: int
    seats: list[Seat]
    options: dict[str, Any]
    state: dict[str, Any] | None
    extra: MatchExtra = field(default_factory=MatchExtra)
    # The member turn whose clock runs (None: no member's clock runs). Saved in `extra`.
    turn_due: TurnDue | None = None
    message_id: int | None = None
    message_at: float | None = None
    # The thread the match is played in, opened on its lobby message (None: played in the
    # channel itself); and its pace, the time a member has for a turn (bot/rules/pace.py).
    thread_id: int | None = None
    pace: str = "live"
    # The tournament whose table this match is (None: a match of its own); set when made.
    tournament_id: int | None = None
    # What its saved changes must still show people ("table", "notices", "result", "end"),
    # written with the change and emptied once shown, so a crash loses none of it.
    outbox: list[str] = field(default_factory=list)
    # Why an ended match ended, as a kind (EndReason.HOST_CANCELLED, ...) with its data
    # ({"name": ...}); a match ended before reasons were kinds has kind EndReason.TEXT.
    ended_reason: EndReason | None = None
    ended_data: dict[str, Any] = field(default_factory=dict)
    created_at: float = 0.0
    updated_at: float = 0.0
    # Why the match can't be played (None: it can). A column that could not be read keeps
    # its stored text in `raw` and its field empty; saving such a record leaves them alone.
    quarantine: str | None = None
    raw: dict[str, str] = field(default_factory=dict)
    # The database the record was read from (its instance id); not stored in the row.
    database: str = ""
    # The match's latest events, newest last, for drawing its table. Not stored in the row:
    # the same events are rows of match_events, read from there when first needed (None:
    # not read yet), so a save writes each event once.
    log: list[Event] | None = field(default=None, repr=False, compare=False)
    # The replay's parts the next save writes (its first state once, its new moves).
    replay: ReplayLog = field(default_factory=ReplayLog, repr=False, compare=False)

    @property
    def ref(self) -> str:
        """The match as buttons name it: its id and its database, so a button never reaches
        a match of another database that happens to reuse the id."""
        return f"{self.id}.{self.database}" if self.database else str(self.id)

    @property
    def played_in(self) -> int:
        """The channel or thread where the table, its pings and the result are posted."""
        return self.thread_id or self.channel_id

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    def end(self, reason: EndReason, **data: Any) -> None:
        """Close the match without a result, for `reason` with its data."""
        self.status, self.ended_reason, self.ended_data = MatchStatus.CANCELLED, reason, data

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None


@dataclass(frozen=True, slots=True)
class Deadline:
    match_id: int
    kind: str
    version: int
    due_at: float


@dataclass(frozen=True, slots=True)
class OpenBrief:
    """What re-arming an open match's timer needs, read without its game state."""

    id: int
    status: MatchStatus
    version: int
    seats: list[Seat]
    deadline: Deadline | None
    quarantine: str | None
    pace: str = "live"

    @property
    def needs_game(self) -> bool:
        """Only a game with an AI seat must be loaded to know whether the AI moves next."""
        return self.status == MatchStatus.PLAYING and any(seat.ai for seat in self.seats)


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One seat's result. A match not played out (reset, abandoned) has no place, team or
    score. `kind` and `ai_from` say who played the seat (see standings_data.SeatKind)."""

    user_id: int | None  # None for an AI seat
    seat: int
    score: int | None
    won: bool
    name: str = ""
    kind: SeatKind = "member"
    ai_level: str | None = None
    ai_from: int | None = None  # the version from which the AI played a member's seat
    team: int | None = None
    place: int | None = None


MATCH_COLUMNS = (
    "id, guild_id, channel_id, game, host_id, status, version, seats, options, state, extra, "
    "message_id, message_at, ended_reason, created_at, updated_at, quarantine, ended_data, "
    "thread_id, pace, tournament_id, outbox"
)


def seats_from(value: Any) -> list[Seat]:
    if not isinstance(value, list):
        raise TypeError("not a list")
    return [Seat.from_dict(raw) for raw in value]


def _mapping(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise TypeError("not an object")
    return value


def extra_json(record: MatchRecord) -> dict[str, Any]:
    """The extra column as saved: the record's typed fields (the replay's count with the
    moves this save appends) plus its turn deadline."""
    doc = extra_to_json(record.extra)
    if record.extra.replay_moves is not None and record.replay.moves:
        doc["replay"] = record.extra.replay_moves + len(record.replay.moves)
    if record.turn_due is not None:
        doc["turn_due"] = record.turn_due.to_json()
    return doc


def _extra(value: Any) -> tuple[MatchExtra, TurnDue | None, ReplayLog]:
    raw = dict(_mapping(value))
    turn_due = TurnDue.from_json(raw.pop("turn_due", None))
    extra, old = extra_from_json(raw)
    if old is None:
        return extra, turn_due, ReplayLog()
    # A row saved before the replay had rows of its own: its next save moves them there.
    extra.replay_moves = 0
    return extra, turn_due, ReplayLog(old.first, old.moves)


def _state(value: Any) -> dict[str, Any] | None:
    return None if value is None else _mapping(value)


_JSON_COLUMNS: tuple[tuple[int, str, Callable[[Any], Any], Callable[[], Any]], ...] = (
    (7, "seats", seats_from, list),
    (8, "options", _mapping, dict),
    (9, "state", _state, lambda: None),
    (10, "extra", _extra, lambda: (MatchExtra(), None, ReplayLog())),
    (17, "ended_data", lambda value: {} if value is None else _mapping(value), dict),
)


def parse_column(name: str, text: Any, convert: Callable[[Any], Any]) -> tuple[Any, str | None]:
    """The column's value, or (None, the reason it can't be read)."""
    try:
        return convert(json.loads(text) if text is not None else None), None
    except json.JSONDecodeError as error:
        return None, f"{name}_json: invalid JSON at line {error.lineno} column {error.colno}"
    except (TypeError, KeyError, AttributeError, ValueError) as error:
        return None, f"{name}_json: unexpected shape ({type(error).__name__})"


def _end_reason(reason: str | None, raw: dict[str, str]) -> EndReason | None:
    """The row's end reason as a kind; one this version does not know (a newer bot's) is
    kept in `raw` and read as None, and the record quarantined. (The status needs no such
    care: both backends' schemas allow only MatchStatus's values.)"""
    try:
        return None if reason is None else EndReason(reason)
    except ValueError:
        raw["ended_reason"] = str(reason)
        return None


def record_from_row(row: Sequence[Any]) -> MatchRecord:
    """A record from a row; a column that can't be read is kept as raw text in `raw`, its
    field left empty, and the record marked as quarantined with the first reason."""
    values: dict[str, Any] = {}
    raw: dict[str, str] = {}
    reason: str | None = row[16]
    for index, name, convert, empty in _JSON_COLUMNS:
        value, problem = parse_column(name, row[index], convert)
        if problem is not None:
            raw[name], value = str(row[index]), empty()
            reason = reason or problem
        values[name] = value
    values["extra"], turn_due, replay = values["extra"]
    ended_reason = _end_reason(row[13], raw)
    if "ended_reason" in raw:
        reason = reason or f"ended_reason: unknown kind {row[13]!r}"
    return MatchRecord(
        turn_due=turn_due,
        replay=replay,
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        game=row[3],
        host_id=row[4],
        status=MatchStatus(row[5]),
        version=row[6],
        message_id=row[11],
        message_at=row[12],
        ended_reason=ended_reason,
        created_at=row[14],
        updated_at=row[15],
        thread_id=row[18],
        pace=row[19],
        tournament_id=row[20],
        outbox=json.loads(row[21]) if row[21] else [],
        quarantine=reason,
        raw=raw,
        **values,
    )


def match_update(
    record: MatchRecord, expected_version: int, now: float, deadline: Deadline | None
) -> Statement:
    """The UPDATE of a match row, guarded by its version (the last parameter but one). A
    quarantined match keeps the columns it can't parse (seats, options, state, extra) as
    they were stored."""
    due = (deadline.kind, deadline.version, deadline.due_at) if deadline else (None, None, None)
    readable: dict[str, Any] = (
        {}
        if record.quarantine is not None
        else {
            "seats": json.dumps([s.to_dict() for s in record.seats]),
            "options": json.dumps(record.options),
            "state": json.dumps(record.state) if record.state is not None else None,
            "extra": json.dumps(extra_json(record)),
        }
    )
    columns: dict[str, Any] = {
        "status": str(record.status),
        "version": record.version,
        "host_id": record.host_id,  # a lobby's host who left hands it on
        **readable,
        "message_id": record.message_id,
        "message_at": record.message_at,
        "thread_id": record.thread_id,
        "pace": record.pace,
        "outbox": json.dumps(record.outbox) if record.outbox else None,
        "ended_reason": None if record.ended_reason is None else str(record.ended_reason),
        "ended_data": json.dumps(record.ended_data),
        "updated_at": now,
        **dict(zip(("due_kind", "due_version", "due_at"), due, strict=True)),
    }
    assignments = ", ".join(f"{name} = ?" for name in columns)
    return (
        f"UPDATE matches SET {assignments} WHERE id = ? AND version = ?",
        (*columns.values(), record.id, expected_version),
    )


REPLAY_FIRST_INSERT = "INSERT INTO match_replays (match_id, first) VALUES (?, ?)"
REPLAY_MOVE_INSERT = (
    "INSERT INTO match_moves (match_id, n, version, seat, code) VALUES (?, ?, ?, ?, ?)"
)


def replay_rows(record: MatchRecord) -> tuple[str | None, list[tuple[Any, ...]]]:
    """What a save writes of the replay: the first state's JSON when not stored yet (else
    None), and REPLAY_MOVE_INSERT's parameters for the moves made since the last save. A
    quarantined record writes none (its extra column, which counts them, is kept)."""
    stored = record.extra.replay_moves
    if record.quarantine is not None or stored is None:
        return None, []
    pending = record.replay
    first = None if pending.first is None else json.dumps(pending.first)
    moves = [
        (record.id, stored + n, record.version, int(seat), str(code))
        for n, (seat, code) in enumerate(pending.moves)
    ]
    return first, moves


def replay_saved(record: MatchRecord) -> None:
    """The save wrote what `replay_rows` gave: count the moves stored, forget them here."""
    if record.quarantine is not None or record.extra.replay_moves is None:
        return
    record.extra.replay_moves += len(record.replay.moves)
    record.replay = ReplayLog()


class LoadedRecords:
    """Turns a database's rows into records of that database, and says once per process
    that a match is quarantined, whether it was found so on load or marked just now."""

    def __init__(self) -> None:
        self._reported: set[int] = set()

    def record(self, row: Sequence[Any], instance: str) -> MatchRecord:
        record = record_from_row(row)
        record.database = instance
        if record.quarantine is not None:
            self.quarantined(record.id, record.quarantine)
        return record

    def quarantined(self, match_id: int, reason: str) -> None:
        if match_id not in self._reported:
            self._reported.add(match_id)
            log.warning("match %s is quarantined: %s", match_id, reason)


def quarantine_reason(reason: str) -> str:
    """A reason as stored: one line, short enough for /games list."""
    return reason.replace("\n", " ")[:300]
