"""`/games quiet`: a member's quiet hours, from a time to a time in their own time zone,
through which the turn notices and reminders of their relaxed and slower games wait
(bot/play/quiet.py holds them, cogs/desk/presenters/pings.py sends them when those end).
`off` ends them; with no option it shows them."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from bot.errors import Refusal
from bot.play.matches import MatchService
from bot.process.app import Interaction
from bot.rules.quiet import BadQuietHours, typed_hours, zones_like
from cogs.tools.refusals import answers_refusals
from cogs.tools.renderers import Renderers
from cogs.wording.commands_i18n import slash, slash_text
from cogs.wording.quiet_words import quiet_line, quiet_off, quiet_set


class QuietCommands(commands.Cog):
    """The quiet-hours command of the /games group (`cogs.server.games` puts it there)."""

    def __init__(self, matches: MatchService, renderers: Renderers) -> None:
        self.matches = matches
        self.renderers = renderers  # whose refusals it raises are worded there

    @app_commands.command(
        name=slash("command", "quiet"),
        description=slash_text("Hours when your turn notices wait, in relaxed and slower games"),
    )
    @app_commands.rename(
        start=slash("command", "from"),
        end=slash("command", "to"),
        zone=slash("command", "zone"),
        off=slash("command", "off"),
    )
    @app_commands.describe(
        start=slash_text("When they begin, as hh:mm on a 24-hour clock (22:00)"),
        end=slash_text("When they end, as hh:mm (07:00)"),
        zone=slash_text("Your time zone, as the list names it (Europe/London)"),
        off=slash_text("True: no quiet hours"),
    )
    @answers_refusals
    async def quiet(
        self,
        interaction: Interaction,
        start: str | None = None,
        end: str | None = None,
        zone: str | None = None,
        off: bool = False,
    ) -> None:
        holds, user_id, now = self.matches.quiet, interaction.user.id, self.matches.clock()
        if off:
            await holds.set_hours(user_id, None)
            text = quiet_off()
        elif start is None and end is None and zone is None:
            text = quiet_line(await holds.hours(user_id), now)
        else:
            try:
                hours = typed_hours(start, end, zone, await holds.hours(user_id))
            except BadQuietHours as bad:
                raise Refusal("bad_quiet_hours", problem=bad.kind, typed=bad.typed) from None
            await holds.set_hours(user_id, hours)
            text = quiet_set(hours, now)
        await interaction.response.send_message(text, ephemeral=True)

    @quiet.autocomplete("zone")
    async def zone_names(
        self, interaction: Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=name, value=name) for name in zones_like(typed)]
