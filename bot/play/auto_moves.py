"""Moves nobody clicked: an AI seat's, a lapsed turn's (and the hand-over of a seat that
keeps missing), a lobby's expiry, the reminder before a deadline; and re-arming every open
match's timer after a start."""

from __future__ import annotations

from asyncio import Future
from typing import Any

from bot.errors import Notice, Refusal
from bot.play.changes import Change, Publisher, no_publisher
from bot.play.events import HANDED_OVER, TIMED_OUT
from bot.play.replay_log import apply_kept
from bot.play.scheduler import Due
from bot.play.sessions import Sessions
from bot.play.thinking import Thinker
from bot.storage import EndReason, MatchRecord
from bot.storage.doors import Deadlines
from engines.base import GAMES, AnyGame, AnyGameInfo, Event, Game, GameInfo

HAND_OVER_AFTER = 3  # missed turns in a row after which the AI plays a member's seat
TURN_STEPS_LIMIT = 100  # steps the bot takes for an absent member in one turn, at most
PLAY_OUT_LIMIT = 100_000  # AI steps to finish a table whose time is up: far above any game


class AutoMoves:
    def __init__(self, sessions: Sessions, thinker: Thinker) -> None:
        self.sessions = sessions
        self.deadlines: Deadlines = sessions.doors.deadlines  # what a restore re-arms
        # Decides AI moves, those that think long off the event loop.
        self.thinker = thinker
        # Changes no member's click caused; the application points it at the tables.
        self.publish: Publisher = no_publisher
        # Told when a member's turn is about to run out; the application points it at pings.
        self.remind: Publisher = no_publisher
        sessions.planner.fire = self.step

    async def step(self, match_id: int, version: int, kind: str) -> None:
        """One move nobody clicked: an AI seat's, a lapsed turn's, or a lobby's expiry; or
        the reminder before a turn's deadline, which changes nothing."""
        sessions = self.sessions
        async with sessions.session(match_id):
            try:
                record, game = await sessions.current(match_id)
            except Refusal:
                return
            if record.version != version:
                return
            info = GAMES[record.game]
            if game is not None and not _waits_on(record, game, kind):
                return
            if kind == "remind":
                await self.remind(Change(record, game))
                # The turn's deadline, kept on the record when it was set.
                assert record.turn_due is not None  # a reminder is only armed before one
                sessions.planner.set(match_id, Due(record.turn_due.at, version, "turn"))
                return
            if kind == "lobby":
                record.end(EndReason.LOBBY_EXPIRED)
                await sessions.commit(record, None, [], self.publish, Notice("lobby_expired"))
                return
            assert game is not None
            if kind == "ai":
                seat, level = _ai_seat(record, info, game)
                if self.thinker.off_loop(info, level):
                    # The worker thinks while this match's lock is free and the timers due
                    # after it run; the move is made if the game is still where it was.
                    asked = self.thinker.ask(info, game, seat, level)
                    answer = self._answer(match_id, version, info, seat, asked)
                    sessions.planner.finish_apart(match_id, version, kind, answer)
                    return
                with sessions.metrics.ai_decision(record.game):
                    action = self.thinker.decide_here(info, game, seat, level)
                events = apply_kept(record, game, seat, action)
            else:
                events = _timeout(record, info, game)
            # A step of a longer choice may change the game without any event: save it anyway.
            await sessions.commit(record, game, events, self.publish)

    async def _answer(
        self, match_id: int, version: int, info: AnyGameInfo, seat: int, asked: Future[Any]
    ) -> None:
        """Make the move the worker decided (the safe one if it was late), unless the match
        moved on meanwhile: then its new version armed a timer of its own."""
        with self.sessions.metrics.ai_decision(info.key):
            action = await self.thinker.answer(info, asked)
        async with self.sessions.session(match_id):
            try:
                record, game = await self.sessions.current(match_id)
            except Refusal:
                return
            if record.version != version or game is None:
                return
            if action is None:
                action = info.timeout_move(game, seat)
            events = apply_kept(record, game, seat, action)
            await self.sessions.commit(record, game, events, self.publish)

    async def play_out(self, match_id: int) -> None:
        """Time is up for the table (a tournament round's limit): the AI plays every seat
        from here to the end, at once; the results say the AI finished for its members."""
        async with self.sessions.session(match_id):
            try:
                record, game = await self.sessions.current(match_id)
            except Refusal:
                return  # it ended meanwhile
            if game is None:
                return
            info = GAMES[record.game]
            for seat, taken in enumerate(record.seats):
                if taken.ai is None:
                    taken.ai = info.ai_levels[-1]
                    record.extra.ai_from[str(seat)] = record.version + 1
            events: list[Event] = []
            for _step in range(PLAY_OUT_LIMIT):
                if game.outcome() is not None or not game.to_act():
                    break
                seat, level = _ai_seat(record, info, game)
                with self.sessions.metrics.ai_decision(record.game):
                    action = await self.thinker.decide(info, game, seat, level)
                events += apply_kept(record, game, seat, action)
            await self.sessions.commit(record, game, events, self.publish, Notice("time_up"))

    async def restore(self) -> None:
        """After a start: re-arm every open match's AI turn or stored deadline. Only a
        match with an AI seat has its game loaded (to see whether the AI moves next); the
        others' timers follow from their stored deadline alone."""
        planner = self.sessions.planner
        # Another process times the matches of servers on shards this one does not run.
        shards = self.sessions.settings.shards
        briefs = {b.id: b for b in await self.deadlines.open_briefs(shards) if b.quarantine is None}
        with_ai = [b.id for b in briefs.values() if b.needs_game]
        for record in await self.sessions.reads.get_matches(with_ai):
            brief = briefs.pop(record.id)
            try:
                game = await self.sessions.game_of(record)
            except Refusal:
                continue  # quarantined: it keeps no timer, and stops no other match
            planner.plan(record, game, brief.deadline)
        now = self.sessions.clock()
        for brief in briefs.values():
            planner.plan_brief(brief, now)


def _waits_on(record: MatchRecord, game: Game, kind: str) -> bool:
    """Whether the game still waits on an AI seat ("ai") or a member (otherwise)."""
    want_ai = kind == "ai"
    return any((record.seats[s].ai is not None) == want_ai for s in game.to_act())


def _ai_seat(record: MatchRecord, info: AnyGameInfo, game: AnyGame) -> tuple[int, str]:
    """The AI seat to move now and its level."""
    seat = next(s for s in game.to_act() if record.seats[s].ai)
    return seat, record.seats[seat].ai or info.ai_levels[-1]


def _timeout(record: MatchRecord, info: GameInfo, game: Game) -> list[Event]:
    """Move for each member the game waited on too long; hand over a seat that keeps missing."""
    events: list[Event] = []
    missed = record.extra.missed
    for seat in [s for s in game.to_act() if record.seats[s].ai is None]:
        events.append(Event(TIMED_OUT, {"seat": seat}))
        events += _whole_turn(record, info, game, seat)
        missed[str(seat)] = missed.get(str(seat), 0) + 1
        if missed[str(seat)] >= HAND_OVER_AFTER:
            record.seats[seat].ai = info.ai_levels[-1]
            record.extra.ai_from[str(seat)] = record.version + 1
            events.append(Event(HANDED_OVER, {"seat": seat, "missed": missed[str(seat)]}))
    return events


def _whole_turn(record: MatchRecord, info: GameInfo, game: Game, seat: int) -> list[Event]:
    """Every step the absent seat is asked in the turn that ran out (each step of a
    Swap, the cards a Flip Four! sets aside), decided at once, so one time-out costs one
    timer. It stops where the game begins a new turn: a later turn, even the same
    seat's, gets its own timer."""
    turn = game.turn_id()
    events = apply_kept(record, game, seat, info.timeout_move(game, seat))
    for _step in range(TURN_STEPS_LIMIT):
        if seat not in game.to_act() or game.turn_id() != turn:
            break
        events += apply_kept(record, game, seat, info.timeout_move(game, seat))
    return events
