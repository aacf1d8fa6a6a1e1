"""What both backends do the same way: the reads of matches, events, deadlines and
settings, and the one-statement writes. Each statement is written once, with `?`
placeholders; a backend runs it through its dialect (`_rows`, `_apply`) and writes only
what it does its own way (a new match, a save)."""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

from bot.storage.dialect import Dialect
from bot.storage.lobby_listing import LobbyListing
from bot.storage.match_fields import OPEN_STATUSES, MatchStatus, extra_to_json
from bot.storage.records import (
    MATCH_COLUMNS,
    Deadline,
    HeldNotice,
    LoadedRecords,
    MatchRecord,
    NewMatch,
    OpenBrief,
    TurnDue,
    TurnNotice,
    parse_column,
    quarantine_reason,
    seats_from,
)
from bot.storage.shards import Shards
from bot.storage.statements import Statement
from engines.base import Event

OPEN = "status IN ({})".format(", ".join(f"'{status.value}'" for status in OPEN_STATUSES))
BRIEF_COLUMNS = "id, status, version, seats, quarantine, due_kind, due_version, due_at, pace"
DEADLINE_COLUMNS = "id, due_kind, due_version, due_at"
EVENT_INSERT = (
    "INSERT INTO match_events (match_id, version, seq, kind, data) VALUES (?, ?, ?, ?, ?)"
)


def match_insert(new: NewMatch, now: float) -> Statement:
    """The INSERT of a new lobby (a tournament's table is one until the runner deals it)."""
    return (
        "INSERT INTO matches (guild_id, channel_id, game, host_id, status, seats, options, "
        "created_at, updated_at, due_kind, due_version, due_at, pace, extra, tournament_id) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)",
        (
            new.guild_id,
            new.channel_id,
            new.game,
            new.host_id,
            MatchStatus.LOBBY.value,
            json.dumps([s.to_dict() for s in new.seats]),
            json.dumps(new.options),
            now,
            now,
            "lobby" if new.deadline_at is not None else None,
            new.deadline_at,
            new.pace,
            json.dumps(extra_to_json(new.extra)),
            new.tournament_id,
        ),
    )


def event_rows(record: MatchRecord, events: Sequence[Event]) -> list[tuple[Any, ...]]:
    """EVENT_INSERT's parameters for a save's new events."""
    return [
        (record.id, record.version, seq, event.kind, json.dumps(dict(event.data)))
        for seq, event in enumerate(events)
    ]


def _brief(row: Sequence[Any]) -> OpenBrief:
    seats, problem = parse_column("seats", row[3], seats_from)
    deadline = Deadline(row[0], row[5], row[6], row[7]) if row[7] is not None else None
    status = MatchStatus(row[1])
    return OpenBrief(row[0], status, row[2], seats or [], deadline, row[4] or problem, row[8])


class StoreBase(LobbyListing, ABC):
    """The part of `Store` both backends share; a backend supplies the three below."""

    dialect: Dialect
    instance: str
    _loaded: LoadedRecords

    @abstractmethod
    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """The rows of a shared read (rows by position)."""

    @abstractmethod
    async def _apply(self, sql: str, params: Sequence[Any], key: int | None = None) -> None:
        """One shared statement as a transaction of its own (`key`: the match it writes)."""

    def _to_record(self, row: Sequence[Any]) -> MatchRecord:
        return self._loaded.record(row, self.instance)

    async def _one_match(self, where: str, *params: Any) -> MatchRecord | None:
        rows = await self._rows(f"SELECT {MATCH_COLUMNS} FROM matches WHERE {where}", params)
        return self._to_record(rows[0]) if rows else None

    async def quarantine(self, match_id: int, reason: str) -> None:
        """Mark a match that can't be loaded; it is kept as it is, for a person to look at."""
        reason = quarantine_reason(reason)
        await self._apply(
            "UPDATE matches SET quarantine = ? WHERE id = ?", (reason, match_id), match_id
        )
        self._loaded.quarantined(match_id, reason)

    # -- matches -------------------------------------------------------------------------

    async def get_match(self, match_id: int) -> MatchRecord | None:
        return await self._one_match("id = ?", match_id)

    async def open_match_in_channel(self, channel_id: int) -> MatchRecord | None:
        """The channel's oldest open match (a channel may hold several)."""
        return await self._one_match(f"channel_id = ? AND {OPEN} ORDER BY id LIMIT 1", channel_id)

    async def open_matches_in_channel(
        self, channel_id: int, game: str | None = None
    ) -> list[MatchRecord]:
        """The channel's open matches (of `game`, if given), oldest first; a match played
        in a thread counts in the thread's channel."""
        where = f"channel_id = ? AND {OPEN}"
        params: tuple[Any, ...] = (channel_id,)
        if game is not None:
            where, params = f"{where} AND game = ?", (channel_id, game)
        rows = await self._rows(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE {where} ORDER BY id", params
        )
        return [self._to_record(r) for r in rows]

    async def match_in_thread(self, thread_id: int) -> MatchRecord | None:
        """The match played in a thread, open or ended (a thread holds one match)."""
        return await self._one_match("thread_id = ? ORDER BY id DESC LIMIT 1", thread_id)

    async def member_matches(self, guild_id: int | None, user_id: int) -> list[MatchRecord]:
        """The open matches of a server (None: of every server) where the member has a seat,
        oldest first."""
        return await self.get_matches(await self.member_match_ids(guild_id, user_id))

    async def member_match_ids(self, guild_id: int | None, user_id: int) -> list[int]:
        """The ids of those matches, without reading them (a seat limit counts these). The
        seats text is narrowed by the id's digits first, then read, on both backends."""
        where = f"{OPEN} AND seats LIKE ?"
        params: tuple[Any, ...] = (f"%{user_id}%",)
        if guild_id is not None:
            where, params = f"{where} AND guild_id = ?", (*params, guild_id)
        rows = await self._rows(f"SELECT id, seats FROM matches WHERE {where} ORDER BY id", params)
        seated = []
        for match_id, seats_text in rows:
            seats, _problem = parse_column("seats", seats_text, seats_from)
            if any(seat.user_id == user_id for seat in seats or []):
                seated.append(match_id)
        return seated

    async def open_count_in_channel(self, channel_id: int) -> int:
        """How many open matches the channel holds (a thread's counts in its channel)."""
        rows = await self._rows(
            f"SELECT COUNT(*) FROM matches WHERE channel_id = ? AND {OPEN}", (channel_id,)
        )
        return int(rows[0][0])

    async def latest_match_in_channel(self, channel_id: int, game: str) -> MatchRecord | None:
        """The channel's most recent match of `game`, open or ended."""
        return await self._one_match(
            "channel_id = ? AND game = ? ORDER BY id DESC LIMIT 1", channel_id, game
        )

    async def open_matches(self, guild_id: int | None = None) -> list[MatchRecord]:
        where = OPEN
        params: tuple[Any, ...] = ()
        if guild_id is not None:
            where, params = f"{OPEN} AND guild_id = ?", (guild_id,)
        rows = await self._rows(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE {where} ORDER BY id", params
        )
        return [self._to_record(r) for r in rows]

    async def open_counts(self) -> list[tuple[str, str, int]]:
        """How many matches are open, by game and pace (for the metrics)."""
        rows = await self._rows(
            f"SELECT game, pace, COUNT(*) FROM matches WHERE {OPEN} GROUP BY game, pace"
        )
        return [(str(game), str(pace), int(count)) for game, pace, count in rows]

    async def ping(self) -> None:
        """A trivial query, for the health check; raises StorageError when it fails."""
        await self._rows("SELECT 1")

    async def open_briefs(self, shards: Shards | None = None) -> list[OpenBrief]:
        """Every open match's seats, version and deadline: enough to re-arm its timer.
        With `shards`, only the matches of servers on those shards."""
        where = OPEN
        params: tuple[Any, ...] = ()
        if shards is not None:
            where += " AND " + self.dialect.in_list("(guild_id >> 22) % ?", of="int")
            params = (shards.count, self.dialect.listed(shards.ids))
        rows = await self._rows(
            f"SELECT {BRIEF_COLUMNS} FROM matches WHERE {where} ORDER BY id", params
        )
        return [_brief(row) for row in rows]

    async def get_matches(self, match_ids: Sequence[int]) -> list[MatchRecord]:
        if not match_ids:
            return []
        rows = await self._rows(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE {self.dialect.in_list('id')} ORDER BY id",
            (self.dialect.listed(match_ids),),
        )
        return [self._to_record(r) for r in rows]

    async def set_message(self, match_id: int, message_id: int | None, posted_at: float) -> None:
        """Remember the table message; not a move, so the version stays."""
        await self._apply(
            "UPDATE matches SET message_id = ?, message_at = ? WHERE id = ?",
            (message_id, posted_at, match_id),
            match_id,
        )

    async def set_thread(self, match_id: int, thread_id: int | None) -> None:
        """Remember the thread the match is played in; not a move, so the version stays."""
        await self._apply(
            "UPDATE matches SET thread_id = ? WHERE id = ?", (thread_id, match_id), match_id
        )

    async def events(self, match_id: int, limit: int = 50) -> list[tuple[int, Event]]:
        """The newest events of a match with the version that made them, oldest first."""
        rows = await self._rows(
            "SELECT version, kind, data FROM match_events WHERE match_id = ? "
            "ORDER BY version DESC, seq DESC LIMIT ?",
            (match_id, limit),
        )
        return [(r[0], Event(r[1], json.loads(r[2]))) for r in reversed(rows)]

    async def replay(self, match_id: int) -> tuple[dict[str, Any] | None, list[list[Any]]]:
        """The replay's stored rows: the game as dealt (None: not stored) and the moves,
        as [seat, code], in the order they were made."""
        first = await self._rows("SELECT first FROM match_replays WHERE match_id = ?", (match_id,))
        moves = await self._rows(
            "SELECT seat, code FROM match_moves WHERE match_id = ? ORDER BY n", (match_id,)
        )
        stored = json.loads(first[0][0]) if first else None
        return stored, [[int(seat), str(code)] for seat, code in moves]

    # -- deadlines -----------------------------------------------------------------------

    async def deadlines(self) -> list[Deadline]:
        rows = await self._rows(f"SELECT {DEADLINE_COLUMNS} FROM matches WHERE due_at IS NOT NULL")
        return [Deadline(*r) for r in rows]

    async def deadline_of(self, match_id: int) -> Deadline | None:
        rows = await self._rows(
            f"SELECT {DEADLINE_COLUMNS} FROM matches WHERE id = ? AND due_at IS NOT NULL",
            (match_id,),
        )
        return Deadline(*rows[0]) if rows else None

    async def _setting(self, sql: str, key: int) -> Any:
        rows = await self._rows(sql, (key,))
        return rows[0][0] if rows else None

    # -- scoped settings (doors.ScopedSettings) ----------------------------------------

    async def scoped(self, scope: str, scope_id: int) -> dict[str, Any]:
        rows = await self._rows(
            "SELECT key, value FROM scoped_settings WHERE scope = ? AND scope_id = ?",
            (scope, scope_id),
        )
        return {str(key): json.loads(value) for key, value in rows}

    async def set_scoped(self, scope: str, scope_id: int, key: str, value: Any) -> None:
        if value is None:
            await self._apply(
                "DELETE FROM scoped_settings WHERE scope = ? AND scope_id = ? AND key = ?",
                (scope, scope_id, key),
            )
            return
        await self._apply(
            "INSERT INTO scoped_settings (scope, scope_id, key, value) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (scope, scope_id, key) DO UPDATE SET value = excluded.value",
            (scope, scope_id, key, json.dumps(value)),
        )

    # -- the application's emojis --------------------------------------------------------

    async def app_emojis(self) -> dict[str, tuple[str, int]]:
        """Each emoji the bot made from a picture: name -> (the picture's hash, emoji id)."""
        rows = await self._rows("SELECT name, hash, emoji_id FROM app_emojis")
        return {str(row[0]): (str(row[1]), int(row[2])) for row in rows}

    async def save_app_emoji(self, name: str, digest: str, emoji_id: int) -> None:
        await self._apply(
            "INSERT INTO app_emojis (name, hash, emoji_id) VALUES (?, ?, ?) ON CONFLICT (name) "
            "DO UPDATE SET hash = excluded.hash, emoji_id = excluded.emoji_id",
            (name, digest, emoji_id),
        )

    async def forget_app_emoji(self, name: str) -> None:
        await self._apply("DELETE FROM app_emojis WHERE name = ?", (name,))

    @asynccontextmanager
    async def exclusive(self, key: int) -> AsyncIterator[None]:
        """Held by one process of the bot at a time (a job for one process, such as the
        emojis' sync); SQLite serves one process, so there it is free."""
        yield

    async def away_periods(self, user_id: int, since: float) -> list[tuple[float, float]]:
        """The member's days away that end after `since`, as (start, end), oldest first."""
        rows = await self._rows(
            "SELECT starts_at, ends_at FROM away_periods WHERE user_id = ? AND ends_at > ? "
            "ORDER BY starts_at",
            (user_id, since),
        )
        return [(float(start), float(end)) for start, end in rows]

    async def set_away(self, user_id: int, starts_at: float, ends_at: float) -> None:
        """Record a period away, or change the end of the one that starts at `starts_at`
        (coming back early ends it now)."""
        await self._apply(
            self.dialect.upsert(
                "away_periods", "user_id, starts_at, ends_at", "user_id, starts_at"
            ),
            (user_id, starts_at, ends_at),
        )

    # -- what saved changes must still show ------------------------------------------------

    async def matches_with_outbox(self) -> list[MatchRecord]:
        """The matches whose saved changes were not all shown yet (a crash came first)."""
        rows = await self._rows(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE outbox IS NOT NULL ORDER BY id", ()
        )
        return [self._to_record(row) for row in rows]

    async def empty_outbox(self, match_id: int, version: int) -> None:
        """Everything the match's changes up to `version` show has been sent; a newer
        change, saved meanwhile, keeps its own."""
        await self._apply(
            "UPDATE matches SET outbox = NULL WHERE id = ? AND version = ?",
            (match_id, version),
            match_id,
        )

    # -- turn notices ----------------------------------------------------------------------

    async def turn_notices(self, match_id: int) -> list[TurnNotice]:
        """The turn notices up in a match, one per member at most."""
        rows = await self._rows(
            "SELECT user_id, channel_id, message_id, turn, dm FROM turn_notices "
            "WHERE match_id = ? ORDER BY user_id",
            (match_id,),
        )
        return [
            TurnNotice(
                match_id,
                int(user),
                int(channel),
                int(message),
                TurnDue.from_json(None if turn is None else json.loads(turn)),
                bool(dm),
            )
            for user, channel, message, turn, dm in rows
        ]

    async def keep_turn_notice(self, notice: TurnNotice) -> None:
        """Keep the member's notice up in the match, in place of any they had."""
        turn = None if notice.about is None else json.dumps(notice.about.to_json())
        await self._apply(
            self.dialect.upsert(
                "turn_notices",
                "match_id, user_id, channel_id, message_id, turn, dm",
                "match_id, user_id",
            ),
            (
                notice.match_id,
                notice.user_id,
                notice.channel_id,
                notice.message_id,
                turn,
                int(notice.dm),
            ),
            notice.match_id,
        )

    async def drop_turn_notice(self, match_id: int, user_id: int) -> None:
        """Forget the member's notice in the match: it has been taken down."""
        await self._apply(
            "DELETE FROM turn_notices WHERE match_id = ? AND user_id = ?",
            (match_id, user_id),
            match_id,
        )

    # -- notices held through quiet hours ------------------------------------------------

    async def held_notices(self, shards: Shards | None = None) -> list[HeldNotice]:
        """The notices held in matches still played (of servers on `shards`, if given)."""
        where = f"m.status = '{MatchStatus.PLAYING.value}'"
        params: tuple[Any, ...] = ()
        if shards is not None:
            where += " AND " + self.dialect.in_list("(m.guild_id >> 22) % ?", of="int")
            params = (shards.count, self.dialect.listed(shards.ids))
        rows = await self._rows(
            "SELECT h.match_id, h.user_id, h.turn, h.reminder, h.send_at, m.guild_id "
            f"FROM held_notices h JOIN matches m ON m.id = h.match_id WHERE {where} "
            "ORDER BY h.match_id, h.user_id",
            params,
        )
        return [
            HeldNotice(
                int(match),
                int(user),
                TurnDue.from_json(None if turn is None else json.loads(turn)),
                bool(reminder),
                float(send_at),
                int(guild),
            )
            for match, user, turn, reminder, send_at, guild in rows
        ]

    async def hold_notice(self, held: HeldNotice) -> None:
        """Hold the member's notice in the match, in place of any held before."""
        turn = None if held.about is None else json.dumps(held.about.to_json())
        await self._apply(
            self.dialect.upsert(
                "held_notices", "match_id, user_id, turn, reminder, send_at", "match_id, user_id"
            ),
            (held.match_id, held.user_id, turn, int(held.reminder), held.send_at),
            held.match_id,
        )

    async def drop_held_notice(self, match_id: int, user_id: int) -> None:
        """Forget the member's held notice in the match: it was sent, or no longer applies."""
        await self._apply(
            "DELETE FROM held_notices WHERE match_id = ? AND user_id = ?",
            (match_id, user_id),
            match_id,
        )

    # -- watchers ------------------------------------------------------------------------

    async def watchers(self, match_id: int) -> list[tuple[int, float]]:
        """The members watching the match (without a seat), with when each began."""
        rows = await self._rows(
            "SELECT user_id, since FROM match_watchers WHERE match_id = ? ORDER BY since",
            (match_id,),
        )
        return [(int(user_id), float(since)) for user_id, since in rows]

    async def add_watcher(self, match_id: int, user_id: int, since: float) -> None:
        await self._apply(
            "INSERT INTO match_watchers (match_id, user_id, since) VALUES (?, ?, ?) "
            "ON CONFLICT (match_id, user_id) DO NOTHING",
            (match_id, user_id, since),
            match_id,
        )

    async def remove_watcher(self, match_id: int, user_id: int) -> None:
        await self._apply(
            "DELETE FROM match_watchers WHERE match_id = ? AND user_id = ?",
            (match_id, user_id),
            match_id,
        )

    async def clear_watchers(self, match_id: int) -> None:
        await self._apply("DELETE FROM match_watchers WHERE match_id = ?", (match_id,), match_id)

    # -- results -------------------------------------------------------------------------

    async def last_played(self, guild_id: int) -> str | None:
        """The game of the server's most recently finished match with a result, if any."""
        return await self._setting(
            "SELECT game FROM results WHERE guild_id = ? ORDER BY finished_at DESC LIMIT 1",
            guild_id,
        )
