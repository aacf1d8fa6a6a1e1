"""The slash commands every game shares; a game's cog adds `start` with its own options."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from inspect import Parameter, Signature
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.process.app import Interaction, TabletopBot
from cogs.desk.desk import Desk, desk_of_bot
from cogs.desk.threads import TABLE_PLACES
from cogs.ui.card_faces import pictures
from cogs.ui.components import GameRenderer
from cogs.wording.commands_i18n import slash, slash_text
from cogs.wording.pace_words import PACE_CHOICES
from engines.base import GAMES, AnyGameInfo, Option

PACE = "pace"  # the option every game's start has; no game option may take its name
PACE_TEXT = slash_text("How long each turn may take (default: live)")
PRACTICE = "practice"  # every game's start has it too: an unrated table with hints
PRACTICE_TEXT = slash_text("An unrated table where each player may ask for a hint on their turn")


@dataclass(frozen=True)
class StartWords:
    """How a game's `/<key> start` reads: its description, each lobby option's name and
    description as members see them, and names for the values of options that have
    choices. The options themselves (ranges, choices, defaults) come from the game's
    GameInfo, never copied here."""

    description: app_commands.locale_str
    options: Mapping[str, tuple[app_commands.locale_str, app_commands.locale_str]] = field(
        default_factory=dict
    )
    choices: Mapping[str, Mapping[int, app_commands.locale_str]] = field(default_factory=dict)


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
    """`/<key> start` with one parameter per lobby option of `info`: an int in its range, one
    of its choices, or a bool, with the option's default. Unset options (default None) are
    left out, so the game fills them in when it starts. Every game's also has `pace`."""

    async def start(interaction: Interaction, where: str | None = None, **chosen: Any) -> None:
        pace = chosen.pop(PACE) or "live"
        practice = bool(chosen.pop(PRACTICE))
        options = {name: value for name, value in chosen.items() if value is not None}
        await desk.shared.open_lobby(interaction, info.key, options, pace, where, practice)

    parameters = [Parameter("interaction", Parameter.POSITIONAL_OR_KEYWORD)]
    parameters[0] = parameters[0].replace(annotation=discord.Interaction)
    parameters += [
        Parameter(o.name, Parameter.KEYWORD_ONLY, default=o.default, annotation=_annotation(o))
        for o in info.options
    ]
    # Where the match is played, for this match only (by default: as the server chose).
    parameters.append(
        Parameter("where", Parameter.KEYWORD_ONLY, default=None, annotation=str | None)
    )
    parameters.append(Parameter(PACE, Parameter.KEYWORD_ONLY, default=None, annotation=str | None))
    parameters.append(Parameter(PRACTICE, Parameter.KEYWORD_ONLY, default=False, annotation=bool))
    start.__signature__ = Signature(parameters)  # type: ignore[attr-defined]
    command: app_commands.Command[Any, ..., None] = app_commands.Command(
        name=slash("command", "start"), description=words.description, callback=start
    )
    command = app_commands.guild_only()(command)
    renamed = {o.name: words.options[o.name][0] for o in info.options}
    command = app_commands.rename(
        **renamed,
        pace=slash("command", "pace"),
        where=slash("command", "where"),
        practice=slash("command", "practice"),
    )(command)
    described = {o.name: words.options[o.name][1] for o in info.options}
    described[PACE] = PACE_TEXT
    described[PRACTICE] = PRACTICE_TEXT
    described["where"] = slash_text("Where this game is played (default: as the server chose)")
    command = app_commands.describe(**described)(command)
    named: dict[str, list[app_commands.Choice[Any]]] = {
        o.name: [app_commands.Choice(name=words.choices[o.name][v], value=v) for v in o.choices]
        for o in info.options
        if o.choices
    }
    named[PACE] = PACE_CHOICES
    named["where"] = TABLE_PLACES
    return app_commands.choices(**named)(command)


def _annotation(option: Option) -> Any:
    """The parameter type Discord checks the option against."""
    if isinstance(option.default, bool):
        return bool
    kind: Any = int  # an option with choices is checked against them instead of a range
    if not option.choices and (option.low is not None or option.high is not None):
        kind = app_commands.Range[int, option.low, option.high]
    return kind if option.default is not None else kind | None


async def add_game(
    bot: commands.Bot, renderer: GameRenderer, commands_cog: type[GameCommands]
) -> None:
    """Plug a game in (from its extension's `setup`): the Desk draws its tables with
    `renderer`, and `commands_cog` adds its /<key> commands."""
    desk = desk_of_bot(bot)
    desk.renderers.register(renderer)
    await bot.add_cog(commands_cog(desk, renderer))
    assert isinstance(bot, TabletopBot), "games plug into the bot that create_bot makes"
    renderer.emojis = bot.app_emojis
    if renderer.faces:
        bot.app_emojis.add_source(partial(pictures, renderer.faces))
    bot.plugged.add(renderer.key)
