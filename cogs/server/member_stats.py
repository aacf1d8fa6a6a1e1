"""`/games stats [member]`: each game's rating, its change in the last match and this
season's rating, with a picture of the trend over the last ten matches."""

from __future__ import annotations

import asyncio
import io

import discord

from bot.rules.ratings import PROVISIONAL_GAMES
from bot.storage import Standings
from cogs.server.standings import record_text
from cogs.tools.renderers import Renderers
from cogs.ui.components import TableMessage
from cogs.ui.trend_picture import draw_trends, square
from cogs.wording.i18n import _, ngettext, number
from cogs.wording.names import shown
from cogs.wording.standing_words import change_text

TREND_MATCHES = 10
PICTURE = "trend.png"


async def stats_message(
    standings: Standings, renderers: Renderers, guild_id: int, member: discord.abc.User
) -> TableMessage | None:
    """The member's stats in the language being built, or None when they have no rated
    match in the server. Everything is read first; the picture is drawn off the loop."""
    all_time = await standings.member_ratings(guild_id, member.id, season=False)
    if not all_time:
        return None
    this_season = await standings.member_ratings(guild_id, member.id, season=True)
    games = list(all_time)
    trends = [
        [
            point.shown
            for point in await standings.rating_trend(
                guild_id, game, member.id, season=False, count=TREND_MATCHES
            )
        ]
        for game in games
    ]
    picture = await asyncio.to_thread(draw_trends, trends)
    embed = discord.Embed(
        title=_("{name}'s ratings").format(name=shown(member.display_name)),
        description=_(
            "All-time ratings, with this season's beside them. The picture shows each game's "
            "rating over its last ten matches, oldest first, in the colour of its square."
        ),
        colour=discord.Colour.teal(),
    )
    for index, game in enumerate(games):
        row = all_time[game]
        title = renderers.title(game) if renderers.get(game) else game
        lines = [
            _("Rating **{rating}** ({change} in the last match)").format(
                rating=number(row.shown), change=change_text(row.last_change)
            ),
            record_text(row),
        ]
        season_row = this_season.get(game)
        if season_row is not None:
            lines.append(
                _("This season: {rating} · {games}").format(
                    rating=number(season_row.shown), games=record_text(season_row)
                )
            )
        if row.provisional:
            lines.append(
                ngettext(
                    "Provisional: ranked from {count} rated game on.",
                    "Provisional: ranked from {count} rated games on.",
                    PROVISIONAL_GAMES,
                ).format(count=number(PROVISIONAL_GAMES))
            )
        embed.add_field(name=f"{square(index)} {title}", value="\n".join(lines), inline=False)
    embed.set_image(url=f"attachment://{PICTURE}")
    return TableMessage([embed], files=[discord.File(io.BytesIO(picture), filename=PICTURE)])
