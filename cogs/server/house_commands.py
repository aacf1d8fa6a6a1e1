"""`/games house <game> …` and `/games house show`: the defaults moderators set for a game's
new lobbies, for the whole server or one channel (whose settings win), kept as scoped
settings (bot/play/house.py). One command per game, made from its lobby options as the
game plugs in, so adding a game edits nothing here."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.play import house as house_rules
from bot.play.house import HouseRules
from bot.process.app import Interaction
from bot.storage.doors import CHANNEL, SERVER
from cogs.desk.desk import Desk
from cogs.desk.lobby import house_parts
from cogs.desk.threads import TABLE_PLACES
from cogs.tools.checks import moderator_only, require_server
from cogs.tools.option_commands import Extra, game_options_command
from cogs.tools.refusals import answers_refusals
from cogs.wording.commands_i18n import StartWords, slash, slash_text
from cogs.wording.i18n import _
from cogs.wording.pace_words import PACE_CHOICES
from engines.base import GAMES

AI_LEVEL_CHOICES = {
    "simple": slash_text("Simple"),
    "strong": slash_text("Strong"),
    "hard": slash_text("Hard (the usual)"),
}
HOUSE_OPTIONS = ("pace", "ai", "where", "channel", "reset")


class HouseCommands(commands.Cog):
    """The house-rules commands of the /games group (`cogs.server.games` puts them there):
    one per game, added as each plugs in."""

    def __init__(self, desk: Desk) -> None:
        self.desk = desk
        self.matches = desk.matches
        self.renderers = desk.renderers  # whose texts word a refused house rule
        desk.when_plugged.append(self.add_house_game)

    house = app_commands.Group(
        name=slash("command", "house"),
        description=slash_text("A game's defaults for new lobbies here (moderators)"),
        guild_only=True,
    )

    def add_house_game(self, game: str, name: app_commands.locale_str, words: StartWords) -> None:
        """`/games house <game>`, for a game as it plugs in: its options, then the pace,
        the AI level, where its tables go, the channel and a reset."""
        info = GAMES[game]

        @moderator_only("moderators_house")
        async def set_house(interaction: Interaction, **chosen: Any) -> None:
            await self._set_house(interaction, game, chosen)

        levels = [
            app_commands.Choice(name=AI_LEVEL_CHOICES.get(level, slash_text(level)), value=level)
            for level in info.ai_levels
        ]
        extras = (
            Extra(
                "pace",
                slash("command", "pace"),
                str | None,
                slash_text("The pace of new lobbies"),
                choices=PACE_CHOICES,
            ),
            Extra(
                "ai",
                slash("command", "ai"),
                str | None,
                slash_text("The level of AI seats added"),
                choices=levels,
            ),
            Extra(
                "where",
                slash("command", "where"),
                str | None,
                slash_text("Where started games are played"),
                choices=TABLE_PLACES,
            ),
            Extra(
                "channel",
                slash("command", "channel"),
                discord.TextChannel | None,
                slash_text("Only in this channel (default: the whole server)"),
            ),
            Extra(
                "reset",
                slash("command", "reset"),
                bool,
                slash_text("Forget these house rules first"),
                default=False,
            ),
        )
        description = slash_text("This game's defaults for new lobbies here (moderators)")
        command = game_options_command(name, description, set_house, info, words, extras)
        self.house.add_command(command)  # this cog's own copy (discord.py makes one a cog)

    @answers_refusals
    async def _set_house(self, interaction: Interaction, game: str, chosen: dict[str, Any]) -> None:
        assert interaction.guild_id is not None
        channel: discord.TextChannel | None = chosen.pop("channel")
        reset = bool(chosen.pop("reset"))
        asked = HouseRules(
            options={k: v for k, v in chosen.items() if k not in HOUSE_OPTIONS and v is not None},
            pace=chosen.get("pace"),
            ai=chosen.get("ai"),
            where=chosen.get("where"),
        )
        house_rules.checked(game, asked)
        scope, scope_id = (
            (SERVER, interaction.guild_id)
            if channel is None
            else (
                CHANNEL,
                channel.id,
            )
        )
        key = house_rules.setting_key(game)
        stored = {} if reset else (await self.matches.scoped.scoped(scope, scope_id)).get(key)
        rules = asked.over(house_rules.from_stored(game, stored))
        await self.matches.scoped.set_scoped(
            scope, scope_id, key, None if rules.empty else rules.to_stored()
        )
        title = self.desk.renderers.title(game)
        parts = house_parts(rules, self.desk.renderers[game].texts)
        if rules.empty and channel is None:
            text = _("{game} has no house rules in this server now.").format(game=title)
        elif rules.empty and channel is not None:
            text = _("{game} has no house rules of its own in {channel} now.").format(
                game=title, channel=channel.mention
            )
        elif channel is None:
            text = _("House rules of {game} in this server: {rules}.").format(
                game=title, rules=parts
            )
        else:
            text = _("House rules of {game} in {channel}: {rules}.").format(
                game=title, channel=channel.mention, rules=parts
            )
        await interaction.response.send_message(text, ephemeral=True)

    @house.command(
        name=slash("command", "show"),
        description=slash_text("Every game's house rules in this server and this channel"),
    )
    @answers_refusals
    async def house_show(self, interaction: Interaction) -> None:
        require_server(interaction)
        if interaction.channel_id is None:
            return
        assert interaction.guild_id is not None
        scoped = self.matches.scoped
        server = await scoped.scoped(SERVER, interaction.guild_id)
        here = await scoped.scoped(CHANNEL, interaction.channel_id)
        lines = []
        for game in self.desk.renderers.games():
            key, renderer = house_rules.setting_key(game), self.desk.renderers[game]
            title = renderer.texts.title
            wide = house_rules.from_stored(game, server.get(key))
            own = house_rules.from_stored(game, here.get(key))
            if wide.empty:
                lines.append(_("**{game}**: no house rules in this server.").format(game=title))
            else:
                lines.append(
                    _("**{game}** in this server: {rules}.").format(
                        game=title, rules=house_parts(wide, renderer.texts)
                    )
                )
            if not own.empty:
                lines.append(
                    _("**{game}** in this channel, over the server's: {rules}.").format(
                        game=title, rules=house_parts(own, renderer.texts)
                    )
                )
        embed = discord.Embed(title=_("House rules"), description="\n".join(lines))
        await interaction.response.send_message(embed=embed, ephemeral=True)
