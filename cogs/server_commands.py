"""`/games`: moderator tools, the leaderboards, ratings, history and seasons, for every game
at once."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.i18n import _, lazy_gettext, ngettext, number
from bot.matches import MatchService
from cogs import permissions
from cogs.command_mentions import command
from cogs.commands_i18n import slash, slash_text
from cogs.components import refuse
from cogs.export import export_file
from cogs.history import HISTORY, History, MatchPick
from cogs.member_stats import stats_message
from cogs.names import shown
from cogs.pages import PageButton, Pages, join_args
from cogs.refusals import answers_refusals
from cogs.seasons import Seasons
from cogs.standings import ALL, BOARD, HALL, SEASON, Board, Hall
from cogs.story import STORY, Story, StoryButton
from cogs.table import Desk, desk_of_bot
from engines.base import GAMES

NOT_IN_DMS = lazy_gettext(
    "Games, their lists and leaderboards live in server channels, not in DMs."
)
# Each language by its own name, so a member finds theirs whatever they read now.
LANGUAGE_CHOICES = [
    *(app_commands.Choice(name=i18n.own_name(code), value=code) for code in i18n.LANGUAGES),
    app_commands.Choice(name=slash_text("Automatic"), value="auto"),
][:25]
PERIOD_CHOICES = [
    app_commands.Choice(name=slash_text("This season"), value=SEASON),
    app_commands.Choice(name=slash_text("All time"), value=ALL),
]


async def in_server(interaction: discord.Interaction[Any]) -> bool:
    """Whether the command came from a server; a DM gets one plain answer instead."""
    if interaction.guild_id is None:
        await refuse(interaction, str(NOT_IN_DMS))
        return False
    return True


def problem_text(kind: str, data: dict[str, Any]) -> str:
    """Why a match's table could not be shown lately, for /games list."""
    if kind == "missing":
        return _("can't post here: missing {permissions}").format(
            permissions=permissions.named(data["permissions"])
        )
    if kind == "no_fresh_table":
        return _("can't post a fresh table here: missing Send Messages")
    return _("can't post here ({status})").format(status=data.get("status"))


def status_text(status: str) -> str:
    return {"lobby": _("lobby"), "playing": _("playing")}.get(status, status)


def is_moderator(member: discord.Member | discord.User) -> bool:
    """Manage Messages or Manage Server, read from the member's real permissions."""
    if not isinstance(member, discord.Member):
        return False
    perms = member.guild_permissions
    return perms.manage_messages or perms.manage_guild or perms.administrator


class Games(
    commands.GroupCog,
    group_name=slash("command", "games"),
    group_description=slash_text("Across all games"),
):
    def __init__(self, desk: Desk, matches: MatchService, pages: Pages) -> None:
        self.desk = desk
        self.matches = matches
        self.renderers = desk.renderers  # whose texts word a refused reset
        self.pages = pages
        self.seasons = Seasons(desk.renderers)
        super().__init__()

    @app_commands.command(
        name=slash("command", "reset"),
        description=slash_text("End the game in this channel (host or moderator)"),
    )
    @app_commands.guild_only()
    async def reset(self, interaction: discord.Interaction[Any]) -> None:
        await self._reset(interaction)

    @answers_refusals
    async def _reset(self, interaction: discord.Interaction[Any]) -> None:
        record = await self.desk.channel_match(interaction)
        user = interaction.user
        if user.id == record.host_id:
            reason = "reset_by_host"
        elif is_moderator(user):
            reason = "reset_by_moderator"
        else:
            await refuse(
                interaction,
                _("Only the game's host or a moderator (Manage Messages) can end this game."),
            )
            return
        await self.matches.end(record.id, reason, user.display_name, self.desk.publish)
        await interaction.response.send_message(
            _("You ended {title} in this channel. No result is recorded.").format(
                title=self.desk.title(record.game)
            ),
            ephemeral=True,
        )

    @app_commands.command(
        name=slash("command", "list"),
        description=slash_text("Running games in this server (moderators)"),
    )
    @app_commands.guild_only()
    async def list_games(self, interaction: discord.Interaction[Any]) -> None:
        if not await in_server(interaction):
            return
        if not is_moderator(interaction.user):
            await refuse(
                interaction, _("Only moderators (Manage Messages) can list the server's games.")
            )
            return
        records = await self.matches.storage.open_matches(interaction.guild_id)
        if not records:
            await interaction.response.send_message(_("No games are running."), ephemeral=True)
            return
        now = self.matches.clock()
        lines = [
            _(
                "<#{channel}> — {title}, {status}, {players}, host <@{host}>, "
                "last move {minutes} min ago"
            ).format(
                channel=r.channel_id,
                title=self.desk.title(r.game),
                status=status_text(r.status),
                players=ngettext("{count} player", "{count} players", len(r.seats)).format(
                    count=number(len(r.seats))
                ),
                host=r.host_id,
                minutes=number(int((now - r.updated_at) // 60)),
            )
            + (
                f"\n  ⚠️ {problem_text(*self.desk.problems[r.id])}"
                if r.id in self.desk.problems
                else ""
            )
            + (
                "\n  ⚠️ "
                + _("can't be loaded ({reason}); {reset} there ends it").format(
                    reason=r.quarantine, reset=command("games reset")
                )
                if r.quarantine
                else ""
            )
            for r in records
        ]
        embed = discord.Embed(title=_("Running games"), description="\n".join(lines)[:4000])
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(
        name=slash("command", "reminders"),
        description=slash_text("Turn mentions and reminders on or off here (moderators)"),
    )
    @app_commands.rename(on=slash("command", "on"))
    @app_commands.describe(
        on=slash_text("Mention members when their turn starts and before it runs out")
    )
    @app_commands.guild_only()
    async def reminders(self, interaction: discord.Interaction[Any], on: bool) -> None:
        if not await in_server(interaction):
            return
        if not is_moderator(interaction.user):
            await refuse(
                interaction, _("Only moderators (Manage Messages) can change this server's pings.")
            )
            return
        assert interaction.guild_id is not None
        await self.desk.pings.set_enabled(interaction.guild_id, on)
        answer = (
            _("Turn mentions and reminders are on in this server.")
            if on
            else _("Turn mentions and reminders are off in this server.")
        )
        await interaction.response.send_message(answer, ephemeral=True)

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
    async def leaderboard(
        self, interaction: discord.Interaction[Any], game: str | None = None, period: str = SEASON
    ) -> None:
        if not await in_server(interaction):
            return
        # Without a game: the one this server finished last, else the first by its key.
        key = game or await self.matches.storage.last_played(interaction.guild_id or 0)
        key = key or min(GAMES)
        if key not in GAMES:
            await refuse(interaction, _("There is no such game here."))
            return
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
    async def stats(
        self, interaction: discord.Interaction[Any], member: discord.Member | None = None
    ) -> None:
        if not await in_server(interaction):
            return
        target = member or interaction.user
        guild_id = interaction.guild_id or 0
        storage = self.matches.storage
        if not await storage.standings.member_ratings(guild_id, target.id, season=False):
            await refuse(
                interaction,
                _("{name} hasn't finished a rated game here yet.").format(
                    name=shown(target.display_name)
                ),
            )
            return
        with i18n.reading(await self.desk.languages.server(guild_id)):
            stats = await stats_message(storage, self.desk.renderers, guild_id, target)
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
    async def history(
        self,
        interaction: discord.Interaction[Any],
        member: discord.Member | None = None,
        game: str | None = None,
    ) -> None:
        if not await in_server(interaction):
            return
        if game is not None and game not in GAMES:
            await refuse(interaction, _("There is no such game here."))
            return
        target = member or interaction.user
        await self.pages.show(interaction, HISTORY, join_args(target.id, game or ""), 0)

    @leaderboard.autocomplete("game")
    @history.autocomplete("game")
    async def _game_names(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        """The registered games, by title, matching what the member typed so far."""
        titles = {key: self.desk.title(key) for key in GAMES}
        return [
            app_commands.Choice(name=title, value=key)
            for key, title in titles.items()
            if typed.lower() in title.lower() or typed.lower() in key
        ][:25]

    season = app_commands.Group(
        name=slash("command", "season"),
        description=slash_text("Seasons and the hall of fame"),
        guild_only=True,
    )

    @season.command(
        name=slash("command", "new"),
        description=slash_text("End this season and start a new one (moderators)"),
    )
    async def season_new(self, interaction: discord.Interaction[Any]) -> None:
        if not await in_server(interaction):
            return
        if not is_moderator(interaction.user):
            await refuse(
                interaction, _("Only moderators (Manage Messages) can start a new season.")
            )
            return
        guild_id = interaction.guild_id or 0
        begun, hall = await self.matches.storage.standings.new_season(
            guild_id, self.matches.clock()
        )
        with i18n.reading(await self.desk.languages.server(guild_id)):
            embed = self.seasons.announcement(begun.number, hall)
        await interaction.response.send_message(
            embed=embed, allowed_mentions=discord.AllowedMentions.none()
        )

    @season.command(
        name=slash("command", "hall"),
        description=slash_text("The hall of fame: each past season's best players"),
    )
    async def season_hall(self, interaction: discord.Interaction[Any]) -> None:
        if not await in_server(interaction):
            return
        await self.pages.show(
            interaction,
            HALL,
            "",
            0,
            public_language=await self.desk.languages.server(interaction.guild_id),
        )

    @app_commands.command(
        name=slash("command", "export"),
        description=slash_text("This server's results as a CSV file (moderators)"),
    )
    @app_commands.guild_only()
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        if not await in_server(interaction):
            return
        if not is_moderator(interaction.user):
            await refuse(
                interaction, _("Only moderators (Manage Messages) can export the server's results.")
            )
            return
        guild_id = interaction.guild_id or 0
        await interaction.response.defer(ephemeral=True, thinking=True)
        rows = await self.matches.storage.standings.export_results(guild_id)
        data, name = await asyncio.to_thread(export_file, rows, f"results-{guild_id}")
        answer = ngettext(
            "The server's results: {count} row, one per seat of each finished match.",
            "The server's results: {count} rows, one per seat of each finished match.",
            len(rows),
        ).format(count=number(len(rows)))
        await interaction.followup.send(
            answer, file=discord.File(io.BytesIO(data), filename=name), ephemeral=True
        )

    @app_commands.command(
        name=slash("command", "language"),
        description=slash_text("The language of this server's tables (moderators)"),
    )
    @app_commands.rename(language=slash("command", "language"))
    @app_commands.describe(
        language=slash_text("Automatic follows the server's own language, else English")
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.guild_only()
    async def language(self, interaction: discord.Interaction[Any], language: str) -> None:
        if not await in_server(interaction):
            return
        if not is_moderator(interaction.user):
            await refuse(
                interaction,
                _("Only moderators (Manage Messages) can change this server's language."),
            )
            return
        assert interaction.guild_id is not None
        chosen = None if language == "auto" else language
        await self.desk.languages.choose_for_server(interaction.guild_id, chosen)
        shown = await self.desk.languages.server(interaction.guild_id)
        await interaction.response.send_message(
            _("Tables, lobbies, results and pings in this server are now in {language}.").format(
                language=i18n.own_name(shown)
            ),
            ephemeral=True,
        )

    @app_commands.command(
        name=slash("command", "mylanguage"),
        description=slash_text("The language the bot uses for what only you see"),
    )
    @app_commands.rename(language=slash("command", "language"))
    @app_commands.describe(language=slash_text("Automatic follows your Discord app's language"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def mylanguage(self, interaction: discord.Interaction[Any], language: str) -> None:
        chosen = None if language == "auto" else language
        await self.desk.languages.choose_for_member(interaction.user.id, chosen)
        reader = await self.desk.languages.member(interaction)
        i18n.set_reader(reader)
        await interaction.response.send_message(
            _("What only you see is now in {language}.").format(language=i18n.own_name(reader)),
            ephemeral=True,
        )


async def setup(bot: commands.Bot) -> None:
    desk = desk_of_bot(bot)
    storage, renderers = desk.matches.storage, desk.renderers
    pages = Pages(desk, desk.matches.failures)
    pages.register(BOARD, Board(storage, renderers))
    pages.register(HALL, Hall(storage, renderers))
    pages.register(HISTORY, History(storage, renderers))
    pages.register(STORY, Story(storage, renderers))
    await bot.add_cog(pages)
    await bot.add_cog(Games(desk, desk.matches, pages))
    bot.add_dynamic_items(PageButton, StoryButton, MatchPick)
