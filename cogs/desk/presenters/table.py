"""The table presenter: the match's public table drawn from the scene, and the send that
keeps it current in place (the bot may edit its own message at any age), re-posting it
only when asked or when Discord refuses the edit, the old copy then deleted."""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

import discord

from bot.play.matches import Change, MatchService
from bot.play.model import MatchRecord
from bot.process.app import Interaction
from cogs.desk.drawing import draw_table
from cogs.desk.presenters.problems import Problem, ShowProblems
from cogs.desk.scene import Click, Scene
from cogs.tools.renderers import Renderers
from cogs.tools.sending import Send
from cogs.ui.components import TableMessage, answer_privately, responding
from cogs.wording import i18n
from cogs.wording.i18n import _

log = logging.getLogger(__name__)


class TablePresenter:
    def __init__(
        self,
        bot: discord.Client,
        matches: MatchService,
        renderers: Renderers,
        problems: ShowProblems,
    ) -> None:
        self.bot = bot
        self.matches = matches
        self.renderers = renderers
        self.problems = problems

    async def draw(self, scene: Scene) -> TableMessage:
        """The table in the scene's language, its pictures left to draw when it is sent."""
        with i18n.reading(scene.language):
            return await draw_table(scene.change, self.renderers)

    def keep_current(self, scene: Scene, table: TableMessage) -> Send:
        """The send that shows `table` in the match's table message."""
        record = scene.change.record
        return Send(("table", record.id), partial(self._show, record, table, scene.click))

    async def _show(self, record: MatchRecord, table: TableMessage, click: Click) -> None:
        """The sender's edit of the table, unless the click's answer showed it already."""
        if click.answered:
            return
        await table.draw_pictures()
        if not await self.problems.shown(record, self._edit_or_repost(record, table)):
            await self.problems.tell(record, click.interaction)

    async def answer_in_place(
        self, record: MatchRecord, table: TableMessage, interaction: Interaction
    ) -> bool:
        """The clicked public message becomes the table; False when the click was answered
        already (deferred after a slow save), so the sender edits the table instead."""
        assert interaction.message is not None
        await table.draw_pictures()
        async with responding(interaction):
            if interaction.response.is_done():
                return False
            await interaction.response.edit_message(**table.to_edit())
        if interaction.message.id != record.message_id:
            await self._adopt(record, interaction.message)
        self.problems.noted.pop(record.id, None)  # shown again: a noted refusal is over
        return True

    async def post_new(
        self, interaction: Interaction, change: Change, table: TableMessage
    ) -> discord.Message:
        """Answer a slash command (or a Rematch) with a fresh table message and remember it.
        Asked for elsewhere (a Rematch in a finished match's thread opens its lobby in the
        channel; a table asked for in the channel of a thread's match): posted where the
        match is played, and the member is told where."""
        record = change.record
        await table.draw_pictures()
        if interaction.channel_id == record.played_in:
            await interaction.response.send_message(**table.to_send())
            message = await interaction.original_response()
        else:
            place: Any = self.bot.get_channel(record.played_in)
            message = await place.send(**table.to_send())
            await answer_privately(
                interaction, _("It's here: {link}").format(link=message.jump_url)
            )
        self.problems.noted.pop(record.id, None)  # shown again: a noted refusal is over
        old = record.message_id
        await self.matches.set_message(record.id, message.id, self.matches.clock())
        if old and old != message.id:
            await self._delete_old(record.played_in, old)
        return message

    async def _adopt(self, record: MatchRecord, clicked: discord.Message) -> None:
        """A public table of the match that the database didn't hear of (it couldn't take
        the message's id when the table was posted) is the table from now on."""
        posted_at = clicked.created_at.timestamp()
        await self.matches.set_message(record.id, clicked.id, posted_at)
        record.message_id, record.message_at = clicked.id, posted_at

    async def _edit_or_repost(self, record: MatchRecord, table: TableMessage) -> Problem | None:
        """Edit the table in place, or post it anew when Discord refuses the edit (the
        message deleted, say), the old copy then deleted; a note when the table could only
        be kept current in place."""
        channel = self.bot.get_channel(record.played_in)
        if not isinstance(channel, discord.abc.Messageable):
            return None
        now = self.matches.clock()
        if record.message_id:
            try:
                await channel.get_partial_message(record.message_id).edit(**table.to_edit())
                return None
            except discord.DiscordServerError:
                raise  # Discord's own trouble: a re-post would likely leave two tables
            except discord.HTTPException as error:
                log.info(
                    "match %s: the table could not be edited (%s), posted anew",
                    record.id,
                    error.status,
                )
        old = record.message_id
        try:
            message = await channel.send(**table.to_send())
        except discord.Forbidden:
            if not old:
                raise
            # Not allowed to post: the old table kept current beats a stale one.
            await channel.get_partial_message(old).edit(**table.to_edit(with_files=False))
            return ("no_fresh_table", {})
        await self.matches.set_message(record.id, message.id, now)
        record.message_id, record.message_at = message.id, now
        if old:
            await self._delete_old(record.played_in, old)
        return None

    async def _delete_old(self, channel_id: int, message_id: int) -> None:
        """Delete a table that a newer copy replaced, so the channel keeps one live table and
        no dead copy to click; one already gone is fine."""
        channel = self.bot.get_channel(channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return
        try:
            await channel.get_partial_message(message_id).delete()
        except discord.NotFound:
            pass
        except discord.HTTPException as error:
            log.warning("old table %s could not be deleted (%s)", message_id, error.status)
