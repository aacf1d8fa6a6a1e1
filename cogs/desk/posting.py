"""Tables: posting a match's table, keeping it current in place (re-posting it only when
asked or when Discord refuses the edit), and showing what follows a change (open hands,
pings, the result)."""

from __future__ import annotations

import logging
from collections.abc import Coroutine
from typing import Any

import discord

from bot.errors import Notice
from bot.matches import Change, MatchService
from bot.storage import MatchRecord
from cogs.desk import permissions
from cogs.desk.card import card_due, card_round, draw_card
from cogs.desk.drawing import draw_table
from cogs.desk.hands import OpenHands
from cogs.desk.pings import Pings
from cogs.desk.race import EVENTS_READ, attach_race, race_lines
from cogs.desk.renderers import Renderers
from cogs.desk.result import result_message
from cogs.desk.threads import Threads
from cogs.desk.watching import tell_watchers
from cogs.ui.components import TableMessage, refuse, responding
from cogs.wording import i18n
from cogs.wording.i18n import _
from cogs.wording.language import Languages

log = logging.getLogger(__name__)

Problem = tuple[str, dict[str, Any]]


class Tables:
    """The public table messages of every match."""

    def __init__(
        self,
        bot: discord.Client,
        matches: MatchService,
        renderers: Renderers,
        languages: Languages,
        hands: OpenHands,
        pings: Pings,
        threads: Threads,
    ) -> None:
        self.bot = bot
        self.threads = threads
        self.matches = matches
        self.renderers = renderers
        self.languages = languages
        self.hands = hands
        self.pings = pings
        # Matches whose table could not be shown lately, with why (a kind and its data,
        # worded when /games list shows it).
        self.problems: dict[int, Problem] = {}

    async def render(self, change: Change, language: str | None = None) -> TableMessage:
        """The match's public table, in `language` (by default the server's): what drawing
        needs is read first, so drawing itself reads nothing."""
        if language is None:
            language = await self.languages.server(change.record.guild_id)
        if change.game is not None:
            await self.matches.recent(change.record)  # a table retells the latest events
        if change.record.thread_id is not None:  # read once a match, then kept in memory
            change.watching = await self.matches.watchers.count(change.record.id)
        with i18n.reading(language):
            return await draw_table(change, self.renderers)

    async def post_new(
        self,
        interaction: discord.Interaction[Any],
        record: MatchRecord,
        notice: Notice | None = None,
    ) -> discord.Message:
        """Answer a slash command (or a Rematch) with a fresh table message and remember it.
        Asked for elsewhere (a Rematch in a finished match's thread opens its lobby in the
        channel; a table asked for in the channel of a thread's match): posted where the
        match is played, and the member is told where."""
        game = await self.matches.game_of(record)
        table = await self.render(Change(record, game, notice=notice))
        if interaction.channel_id == record.played_in:
            await interaction.response.send_message(**table.to_send())
            message = await interaction.original_response()
        else:
            place: Any = self.bot.get_channel(record.played_in)
            message = await place.send(**table.to_send())
            await refuse(interaction, _("It's here: {link}").format(link=message.jump_url))
        old = record.message_id
        await self.matches.set_message(record.id, message.id, self.matches.clock())
        if old and old != message.id:
            await self._delete_old(record.played_in, old)
        return message

    async def publish(
        self, change: Change, interaction: discord.Interaction[Any] | None = None
    ) -> None:
        """Show a change on the table: in the clicked message when possible, else by editing
        (or re-posting) the stored one; a match that has just begun in a thread moves there,
        its lobby message becoming its card."""
        record = change.record
        language = await self.languages.server(record.guild_id)
        table = await self.render(change, language)
        moved = Threads.starting(record) and await self._move_to_thread(
            change, interaction, language
        )
        clicked = interaction.message if interaction is not None and not moved else None
        answered = False
        if clicked is not None and interaction is not None and not clicked.flags.ephemeral:
            async with responding(interaction):
                if not interaction.response.is_done():
                    await interaction.response.edit_message(**table.to_edit())
                    answered = True
            if answered and clicked.id != record.message_id:
                await self._adopt(record, clicked)
        if not answered and not await self._shown(record, self._edit_or_repost(record, table)):
            await self._tell_not_shown(record, interaction)
        # A move made from a private view is answered in that view; the others follow.
        from_hand = interaction is not None and clicked is not None and clicked.flags.ephemeral
        skip = interaction.user.id if from_hand and interaction is not None else None
        renderer = self.renderers.get(record.game)
        if renderer is not None:  # not for a game whose plug-in was removed
            await self.hands.refresh(change, renderer, skip)
        await self.pings.after_change(change)
        if change.game is not None and change.game.outcome() and record.status == "finished":
            await self._post_result(change, interaction, language)
        if record.thread_id is not None and not record.is_open:
            with i18n.reading(language):
                await tell_watchers(self.bot, self.matches.watchers, record)
        if record.thread_id is not None and not moved:
            await self._update_card(change, language)
        if not record.is_open:
            await self.threads.wind_down(record)

    async def _move_to_thread(
        self, change: Change, interaction: discord.Interaction[Any] | None, language: str
    ) -> bool:
        """Open the match's thread and turn the lobby message into its card; the table is
        then posted in the thread. False: no thread could be opened, the match stays here."""
        record = change.record
        lobby_id = record.message_id
        thread = await self.threads.open(record, self.renderers.title(record.game))
        if thread is None or lobby_id is None:
            return False
        card = self._card(change, language)
        answered = False
        if interaction is not None and interaction.message is not None:
            async with responding(interaction):
                if not interaction.response.is_done():
                    await interaction.response.edit_message(**card.to_edit())
                    answered = True
        if not answered:
            await self._edit_card(record, card)
        record.message_id, record.message_at = None, None  # the table is posted anew below
        return True

    def _card(self, change: Change, language: str) -> TableMessage:
        renderer = self.renderers[change.record.game]
        with i18n.reading(language):
            return draw_card(change, renderer.texts, card_round(change, renderer.round_start))

    async def _update_card(self, change: Change, language: str) -> None:
        """Redraw the card in the channel at a round start and at the end."""
        renderer = self.renderers.get(change.record.game)
        if renderer is not None and card_due(change, renderer.round_start):
            await self._edit_card(change.record, self._card(change, language))

    async def _edit_card(self, record: MatchRecord, card: TableMessage) -> None:
        channel: Any = self.bot.get_channel(record.channel_id)
        if channel is None or record.thread_id is None:
            return
        try:
            await channel.get_partial_message(record.thread_id).edit(**card.to_edit())
        except discord.HTTPException:
            log.debug("the card of match %s could not be redrawn", record.id)

    async def _adopt(self, record: MatchRecord, clicked: discord.Message) -> None:
        """A public table of the match that the database didn't hear of (it couldn't take
        the message's id when the table was posted) is the table from now on."""
        posted_at = clicked.created_at.timestamp()
        await self.matches.set_message(record.id, clicked.id, posted_at)
        record.message_id, record.message_at = clicked.id, posted_at

    async def _post_result(
        self, change: Change, interaction: discord.Interaction[Any] | None, language: str
    ) -> None:
        record = change.record
        assert change.game is not None
        channel = self.bot.get_channel(record.played_in)
        renderer = self.renderers[record.game]
        logged = [event for _, event in await self.matches.storage.events(record.id, EVENTS_READ)]
        with i18n.reading(language):
            result = result_message(record, change.game, renderer.texts)
            lines = race_lines(renderer, record, logged)
        await attach_race(result, lines)
        if isinstance(channel, discord.abc.Messageable) and not await self._shown(
            record, channel.send(**result.to_send())
        ):
            await self._tell_not_shown(record, interaction)

    async def _shown(self, record: MatchRecord, showing: Coroutine[Any, Any, Any]) -> bool:
        """Run a post or edit of the match's messages; a refusal from Discord (a missing
        permission, a deleted channel) is noted for /games list instead of failing a move
        that is already saved."""
        try:
            note = await showing
        except discord.HTTPException as error:
            lacking = permissions.missing_in(self.bot.get_channel(record.played_in), False)
            self.problems[record.id] = (
                ("missing", {"permissions": lacking})
                if lacking
                else ("refused", {"status": error.status})
            )
            log.warning(
                "match %s in channel %s: the table could not be shown (%s %s)",
                record.id,
                record.played_in,
                error.status,
                error.code,
            )
            return False
        if isinstance(note, tuple):
            self.problems[record.id] = note
        else:
            self.problems.pop(record.id, None)
        return True

    async def _tell_not_shown(
        self, record: MatchRecord, interaction: discord.Interaction[Any] | None
    ) -> None:
        if interaction is None:
            return
        pictures = self.renderers[record.game].draws_pictures
        lacking = permissions.missing_in(self.bot.get_channel(record.played_in), pictures)
        await refuse(interaction, permissions.saved_not_shown(lacking, record.game))

    async def _edit_or_repost(self, record: MatchRecord, table: TableMessage) -> Problem | None:
        """Edit the table in place (the bot may edit its own message at any age), or post it
        anew when Discord refuses the edit (the message deleted, say), the old copy then
        deleted; a note when the table could only be kept current in place."""
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
