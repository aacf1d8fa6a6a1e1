"""The tournament runner: sign-up, check-in, rounds of tables played as matches, the
standings and the podium, with nothing to do by hand.

Every step loads the tournament, changes its document and saves it version-checked in one
transaction; the save that opens a round inserts its tables. A table's end is heard from
the sessions; what a restart interrupted is picked up by `sync`, which reads the round's
matches and records what finished, so no step depends on the bot staying up."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from bot.core.failure_log import FailureLog
from bot.errors import Refusal
from bot.play.background import Background
from bot.play.changes import Publisher
from bot.play.matches import MatchService
from bot.play.scheduler import Due, Scheduler
from bot.storage import EndReason, MatchRecord, MatchStatus, Podium, TournamentRecord
from bot.storage.doors import Doors, MatchReads, Standings, StoredTournaments
from bot.tournament import formats
from bot.tournament.document import Awaiting, Document, Entrant
from bot.tournament.round_robin import MOST_ENTRANTS
from bot.tournament.table_matches import (
    absent,
    has_result,
    played_table,
    replay_insert,
    seat_users,
    table_inserts,
    table_of,
    unplayed_table,
)
from bot.tournament.terms import (
    CHECK_IN,
    LEAST_NOTICE,
    ROUND_LIMIT,
    Terms,
    check_terms,
    least_at_table,
)
from engines.base import GAMES

log = logging.getLogger(__name__)

PODIUM_PLACES = 3
SIGNING = ("signing_up", "checking_in")


@dataclass(frozen=True, slots=True)
class TournamentChange:
    """What happened to a tournament, for the Discord layer to show: a kind ("entrants",
    "check_in", "round", "paused", "resumed", "finished", "cancelled"; for a table that
    ended without a result "no_result", then "replayed" or "unplayed", the latter "how":
    "chosen", "limit" (the round's clock) or "late" (it ended after the limit)) with its
    data, and the tables a round (or a replay) opened."""

    record: TournamentRecord
    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    tables: tuple[MatchRecord, ...] = ()


TournamentPublisher = Callable[[TournamentChange], Awaitable[None]]


async def _nobody(change: TournamentChange) -> None:
    return None


class Tournaments:
    def __init__(self, matches: MatchService, doors: Doors, failures: FailureLog) -> None:
        self.storage: StoredTournaments = doors.tournaments
        self.reads: MatchReads = doors.reads
        self.ratings: Standings = doors.standings  # a seeding's ratings
        # A tournament's tables are matches: dealt, left, ended and played out by their verbs.
        self.matches = matches
        self.clock = matches.clock
        self.failures = failures
        # Changes to show; the application points it at the tournaments' messages.
        self.publish: TournamentPublisher = _nobody
        self.timers = Scheduler(self.clock, self._due)
        self._locks: dict[int, asyncio.Lock] = {}
        self._background = Background(failures, "a tournament step failed")
        matches.on_ended(self._table_ended)

    @property
    def tables_publisher(self) -> Publisher:
        return self.matches.publish

    # -- the steps ----------------------------------------------------------------------

    async def create(
        self, *, guild_id: int, channel_id: int, game: str, by: int, terms: Terms, starts_at: float
    ) -> TournamentRecord:
        """Announce a tournament: sign-up until check-in opens before `starts_at`."""
        info = GAMES[game]
        check_terms(terms, info)
        if terms.format == "round_robin":  # every pair meets: small groups only
            terms = replace(terms, entry_limit=min(terms.entry_limit, MOST_ENTRANTS))
        now = self.clock()
        starts_at = max(starts_at, now + LEAST_NOTICE)
        checking = starts_at - CHECK_IN <= now
        record = TournamentRecord(
            id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            state="checking_in" if checking else "signing_up",
            created_by=by,
            created_at=now,
            starts_at=starts_at,
            due_at=starts_at if checking else starts_at - CHECK_IN,
            data={"terms": terms.to_dict(), "least": least_at_table(terms, info), "entrants": []},
        )
        record = await self.storage.create_tournament(record)
        self._arm(record)
        return record

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        async with self._editing(tournament_id) as doc:
            doc.record.message_id = message_id
            await self._save(doc)

    async def set_event(self, tournament_id: int, event_id: int) -> None:
        async with self._editing(tournament_id) as doc:
            doc.data["event_id"] = event_id
            await self._save(doc)

    async def join(self, tournament_id: int, user_id: int, name: str) -> TournamentRecord:
        async with self._editing(tournament_id) as doc:
            record = doc.record
            if record.state not in SIGNING:
                raise Refusal("tournament_closed")
            if doc.entrant(user_id) is not None:
                raise Refusal("tournament_already_in")
            limit = doc.terms.entry_limit
            if len(doc.entrants) >= limit:
                raise Refusal("tournament_full", limit=limit)
            checked = record.state == "checking_in"  # joining during check-in is checking in
            doc.set_entrants([*doc.entrants, Entrant(user_id, name, checked_in=checked)])
            await self._save(doc)
        await self.publish(TournamentChange(record, "entrants"))
        return record

    async def check_in(self, tournament_id: int, user_id: int) -> TournamentRecord:
        async with self._editing(tournament_id) as doc:
            entrant = doc.entrant(user_id)
            if entrant is None:
                raise Refusal("tournament_not_in")
            if doc.record.state != "checking_in":
                raise Refusal("tournament_no_check_in")
            if entrant.checked_in:
                raise Refusal("tournament_checked_in")
            doc.change(user_id, checked_in=True)
            await self._save(doc)
        await self.publish(TournamentChange(doc.record, "entrants"))
        return doc.record

    async def leave(self, tournament_id: int, user_id: int) -> TournamentRecord:
        """Before the start, leave the entrants; after it, drop out (the AI finishes the
        member's table for them)."""
        return await self._drop(tournament_id, user_id, "left")

    async def remove(self, tournament_id: int, user_id: int) -> TournamentRecord:
        return await self._drop(tournament_id, user_id, "removed")

    async def start(self, tournament_id: int) -> TournamentRecord:
        """A moderator starts now (or resumes a paused tournament)."""
        async with self._editing(tournament_id) as doc:
            state = doc.record.state
            if state == "paused":
                await self._resume(doc)
            elif state in SIGNING:
                await self._begin(doc)
            else:
                raise Refusal("tournament_under_way" if state == "running" else "tournament_over")
        await self._deal_round(doc.record)
        return doc.record

    async def pause(self, tournament_id: int) -> TournamentRecord:
        """Hold the next round (tables in play go on; the round's clock stops)."""
        async with self._editing(tournament_id) as doc:
            record = doc.record
            if record.state != "running":
                raise Refusal("tournament_not_running")
            record.state = "paused"
            if record.due_at is not None:
                doc.data["limit_left"] = max(0.0, record.due_at - self.clock())
            record.due_at = None
            await self._save(doc)
        await self.publish(TournamentChange(record, "paused"))
        return record

    async def cancel(self, tournament_id: int, by_name: str) -> TournamentRecord:
        async with self._editing(tournament_id) as doc:
            record = doc.record
            if not record.is_live:
                raise Refusal("tournament_over")
            record.state, record.due_at = "cancelled", None
            doc.data["ended"] = {"reason": "cancelled", "name": by_name}
            await self._save(doc)
        for match in await self._open_tables(record.id):
            with contextlib.suppress(Refusal):
                await self.matches.end(
                    match.id, EndReason.TOURNAMENT_CANCELLED, by_name, self.tables_publisher
                )
        await self.publish(TournamentChange(record, "cancelled", {"name": by_name}))
        return record

    # -- reads --------------------------------------------------------------------------

    async def get(self, tournament_id: int) -> TournamentRecord | None:
        return await self.storage.get_tournament(tournament_id)

    async def current(self, guild_id: int, tournament_id: int | None = None) -> TournamentRecord:
        """The tournament a command means: the one named, else the server's newest live one,
        else its newest."""
        if tournament_id is not None:
            found = await self.storage.get_tournament(tournament_id)
            if found is None or found.guild_id != guild_id:
                raise Refusal("no_tournament")
            return found
        recent = await self.storage.guild_tournaments(guild_id)
        live = [t for t in recent if t.is_live]
        if not (live or recent):
            raise Refusal("no_tournament")
        return (live or recent)[0]

    def standings(self, record: TournamentRecord) -> list[formats.Standing]:
        return formats.standings(Document(record).progress())

    def total_rounds(self, record: TournamentRecord) -> int:
        return formats.total_rounds(Document(record).progress())

    async def table_of(self, record: TournamentRecord, user_id: int) -> MatchRecord | None:
        """The member's open table in the tournament, if any."""
        for match in await self._open_tables(record.id):
            if user_id in (seat.user_id for seat in match.seats):
                return match
        return None

    async def awaiting_table_of(self, record: TournamentRecord, user_id: int) -> Awaiting | None:
        """The member's table waiting for a moderator's choice, if any."""
        for waiting in Document(record).awaiting:
            match = await self.reads.get_match(waiting.match_id)
            if match is not None and user_id in seat_users(match):
                return waiting
        return None

    # -- timers and tables ending -------------------------------------------------------

    async def restore(self) -> None:
        """After a start: re-arm every live tournament's timer and pick up what a restart
        interrupted (tables that finished unheard, a round opened but not dealt)."""
        for record in await self.storage.live_tournaments():
            if record.problem is not None or not self.matches.serves(record.guild_id):
                continue
            self._arm(record)
            if record.state in ("running", "paused"):
                self._background.spawn(partial(self.sync, record.id))

    async def stop(self) -> None:
        await self.timers.stop()
        await self._background.stop()

    def _table_ended(self, match: MatchRecord) -> None:
        if match.tournament_id is not None:
            self._background.spawn(partial(self.sync, match.tournament_id))

    async def sync(self, tournament_id: int) -> None:
        """Record the round's finished tables; when all are done, open the next round (or
        end the tournament). Safe to run any number of times."""
        async with self._editing(tournament_id) as doc:
            if doc.record.state not in ("running", "paused"):
                return
            changed, held = self._record_finished(
                doc, await self.storage.tournament_matches(tournament_id)
            )
            if not await self._waiting(doc) and doc.record.state == "running":
                await self._advance(doc)
            elif changed:
                await self._save(doc)
        for waiting in held:  # after the save: the board's buttons find the table waiting
            await self.publish(self._held_change(doc.record, waiting))
        await self._deal_round(doc.record)

    async def settle(
        self, tournament_id: int, match_id: int, choice: str, by_name: str
    ) -> Awaiting:
        """A moderator's choice for a table that ended without a result: "replay" it (a
        new table of the same seats, in the same round, with the round's full time left)
        or count it as "unplayed". Refused once the table is settled."""
        replay: list[Any] = []
        async with self._editing(tournament_id) as doc:
            record = doc.record
            if record.state not in ("running", "paused"):
                raise Refusal("tournament_over")
            waiting = doc.awaiting_table(match_id)
            match = await self.reads.get_match(match_id)
            if waiting is None or match is None:
                raise Refusal("tournament_table_settled")
            if choice == "replay":
                replay = [replay_insert(doc, match, self.clock())]
                doc.replaced(match_id)
                self._full_time(doc)
            else:
                doc.record_table(match_id, unplayed_table(match))
            doc.settle(match_id)
            await self._save(doc, tables=replay)
        if match.is_open:  # a damaged table is still open: the choice ends it
            with contextlib.suppress(Refusal):
                await self.matches.end(
                    match_id, EndReason.RESET_BY_MODERATOR, by_name, self.tables_publisher
                )
        data = {**waiting.to_dict(), "name": by_name}
        if replay:
            tables = tuple(
                m
                for m in await self._round_tables(doc)
                if m.status == MatchStatus.LOBBY and table_of(m).table == waiting.table
            )
            await self.publish(TournamentChange(record, "replayed", data, tables))
            await self._deal_round(record)
        else:
            await self.publish(
                TournamentChange(record, "unplayed", {"tables": [data], "how": "chosen"})
            )
            await self.sync(tournament_id)
        return waiting

    async def set_choice_message(self, tournament_id: int, match_id: int, message_id: int) -> None:
        """Remember the message that asks for a table's choice (to close it when settled)."""
        async with self._editing(tournament_id) as doc:
            if doc.awaiting_table(match_id) is not None:
                doc.set_choice_message(match_id, message_id)
                await self._save(doc)

    async def _due(self, tournament_id: int, version: int, kind: str) -> None:
        record = await self.storage.get_tournament(tournament_id)
        if record is None or record.version != version:
            return
        if kind == "check_in":
            await self._open_check_in(tournament_id)
        elif kind == "start":
            with contextlib.suppress(Refusal):
                await self.start(tournament_id)
        elif kind == "round_limit":
            await self._time_up(record)

    def _arm(self, record: TournamentRecord) -> None:
        kinds = {"signing_up": "check_in", "checking_in": "start", "running": "round_limit"}
        kind = kinds.get(record.state)
        due = (
            None
            if kind is None or record.due_at is None
            else Due(record.due_at, record.version, kind)
        )
        self.timers.set(record.id, due)

    # -- inside the steps ---------------------------------------------------------------

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    @contextlib.asynccontextmanager
    async def _editing(self, tournament_id: int) -> AsyncIterator[Document]:
        async with self._lock(tournament_id):
            record = await self.storage.get_tournament(tournament_id)
            if record is None or record.problem is not None:
                raise Refusal("no_tournament")
            yield Document(record)

    async def _save(
        self, doc: Document, tables: Sequence[Any] = (), podium: Sequence[Podium] = ()
    ) -> None:
        record = doc.record
        expected = record.version
        record.version += 1
        try:
            await self.storage.save_tournament(
                record, expected_version=expected, tables=tables, podium=podium
            )
        except BaseException:
            record.version = expected
            raise
        self._arm(record)

    async def _open_check_in(self, tournament_id: int) -> None:
        async with self._editing(tournament_id) as doc:
            record = doc.record
            if record.state != "signing_up":
                return
            record.state, record.due_at = "checking_in", record.starts_at
            await self._save(doc)
        await self.publish(TournamentChange(record, "check_in"))

    async def _begin(self, doc: Document) -> None:
        """The start: who did not check in is dropped (when check-in was open), ratings are
        taken as they stand, and round 1 opens; too few left, and it is cancelled."""
        record = doc.record
        if record.state == "checking_in":
            for entrant in doc.entrants:
                if not entrant.checked_in:
                    doc.change(entrant.user_id, dropped="no_check_in")
        terms = doc.terms
        table = formats.TableSpec(terms.table_size, doc.least)
        problem = formats.check_setup(terms.format, table, terms.rounds, len(doc.still_in()))
        if problem is not None:
            record.state, record.due_at = "cancelled", None
            doc.data["ended"] = {"reason": problem}
            await self._save(doc)
            await self.publish(TournamentChange(record, "cancelled", {"reason": problem}))
            return
        ratings = {}
        for entrant in doc.still_in():
            rows = await self.ratings.member_ratings(record.guild_id, entrant.user_id)
            row = rows.get(record.game)
            ratings[str(entrant.user_id)] = float(row.shown) if row is not None else 0.0
        doc.data["ratings"] = ratings
        record.state = "running"
        await self._advance(doc)

    async def _resume(self, doc: Document) -> None:
        record = doc.record
        record.state = "running"
        if await self._waiting(doc):
            record.due_at = self.clock() + float(doc.data.pop("limit_left", 0.0))
            await self._save(doc)
            await self.publish(TournamentChange(record, "resumed"))
        else:
            await self._advance(doc)

    async def _advance(self, doc: Document) -> None:
        """Open the next round, or end the tournament when the format says it is over."""
        record = doc.record
        plan = formats.next_round(doc.progress())
        if plan is None or not plan.tables:
            await self._finish(doc)
            return
        doc.data["round"] = doc.round + 1
        now = self.clock()
        record.due_at = now + ROUND_LIMIT[doc.terms.pace]
        await self._save(doc, tables=table_inserts(doc, plan.tables, now))
        tables = tuple(await self._round_tables(doc))
        await self.publish(TournamentChange(record, "round", {"round": doc.round}, tables))

    async def _deal_round(self, record: TournamentRecord) -> None:
        """Deal every table of the round not yet begun (after the round was shown, so each
        starts in the thread its card opens)."""
        if record.state not in ("running", "paused"):
            return
        for match in await self._round_tables(Document(record)):
            if match.status == MatchStatus.LOBBY:
                with contextlib.suppress(Refusal):
                    await self.matches.deal(match.id, self.tables_publisher)

    async def _finish(self, doc: Document) -> None:
        record = doc.record
        if all(table.unplayed for table in doc.played):
            # Nothing was played to a result: nobody is crowned, nothing reaches the hall.
            record.state, record.due_at = "cancelled", None
            doc.data["ended"] = {"reason": "nothing_played"}
            await self._save(doc)
            await self.publish(TournamentChange(record, "cancelled", {"reason": "nothing_played"}))
            return
        standings = formats.standings(doc.progress())
        record.state, record.due_at = "finished", None
        now = self.clock()
        podium = [
            Podium(record.id, s.rank, s.user_id, record.game, s.points, now)
            for s in standings[:PODIUM_PLACES]
        ]
        await self._save(doc, podium=podium)
        await self.publish(TournamentChange(record, "finished"))

    def _record_finished(
        self, doc: Document, matches: list[MatchRecord]
    ) -> tuple[bool, list[Awaiting]]:
        """Record each closed table not yet counted; drop members who missed a whole one.
        A table that ended without a result (or was damaged) proves nothing about who was
        there and gives no places: it waits for a moderator's choice, or counts as unplayed
        at once when the round's limit has already passed. Returns whether anything
        changed, and the tables so held."""
        done, changed, held = doc.recorded(), False, []
        for match in matches:
            if match.id in done or (match.is_open and match.quarantine is None):
                continue
            if not has_result(match):
                # Only the round in play waits: an older damaged table (left uncounted
                # before tables waited for a choice) never holds a later round.
                if table_of(match).round == doc.round:
                    held.append(self._hold(doc, match))
                    changed = True
                continue
            changed = True
            doc.record_table(match.id, played_table(match))
            for user in absent(match):
                entrant = doc.entrant(user)
                if entrant is not None and entrant.dropped is None:
                    doc.change(user, dropped="missed_table")
        return changed, held

    def _hold(self, doc: Document, match: MatchRecord) -> Awaiting:
        reason = "damaged" if match.quarantine is not None else match.ended_reason or ""
        table = table_of(match)
        waiting = Awaiting(match.id, table.round, table.table, reason)
        due = doc.record.due_at
        if doc.record.state == "running" and due is not None and self.clock() >= due:
            doc.record_table(match.id, unplayed_table(match))
        else:
            doc.await_choice(waiting)
        return waiting

    def _held_change(self, record: TournamentRecord, waiting: Awaiting) -> TournamentChange:
        if Document(record).awaiting_table(waiting.match_id) is not None:
            return TournamentChange(record, "no_result", waiting.to_dict())
        return TournamentChange(record, "unplayed", {"tables": [waiting.to_dict()], "how": "late"})

    async def _waiting(self, doc: Document) -> bool:
        """Whether the round still waits: a table in play, or one for a moderator's choice.
        A damaged table plays no further, so it waits only as a choice."""
        tables = await self._round_tables(doc)
        return bool(doc.awaiting) or any(m.is_open and m.quarantine is None for m in tables)

    def _full_time(self, doc: Document) -> None:
        """A replayed table gets the round's whole limit from now (the round's clock moves
        on if less is left)."""
        record, limit = doc.record, ROUND_LIMIT[doc.terms.pace]
        if record.state == "running" and record.due_at is not None:
            record.due_at = max(record.due_at, self.clock() + limit)
        elif record.state == "paused":
            doc.data["limit_left"] = max(float(doc.data.get("limit_left", 0.0)), limit)

    async def _round_tables(self, doc: Document) -> list[MatchRecord]:
        matches = await self.storage.tournament_matches(doc.record.id)
        return [m for m in matches if table_of(m).round == doc.round]

    async def _open_tables(self, tournament_id: int) -> list[MatchRecord]:
        return [m for m in await self.storage.tournament_matches(tournament_id) if m.is_open]

    async def _time_up(self, record: TournamentRecord) -> None:
        """The round's limit passed: the AI finishes every table still in play, and each
        table still waiting for a moderator's choice counts as unplayed."""
        for match in await self._round_tables(Document(record)):
            if match.status == MatchStatus.PLAYING:
                await self.matches.play_out(match.id)
        await self.sync(record.id)  # a damaged table not yet heard of counts as unplayed
        async with self._editing(record.id) as doc:
            waiting = doc.awaiting
            if doc.record.state != "running" or not waiting:
                return
            matches = {m.id: m for m in await self.storage.tournament_matches(record.id)}
            for table in waiting:
                doc.record_table(table.match_id, unplayed_table(matches[table.match_id]))
                doc.settle(table.match_id)
            await self._save(doc)
        tables = [table.to_dict() for table in waiting]
        data = {"tables": tables, "how": "limit"}
        await self.publish(TournamentChange(doc.record, "unplayed", data))
        await self.sync(record.id)

    async def _drop(self, tournament_id: int, user_id: int, why: str) -> TournamentRecord:
        async with self._editing(tournament_id) as doc:
            record = doc.record
            if doc.entrant(user_id) is None:
                raise Refusal("tournament_not_in")
            if not record.is_live:
                raise Refusal("tournament_over")
            if record.state in SIGNING:
                doc.set_entrants([e for e in doc.entrants if e.user_id != user_id])
            elif doc.entrant(user_id).dropped is not None:  # type: ignore[union-attr]
                # Who presses Drop out themselves is spoken to; a moderator hears of "that member".
                raise Refusal(
                    "tournament_left_already" if why == "left" else "tournament_dropped_already"
                )
            else:
                doc.change(user_id, dropped=why)
            await self._save(doc)
        table = await self.table_of(record, user_id)
        if table is not None:
            with contextlib.suppress(Refusal):
                await self.matches.act_in_lobby(
                    table.id, user_id, "", "leave", self.tables_publisher
                )
        await self.publish(TournamentChange(record, "entrants", {"dropped": user_id, "why": why}))
        return record
