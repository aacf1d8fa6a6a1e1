"""What an accepted request did (a Change), and how it reaches whoever shows it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot.errors import Notice, Refusal, SavedNotShown
from bot.play.published import MatchChange
from bot.storage import MatchRecord
from engines.base import Event, Game, IllegalMove


@dataclass(slots=True)
class Change:
    """What one accepted request did, for whoever redraws the table."""

    record: MatchRecord
    game: Game | None
    events: list[Event] = field(default_factory=list)
    notice: Notice | None = None
    watching: int = 0  # members watching from the thread, read before the table is drawn
    # The change as published to every surface (bot/play/published.py), set once saved.
    published: MatchChange | None = None


Publisher = Callable[[Change], Awaitable[None]]


async def no_publisher(change: Change) -> None:
    return None


async def show_saved(answer: Publisher, change: Change) -> None:
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
