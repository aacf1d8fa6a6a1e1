"""What `/games season new` announces: the new season, and who of the last one entered the
hall of fame."""

from __future__ import annotations

import discord

from bot.storage.standings_data import HallEntry
from cogs.server.standings import hall_lines
from cogs.tools.renderers import Renderers
from cogs.wording.command_mentions import command
from cogs.wording.i18n import _, number


class Seasons:
    def __init__(self, renderers: Renderers) -> None:
        self.renderers = renderers

    def announcement(self, season: int, hall: list[HallEntry]) -> discord.Embed:
        """The public message for season `season` beginning, `hall` being the entries the
        season that ended put in the hall of fame."""
        ended = number(season - 1)
        lines = [
            _(
                "Ratings start fresh for this season; the all-time ratings carry on. "
                "{leaderboard} shows this season's."
            ).format(leaderboard=command("games leaderboard")),
            "",
        ]
        if hall:
            lines.append(_("Season {season}'s best, now in the hall of fame:").format(season=ended))
            lines += hall_lines(self.renderers, hall)
        else:
            lines.append(
                _("Nobody was ranked in season {season}, so the hall of fame gains no one.").format(
                    season=ended
                )
            )
        return discord.Embed(
            title=_("Season {season} begins").format(season=number(season)),
            description="\n".join(lines),
            colour=discord.Colour.gold(),
        )
