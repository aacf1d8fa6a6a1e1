"""A server's queue settings as data (issue 48, item 2), read from its SERVER-scoped keys of
`ScopedSettings`, which the queue room (bot/play/queues.py) owns: `queue_channel` (where the
tables open: a channel id), `queue_sizes` ({game: seats}) and `queue_expiry` (minutes)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engines.base import GAMES

CHANNEL_KEY = "queue_channel"
SIZES_KEY = "queue_sizes"
EXPIRY_KEY = "queue_expiry"
DEFAULT_EXPIRY = 30  # minutes a place is kept
LONGEST_EXPIRY = 24 * 60  # minutes a server may have it kept, at most


@dataclass(frozen=True, slots=True)
class QueueSettings:
    """A server's queue settings: where tables open (None: the channel where the member who
    completes a table asked), each game's table size, and how long a place is kept."""

    channel_id: int | None = None
    sizes: dict[str, int] = field(default_factory=dict)
    expiry: int = DEFAULT_EXPIRY  # minutes

    def size(self, game: str) -> int:
        """How many members a table of `game` seats: the server's number, else the game's
        least, always within the game's player counts."""
        info = GAMES[game]
        wanted = self.sizes.get(game, info.min_players)
        return max(info.min_players, min(info.max_players, wanted))


def read_settings(stored: dict[str, Any]) -> QueueSettings:
    """The settings from the server's scoped keys (unknown games and bad values left out)."""
    channel = stored.get(CHANNEL_KEY)
    sizes = stored.get(SIZES_KEY) or {}
    expiry = stored.get(EXPIRY_KEY)
    return QueueSettings(
        channel_id=int(channel) if isinstance(channel, int) else None,
        sizes={
            game: int(size)
            for game, size in sizes.items()
            if game in GAMES and isinstance(size, int)
        },
        expiry=int(expiry) if isinstance(expiry, int) and expiry > 0 else DEFAULT_EXPIRY,
    )
