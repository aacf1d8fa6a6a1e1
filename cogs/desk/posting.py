"""Tables: posting a match's table, keeping it current in place (re-posting it only when
asked or when Discord refuses the edit), and showing what follows a change (open hands,
pings, the result)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import discord

from bot.errors import Notice, Refusal
from bot.play.matches import Change, MatchService
from bot.storage import MatchRecord
from cogs.desk import permissions
from cogs.desk.card import card_due, card_round, draw_card
from cogs.desk.drawing import draw_table
from cogs.desk.hands import OpenHands
from cogs.desk.pings import Pings
from cogs.desk.race import EVENTS_READ, attach_race, race_lines
from cogs.desk.renderers import Renderers
from cogs.desk.result import result_message
from cogs.desk.sending import MatchSenders, Send
from cogs.desk.threads import Threads
from cogs.desk.watching import tell_watchers
from cogs.ui.components import TableMessage, refuse, responding
from cogs.wording import i18n
from cogs.wording.i18n import _
from cogs.wording.language import Languages

log = logging.getLogger(__name__)

Problem = tuple[str, dict[str, Any]]
Reply = Callable[[], Awaitable[None]]


async def _nothing() -> None:
    return None


@dataclass(slots=True)
class _Shown:
    """How a click's own answer went, for the sends queued behind it (its gate)."""

    interaction: discord.Interaction[Any] | None
    starting: bool = False  # the match begins now, in a thread of its own if it can
    moved: bool = False  # the match moved to its thread, the lobby became its card
    answered: bool = False  # the clicked message shows the table already
    gate: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def from_hand(self) -> int | None:
        """The member who moved from their private hand, answered there (else None)."""
        if self.interaction is None or self.interaction.message is None:
            return None
        return self.interaction.user.id if self.interaction.message.flags.ephemeral else None


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
        senders: MatchSenders,
    ) -> None:
        self.bot = bot
        self.senders = senders
        self.threads = threads
        self.matches = matches
        self.renderers = renderers
        self.languages = languages
        self.hands = hands
        self.pings = pings
        # Matches whose table could not be shown lately, with why (a kind and its data,
        # worded when /games list shows it).
        self.problems: dict[int, Problem] = {}

    async def render(
        self, change: Change, language: str | None = None, *, pictures: bool = True
    ) -> TableMessage:
        """The match's public table, in `language` (by default the server's): what drawing
        needs is read first, so drawing itself reads nothing. `pictures=False` leaves its
        pictures to draw when it is sent (a change decided under the match lock)."""
        if language is None:
            language = await self.languages.server(change.record.guild_id)
        if change.game is not None:
            await self.matches.recent(change.record)  # a table retells the latest events
        if change.record.thread_id is not None:  # read once a match, then kept in memory
            change.watching = await self.matches.watchers.count(change.record.id)
        with i18n.reading(language):
            table = await draw_table(change, self.renderers)
        return await table.draw_pictures() if pictures else table

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

    async def publish(self, change: Change) -> None:
        """The publisher of a change no click made (an AI move, a timer, a slash command):
        decided now, under the match lock, and sent by the match's sender after it."""
        await self.decide(change)

    async def decide(
        self, change: Change, interaction: discord.Interaction[Any] | None = None
    ) -> Reply:
        """Decide, under the match lock, everything `change` shows, and queue its sends for
        the match's sender (they go out after the lock, in the order of the changes). The
        clicker's own answer is returned, to be sent at once once the lock is free: the
        table in the clicked message, or the member's hand when the move came from it; a
        match that has just begun in a thread moves there, its lobby becoming its card."""
        record = change.record
        language = await self.languages.server(record.guild_id)
        table = await self.render(change, language, pictures=False)
        starting = Threads.starting(record)
        card = self._card(change, language) if self._card_due(change) else None
        shown = _Shown(interaction, starting)
        reply = await self._reply(change, table, shown, language)
        sends = [Send(("table", record.id), partial(self._show_table, record, table, shown))]
        if starting and interaction is None:  # a tournament's table dealt by the bot
            sends.insert(0, Send(None, partial(self._move_unasked, change, language)))
        renderer = self.renderers.get(record.game)
        if renderer is not None:  # not for a game whose plug-in was removed
            sends += await self.hands.redraws(change, renderer, shown.from_hand)
        sends.append(self.pings.after(change))
        if change.game is not None and change.game.outcome() and record.status == "finished":
            sends.append(Send(None, partial(self._post_result, change, interaction, language)))
        if record.thread_id is not None and not record.is_open:
            sends.append(Send(None, partial(self._tell_watchers, record, language)))
        if card is not None:
            sends.append(Send(("card", record.id), partial(self._edit_card, record, card)))
        if not record.is_open:
            sends.append(Send(None, partial(self.threads.wind_down, record)))
        # Last: all of it is out, so the saved outbox may be emptied (bot/play/outbox.py).
        sends.append(Send(None, partial(self.matches.shown, record, record.version)))
        self.senders.queue(record.id, sends, shown.gate if interaction is not None else None)
        return reply

    async def _reply(
        self, change: Change, table: TableMessage, shown: _Shown, language: str
    ) -> Reply:
        """The clicker's own answer, drawn now: their hand when they moved from it, else
        the clicked message made the table (or, as the match begins in a thread, its card).
        It opens the gate of the sends queued behind it however it ends."""
        interaction, record = shown.interaction, change.record
        if interaction is None:
            return _nothing
        hand = None
        if shown.from_hand is not None:
            hand = await self.hands.seat_view(change, shown.from_hand)

        async def reply() -> None:
            try:
                if shown.from_hand is not None:
                    await self.hands.answer(record.id, interaction, hand, record.is_open)
                    return
                if shown.starting:
                    shown.moved = await self._move_to_thread(change, language, interaction)
                if interaction.message is not None and not shown.moved:
                    shown.answered = await self._answer_in_place(record, table, interaction)
            finally:
                shown.gate.set()

        return reply

    async def _move_unasked(self, change: Change, language: str) -> None:
        await self._move_to_thread(change, language, None)

    async def show_unshown(self) -> None:
        """After a start: what the saved changes of a match had not yet shown when the bot
        stopped (a crash with sends queued) is shown from its saved state: the table and
        card redrawn, the turn notices, the result, the thread's end; each once."""
        for record in await self.matches.unshown():
            try:
                async with self.matches.lock(record.id):
                    game = await self.matches.game_of(record)
                    await self.decide(Change(record, game))
            except Refusal:  # a match that can't be loaded any more shows nothing
                log.info("match %s: what it had still to show is dropped", record.id)

    async def _answer_in_place(
        self, record: MatchRecord, table: TableMessage, interaction: discord.Interaction[Any]
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
        return True

    async def _show_table(self, record: MatchRecord, table: TableMessage, shown: _Shown) -> None:
        """The sender's edit of the table, unless the click's answer showed it already."""
        if shown.answered:
            return
        await table.draw_pictures()
        if not await self._shown(record, self._edit_or_repost(record, table)):
            await self._tell_not_shown(record, shown.interaction)

    async def _tell_watchers(self, record: MatchRecord, language: str) -> None:
        with i18n.reading(language):
            await tell_watchers(self.bot, self.matches.watchers, record)

    async def _move_to_thread(
        self, change: Change, language: str, interaction: discord.Interaction[Any] | None
    ) -> bool:
        """Open the match's thread and turn the lobby message into its card (drawn now: it
        names the thread); the table is then posted in the thread. False: no thread could
        be opened, the match stays here."""
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
        record.message_id, record.message_at = None, None  # the table is posted anew
        return True

    def _card(self, change: Change, language: str) -> TableMessage:
        renderer = self.renderers[change.record.game]
        with i18n.reading(language):
            return draw_card(change, renderer.texts, card_round(change, renderer.round_start))

    def _card_due(self, change: Change) -> bool:
        """Whether the card in the channel is redrawn: at a round start and at the end."""
        renderer = self.renderers.get(change.record.game)
        return (
            change.record.thread_id is not None
            and renderer is not None
            and card_due(change, renderer.round_start)
        )

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
        if not isinstance(channel, discord.abc.Messageable):
            return
        # The nonce makes Discord refuse a second copy, should a crash come before the
        # outbox is emptied and the restart post it again.
        sent = channel.send(**result.to_send(), nonce=f"result-{record.id}")
        if not await self._shown(record, sent):
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
