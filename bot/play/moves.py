"""A member's move from a button or select, and ending a match without a result."""

from __future__ import annotations

from bot.errors import Notice, Refusal
from bot.play.changes import Change, Publisher, refusal
from bot.play.replay_log import apply_kept
from bot.play.seating import give_back
from bot.play.sessions import Sessions
from bot.storage import EndReason
from engines.base import GAMES, IllegalMove


class Moves:
    def __init__(self, sessions: Sessions) -> None:
        self.sessions = sessions

    async def play(
        self, match_id: int, user_id: int, stamp: int, code: str, answer: Publisher
    ) -> Change:
        """Apply a member's move from a button or select; refuse anything stale or out of turn.

        `stamp` is the game's epoch when the button was drawn. `answer` runs under the match
        lock, so tables are redrawn in the order moves happened.
        """
        try:
            change = await self._play(match_id, user_id, stamp, code, answer)
        except Refusal as refused:
            self.sessions.metrics.moves_refused.labels(refused.kind).inc()
            raise
        self.sessions.metrics.moves_made.labels(change.record.game).inc()
        return change

    async def _play(
        self, match_id: int, user_id: int, stamp: int, code: str, answer: Publisher
    ) -> Change:
        async with self.sessions.session(match_id):
            record, game = await self.sessions.current(match_id)
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
                events = apply_kept(record, game, seat, action)
            except IllegalMove as error:
                raise refusal(record, error) from None
            if record.seats[seat].ai is not None:  # a member back at a seat the AI played
                events = give_back(record, seat) + events
            record.extra.missed.pop(str(seat), None)
            moved = record.extra.moved
            if seat not in moved:  # a tournament drops a member who never moved at a table
                moved.append(seat)
            return await self.sessions.commit(record, game, events, answer)

    async def end(self, match_id: int, reason: EndReason, name: str, answer: Publisher) -> Change:
        """End a match without a result: a reset (EndReason.RESET_BY_HOST, ...) by the
        member called `name`."""
        async with self.sessions.session(match_id):
            try:
                record, game = await self.sessions.current(match_id)
            except Refusal:
                quarantined = await self.sessions.reads.get_match(match_id)
                if quarantined is None or quarantined.quarantine is None:
                    raise
                record, game = quarantined, None  # a damaged match can still be ended
            record.end(reason, name=name)
            return await self.sessions.commit(record, game, [], answer, Notice("ended"))
