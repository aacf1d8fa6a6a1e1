"""`/games notify`: how a member hears that it is their turn in a relaxed or slower match
(a mention where the match is played, a DM with a link to the table, or nothing); shown
with their quiet hours (`/games quiet`) and, where the server turned them off, that its
mentions are off."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from bot.process.app import Interaction
from cogs.desk.desk import Desk
from cogs.wording.commands_i18n import slash, slash_text
from cogs.wording.i18n import _, lazy_gettext
from cogs.wording.quiet_words import quiet_line

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
# How the member hears now, when they ask without choosing.
HOWS_NOW = {
    "mention": lazy_gettext(
        "In relaxed and slower games, you're mentioned at the table when it's your turn."
    ),
    "dm": lazy_gettext(
        "In relaxed and slower games, you get a direct message with a link to the table when "
        "it's your turn (a mention if your direct messages are closed)."
    ),
    "off": lazy_gettext("In relaxed and slower games, you aren't told when it's your turn."),
}


class NoticeCommands(commands.Cog):
    """The turn-notice command of the /games group (`cogs.server.games` puts it there)."""

    def __init__(self, desk: Desk) -> None:
        self.desk = desk

    @app_commands.command(
        name=slash("command", "notify"),
        description=slash_text("How you hear it's your turn in relaxed and slower games"),
    )
    @app_commands.rename(how=slash("command", "how"))
    @app_commands.describe(how=slash_text("A mention, a direct message, or nothing"))
    @app_commands.choices(how=HOW_CHOICES)
    async def notify(self, interaction: Interaction, how: str | None = None) -> None:
        pings, user_id = self.desk.pings, interaction.user.id
        if how is None:
            lines = [str(HOWS_NOW[await pings.how(user_id)])]
        else:
            await pings.set_how(user_id, how)  # Discord sends only a choice
            lines = [str(ANSWERS[how])]
        matches = self.desk.matches
        lines.append(quiet_line(await matches.quiet.hours(user_id), matches.clock()))
        guild_id = interaction.guild_id
        if guild_id is not None and not await pings.enabled(guild_id):
            lines.append(
                _(
                    "This server's moderators have turned turn mentions off here; direct "
                    "messages still go."
                )
            )
        await interaction.response.send_message("\n".join(lines), ephemeral=True)
