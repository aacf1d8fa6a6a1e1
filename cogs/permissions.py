"""What the bot needs in a channel to run a table there, and how a gap is said.

Interaction answers work without channel permissions, but results, re-posted tables and
pings are ordinary messages; a game started where they would fail would break later.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.texts import _, join_names

NEEDED = {
    "view_channel": _("View Channel"),
    "send_messages": _("Send Messages"),
    "embed_links": _("Embed Links"),
    "read_message_history": _("Read Message History"),
}
FOR_PICTURES = {"attach_files": _("Attach Files")}


def missing(permissions: discord.Permissions, pictures: bool) -> list[str]:
    """The names of the permissions a table needs that `permissions` lacks."""
    needed = {**NEEDED, **(FOR_PICTURES if pictures else {})}
    return [name for flag, name in needed.items() if not getattr(permissions, flag)]


def missing_in(channel: Any, pictures: bool) -> list[str]:
    """What the bot lacks in `channel` now (nothing known: an empty list)."""
    guild = getattr(channel, "guild", None)
    if guild is None or guild.me is None:
        return []
    return missing(channel.permissions_for(guild.me), pictures)


def cannot_start(lacking: list[str]) -> str:
    return _(
        "I can't run a game in this channel: I'm missing {permissions} here. "
        "A moderator can grant them in the channel's settings."
    ).format(permissions=join_names(lacking))


def saved_not_shown(lacking: list[str], game: str) -> str:
    """For the member whose saved move could not be shown on the table."""
    if lacking:
        return _(
            "Your move was saved, but I couldn't post in this channel: I'm missing "
            "{permissions} here. Once a moderator grants them, /{game} table shows the table."
        ).format(permissions=join_names(lacking), game=game)
    return _(
        "Your move was saved, but I couldn't post in this channel. /{game} table shows the table."
    ).format(game=game)
