"""The checks a command makes before it does anything: that it came from a server, and
that its member is a moderator. Each refuses by raising a `Refusal`, answered the one way
(`cogs.tools.refusals`); on a slash command they are discord.py checks, so a command says
what it needs above its definition (`@moderator_only("moderators_export")`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import discord
from discord import app_commands

from bot.errors import Refusal
from bot.process.app import Interaction
from cogs.tools.refusals import Refused

T = TypeVar("T")


def require_server(interaction: Interaction) -> None:
    """A command from a DM is refused: games, their lists and leaderboards live in servers."""
    if interaction.guild_id is None:
        raise Refusal("games_not_in_dms")


def is_moderator(member: discord.Member | discord.User) -> bool:
    """Manage Messages or Manage Server, read from the member's real permissions."""
    if not isinstance(member, discord.Member):
        return False
    perms = member.guild_permissions
    return perms.manage_messages or perms.manage_guild or perms.administrator


def require_moderator(interaction: Interaction, kind: str) -> None:
    """Refused (`kind` says what only moderators may do) unless a moderator asks, in a
    server."""
    require_server(interaction)
    if not is_moderator(interaction.user):
        raise Refusal(kind)


def moderator_only(kind: str) -> Callable[[T], T]:
    """A slash command for moderators: anyone else is refused with `kind`, and nothing runs."""

    def predicate(interaction: Interaction) -> bool:
        try:
            require_moderator(interaction, kind)
        except Refusal as refusal:
            raise Refused(refusal) from None
        return True

    predicate.refuses = True  # type: ignore[attr-defined]  # run first (`checks_refused`)
    return app_commands.check(predicate)
