"""Practice tables: unrated (their results are kept and rate nobody), and each member may
ask, on their turn, what the game's strongest AI would do there and why. The hint is the
engine's data (`GameInfo.hint`, from that seat's view only); the Discord layer words it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.errors import Refusal
from bot.sessions import Sessions
from bot.storage import MatchRecord
from engines.base import GAMES, AnyGame, Hint

PRACTICE_KEY = "practice"  # record.extra: the table is a practice table
PRACTICE_EXTRA: dict[str, Any] = {PRACTICE_KEY: True, "unrated": True}


def is_practice(record: MatchRecord) -> bool:
    return bool(record.extra.get(PRACTICE_KEY))


def gives_hints(record: MatchRecord) -> bool:
    """Whether the table offers a Hint: a practice table of a game that gives hints."""
    return is_practice(record) and GAMES[record.game].hint is not None


@dataclass(frozen=True, slots=True)
class Hinted:
    """A hint for the member at `seat`, with the match as it stood when it was made."""

    record: MatchRecord
    game: AnyGame
    seat: int
    hint: Hint


class Hints:
    def __init__(self, sessions: Sessions) -> None:
        self.sessions = sessions

    async def hint(self, match_id: int, user_id: int, stamp: int) -> Hinted:
        """The hint for the member's seat now; refused politely anywhere but at a practice
        table on that member's turn, from a button of the turn it was drawn in (`stamp`:
        the game's epoch then). Read under the match's lock, so no move lands halfway."""
        async with self.sessions.session(match_id):
            record, game = await self.sessions.current(match_id)  # an ended one is refused
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
            give = GAMES[record.game].hint
            assert give is not None  # gives_hints checked it
            return Hinted(record, game, seat, give(game, seat))
