"""When a match's clock runs out: a lobby's expiry, a member turn's deadline (as long as
the match's pace gives) and the reminder before it. Pure functions of the record, the game
and the settings."""

from __future__ import annotations

from bot.core.settings import Settings
from bot.play.away_marks import turn_starts
from bot.play.scheduler import Due
from bot.rules.pace import SLOW, turn_seconds
from bot.storage import Deadline, MatchRecord, MatchStatus, OpenBrief, TurnDue
from engines.base import GAMES, Event, Game

REMIND_LEFT = 30.0  # seconds before a live turn's deadline when a late member is reminded (at most)
SLOW_REMIND_SHARE = 0.2  # at slow paces, the reminder goes when a fifth of the turn is left


def deadline_for(
    record: MatchRecord, game: Game | None, now: float, events: list[Event], settings: Settings
) -> Deadline | None:
    """The deadline a save stores: the lobby's, else the running member turn's (kept on
    the record as `turn_due`), else none."""
    if record.status == MatchStatus.LOBBY:
        return Deadline(record.id, "lobby", record.version, now + settings.lobby_timeout)
    if record.status != MatchStatus.PLAYING or game is None:
        return None
    if not any(record.seats[s].ai is None for s in game.to_act()):
        return None
    due = now + turn_seconds(record.pace, settings.turn_timeout)
    due = turn_starts(record, game, now, due)  # waiting on a member away: from their return
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


def next_due(
    record: MatchRecord | OpenBrief, deadline: Deadline, now: float, settings: Settings
) -> Due:
    """A turn deadline is preceded by one reminder, while there is still time for it: at
    a slow pace when a fifth of the turn is left, live a little before the end."""
    if record.pace in SLOW:
        left = turn_seconds(record.pace, settings.turn_timeout) * SLOW_REMIND_SHARE
    else:
        left = min(REMIND_LEFT, settings.turn_timeout / 3)
    if deadline.kind == "turn" and deadline.due_at - left > now:
        return Due(deadline.due_at - left, record.version, "remind")
    return Due(deadline.due_at, record.version, deadline.kind)
