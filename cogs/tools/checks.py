"""What every /games command checks first: that it came from a server, and whether the
member is a moderator."""

from __future__ import annotations

import discord

from bot.process.app import Interaction
from cogs.ui.components import refuse
from cogs.wording.i18n import lazy_gettext

NOT_IN_DMS = lazy_gettext(
    "Games, their lists and leaderboards live in server channels, not in DMs."
)


async def in_server(interaction: Interaction) -> bool:
    """Whether the command came from a server; a DM gets one plain answer instead."""
    if interaction.guild_id is None:
        await refuse(interaction, str(NOT_IN_DMS))
        return False
    return True


def is_moderator(member: discord.Member | discord.User) -> bool:
    """Manage Messages or Manage Server, read from the member's real permissions."""
    if not isinstance(member, discord.Member):
        return False
    perms = member.guild_permissions
    return perms.manage_messages or perms.manage_guild or perms.administrator
