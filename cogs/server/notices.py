"""`/games notify`: how a member hears that it is their turn in a relaxed or slower match
(a mention where the match is played, a DM with a link to the table, or nothing)."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from bot.process.app import Interaction
from cogs.desk.desk import Desk
from cogs.wording.commands_i18n import slash, slash_text
from cogs.wording.i18n import lazy_gettext

HOW_CHOICES = [
    app_commands.Choice(name=slash_text("A mention at the table"), value="mention"),
    app_commands.Choice(name=slash_text("A direct message with a link"), value="dm"),
    app_commands.Choice(name=slash_text("Nothing"), value="off"),
]
ANSWERS = {
    "mention": lazy_gettext(
        "Done: in relaxed and slower games, you'll be mentioned at the table when it's your turn."
    ),
    "dm": lazy_gettext(
        "Done: in relaxed and slower games, you'll get a direct message with a link to the "
        "table when it's your turn. If your direct messages are closed, you'll be mentioned "
        "instead."
    ),
    "off": lazy_gettext(
        "Done: in relaxed and slower games, you won't be told when it's your turn. The table "
        "still shows when each turn ends."
    ),
}


class NoticeCommands(commands.Cog):
    """The turn-notice half of the /games group (the cog is `cogs.server.games.Games`)."""

    desk: Desk

    @app_commands.command(
        name=slash("command", "notify"),
        description=slash_text("How you hear it's your turn in relaxed and slower games"),
    )
    @app_commands.rename(how=slash("command", "how"))
    @app_commands.describe(how=slash_text("A mention, a direct message, or nothing"))
    @app_commands.choices(how=HOW_CHOICES)
    async def notify(self, interaction: Interaction, how: str) -> None:
        await self.desk.pings.set_how(interaction.user.id, how)  # Discord sends only a choice
        await interaction.response.send_message(str(ANSWERS[how]), ephemeral=True)
