"""`/games mine` (a member's open matches here, in pages) and `/games away` (days away:
their clocks stop in their daily and 3-day matches), both answered privately."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import Refusal
from bot.play.matches import MatchService
from bot.process.app import Interaction
from bot.rules.away import LONGEST
from cogs.tools.checks import require_server
from cogs.tools.match_list import match_lines
from cogs.tools.pages import Page, Pages, StoredPages, clamp, page_count, split_args
from cogs.tools.refusals import answers_refusals
from cogs.tools.renderers import Renderers
from cogs.wording import queue_words
from cogs.wording.command_mentions import command
from cogs.wording.commands_i18n import slash, slash_text
from cogs.wording.i18n import _
from cogs.wording.words import either
from engines.base import GAMES

MINE = "mine"  # the page kind; args: the member's id
PER_PAGE = 5
Days = app_commands.Range[int, 0, LONGEST]  # 0 comes back early


class MineSource(StoredPages):
    """The `mine` pages: the member's open matches in this server, their turns first."""

    async def page(self, interaction: Interaction, args: str, wanted: int) -> Page | str:
        (user_text,) = split_args(args, 1)
        guild_id = interaction.guild_id
        if guild_id is None or user_text != str(interaction.user.id):
            raise Refusal("out_of_date")
        records = await self.reads.member_matches(guild_id, interaction.user.id)
        if not records:
            starts = either([command(f"{key} start") for key in sorted(GAMES)])
            return _("You're not in any open match in this server. Start one with {start}.").format(
                start=starts
            )
        lines = match_lines(records, interaction.user.id, self.renderers.title)
        count = page_count(len(lines), PER_PAGE)
        shown = clamp(wanted, count)
        embed = discord.Embed(
            title=_("Your matches in this server"),
            description="\n\n".join(lines[shown * PER_PAGE : (shown + 1) * PER_PAGE]),
            colour=discord.Colour.teal(),
        )
        return Page(embed, shown, count)


class MemberGames(commands.Cog):
    """The /games commands about one member's own matches (`cogs.server.games` puts them
    in the group)."""

    def __init__(self, matches: MatchService, pages: Pages, renderers: Renderers) -> None:
        self.matches = matches
        self.pages = pages
        self.renderers = renderers

    @app_commands.command(
        name=slash("command", "mine"),
        description=slash_text("Your open matches in this server, your turns first"),
    )
    @app_commands.guild_only()
    @answers_refusals
    async def mine(self, interaction: Interaction) -> None:
        require_server(interaction)
        await self.pages.show(interaction, MINE, str(interaction.user.id), 0)

    @app_commands.command(
        name=slash("command", "away"),
        description=slash_text("Stop your clocks in daily and 3-day matches for some days"),
    )
    @app_commands.rename(days=slash("command", "days"))
    @app_commands.describe(days=slash_text("Days away, 1 to 7 (0: you are back)"))
    async def away(self, interaction: Interaction, days: Days) -> None:
        await self._away(interaction, days)

    @answers_refusals
    async def _away(self, interaction: Interaction, days: int) -> None:
        user_id = interaction.user.id
        await interaction.response.defer(ephemeral=True, thinking=True)  # tables are redrawn
        if days == 0:
            await self.matches.come_back(user_id)
            text = _("Welcome back: your clocks run again in your daily and 3-day matches.")
        else:
            back, left = await self.matches.go_away(user_id, days)  # queue places given up
            text = _(
                "You're away until {date}. Your turns in daily and 3-day matches wait for "
                "you until then, in every server; live and relaxed matches go on as usual."
            ).format(date=f"<t:{int(back)}:f>")
            if left:
                titles = [self.renderers.title(entry.game) for entry in left]
                text += "\n" + queue_words.left_for_away(titles)
        await interaction.followup.send(text, ephemeral=True)
