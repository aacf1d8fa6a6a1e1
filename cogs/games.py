"""`/games`: moderator tools and the leaderboards, for every game at once."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import Refusal
from bot.games import all_specs, spec_for
from bot.matches import MatchService
from cogs.components import refuse
from cogs.table import Desk


def is_moderator(member: discord.Member | discord.User) -> bool:
    """Manage Messages or Manage Server, read from the member's real permissions."""
    if not isinstance(member, discord.Member):
        return False
    perms = member.guild_permissions
    return perms.manage_messages or perms.manage_guild or perms.administrator


def _game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=spec.title, value=spec.key) for spec in all_specs()]


class Games(commands.GroupCog, group_name="games", group_description="Across all games"):
    def __init__(self, desk: Desk, matches: MatchService) -> None:
        self.desk = desk
        self.matches = matches
        super().__init__()

    @app_commands.command(
        name="reset", description="End the game in this channel (host or moderator)"
    )
    @app_commands.guild_only()
    async def reset(self, interaction: discord.Interaction[Any]) -> None:
        try:
            record = await self.desk.channel_match(interaction)
        except Refusal as error:
            await refuse(interaction, str(error))
            return
        user = interaction.user
        if user.id == record.host_id:
            reason = f"ended by the host, {user.display_name}"
        elif is_moderator(user):
            reason = f"ended by moderator {user.display_name}"
        else:
            await refuse(
                interaction,
                "Only the game's host or a moderator (Manage Messages) can end this game.",
            )
            return
        try:
            await self.matches.end(record.id, reason, self.desk.publish)
        except Refusal as error:
            await refuse(interaction, str(error))
            return
        await interaction.response.send_message(
            f"{spec_for(record.game).title} in this channel was {reason}.", ephemeral=True
        )

    @app_commands.command(name="list", description="Running games in this server (moderators)")
    @app_commands.guild_only()
    async def list_games(self, interaction: discord.Interaction[Any]) -> None:
        if not is_moderator(interaction.user):
            await refuse(
                interaction, "Only moderators (Manage Messages) can list the server's games."
            )
            return
        records = await self.matches.storage.open_matches(interaction.guild_id)
        if not records:
            await interaction.response.send_message("No games are running.", ephemeral=True)
            return
        now = self.matches.clock()
        lines = [
            f"<#{r.channel_id}> — {spec_for(r.game).title}, {r.status}, "
            f"{len(r.seats)} players, host <@{r.host_id}>, "
            f"last move {int((now - r.updated_at) // 60)} min ago"
            for r in records
        ]
        embed = discord.Embed(title="Running games", description="\n".join(lines)[:4000])
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="leaderboard", description="This server's best players")
    @app_commands.describe(game="Which game (default: Flip 7)")
    @app_commands.choices(game=_game_choices())
    @app_commands.guild_only()
    async def leaderboard(
        self, interaction: discord.Interaction[Any], game: str | None = None
    ) -> None:
        key = game or all_specs()[0].key
        rows = await self.matches.storage.leaderboard(interaction.guild_id or 0, key)
        title = f"{spec_for(key).title} — leaderboard"
        if not rows:
            await interaction.response.send_message(
                f"No finished {spec_for(key).title} games in this server yet.", ephemeral=True
            )
            return
        lines = [
            f"`{rank}.` <@{row.user_id}> — {row.wins} wins / {row.games} games "
            f"({row.win_rate:.0%}), best {row.best}, form {row.recent or '-'}"
            for rank, row in enumerate(rows, start=1)
        ]
        embed = discord.Embed(
            title=title, description="\n".join(lines), colour=discord.Colour.gold()
        )
        await interaction.response.send_message(
            embed=embed, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="stats", description="A member's record in every game")
    @app_commands.describe(member="Whose stats (default: yours)")
    @app_commands.guild_only()
    async def stats(
        self, interaction: discord.Interaction[Any], member: discord.Member | None = None
    ) -> None:
        target = member or interaction.user
        per_game = await self.matches.storage.player_stats(interaction.guild_id or 0, target.id)
        if not per_game:
            await interaction.response.send_message(
                f"{target.display_name} hasn't finished a game here yet.", ephemeral=True
            )
            return
        embed = discord.Embed(title=f"{target.display_name}'s games", colour=discord.Colour.teal())
        for key, row in per_game.items():
            embed.add_field(
                name=spec_for(key).title,
                value=(
                    f"{row.games} games, {row.wins} wins ({row.win_rate:.0%})\n"
                    f"best score {row.best} · recent {row.recent or '-'}"
                ),
                inline=False,
            )
        await interaction.response.send_message(embed=embed)


async def setup(bot: commands.Bot) -> None:
    desk = bot.get_cog("Desk")
    assert isinstance(desk, Desk)
    await bot.add_cog(Games(desk, desk.matches))
