"""Practice tables: unrated (their results are kept and rate nobody), and each member may
ask, on their turn, what the game's strongest AI would do there and why. The hint is the
engine's data (`GameInfo.hint`, from that seat's view only); the Discord layer words it."""

from __future__ import annotations

from dataclasses import dataclass

from bot.errors import Refusal
from bot.play.sessions import Sessions
from bot.play.thinking import Thinker
from bot.storage import MatchRecord
from bot.storage.match_fields import MatchExtra
from engines.base import GAMES, AnyGame, Hint


def mark_practice(extra: MatchExtra) -> None:
    """A practice table (this module owns `extra.practice`): hints, and no rating."""
    extra.practice = extra.unrated = True


def is_practice(record: MatchRecord) -> bool:
    return record.extra.practice


def gives_hints(record: MatchRecord) -> bool:
    """Whether the table offers a Hint: a practice table of a game that gives hints."""
    return is_practice(record) and GAMES[record.game].hint is not None


@dataclass(frozen=True, slots=True)
class Hinted:
    """A hint for the member at `seat`, with what the wording needs as it stood when the
    hint was asked: the match record and the seat's view."""

    record: MatchRecord
    view: object
    seat: int
    hint: Hint


class Hints:
    def __init__(self, sessions: Sessions, thinker: Thinker) -> None:
        self.sessions = sessions
        # A hint is the strongest level's judgement: worked out where its decisions are.
        self.thinker = thinker

    async def hint(self, match_id: int, user_id: int, stamp: int) -> Hinted:
        """The hint for the member's seat now; refused politely anywhere but at a practice
        table on that member's turn, from a button of the turn it was drawn in (`stamp`:
        the game's epoch then). The game is read under the match's lock; a hint that thinks
        long is worked out in the AI's workers after the lock is let go, from that state."""
        async with self.sessions.session(match_id):
            record, game = await self.sessions.current(match_id)  # an ended one is refused
            seat = _asking_seat(record, game, user_id, stamp)
            assert game is not None  # _asking_seat refused a lobby
            info = GAMES[record.game]
            give = info.hint
            assert give is not None  # _asking_seat refused a game without hints
            view = game.view(seat)
            if not self.thinker.off_loop(info, info.ai_levels[-1]):
                return Hinted(record, view, seat, give(game, seat))
            asked = self.thinker.ask_hint(info, game, seat)
        hint = await self.thinker.result(info, asked)
        if hint is None:
            raise Refusal("hint_busy")
        return Hinted(record, view, seat, hint)


def _asking_seat(record: MatchRecord, game: AnyGame | None, user_id: int, stamp: int) -> int:
    """The seat of the member asking for a hint, or the refusal that answers them."""
    if not gives_hints(record):
        raise Refusal("not_practice")
    if game is None:
        raise Refusal("not_started")
    seat = record.seat_of(user_id)
    if seat is None:
        raise Refusal("watching")
    if stamp != game.epoch():
        raise Refusal("stale_button")
    if game.decision(seat) is None:
        acting = game.to_act()
        if acting:
            raise Refusal("not_your_turn", seats=[record.seats[s] for s in acting])
        raise Refusal("nothing_waiting")
    return seat
