"""What the bot holds, to compare with what the page shows: the channel's open match."""

from __future__ import annotations

from typing import Any

from cogs.wording import i18n
from engines.base import GAMES
from playground import MEMBERS, Playground


def worded(member: str, message: str, **values: Any) -> str:
    """`message` as the playground's `member` reads it privately: in their app's language."""
    language = i18n.supported(dict(MEMBERS)[member.lower()]) or i18n.SOURCE
    with i18n.reading(language):
        return i18n._(message).format(**values)


def bold(text: str) -> str:
    """The first **bold** part of a message, as a page shows it (without the stars)."""
    return text.split("**")[1]


async def current_game(place: Playground) -> tuple[Any, Any]:
    """The record and game of the match open in the playground's channel, as last saved."""
    for record in await place.bot.storage.open_matches():
        if record.channel_id == place.channel.id and record.state is not None:
            return record, GAMES[record.game].from_dict(record.state)
    raise AssertionError("no game in play in #games")
