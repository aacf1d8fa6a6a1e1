"""`/games`' standings: the leaderboard, a member's stats and history, a match's replay, and
the seasons."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import Refusal
from bot.process.app import Interaction
from cogs.desk.desk import Desk
from cogs.desk.replay import REPLAY
from cogs.server.game_choices import game_choices
from cogs.server.history import HISTORY
from cogs.server.member_stats import stats_message
from cogs.server.seasons import Seasons
from cogs.server.standings import ALL, BOARD, HALL, SEASON
from cogs.tools.checks import moderator_only, require_server
from cogs.tools.pages import Pages, join_args
from cogs.tools.refusals import answers_refusals
from cogs.wording import i18n
from cogs.wording.commands_i18n import slash, slash_text
from cogs.wording.names import shown
from engines.base import GAMES

PERIOD_CHOICES = [
    app_commands.Choice(name=slash_text("This season"), value=SEASON),
    app_commands.Choice(name=slash_text("All time"), value=ALL),
]


class StandingCommands(commands.Cog):
    """The standings' commands of the /games group (`cogs.server.games` puts them there)."""

    def __init__(self, desk: Desk, pages: Pages) -> None:
        self.desk = desk
        self.matches = desk.matches
        self.renderers = desk.renderers  # whose texts word a refusal
        self.pages = pages
        self.seasons = Seasons(desk.renderers)

    @app_commands.command(
        name=slash("command", "leaderboard"), description=slash_text("This server's best players")
    )
    @app_commands.rename(game=slash("command", "game"), period=slash("command", "period"))
    @app_commands.describe(
        game=slash_text("Which game (default: the one played here last)"),
        period=slash_text("This season (default) or all time"),
    )
    @app_commands.choices(period=PERIOD_CHOICES)
    @app_commands.guild_only()
    @answers_refusals
    async def leaderboard(
        self, interaction: Interaction, game: str | None = None, period: str = SEASON
    ) -> None:
        require_server(interaction)
        # Without a game: the one this server finished last, else the first by its key.
        key = game or await self.matches.reads.last_played(interaction.guild_id or 0)
        key = key or min(GAMES)
        if key not in GAMES:
            raise Refusal("no_such_game")
        scope = ALL if period == ALL else SEASON
        await self.pages.show(
            interaction,
            BOARD,
            join_args(key, scope),
            0,
            public_language=await self.desk.languages.server(interaction.guild_id),
        )

    @app_commands.command(
        name=slash("command", "stats"), description=slash_text("A member's ratings in every game")
    )
    @app_commands.rename(member=slash("command", "member"))
    @app_commands.describe(member=slash_text("Whose stats (default: yours)"))
    @app_commands.guild_only()
    @answers_refusals
    async def stats(self, interaction: Interaction, member: discord.Member | None = None) -> None:
        require_server(interaction)
        target = member or interaction.user
        guild_id = interaction.guild_id or 0
        if not await self.matches.standings.member_ratings(guild_id, target.id, season=False):
            raise Refusal("no_rated_game", name=shown(target.display_name))
        with i18n.reading(await self.desk.languages.server(guild_id)):
            stats = await stats_message(
                self.matches.standings, self.desk.renderers, guild_id, target
            )
        assert stats is not None  # ratings are never deleted
        await interaction.response.send_message(
            embeds=stats.embeds, files=stats.files, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(
        name=slash("command", "history"),
        description=slash_text("A member's recent matches, and the story of each"),
    )
    @app_commands.rename(member=slash("command", "member"), game=slash("command", "game"))
    @app_commands.describe(
        member=slash_text("Whose matches (default: yours)"),
        game=slash_text("Only this game's matches"),
    )
    @app_commands.guild_only()
    @answers_refusals
    async def history(
        self,
        interaction: Interaction,
        member: discord.Member | None = None,
        game: str | None = None,
    ) -> None:
        require_server(interaction)
        if game is not None and game not in GAMES:
            raise Refusal("no_such_game")
        target = member or interaction.user
        await self.pages.show(interaction, HISTORY, join_args(target.id, game or ""), 0)

    @app_commands.command(
        name=slash("command", "replay"),
        description=slash_text("Step through a finished match of this server, privately"),
    )
    @app_commands.rename(match=slash("command", "match"))
    @app_commands.describe(match=slash_text("The match's number, as the history shows it"))
    @app_commands.guild_only()
    @answers_refusals
    async def replay(self, interaction: Interaction, match: app_commands.Range[int, 1]) -> None:
        require_server(interaction)
        # The replay pages refuse a match of another server or one still being played.
        ref = f"{match}.{self.matches.reads.instance}"
        await self.pages.show(interaction, REPLAY, ref, 0)

    @leaderboard.autocomplete("game")
    @history.autocomplete("game")
    async def _game_names(
        self, interaction: Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(self.desk.renderers, typed)

    season = app_commands.Group(
        name=slash("command", "season"),
        description=slash_text("Seasons and the hall of fame"),
        guild_only=True,
    )

    @season.command(
        name=slash("command", "new"),
        description=slash_text("End this season and start a new one (moderators)"),
    )
    @moderator_only("moderators_season")
    async def season_new(self, interaction: Interaction) -> None:
        guild_id = interaction.guild_id or 0
        begun, hall = await self.matches.standings.new_season(guild_id, self.matches.clock())
        with i18n.reading(await self.desk.languages.server(guild_id)):
            embed = self.seasons.announcement(begun.number, hall)
        await interaction.response.send_message(
            embed=embed, allowed_mentions=discord.AllowedMentions.none()
        )

    @season.command(
        name=slash("command", "hall"),
        description=slash_text("The hall of fame: each past season's best players"),
    )
    @answers_refusals
    async def season_hall(self, interaction: Interaction) -> None:
        require_server(interaction)
        await self.pages.show(
            interaction,
            HALL,
            "",
            0,
            public_language=await self.desk.languages.server(interaction.guild_id),
        )
