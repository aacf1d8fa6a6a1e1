"""What the bot needs in a channel to run a table there, and how a gap is said.

Interaction answers work without channel permissions, but results, re-posted tables and
pings are ordinary messages; a game started where they would fail would break later.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.wording.command_mentions import command
from cogs.wording.i18n import _, lazy_gettext
from cogs.wording.words import join_names

# Discord's own names for the permissions, as its settings show them in each language.
NAMES = {
    "view_channel": lazy_gettext("View Channel"),
    "send_messages": lazy_gettext("Send Messages"),
    "embed_links": lazy_gettext("Embed Links"),
    "read_message_history": lazy_gettext("Read Message History"),
    "attach_files": lazy_gettext("Attach Files"),
    "create_public_threads": lazy_gettext("Create Public Threads"),
    "send_messages_in_threads": lazy_gettext("Send Messages in Threads"),
}
NEEDED = ("view_channel", "send_messages", "embed_links", "read_message_history")
FOR_PICTURES = ("attach_files",)


def missing(permissions: discord.Permissions, pictures: bool) -> list[str]:
    """The permissions (their flags) a table needs that `permissions` lacks."""
    needed = (*NEEDED, *(FOR_PICTURES if pictures else ()))
    return [flag for flag in needed if not getattr(permissions, flag)]


def named(flags: list[str]) -> str:
    """Permission flags as the reader's Discord names them: "Send Messages and Embed Links"."""
    return join_names([str(NAMES[flag]) for flag in flags])


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
    ).format(permissions=named(lacking))


def no_threads(lacking: list[str]) -> str:
    """For the host of a game that will be played in the channel for want of threads."""
    return _(
        "This game will be played here in the channel: I'm missing {permissions} to give "
        "it a thread of its own."
    ).format(permissions=named(lacking))


def saved_not_shown(lacking: list[str], game: str) -> str:
    """For the member whose saved move could not be shown on the table."""
    if lacking:
        return _(
            "Your move was saved, but I couldn't post in this channel: I'm missing "
            "{permissions} here. Once a moderator grants them, {table} shows the table."
        ).format(permissions=named(lacking), table=command(f"{game} table"))
    return _(
        "Your move was saved, but I couldn't post in this channel. {table} shows the table."
    ).format(table=command(f"{game} table"))
