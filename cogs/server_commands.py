"""`/games`: moderator tools and the leaderboards, for every game at once."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import Refusal
from bot.matches import MatchService
from bot.texts import _, count, game_title, texts_for
from cogs.components import refuse
from cogs.table import Desk, desk_of_bot
from engines.base import GAMES

NOT_IN_DMS = _("Games, their lists and leaderboards live in server channels, not in DMs.")


async def in_server(interaction: discord.Interaction[Any]) -> bool:
    """Whether the command came from a server; a DM gets one plain answer instead."""
    if interaction.guild_id is None:
        await refuse(interaction, NOT_IN_DMS)
        return False
    return True


def is_moderator(member: discord.Member | discord.User) -> bool:
    """Manage Messages or Manage Server, read from the member's real permissions."""
    if not isinstance(member, discord.Member):
        return False
    perms = member.guild_permissions
    return perms.manage_messages or perms.manage_guild or perms.administrator


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
            reason = _("ended by the host, {name}").format(name=user.display_name)
        elif is_moderator(user):
            reason = _("ended by moderator {name}").format(name=user.display_name)
        else:
            await refuse(
                interaction,
                _("Only the game's host or a moderator (Manage Messages) can end this game."),
            )
            return
        try:
            await self.matches.end(record.id, reason, self.desk.publish)
        except Refusal as error:
            await refuse(interaction, str(error))
            return
        await interaction.response.send_message(
            _("{title} in this channel was {reason}.").format(
                title=game_title(record.game), reason=reason
            ),
            ephemeral=True,
        )

    @app_commands.command(name="list", description="Running games in this server (moderators)")
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
                title=game_title(r.game),
                status=r.status,
                players=count(len(r.seats), _("player"), _("players")),
                host=r.host_id,
                minutes=int((now - r.updated_at) // 60),
            )
            + (f"\n  ⚠️ {self.desk.problems[r.id]}" if r.id in self.desk.problems else "")
            + (
                "\n  ⚠️ "
                + _("can't be loaded ({reason}); /games reset there ends it").format(
                    reason=r.quarantine
                )
                if r.quarantine
                else ""
            )
            for r in records
        ]
        embed = discord.Embed(title=_("Running games"), description="\n".join(lines)[:4000])
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(
        name="reminders", description="Turn mentions and reminders on or off here (moderators)"
    )
    @app_commands.describe(on="Mention members when their turn starts and before it runs out")
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

    @app_commands.command(name="leaderboard", description="This server's best players")
    @app_commands.describe(game="Which game (default: the first one)")
    @app_commands.guild_only()
    async def leaderboard(
        self, interaction: discord.Interaction[Any], game: str | None = None
    ) -> None:
        if not await in_server(interaction):
            return
        key = game or next(iter(GAMES))
        if key not in GAMES:
            await refuse(interaction, _("There is no such game here."))
            return
        rows = await self.matches.storage.leaderboard(interaction.guild_id or 0, key)
        name = texts_for(key).title
        title = _("{title} — leaderboard").format(title=name)
        if not rows:
            await interaction.response.send_message(
                _("No finished {title} games in this server yet.").format(title=name),
                ephemeral=True,
            )
            return
        lines = [
            _("`{rank}.` <@{user}> — {wins} / {games} ({rate}), best {best}, form {form}").format(
                rank=rank,
                user=row.user_id,
                wins=count(row.wins, _("win"), _("wins")),
                games=count(row.games, _("game"), _("games")),
                rate=f"{row.win_rate:.0%}",
                best=row.best,
                form=row.recent or "-",
            )
            for rank, row in enumerate(rows, start=1)
        ]
        embed = discord.Embed(
            title=title, description="\n".join(lines), colour=discord.Colour.gold()
        )
        await interaction.response.send_message(
            embed=embed, allowed_mentions=discord.AllowedMentions.none()
        )

    @leaderboard.autocomplete("game")
    async def _game_names(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        """The registered games, by title, matching what the member typed so far."""
        return [
            app_commands.Choice(name=texts_for(key).title, value=key)
            for key in GAMES
            if typed.lower() in texts_for(key).title.lower() or typed.lower() in key
        ][:25]

    @app_commands.command(name="stats", description="A member's record in every game")
    @app_commands.describe(member="Whose stats (default: yours)")
    @app_commands.guild_only()
    async def stats(
        self, interaction: discord.Interaction[Any], member: discord.Member | None = None
    ) -> None:
        if not await in_server(interaction):
            return
        target = member or interaction.user
        per_game = await self.matches.storage.player_stats(interaction.guild_id or 0, target.id)
        if not per_game:
            await interaction.response.send_message(
                _("{name} hasn't finished a game here yet.").format(name=target.display_name),
                ephemeral=True,
            )
            return
        embed = discord.Embed(
            title=_("{name}'s games").format(name=target.display_name),
            colour=discord.Colour.teal(),
        )
        for key, row in per_game.items():
            embed.add_field(
                name=texts_for(key).title,
                value=_("{games}, {wins} ({rate})\nbest score {best} · recent {form}").format(
                    games=count(row.games, _("game"), _("games")),
                    wins=count(row.wins, _("win"), _("wins")),
                    rate=f"{row.win_rate:.0%}",
                    best=row.best,
                    form=row.recent or "-",
                ),
                inline=False,
            )
        await interaction.response.send_message(embed=embed)


async def setup(bot: commands.Bot) -> None:
    desk = desk_of_bot(bot)
    await bot.add_cog(Games(desk, desk.matches))
