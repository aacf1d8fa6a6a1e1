"""`/games queue`, `/games leavequeue` and `/games queuesetup` (issue 48, item 2), and the
queue's board: the table it opened posted in the server's queue channel, its members
mentioned there once with a Ready button, the Ready step kept current, and a place that
ran out told to its member in a direct message. The rules are in bot/play/queues.py."""

from __future__ import annotations

import logging
import re
from typing import Any, Self, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import Refusal
from bot.play.changes import Change
from bot.play.matches import MatchService
from bot.play.model import EndReason, MatchRecord
from bot.play.queues import QueueChange, Where
from bot.process.app import Interaction
from bot.storage.queue_records import QueueTable
from cogs.desk.desk import Desk
from cogs.desk.threads import TABLES_WHERE, lacking_for_threads
from cogs.server.game_choices import game_choices
from cogs.tools.checks import moderator_only, require_server
from cogs.tools.refusals import answers_refusals
from cogs.ui.components import answer_privately
from cogs.ui.persistent import Persistent
from cogs.wording import i18n, queue_words
from cogs.wording.commands_i18n import slash, slash_text
from cogs.wording.i18n import _
from cogs.wording.names import shown
from cogs.wording.pace_words import PACE_CHOICES
from engines.base import GAMES

log = logging.getLogger(__name__)

READY_TEMPLATE = r"qready:(?P<match>\d+)"
LEAVE_TEMPLATE = r"qleave:(?P<game>[a-z0-9_]+)"


class ReadyButton(Persistent[discord.ui.Button[Any]], template=READY_TEMPLATE):
    """Ready, at a table the queue opened: keyed by the table's match, so it works after a
    restart and answers a stale press in one line."""

    def __init__(self, match_id: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or None,  # None when rebuilt from its id, only to route the press
                style=discord.ButtonStyle.success,
                custom_id=f"qready:{match_id}",
            )
        )
        self.match_id = match_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["match"]))

    async def clicked(self, interaction: Interaction) -> None:
        await queues_of(interaction.client).ready_click(interaction, self.match_id)


class LeaveQueueButton(Persistent[discord.ui.Button[Any]], template=LEAVE_TEMPLATE):
    """Leave the queue, under the private answer that says where the member stands."""

    def __init__(self, game: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or None,  # None when rebuilt from its id, only to route the press
                style=discord.ButtonStyle.secondary,
                custom_id=f"qleave:{game}",
            )
        )
        self.game = game

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(match["game"])

    async def clicked(self, interaction: Interaction) -> None:
        await queues_of(interaction.client).leave_queue_click(interaction, self.game)


def thread_or_channel(guild: discord.Guild | None, chosen: str | None) -> Where:
    """Where a table the queue opens in a channel is played: as the house rules say, else
    as the server chose (`chosen`), else in a thread of its own; in the channel when the
    bot may not open threads there."""

    def where(channel_id: int, house: str | None) -> str:
        channel = guild.get_channel(channel_id) if guild is not None else None
        if (house or chosen) == "channel" or channel is None or guild is None:
            return "channel"
        lacking = lacking_for_threads(channel.permissions_for(guild.me))
        return "channel" if lacking else "thread"

    return where


class QueueBoard:
    """Shows what the queue room did: a table's post and call, its Ready step, and a
    place that ran out."""

    def __init__(self, bot: discord.Client, matches: MatchService, desk: Desk) -> None:
        self.bot, self.matches, self.desk = bot, matches, desk
        matches.publish_queues = self.show

    def title(self, game: str) -> str:
        return self.desk.renderers.title(game)

    async def show(self, change: QueueChange) -> None:
        if change.kind == "expired":
            await self._tell_expired(change)
            return
        record = change.record
        if record is None:
            return
        with i18n.reading(await self.desk.languages.server(change.guild_id)):
            if change.kind == "seated":
                await self._post(record, change.table)
            else:
                await self._redraw_call(change, record)

    async def _post(self, record: MatchRecord, waiting: QueueTable | None) -> None:
        """The lobby in the queue's channel, then the call with its Ready button."""
        channel = self.bot.get_channel(record.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            log.warning("queue table %s: its channel is gone", record.id)
            return
        table = await self.desk.tables.table_now(Change(record, None))
        try:
            # Its members are mentioned once, by the call below; the lobby pings nobody.
            quiet = discord.AllowedMentions.none()
            posted = await channel.send(**table.to_send(), allowed_mentions=quiet)
            await self.matches.set_message(record.id, posted.id, self.matches.clock())
            users = [s.user_id for s in record.seats if s.user_id is not None]
            mentions = [f"<@{user}>" for user in users]
            due = waiting.due_at if waiting is not None else self.matches.clock()
            view = discord.ui.View(timeout=None)
            view.add_item(ReadyButton(record.id, _("Ready")))
            sent = await channel.send(
                queue_words.call(self.title(record.game), mentions, due),
                view=view,
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in users]),
            )
        except discord.HTTPException:
            log.warning("queue table %s: its post or call could not be sent", record.id)
            return
        await self.matches.queues.set_message(record.id, sent.id)

    async def _redraw_call(self, change: QueueChange, record: MatchRecord) -> None:
        """The call says who is ready; once the wait is over, only how it ended (no button,
        and nobody mentioned again)."""
        table = change.table
        channel: Any = self.bot.get_channel(record.channel_id)
        if table is None or table.message_id is None or channel is None:
            return
        title = self.title(record.game)
        view: discord.ui.View | None = None
        if change.kind == "ready":
            users = [s.user_id for s in record.seats if s.user_id is not None]
            call = queue_words.call(title, [f"<@{u}>" for u in users], table.due_at)
            ready = queue_words.ready_so_far([f"<@{u}>" for u in table.ready])
            text = f"{call}\n{ready}"
            view = discord.ui.View(timeout=None)
            view.add_item(ReadyButton(record.id, _("Ready")))
        elif change.kind == "started":
            text = queue_words.started(title, [f"<@{u}>" for u in change.absent])
        elif change.kind == "host_started":
            text = queue_words.host_started(title)
        else:
            text = queue_words.closed(record.ended_reason == EndReason.NOBODY_READY)
        try:
            await channel.get_partial_message(table.message_id).edit(
                content=text, view=view, allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException:
            log.debug("queue table %s: its call could not be redrawn", record.id)

    async def _tell_expired(self, change: QueueChange) -> None:
        (entry,) = change.entries
        guild = self.bot.get_guild(entry.guild_id)
        server = shown(guild.name) if guild is not None else str(entry.guild_id)
        settings = await self.matches.queues.settings(entry.guild_id)
        language = await self.desk.languages.of_member(entry.user_id, entry.guild_id)
        with i18n.reading(language):
            text = queue_words.expired(self.title(entry.game), server, settings.expiry)
        try:
            user = self.bot.get_user(entry.user_id) or await self.bot.fetch_user(entry.user_id)
            await user.send(text)
        except discord.HTTPException as error:
            log.info("no DM to user %s about their queue (%s)", entry.user_id, error.status)


class QueueCommands(commands.Cog):
    """The queue's commands of the /games group (`cogs.server.games` puts them there), and
    its buttons' clicks."""

    def __init__(self, desk: Desk) -> None:
        self.desk = desk
        self.matches = desk.matches
        self.renderers = desk.renderers
        self.queue_board = QueueBoard(desk.bot, desk.matches, desk)

    @app_commands.command(
        name=slash("command", "queue"),
        description=slash_text("Wait for a game: the bot seats you when enough players want one"),
    )
    @app_commands.rename(game=slash("command", "game"), pace=slash("command", "pace"))
    @app_commands.describe(
        game=slash_text("Which game"),
        pace=slash_text("How long each turn may take (default: as the server plays)"),
    )
    @app_commands.choices(pace=PACE_CHOICES)
    @app_commands.guild_only()
    async def queue(self, interaction: Interaction, game: str, pace: str | None = None) -> None:
        await self._queue(interaction, game, pace)

    @queue.autocomplete("game")
    async def _queue_games(
        self, interaction: Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(self.desk.renderers, typed)

    @answers_refusals
    async def _queue(self, interaction: Interaction, game: str, pace: str | None) -> None:
        require_server(interaction)
        assert interaction.guild_id is not None and interaction.channel_id is not None
        await interaction.response.defer(ephemeral=True, thinking=True)  # a table may open
        channel = interaction.channel
        here = channel.parent_id if isinstance(channel, discord.Thread) else interaction.channel_id
        chosen = await TABLES_WHERE.read(self.matches.scoped, interaction.guild_id)
        stand = await self.matches.queues.join(
            guild_id=interaction.guild_id,
            channel_id=here or interaction.channel_id,
            game=game,
            user_id=interaction.user.id,
            name=interaction.user.display_name,
            pace=pace,
            where=thread_or_channel(interaction.guild, chosen),
        )
        title = self.desk.renderers.title(game)
        if stand.table is not None:
            link = None
            if stand.table.message_id is not None:
                link = (
                    f"https://discord.com/channels/{interaction.guild_id}/"
                    f"{stand.table.channel_id}/{stand.table.message_id}"
                )
            await answer_privately(interaction, queue_words.seated_answer(title, link))
            return
        view = discord.ui.View(timeout=None)
        view.add_item(LeaveQueueButton(game, _("Leave the queue")))
        await interaction.followup.send(
            queue_words.standing(stand, title), view=view, ephemeral=True
        )

    @app_commands.command(
        name=slash("command", "leavequeue"),
        description=slash_text("Leave a queue (or every queue) on this server"),
    )
    @app_commands.rename(game=slash("command", "game"))
    @app_commands.describe(game=slash_text("Which game (default: every queue)"))
    @app_commands.guild_only()
    async def leavequeue(self, interaction: Interaction, game: str | None = None) -> None:
        await self._leave(interaction, game)

    @leavequeue.autocomplete("game")
    async def _leave_games(
        self, interaction: Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(self.desk.renderers, typed)

    async def leave_queue_click(self, interaction: Interaction, game: str) -> None:
        await self.desk.languages.hear(interaction)  # a button: the member's language first
        await self._leave(interaction, game)

    @answers_refusals
    async def _leave(self, interaction: Interaction, game: str | None) -> None:
        require_server(interaction)
        assert interaction.guild_id is not None
        left = await self.matches.queues.leave(interaction.guild_id, interaction.user.id, game)
        titles = [self.desk.renderers.title(entry.game) for entry in left]
        await answer_privately(interaction, queue_words.left(titles))

    async def ready_click(self, interaction: Interaction, match_id: int) -> None:
        await self.desk.languages.hear(interaction)  # a button: the member's language first
        await self._ready(interaction, match_id)

    @answers_refusals
    async def _ready(self, interaction: Interaction, match_id: int) -> None:
        await self.matches.queues.ready(match_id, interaction.user.id)
        if not interaction.response.is_done():
            await interaction.response.send_message(_("You're ready."), ephemeral=True)

    @app_commands.command(
        name=slash("command", "queuesetup"),
        description=slash_text(
            "Where queue tables open, their sizes, how long a place is kept (moderators)"
        ),
    )
    @app_commands.rename(
        channel=slash("command", "table_channel"),
        game=slash("command", "game"),
        size=slash("command", "size"),
        minutes=slash("command", "minutes"),
    )
    @app_commands.describe(
        channel=slash_text("The channel where the queues' tables open"),
        game=slash_text("The game whose table size to set"),
        size=slash_text("Players at that game's queue tables (0: the game's least)"),
        minutes=slash_text("Minutes a place in a queue is kept (default 30)"),
    )
    @app_commands.guild_only()
    @moderator_only("moderators_queues")
    async def queuesetup(
        self,
        interaction: Interaction,
        channel: discord.TextChannel | None = None,
        game: str | None = None,
        size: app_commands.Range[int, 0, 12] | None = None,
        minutes: app_commands.Range[int, 1, 1440] | None = None,
    ) -> None:
        await self._setup(interaction, channel, game, size, minutes)

    @queuesetup.autocomplete("game")
    async def _setup_games(
        self, interaction: Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(self.desk.renderers, typed)

    @answers_refusals
    async def _setup(
        self,
        interaction: Interaction,
        channel: discord.TextChannel | None,
        game: str | None,
        size: int | None,
        minutes: int | None,
    ) -> None:
        guild_id = interaction.guild_id
        assert guild_id is not None
        queues = self.matches.queues
        if (game is None) != (size is None):
            raise Refusal("game_and_size")
        if game is not None and game not in GAMES:
            raise Refusal("no_such_game")
        if channel is not None:
            await queues.set_channel(guild_id, channel.id)
        if game is not None:
            await queues.set_size(guild_id, game, size or None)
        if minutes is not None:
            await queues.set_expiry(guild_id, minutes)
        settings = await queues.settings(guild_id)
        named = None if settings.channel_id is None else f"<#{settings.channel_id}>"
        text = queue_words.settings_lines(settings, named, self.desk.renderers.title, sorted(GAMES))
        await interaction.response.send_message(text, ephemeral=True)
        if game is not None:  # a smaller table may be filled by who waits already
            chosen = await TABLES_WHERE.read(self.matches.scoped, guild_id)
            await queues.reseat(guild_id, thread_or_channel(interaction.guild, chosen))


def queues_of(client: discord.Client) -> QueueCommands:
    """The queue's commands, for its buttons: found by name, as the Desk is."""
    room = cast(commands.Bot, client).get_cog(QueueCommands.__cog_name__)
    if room is None:
        raise RuntimeError("cogs.server.games adds the QueueCommands cog")
    return cast(QueueCommands, room)
