"""The slash commands every game shares; a game's cog adds `start` with its own options."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.commands_i18n import slash, slash_text
from cogs.components import GameRenderer
from cogs.table import Desk, desk_of_bot


class GameCommands(commands.GroupCog):
    """`join`, `leave`, `table` and `rules` for the game the renderer draws. A subclass sets
    `group_name` to the game's key and adds its `start` command."""

    def __init__(self, desk: Desk, renderer: GameRenderer) -> None:
        self.desk = desk
        self.renderer = renderer
        self.game = renderer.key
        super().__init__()

    @app_commands.command(
        name=slash("command", "join"), description=slash_text("Join the lobby in this channel")
    )
    @app_commands.guild_only()
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await self.desk.lobby_command(interaction, self.game, "join")

    @app_commands.command(
        name=slash("command", "leave"),
        description=slash_text("Leave the lobby, or hand your seat in a running game to the AI"),
    )
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await self.desk.lobby_command(interaction, self.game, "leave")

    @app_commands.command(
        name=slash("command", "table"),
        description=slash_text("Post the table again, at the bottom"),
    )
    @app_commands.guild_only()
    async def table(self, interaction: discord.Interaction[Any]) -> None:
        await self.desk.repost(interaction, self.game)

    @app_commands.command(
        name=slash("command", "log"),
        description=slash_text("Everything that happened in a round, privately"),
    )
    @app_commands.rename(round=slash("command", "round"))
    @app_commands.describe(
        round=slash_text("Which round (default: this one, and the one that just ended)")
    )
    @app_commands.guild_only()
    async def log(
        self, interaction: discord.Interaction[Any], round: app_commands.Range[int, 1] | None = None
    ) -> None:
        await self.desk.show_log(interaction, self.game, round)

    @app_commands.command(
        name=slash("command", "rules"), description=slash_text("The rules in short, privately")
    )
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        await self.desk.show_rules(interaction, self.game)


class HiddenHandCommands(GameCommands):
    """Adds `hand` for games where each player holds secret cards."""

    @app_commands.command(
        name=slash("command", "hand"), description=slash_text("Your hand, privately, to play from")
    )
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await self.desk.show_hand(interaction, self.game)


async def add_game(
    bot: commands.Bot, renderer: GameRenderer, commands_cog: type[GameCommands]
) -> None:
    """Plug a game in (from its extension's `setup`): the Desk draws its tables with
    `renderer`, and `commands_cog` adds its /<key> commands."""
    desk = desk_of_bot(bot)
    desk.register(renderer)
    await bot.add_cog(commands_cog(desk, renderer))
