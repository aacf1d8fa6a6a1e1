"""`/games`' moderator tools: end a channel's game, list the running ones, pings, export,
and the languages of the server and of a member; and the checks every /games command uses."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import Refusal
from bot.play.model import EndReason, MatchRecord, MatchStatus
from bot.process.app import Interaction
from cogs.desk.desk import Desk
from cogs.desk.threads import TABLE_PLACES, TABLES_WHERE
from cogs.server.export import export_file
from cogs.tools import permissions
from cogs.tools.checks import is_moderator, moderator_only
from cogs.tools.refusals import answers_refusals
from cogs.wording import i18n
from cogs.wording.command_mentions import command
from cogs.wording.commands_i18n import slash, slash_text
from cogs.wording.i18n import _, ngettext, number

# Each language by its own name, so a member finds theirs whatever they read now.
LANGUAGE_CHOICES = [
    *(app_commands.Choice(name=i18n.own_name(code), value=code) for code in i18n.LANGUAGES),
    app_commands.Choice(name=slash_text("Automatic"), value="auto"),
][:25]


def problem_text(kind: str, data: dict[str, Any]) -> str:
    """Why a match's table could not be shown lately, for /games list."""
    if kind == "missing":
        return _("can't post here: missing {permissions}").format(
            permissions=permissions.named(data["permissions"])
        )
    if kind == "no_fresh_table":
        return _("can't post a fresh table here: missing Send Messages")
    return _("can't post here ({status})").format(status=data.get("status"))


def status_text(status: MatchStatus) -> str:
    if status == MatchStatus.LOBBY:
        return _("lobby")
    return _("playing") if status == MatchStatus.PLAYING else status.value


class Moderation(commands.Cog):
    """The moderators' commands of the /games group (`cogs.server.games` puts them there),
    and a member's own language."""

    def __init__(self, desk: Desk) -> None:
        self.desk = desk
        self.matches = desk.matches
        self.renderers = desk.renderers  # whose texts word a refused reset
        desk.shared.choices.on("reset", self.reset_match)  # a reset picked from several games

    @app_commands.command(
        name=slash("command", "reset"),
        description=slash_text("End the game in this channel (host or moderator)"),
    )
    @app_commands.guild_only()
    async def reset(self, interaction: Interaction) -> None:
        await self._reset(interaction)

    @answers_refusals
    async def _reset(self, interaction: Interaction) -> None:
        await self.reset_match(
            interaction, await self.desk.shared.channel_match(interaction, None, "reset")
        )

    @answers_refusals
    async def reset_match(self, interaction: Interaction, record: MatchRecord) -> None:
        user = interaction.user
        if user.id == record.host_id:
            reason = EndReason.RESET_BY_HOST
        elif is_moderator(user):
            reason = EndReason.RESET_BY_MODERATOR
        else:
            raise Refusal("host_or_moderator_resets")
        await self.matches.end(record.id, reason, user.display_name, self.desk.tables.publish)
        await interaction.response.send_message(
            _("You ended this game of {title}. No result is recorded.").format(
                title=self.desk.renderers.title(record.game)
            ),
            ephemeral=True,
        )

    @app_commands.command(
        name=slash("command", "list"),
        description=slash_text("Running games in this server (moderators)"),
    )
    @app_commands.guild_only()
    @moderator_only("moderators_list")
    async def list_games(self, interaction: Interaction) -> None:
        records = await self.matches.reads.open_matches(interaction.guild_id)
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
                title=self.desk.renderers.title(r.game),
                status=status_text(r.status),
                players=ngettext("{count} player", "{count} players", len(r.seats)).format(
                    count=number(len(r.seats))
                ),
                host=r.host_id,
                minutes=number(int((now - r.updated_at) // 60)),
            )
            + (
                f"\n  ⚠️ {problem_text(*self.desk.tables.problems.noted[r.id])}"
                if r.id in self.desk.tables.problems.noted
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
    @moderator_only("moderators_pings")
    async def reminders(self, interaction: Interaction, on: bool) -> None:
        assert interaction.guild_id is not None
        await self.desk.pings.set_enabled(interaction.guild_id, on)
        answer = (
            _("Turn mentions and reminders are on in this server.")
            if on
            else _("Turn mentions and reminders are off in this server.")
        )
        await interaction.response.send_message(answer, ephemeral=True)

    @app_commands.command(
        name=slash("command", "tables"),
        description=slash_text("Play new games in a thread each, or in the channel (moderators)"),
    )
    @app_commands.rename(where=slash("command", "where"))
    @app_commands.describe(where=slash_text("Where a started game is played"))
    @app_commands.choices(where=TABLE_PLACES)
    @app_commands.guild_only()
    @moderator_only("moderators_tables")
    async def tables(self, interaction: Interaction, where: str) -> None:
        assert interaction.guild_id is not None
        await TABLES_WHERE.write(self.matches.scoped, interaction.guild_id, where)
        answer = (
            _(
                "From now on each game started here is played in a thread of its own, "
                "wherever I may open one."
            )
            if where == "thread"
            else _("From now on each game started here is played in its channel.")
        )
        await interaction.response.send_message(answer, ephemeral=True)

    @app_commands.command(
        name=slash("command", "export"),
        description=slash_text("This server's results as a CSV file (moderators)"),
    )
    @app_commands.guild_only()
    @moderator_only("moderators_export")
    async def export(self, interaction: Interaction) -> None:
        guild_id = interaction.guild_id or 0
        await interaction.response.defer(ephemeral=True, thinking=True)
        rows = await self.matches.standings.export_results(guild_id)
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
    @moderator_only("moderators_language")
    async def language(self, interaction: Interaction, language: str) -> None:
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
    async def mylanguage(self, interaction: Interaction, language: str) -> None:
        chosen = None if language == "auto" else language
        await self.desk.languages.choose_for_member(interaction.user.id, chosen)
        reader = await self.desk.languages.member(interaction)
        i18n.set_reader(reader)
        await interaction.response.send_message(
            _("What only you see is now in {language}.").format(language=i18n.own_name(reader)),
            ephemeral=True,
        )
