"""`/games tournament`: moderators announce and run tournaments (new, start, pause, cancel,
remove); anyone reads the standings and their own next table. The sign-up buttons land
here too (`tournament_click`)."""

from __future__ import annotations

from datetime import UTC, datetime

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import Refusal
from bot.process.app import Interaction
from bot.storage import TournamentRecord
from bot.tournament.document import Document
from bot.tournament.runner import Tournaments
from bot.tournament.terms import Terms
from cogs.desk.desk import Desk
from cogs.server.game_choices import game_choices
from cogs.server.tournament_board import STANDINGS, TournamentBoard
from cogs.tools.checks import moderator_only, require_moderator, require_server
from cogs.tools.pages import Pages
from cogs.tools.refusals import answers_refusals
from cogs.ui.components import answer_privately
from cogs.wording import tournament_words
from cogs.wording.commands_i18n import slash, slash_text
from cogs.wording.i18n import _
from cogs.wording.pace_words import PACE_CHOICES
from engines.base import GAMES

FORMAT_CHOICES = [
    app_commands.Choice(name=slash_text("Swiss rounds"), value="swiss"),
    app_commands.Choice(name=slash_text("Knockout"), value="knockout"),
    app_commands.Choice(name=slash_text("Round robin"), value="round_robin"),
]
EVENT_HOURS = 3  # a scheduled event's planned length (Discord asks for an end)


class TournamentCommands(commands.Cog):
    """`/games tournament` (`cogs.server.games` puts it in the group), and the clicks of a
    tournament's buttons."""

    def __init__(
        self, desk: Desk, tournaments: Tournaments, pages: Pages, board: TournamentBoard
    ) -> None:
        self.desk = desk
        self.matches = desk.matches
        self.renderers = desk.renderers
        self.tournaments = tournaments
        self.pages = pages
        self.board = board

    tournament = app_commands.Group(
        name=slash("command", "tournament"),
        description=slash_text("Tournaments the bot runs from sign-up to champion"),
        guild_only=True,
    )

    @tournament.command(
        name=slash("command", "new"), description=slash_text("Announce a tournament (moderators)")
    )
    @app_commands.rename(
        game=slash("command", "game"),
        format=slash("command", "format"),
        table_size=slash("command", "table_size"),
        rounds=slash("command", "rounds"),
        pace=slash("command", "pace"),
        starts_in=slash("command", "starts_in"),
        entry_limit=slash("command", "entry_limit"),
        rated=slash("command", "rated"),
    )
    @app_commands.describe(
        game=slash_text("Which game"),
        format=slash_text("Swiss rounds, knockout or round robin"),
        table_size=slash_text("Players at each table"),
        rounds=slash_text("Rounds (Swiss only; default 3)"),
        pace=slash_text("How long each turn may take (default: relaxed)"),
        starts_in=slash_text("Minutes until the start (default 60)"),
        entry_limit=slash_text("Most entrants (default 64)"),
        rated=slash_text("Whether its matches count for ratings (default: yes)"),
    )
    @app_commands.choices(format=FORMAT_CHOICES, pace=PACE_CHOICES)
    @moderator_only("tournament_moderators")
    async def tournament_new(
        self,
        interaction: Interaction,
        game: str,
        format: str,
        table_size: app_commands.Range[int, 2, 6],
        rounds: app_commands.Range[int, 1, 20] = 3,
        pace: str = "relaxed",
        starts_in: app_commands.Range[int, 0, 43200] = 60,
        entry_limit: app_commands.Range[int, 2, 1000] = 64,
        rated: bool = True,
    ) -> None:
        terms = Terms(format, table_size, rounds, pace, entry_limit, rated)
        await self._announce(interaction, game, terms, starts_in)

    @tournament_new.autocomplete("game")
    async def _tournament_games(
        self, interaction: Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(self.desk.renderers, typed)

    @answers_refusals
    async def _announce(
        self, interaction: Interaction, game: str, terms: Terms, starts_in: int
    ) -> None:
        if game not in GAMES:
            raise Refusal("no_such_game")
        assert interaction.guild_id is not None and interaction.channel_id is not None
        starts_at = self.matches.clock() + starts_in * 60
        record = await self.tournaments.create(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            game=game,
            by=interaction.user.id,
            terms=terms,
            starts_at=starts_at,
        )
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.board.post(record)
        line = await self._scheduled_event(interaction, record)
        text = tournament_words.announced(record.id)
        await interaction.followup.send(f"{text} {line}".strip(), ephemeral=True)

    async def _scheduled_event(self, interaction: Interaction, record: TournamentRecord) -> str:
        """A Discord scheduled event for the start, when the bot may make one; else one line."""
        guild = interaction.guild
        if guild is None or not guild.me.guild_permissions.manage_events:
            return _("No server event was made: the bot lacks Manage Events.")
        start = datetime.fromtimestamp(record.starts_at, tz=UTC)
        end = datetime.fromtimestamp(record.starts_at + EVENT_HOURS * 3600, tz=UTC)
        channel = interaction.channel
        location = getattr(channel, "mention", None) or "Discord"
        try:
            event = await guild.create_scheduled_event(
                name=tournament_words.heading(record, self.desk.renderers.title(record.game))[:100],
                start_time=start,
                end_time=end,
                entity_type=discord.EntityType.external,
                privacy_level=discord.PrivacyLevel.guild_only,
                location=location,
            )
        except discord.HTTPException:
            return _("No server event was made: Discord refused it.")
        await self.tournaments.set_event(record.id, event.id)
        return _("A server event marks the start.")

    @tournament.command(
        name=slash("command", "start"),
        description=slash_text("Start now, or resume a paused tournament (moderators)"),
    )
    @app_commands.rename(number=slash("command", "tournament"))
    @app_commands.describe(number=slash_text("Tournament number (default: the newest running)"))
    @moderator_only("tournament_moderators")
    async def tournament_start(self, interaction: Interaction, number: int | None = None) -> None:
        await self._moderate(interaction, number, "start")

    @tournament.command(
        name=slash("command", "pause"), description=slash_text("Hold the next round (moderators)")
    )
    @app_commands.rename(number=slash("command", "tournament"))
    @app_commands.describe(number=slash_text("Tournament number (default: the newest running)"))
    @moderator_only("tournament_moderators")
    async def tournament_pause(self, interaction: Interaction, number: int | None = None) -> None:
        await self._moderate(interaction, number, "pause")

    @tournament.command(
        name=slash("command", "cancel"), description=slash_text("Cancel a tournament (moderators)")
    )
    @app_commands.rename(number=slash("command", "tournament"))
    @app_commands.describe(number=slash_text("Tournament number (default: the newest running)"))
    @moderator_only("tournament_moderators")
    async def tournament_cancel(self, interaction: Interaction, number: int | None = None) -> None:
        await self._moderate(interaction, number, "cancel")

    @tournament.command(
        name=slash("command", "remove"),
        description=slash_text("Take a member out of a tournament (moderators)"),
    )
    @app_commands.rename(member=slash("command", "member"), number=slash("command", "tournament"))
    @app_commands.describe(
        member=slash_text("Who plays no further"),
        number=slash_text("Tournament number (default: the newest running)"),
    )
    @moderator_only("tournament_moderators")
    async def tournament_remove(
        self,
        interaction: Interaction,
        member: discord.Member,
        number: int | None = None,
    ) -> None:
        await self._moderate(interaction, number, "remove", member)

    @tournament.command(
        name=slash("command", "standings"), description=slash_text("A tournament's standings")
    )
    @app_commands.rename(number=slash("command", "tournament"))
    @app_commands.describe(number=slash_text("Tournament number (default: the newest running)"))
    @answers_refusals
    async def tournament_standings(
        self, interaction: Interaction, number: int | None = None
    ) -> None:
        require_server(interaction)
        record = await self.tournaments.current(interaction.guild_id or 0, number)
        await self.pages.show(interaction, STANDINGS, str(record.id), 0)

    @tournament.command(
        name=slash("command", "mine"), description=slash_text("Your table in a tournament")
    )
    @app_commands.rename(number=slash("command", "tournament"))
    @app_commands.describe(number=slash_text("Tournament number (default: the newest running)"))
    @answers_refusals
    async def tournament_mine(self, interaction: Interaction, number: int | None = None) -> None:
        require_server(interaction)
        runner = self.tournaments
        record = await runner.current(interaction.guild_id or 0, number)
        await answer_privately(interaction, await self._mine_text(record, interaction.user.id))

    async def _mine_text(self, record: TournamentRecord, user_id: int) -> str:
        entrant = Document(record).entrant(user_id)
        if entrant is None:
            raise Refusal("tournament_not_in")
        if entrant.dropped is not None:
            why = tournament_words.MINE_DROPS.get(entrant.dropped)
            return (
                str(why) if why is not None else _("You play no further rounds in this tournament.")
            )
        table = await self.tournaments.table_of(record, user_id)
        if table is not None:
            return _("Your table is here: {link}").format(
                link=f"https://discord.com/channels/{record.guild_id}/{table.played_in}"
            )
        if await self.tournaments.awaiting_table_of(record, user_id) is not None:
            return _(
                "Your table ended without a result: a moderator chooses whether it is "
                "replayed or counted as unplayed."
            )
        if record.state in ("signing_up", "checking_in"):
            return _("You're signed up; your first table is posted at the start, {when}.").format(
                when=f"<t:{int(record.starts_at)}:R>"
            )
        if record.is_live:
            return _("Your table is done; your next one is posted when the round ends.")
        raise Refusal("tournament_over")

    # -- shared -------------------------------------------------------------------------

    @answers_refusals
    async def _moderate(
        self,
        interaction: Interaction,
        number: int | None,
        action: str,
        member: discord.Member | None = None,
    ) -> None:
        runner = self.tournaments
        record = await runner.current(interaction.guild_id or 0, number)
        await interaction.response.defer(ephemeral=True, thinking=True)
        if action == "start":
            await runner.start(record.id)
            text = _("Tournament #{number} is under way.").format(number=record.id)
        elif action == "pause":
            await runner.pause(record.id)
            text = _("Tournament #{number} is paused; start it again to go on.").format(
                number=record.id
            )
        elif action == "cancel":
            await runner.cancel(record.id, interaction.user.display_name)
            text = _("Tournament #{number} is cancelled.").format(number=record.id)
        else:
            assert member is not None
            await runner.remove(record.id, member.id)
            text = _("{name} plays no further rounds of tournament #{number}.").format(
                name=discord.utils.escape_markdown(member.display_name), number=record.id
            )
        await interaction.followup.send(text, ephemeral=True)

    @answers_refusals
    async def tournament_click(
        self, interaction: Interaction, action: str, tournament_id: int
    ) -> None:
        """Join, Leave (drop out, once it runs) or Check in, from the tournament's message."""
        runner = self.tournaments
        user = interaction.user
        record = await runner.get(tournament_id)
        if record is None or record.guild_id != interaction.guild_id:
            raise Refusal("no_tournament")
        if action == "join":
            record = await runner.join(tournament_id, user.id, user.display_name)
            text = tournament_words.joined(record, self.desk.renderers.title(record.game))
        elif action == "check":
            await runner.check_in(tournament_id, user.id)
            text = _("You're checked in. Your first table is posted at the start.")
        else:
            record = await runner.leave(tournament_id, user.id)
            if record.state in ("running", "paused"):
                text = _("You've dropped out; the AI finishes your table for you.")
            else:
                text = _("You've left the tournament's entrants.")
        await answer_privately(interaction, text)

    @answers_refusals
    async def table_choice_click(
        self, interaction: Interaction, choice: str, tournament_id: int, match_id: int
    ) -> None:
        """A moderator replays a table that ended without a result, or counts it unplayed."""
        require_moderator(interaction, "tournament_moderators")
        runner = self.tournaments
        record = await runner.get(tournament_id)
        if record is None or record.guild_id != interaction.guild_id:
            raise Refusal("no_tournament")
        await interaction.response.defer(ephemeral=True, thinking=True)
        await runner.settle(tournament_id, match_id, choice, interaction.user.display_name)
        await interaction.followup.send(tournament_words.table_choice_done(choice), ephemeral=True)
