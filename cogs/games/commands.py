"""The slash commands every game shares; a game's cog adds `start` with its own options."""

from __future__ import annotations

from functools import partial
from typing import Any

from discord import app_commands
from discord.ext import commands

from bot.process.app import Interaction, TabletopBot
from cogs.desk.desk import Desk, desk_of_bot
from cogs.desk.threads import TABLE_PLACES
from cogs.tools.option_commands import Extra, game_options_command
from cogs.ui.card_faces import pictures
from cogs.ui.components import GameRenderer
from cogs.wording.commands_i18n import StartWords, slash, slash_text
from cogs.wording.pace_words import PACE_CHOICES
from engines.base import GAMES, AnyGameInfo

PACE = "pace"  # the option every game's start has; no game option may take its name
PACE_TEXT = slash_text("How long each turn may take (default: as the house rules say, else live)")
WHERE_TEXT = slash_text("Where this game is played (default: as the house rules or the server say)")
PRACTICE = "practice"  # every game's start has it too: an unrated table with hints
PRACTICE_TEXT = slash_text("An unrated table where each player may ask for a hint on their turn")


class GameCommands(commands.GroupCog):
    """`join`, `leave`, `table`, `log` and `rules` for the game the renderer draws, `hand`
    where the game hides hands, and `start` built from the game's lobby options. A subclass
    sets `group_name` to the game's key and `start_words` to its wording."""

    start_words: StartWords

    def __init__(self, desk: Desk, renderer: GameRenderer) -> None:
        self.desk = desk
        self.renderer = renderer
        self.game = renderer.key
        super().__init__()
        info = GAMES[self.game]
        group = self.app_command
        assert group is not None  # a GroupCog always has its group
        if not info.hidden_hands:  # the one switch for private-hand commands
            group.remove_command("hand")
        group.add_command(start_command(info, self.start_words, desk))

    @app_commands.command(
        name=slash("command", "join"), description=slash_text("Join the lobby in this channel")
    )
    @app_commands.guild_only()
    async def join(self, interaction: Interaction) -> None:
        await self.desk.shared.lobby_command(interaction, self.game, "join")

    @app_commands.command(
        name=slash("command", "leave"),
        description=slash_text("Leave the lobby, or hand your seat in a running game to the AI"),
    )
    @app_commands.guild_only()
    async def leave(self, interaction: Interaction) -> None:
        await self.desk.shared.lobby_command(interaction, self.game, "leave")

    @app_commands.command(
        name=slash("command", "table"),
        description=slash_text("Post the table again, at the bottom"),
    )
    @app_commands.guild_only()
    async def table(self, interaction: Interaction) -> None:
        await self.desk.shared.repost(interaction, self.game)

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
        self, interaction: Interaction, round: app_commands.Range[int, 1] | None = None
    ) -> None:
        await self.desk.shared.show_log(interaction, self.game, round)

    @app_commands.command(
        name=slash("command", "rules"), description=slash_text("The rules in short, privately")
    )
    async def rules(self, interaction: Interaction) -> None:
        await self.desk.shared.show_rules(interaction, self.game)

    @app_commands.command(
        name=slash("command", "hand"), description=slash_text("Your hand, privately, to play from")
    )
    @app_commands.guild_only()
    async def hand(self, interaction: Interaction) -> None:
        await self.desk.shared.show_hand(interaction, self.game)


def start_command(info: AnyGameInfo, words: StartWords, desk: Desk) -> app_commands.Command:
    """`/<key> start` with one parameter per lobby option of `info`. Unset options are left
    out, so the house rules of the channel, else the game, fill them in. Every game's also
    has `where`, `pace` and `practice`."""

    async def start(interaction: Interaction, where: str | None = None, **chosen: Any) -> None:
        pace = chosen.pop(PACE)  # None: as the house rules say, else live
        practice = bool(chosen.pop(PRACTICE))
        options = {name: value for name, value in chosen.items() if value is not None}
        await desk.shared.open_lobby(interaction, info.key, options, pace, where, practice)

    # Where the match is played, for this match only (by default: as the house or server chose).
    extras = (
        Extra("where", slash("command", "where"), str | None, WHERE_TEXT, choices=TABLE_PLACES),
        Extra(PACE, slash("command", "pace"), str | None, PACE_TEXT, choices=PACE_CHOICES),
        Extra(PRACTICE, slash("command", "practice"), bool, PRACTICE_TEXT, default=False),
    )
    return game_options_command(
        slash("command", "start"), words.description, start, info, words, extras
    )


async def add_game(
    bot: commands.Bot, renderer: GameRenderer, commands_cog: type[GameCommands]
) -> None:
    """Plug a game in (from its extension's `setup`): the Desk draws its tables with
    `renderer`, and `commands_cog` adds its /<key> commands."""
    desk = desk_of_bot(bot)
    desk.renderers.register(renderer)
    await bot.add_cog(commands_cog(desk, renderer))
    group_name = commands_cog.__cog_group_name__
    if not isinstance(group_name, app_commands.locale_str):  # a plug-in named it in English
        group_name = app_commands.locale_str(group_name)
    for plugged in desk.when_plugged:  # the /games commands made per game (house rules)
        plugged(renderer.key, group_name, commands_cog.start_words)
    assert isinstance(bot, TabletopBot), "games plug into the bot that create_bot makes"
    renderer.emojis = bot.app_emojis
    if renderer.faces:
        bot.app_emojis.add_source(partial(pictures, renderer.faces))
    bot.plugged.add(renderer.key)
