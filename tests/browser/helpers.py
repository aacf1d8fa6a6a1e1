"""What the bot holds, to compare with what the page shows: the channel's open match."""

from __future__ import annotations

from typing import Any

from engines.base import GAMES
from playground import Playground


async def current_game(place: Playground) -> tuple[Any, Any]:
    """The record and game of the match open in the playground's channel, as last saved."""
    for record in await place.bot.storage.open_matches():
        if record.channel_id == place.channel.id and record.state is not None:
            return record, GAMES[record.game].from_dict(record.state)
    raise AssertionError("no game in play in #games")
