"""Matches: load, check, apply, persist — one lock per match — plus AI turns and deadlines.

Nothing here knows Discord. Changes that no member's click caused (an AI move, a deadline)
are handed to `publish`, which the application points at the table renderer.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot import lobby
from bot.errors import Notice, NotSaved, Refusal, SavedNotShown
from bot.events import ABANDONED, HANDED_OVER, LEFT, RETURNED, STARTED, TIMED_OUT
from bot.scheduler import Due, Scheduler
from bot.settings import Settings
from bot.storage import (
    ChannelBusy,
    Deadline,
    MatchRecord,
    OpenBrief,
    ResultRow,
    Seat,
    Storage,
    TurnDue,
)
from engines.base import GAMES, Event, Game, GameInfo, IllegalMove

log = logging.getLogger(__name__)

LOG_SIZE = 80  # events kept on the record, enough for a table to retell a round
HAND_OVER_AFTER = 3  # missed turns in a row after which the AI plays a member's seat
TURN_STEPS_LIMIT = 100  # steps the bot takes for an absent member in one turn, at most
REMIND_LEFT = 30.0  # seconds before a turn deadline when a late member is reminded (at most)


@dataclass(slots=True)
class Change:
    """What one accepted request did, for whoever redraws the table."""

    record: MatchRecord
    game: Game | None
    events: list[Event] = field(default_factory=list)
    notice: Notice | None = None


Publisher = Callable[[Change], Awaitable[None]]


async def _no_publisher(change: Change) -> None:
    return None


async def _answer(answer: Publisher, change: Change) -> None:
    """Show a saved change; a failure now can no longer undo the move, so it says so."""
    try:
        await answer(change)
    except Refusal:
        raise
    except Exception as error:
        raise SavedNotShown(change.record.game) from error


def refusal(record: MatchRecord, error: IllegalMove) -> Refusal:
    """The engine's refusal, for the game's texts to word for the member who tried."""
    return Refusal("illegal_move", game=record.game, error=error, seats=list(record.seats))


def engine_names(seats: list[Seat]) -> list[str]:
    """The seats' names as the engine gets them: told apart where a member and an AI seat
    share one ("Bao" and "Bao#2"); the engine never shows them, tables name seats."""
    names: list[str] = []
    for seat in seats:
        name, copy = seat.name, 1
        while name in names:
            copy += 1
            name = f"{seat.name}#{copy}"
        names.append(name)
    return names


class MatchService:
    def __init__(self, storage: Storage, settings: Settings, clock: Callable[[], float]) -> None:
        self.storage = storage
        self.settings = settings
        self.clock = clock
        self.publish: Publisher = _no_publisher
        # Told when a member's turn is about to run out; the application points it at pings.
        self.remind: Publisher = _no_publisher
        self._locks: dict[int, asyncio.Lock] = {}
        self.timers = Scheduler(clock, self._auto_step)
        # Open matches as last saved. Every write goes through this service under the match
        # lock, so the copy stays true; any failure evicts it and the next use reloads.
        self._live: dict[int, tuple[MatchRecord, Game | None]] = {}
        self._seeds = None if settings.game_seed is None else random.Random(settings.game_seed)

    def lock(self, match_id: int) -> asyncio.Lock:
        return self._locks.setdefault(match_id, asyncio.Lock())

    @contextlib.asynccontextmanager
    async def _session(self, match_id: int) -> AsyncIterator[None]:
        """The match lock, forgetting the in-memory copy if anything inside fails."""
        async with self.lock(match_id):
            try:
                yield
            except BaseException:
                self._live.pop(match_id, None)
                raise

    async def game_of(self, record: MatchRecord) -> Game | None:
        """The record's game (None in a lobby). A match that can't be loaded (a damaged row,
        a state no engine reads) is quarantined: kept as it is, marked, and refused with an
        answer that says how to free the channel; nothing else is held up by it."""
        if record.quarantine is None:
            try:
                return self.load_game(record)
            except Exception as error:
                reason = f"{type(error).__name__}: {error}"[:200]
                await self.storage.quarantine(record.id, reason)
                record.quarantine = reason
        raise Refusal("quarantined")

    async def recent(self, record: MatchRecord) -> list[Event]:
        """The record's latest events (at most LOG_SIZE, newest last), read from the stored
        events the first time a table needs them; saves keep them current after that."""
        if record.log is None:
            stored = await self.storage.events(record.id, LOG_SIZE)
            record.log = [event for _version, event in stored]
        return record.log

    def load_game(self, record: MatchRecord) -> Game | None:
        if record.game not in GAMES:  # the host removed the game's plug-in
            raise LookupError(f"no game {record.game!r} in this bot")
        if record.state is None:
            return None
        game = GAMES[record.game].from_dict(record.state)  # the engine checks its invariants
        if len(game.names) != len(record.seats):
            raise ValueError(f"{len(game.names)} players in the game, {len(record.seats)} seats")
        return game

    # -- lobby ---------------------------------------------------------------------------

    async def open_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        host_id: int,
        host_name: str,
        options: dict[str, Any],
    ) -> MatchRecord:
        now = self.clock()
        try:
            record = await self.storage.create_match(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game,
                host_id=host_id,
                seats=[Seat(name=host_name, user_id=host_id)],
                options=options,
                now=now,
                deadline_at=now + self.settings.lobby_timeout,
            )
        except ChannelBusy:
            existing = await self.storage.open_match_in_channel(channel_id)
            raise Refusal("channel_busy", game=existing.game if existing else None) from None
        self._plan(
            record, None, Deadline(record.id, "lobby", 0, now + self.settings.lobby_timeout), now
        )
        return record

    async def lobby_action(
        self,
        match_id: int,
        user_id: int,
        user_name: str,
        action: str,
        answer: Publisher,
        stamp: int | None = None,
    ) -> Change:
        """Join, leave, add or remove an AI, start or cancel — the lobby's buttons. During
        a game, join takes back a seat the AI played, and leave hands one to the AI.

        `stamp` is the match version the button was drawn at (None: a typed command). Adding
        or removing an AI is refused from a stale button, so a double click does it once;
        the other buttons are harmless to repeat."""
        async with self._session(match_id):
            record, game = await self._current(match_id)
            if game is not None:
                if action == "leave":
                    return await self._leave_game(record, game, user_id, answer)
                if action in ("join", "reclaim"):
                    return await self._reclaim(record, game, user_id, answer, action)
                if record.seat_of(user_id) is not None:  # a second click on Start, say
                    raise Refusal("under_way")
                raise Refusal("already_started")
            if stamp is not None and stamp != record.version and action in ("ai", "unai"):
                raise Refusal("stale_lobby_button")
            info = GAMES[record.game]
            events: list[Event] = []
            if action == "start":
                game, events = self._start(record, info, user_id)
                notice = Notice("started")
            else:
                notice = lobby.step(record, info, action, user_id, user_name)
            return await self._commit(record, game, events, answer, notice)

    async def _leave_game(
        self, record: MatchRecord, game: Game, user_id: int, answer: Publisher
    ) -> Change:
        """A player walks away mid-game: the AI takes the seat, so nobody waits on them.
        A seat left this way records no result; when no member is left, the match ends."""
        seat = record.seat_of(user_id)
        if seat is None:
            raise Refusal("not_playing")
        name = record.seats[seat].name
        record.seats[seat] = Seat(name=name, ai=GAMES[record.game].ai_levels[-1])
        if any(s.user_id is not None for s in record.seats):
            events = [Event(LEFT, {"seat": seat})]
            notice = Notice("left_game", {"name": name})
        else:
            events = [Event(ABANDONED, {"seat": seat})]
            record.end("every_player_left")
            notice = Notice("everyone_left_game")
        return await self._commit(record, game, events, answer, notice)

    async def _reclaim(
        self, record: MatchRecord, game: Game, user_id: int, answer: Publisher, action: str
    ) -> Change:
        """A member whose seat the AI took after missed turns plays it again."""
        seat = record.seat_of(user_id)
        if seat is None and action == "reclaim":
            raise Refusal("not_your_seat_button")
        if seat is None:
            raise Refusal("already_started")
        if record.seats[seat].ai is None:
            raise Refusal("already_playing_seat")
        events = self._give_back(record, seat)
        return await self._commit(record, game, events, answer, Notice("welcome_back"))

    @staticmethod
    def _give_back(record: MatchRecord, seat: int) -> list[Event]:
        record.seats[seat].ai = None
        record.extra.setdefault("missed", {}).pop(str(seat), None)
        return [Event(RETURNED, {"seat": seat})]

    def _start(self, record: MatchRecord, info: GameInfo, user_id: int) -> tuple[Game, list[Event]]:
        """The host starts the lobby's game: deal it, with its opening events."""
        lobby.check_start(record, info, user_id)
        game = self._new_game(record, info)
        record.status = "playing"
        record.state = game.to_dict()
        return game, [Event(STARTED, {"players": len(record.seats)}), *game.opening_events()]

    def _new_game(self, record: MatchRecord, info: GameInfo) -> Game:
        names = engine_names(record.seats)
        try:
            options = info.check_options(record.options)
            return info.new_game(names, self._next_seed(), **options)
        except IllegalMove as error:
            raise refusal(record, error) from None

    def _next_seed(self) -> int:
        return secrets.randbits(32) if self._seeds is None else self._seeds.getrandbits(32)

    # -- moves ---------------------------------------------------------------------------

    async def play(
        self, match_id: int, user_id: int, stamp: int, code: str, answer: Publisher
    ) -> Change:
        """Apply a member's move from a button or select; refuse anything stale or out of turn.

        `stamp` is the game's epoch when the button was drawn. `answer` runs under the match
        lock, so tables are redrawn in the order moves happened.
        """
        async with self._session(match_id):
            record, game = await self._current(match_id)
            if game is None:
                raise Refusal("not_started")
            info = GAMES[record.game]
            seat = record.seat_of(user_id)
            if seat is None:
                raise Refusal("watching")
            if stamp != game.epoch():
                raise Refusal("stale_button")
            acting = game.to_act()
            if seat not in acting and not (info.simultaneous and game.legal_actions(seat)):
                if acting:
                    raise Refusal("not_your_turn", seats=[record.seats[s] for s in acting])
                raise Refusal("nothing_waiting")
            try:
                action = info.action_from_code(code)
                events = game.apply(seat, action)
            except IllegalMove as error:
                raise refusal(record, error) from None
            if record.seats[seat].ai is not None:  # a member back at a seat the AI played
                events = self._give_back(record, seat) + events
            record.extra.setdefault("missed", {}).pop(str(seat), None)
            return await self._commit(record, game, events, answer)

    async def end(self, match_id: int, reason: str, name: str, answer: Publisher) -> Change:
        """End a match without a result: a reset ("reset_by_host", "reset_by_moderator")
        by the member called `name`."""
        async with self._session(match_id):
            try:
                record, game = await self._current(match_id)
            except Refusal:
                quarantined = await self.storage.get_match(match_id)
                if quarantined is None or quarantined.quarantine is None:
                    raise
                record, game = quarantined, None  # a damaged match can still be ended
            record.end(reason, name=name)
            return await self._commit(record, game, [], answer, Notice("ended"))

    async def _commit(
        self,
        record: MatchRecord,
        game: Game | None,
        events: list[Event],
        answer: Publisher,
        notice: Notice | None = None,
    ) -> Change:
        """Save a change under the next version, then show it (under the match lock)."""
        expected = record.version
        record.version += 1
        await self._save(record, game, expected, events)
        change = Change(record, game, events, notice)
        await _answer(answer, change)
        return change

    async def set_message(self, match_id: int, message_id: int, posted_at: float) -> None:
        """Remember where a match's table message now is (also in the in-memory copy)."""
        await self.storage.set_message(match_id, message_id, posted_at)
        live = self._live.get(match_id)
        if live is not None:
            live[0].message_id, live[0].message_at = message_id, posted_at

    async def _current(self, match_id: int) -> tuple[MatchRecord, Game | None]:
        """The open match and its game (None in the lobby); refuse one that has ended."""
        live = self._live.get(match_id)
        if live is not None:
            return live
        record = await self.storage.get_match(match_id)
        if record is None or not record.is_open:
            raise Refusal("already_ended")
        live = self._live[match_id] = (record, await self.game_of(record))
        return live

    async def _save(
        self, record: MatchRecord, game: Game | None, expected: int, events: list[Event]
    ) -> None:
        """Persist a change with its events, deadline and results in one transaction, then plan."""
        now = self.clock()
        results: list[ResultRow] = []
        if game is not None:
            record.state = game.to_dict()
            outcome = game.outcome()
            if outcome is not None and record.status == "playing":
                record.status = "finished"
                results = [
                    ResultRow(seat.user_id, index, outcome.scores[index], index in outcome.winners)
                    for index, seat in enumerate(record.seats)
                    if seat.user_id is not None
                ]
        # Earlier versions kept the log in `extra`; match_events holds the same events.
        record.extra.pop("log", None)
        deadline = self._deadline_for(record, game, now, events)
        try:
            await self.storage.save(
                record,
                expected_version=expected,
                now=now,
                events=events,
                deadline=deadline,
                results=results,
            )
        except Exception as error:  # rolled back: the caller's copy is dropped by _session
            raise NotSaved(record.id) from error
        if record.log is not None:  # else it is read from match_events when next drawn
            record.log.extend(events)
            del record.log[:-LOG_SIZE]
        if record.is_open:
            self._live[record.id] = (record, game)
        else:
            self._live.pop(record.id, None)
        self._plan(record, game, deadline, now)

    def _deadline_for(
        self, record: MatchRecord, game: Game | None, now: float, events: list[Event]
    ) -> Deadline | None:
        if record.status == "lobby":
            return Deadline(record.id, "lobby", record.version, now + self.settings.lobby_timeout)
        if record.status != "playing" or game is None:
            return None
        if not any(record.seats[s].ai is None for s in game.to_act()):
            return None
        due = now + self.settings.turn_timeout
        simultaneous = GAMES[record.game].simultaneous
        # The clock runs per turn, not per click: simultaneous picks keep their turn's
        # deadline, and a step that changed nothing visible (choosing a card, Back) keeps
        # the turn's.
        key = game.turn_id() if simultaneous else [game.turn_id(), *game.to_act()]
        kept = record.turn_due
        if kept is not None and kept.key == key and (simultaneous or not events):
            due = kept.at
        record.turn_due = TurnDue(key, due)
        return Deadline(record.id, "turn", record.version, due)

    # -- AI turns and deadlines ------------------------------------------------------------

    def _plan(
        self,
        record: MatchRecord,
        game: Game | None,
        deadline: Deadline | None,
        now: float | None = None,
    ) -> None:
        """Arm the match's one timer: an AI move soon, else its deadline, else nothing.
        `now` spares a second read of the clock when the caller has just read it."""
        now = self.clock() if now is None else now
        if not record.is_open:
            self._locks.pop(record.id, None)
            self.timers.set(record.id, None)
        elif game is not None and any(record.seats[s].ai for s in game.to_act()):
            self.timers.set(record.id, Due(now + self.settings.ai_delay, record.version, "ai"))
        elif deadline is not None:
            self.timers.set(record.id, self._next_due(record, deadline, now))
        else:
            self.timers.set(record.id, None)

    def _next_due(self, record: MatchRecord | OpenBrief, deadline: Deadline, now: float) -> Due:
        """A turn deadline is preceded by one reminder, while there is still time for it."""
        left = min(REMIND_LEFT, self.settings.turn_timeout / 3)
        if deadline.kind == "turn" and deadline.due_at - left > now:
            return Due(deadline.due_at - left, record.version, "remind")
        return Due(deadline.due_at, record.version, deadline.kind)

    async def _auto_step(self, match_id: int, version: int, kind: str) -> None:
        """One move nobody clicked: an AI seat's, a lapsed turn's, or a lobby's expiry; or
        the reminder before a turn's deadline, which changes nothing."""
        async with self._session(match_id):
            try:
                record, game = await self._current(match_id)
            except Refusal:
                return
            if record.version != version:
                return
            info = GAMES[record.game]
            if game is not None and not self._waits_on(record, game, kind):
                return
            if kind == "remind":
                await self.remind(Change(record, game))
                # The turn's deadline, kept on the record when it was set.
                assert record.turn_due is not None  # a reminder is only armed before one
                self.timers.set(match_id, Due(record.turn_due.at, version, "turn"))
                return
            if kind == "lobby":
                record.end("lobby_expired")
                await self._commit(record, None, [], self.publish, Notice("lobby_expired"))
                return
            assert game is not None
            # A step of a longer choice may change the game without any event: save it anyway.
            events = (
                self._ai_move(record, info, game)
                if kind == "ai"
                else self._timeout(record, info, game)
            )
            await self._commit(record, game, events, self.publish)

    @staticmethod
    def _waits_on(record: MatchRecord, game: Game, kind: str) -> bool:
        """Whether the game still waits on an AI seat ("ai") or a member (otherwise)."""
        want_ai = kind == "ai"
        return any((record.seats[s].ai is not None) == want_ai for s in game.to_act())

    def _ai_move(self, record: MatchRecord, info: GameInfo, game: Game) -> list[Event]:
        seat = next(s for s in game.to_act() if record.seats[s].ai)
        level = record.seats[seat].ai or info.ai_levels[-1]
        return game.apply(seat, info.choose_ai(game, seat, level))

    def _timeout(self, record: MatchRecord, info: GameInfo, game: Game) -> list[Event]:
        """Move for each member the game waited on too long; hand over a seat that keeps missing."""
        events: list[Event] = []
        missed: dict[str, int] = record.extra.setdefault("missed", {})
        for seat in [s for s in game.to_act() if record.seats[s].ai is None]:
            events.append(Event(TIMED_OUT, {"seat": seat}))
            events += self._whole_turn(game, seat)
            missed[str(seat)] = missed.get(str(seat), 0) + 1
            if missed[str(seat)] >= HAND_OVER_AFTER:
                record.seats[seat].ai = info.ai_levels[-1]
                events.append(Event(HANDED_OVER, {"seat": seat, "missed": missed[str(seat)]}))
        return events

    @staticmethod
    def _whole_turn(game: Game, seat: int) -> list[Event]:
        """Every step the absent seat is asked in the turn that ran out (each step of a
        Swap, the cards a Flip Four! sets aside), decided at once, so one time-out costs one
        timer. It stops where the game begins a new turn: a later turn, even the same
        seat's, gets its own timer."""
        turn = game.turn_id()
        events = game.apply(seat, game.timeout_action(seat))
        for _step in range(TURN_STEPS_LIMIT):
            if seat not in game.to_act() or game.turn_id() != turn:
                break
            events += game.apply(seat, game.timeout_action(seat))
        return events

    async def restore(self) -> None:
        """After a start: re-arm every open match's AI turn or stored deadline. Only a
        match with an AI seat has its game loaded (to see whether the AI moves next); the
        others' timers follow from their stored deadline alone."""
        briefs = {b.id: b for b in await self.storage.open_briefs() if b.quarantine is None}
        with_ai = [b.id for b in briefs.values() if b.needs_game]
        for record in await self.storage.get_matches(with_ai):
            brief = briefs.pop(record.id)
            try:
                game = await self.game_of(record)
            except Refusal:
                continue  # quarantined: it keeps no timer, and stops no other match
            self._plan(record, game, brief.deadline)
        now = self.clock()
        for brief in briefs.values():
            if brief.deadline is not None:
                self.timers.set(brief.id, self._next_due(brief, brief.deadline, now))

    async def stop(self) -> None:
        await self.timers.stop()
