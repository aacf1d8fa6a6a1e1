"""A match's change as published: what one saved change did, as immutable data that every
surface (the Discord desk, the live web table, a process following the match from
elsewhere) draws from without calling back into the match (issue 47).

The game in a change is the engine's game as saved at that version, loaded again from the
saved state when first drawn: a copy no move is ever applied to, so a subscriber that draws
it late still draws that version. From it come each seat's own view (`view(seat)`, hidden
cards only in their owner's), the public view (`view(None)`), who acts and what they are asked, the
outcome. The record is a copy too, with the match's latest events, its watchers' count and
the server's chosen language read by the platform, so drawing a change reads nothing more.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.play.replay_log import copied_replay
from bot.storage import MatchRecord
from engines.base import GAMES, Decision, Event, Game, Outcome


class SavedGame:
    """A game as saved, loaded from its state the first time someone draws it: a change
    nobody follows costs no load, and the state (a fresh dict at every save) is never
    changed after."""

    __slots__ = ("_game", "_key", "_state")

    def __init__(self, key: str, state: Mapping[str, Any]) -> None:
        self._key, self._state = key, state
        self._game: Game[Any] | None = None

    def get(self) -> Game[Any]:
        if self._game is None:
            self._game = GAMES[self._key].from_dict(dict(self._state))
        return self._game


@dataclass(frozen=True, slots=True)
class MatchChange:
    """One saved change of a match: its version, the events it made (every event since the
    version published before it; none in a snapshot of where a match stands), the record
    and game as saved, the member turn's deadline (seconds since 1970, None: no clock
    runs) and the watchers' count."""

    match_id: int
    version: int
    record: MatchRecord
    saved: SavedGame | None
    events: tuple[Event, ...]
    deadline: float | None
    watching: int = 0
    # The language the server's moderators chose for what everyone reads (None: none).
    language: str | None = None

    @property
    def game(self) -> Game[Any] | None:
        """The game as saved at this version (None in a lobby or without a game)."""
        return None if self.saved is None else self.saved.get()

    @property
    def game_key(self) -> str:
        return self.record.game

    @property
    def guild_id(self) -> int:
        return self.record.guild_id

    @property
    def is_open(self) -> bool:
        return self.record.is_open

    def view(self, seat: int | None) -> object | None:
        """What `seat` may see (None: everyone); None in a lobby."""
        return None if self.game is None else self.game.view(seat)

    def to_act(self) -> tuple[int, ...]:
        """The seats the game waits for now (none in a lobby or once over)."""
        if self.game is None or not self.record.is_open:
            return ()
        return tuple(self.game.to_act())

    def decision(self, seat: int) -> Decision[Any] | None:
        """What `seat` may do now, or None."""
        if self.game is None or not self.record.is_open:
            return None
        return self.game.decision(seat)

    def outcome(self) -> Outcome | None:
        return None if self.game is None else self.game.outcome()

    def epoch(self) -> int | None:
        """The game's epoch, which a move made from this change carries (None: no game)."""
        return None if self.game is None else self.game.epoch()

    def seat_of(self, user_id: int) -> int | None:
        return self.record.seat_of(user_id)


def record_copy(record: MatchRecord) -> MatchRecord:
    """The record as it is now, apart from the live one (which the next move changes).
    Events never change once made, so the log's events are shared."""
    copied = copy.copy(record)
    copied.seats = [copy.copy(seat) for seat in record.seats]
    copied.options = copy.deepcopy(record.options)
    copied.extra = record.extra.copied()
    copied.replay = copied_replay(record.replay)
    copied.ended_data = copy.deepcopy(record.ended_data)
    copied.outbox = list(record.outbox)
    copied.state = None  # the game below holds it; a subscriber never saves
    copied.log = None if record.log is None else list(record.log)
    return copied


def game_as_saved(record: MatchRecord) -> SavedGame | None:
    """The game of `record` at its saved state (None in a lobby, or for a game this bot no
    longer has)."""
    if record.state is None or record.game not in GAMES:
        return None
    return SavedGame(record.game, record.state)


def published(
    record: MatchRecord,
    events: list[Event] | tuple[Event, ...],
    watching: int,
    *,
    language: str | None = None,
    with_game: bool = True,
) -> MatchChange:
    """The change `record` was just saved as, at its version: with its game as saved
    unless `with_game` is false (a lobby, a damaged match being ended)."""
    return MatchChange(
        match_id=record.id,
        version=record.version,
        record=record_copy(record),
        saved=game_as_saved(record) if with_game else None,
        events=tuple(events),
        deadline=record.turn_due.at if record.turn_due is not None else None,
        watching=watching,
        language=language,
    )
