"""Clicks on a table's buttons and selects: routed to the match service, answered within
Discord's three seconds, and a move made from a private hand answered in that hand."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from contextlib import AbstractAsyncContextManager
from typing import Any

import discord

from bot.core.log_format import log_context
from bot.errors import Refusal, SavedNotShown
from bot.play import lobby
from bot.play.matches import Change, MatchService
from bot.play.model import MatchRecord
from bot.process.app import Interaction
from cogs.desk.presenters.hands import OpenHands
from cogs.desk.presenters.pings import Pings
from cogs.desk.tables import Reply, Tables
from cogs.tools.match_here import same_database
from cogs.tools.members import members_called
from cogs.tools.refusals import answer_failure, answer_refusal, refusal_answered
from cogs.tools.renderers import Renderers
from cogs.ui.components import answer_privately, done_responding, responding
from cogs.wording import i18n
from cogs.wording.i18n import _
from cogs.wording.names import shown
from cogs.wording.words import seat_names

log = logging.getLogger(__name__)

DEFER_AFTER = 2.0  # seconds a click may take before it is deferred (Discord allows 3)


class _Deferral:
    """Acknowledges a click whose work is still going after DEFER_AFTER seconds, so Discord
    never shows "This interaction failed". A plain timer, cancelled when the work is done:
    a click answered in time, nearly all of them, costs no task."""

    def __init__(self, interaction: Interaction) -> None:
        self._interaction = interaction
        self._task: asyncio.Task[None] | None = None
        self._timer = asyncio.get_running_loop().call_later(DEFER_AFTER, self._start)

    def _start(self) -> None:
        self._task = asyncio.create_task(self._defer())

    async def _defer(self) -> None:
        async with responding(self._interaction):
            if not self._interaction.response.is_done():
                await self._interaction.response.defer()

    def cancel(self) -> None:
        self._timer.cancel()
        if self._task is not None:
            self._task.cancel()


class _Reply:
    """A click's own answer: decided with the change under the match lock (the publisher
    handed to the match service), sent once the request is done and the lock free. A
    request that saves twice (a start that deals) answers with each, in order."""

    def __init__(self, tables: Tables, interaction: Interaction) -> None:
        self._tables = tables
        self._interaction = interaction
        self._sends: list[Reply] = []
        self._game = ""
        self._match: int | None = None

    async def decide(self, change: Change) -> None:
        self._sends.append(await self._tables.decide(change, self._interaction))
        self._game, self._match = change.record.game, change.record.id

    async def after(self, request: Coroutine[Any, Any, Any]) -> None:
        try:
            await request
        finally:  # each answer opens its gate, even when the request failed after a save
            await self._answer()

    async def _answer(self) -> None:
        failed: Exception | None = None
        for send in self._sends:
            try:
                await send()
            except Exception as error:  # the move is saved: say so rather than "failed"
                failed = failed or error
        self._sends = []
        if failed is not None:
            raise SavedNotShown(self._game) from failed

    async def send_rest(self) -> None:
        """The rest of what the change shows (the table for the others, notices, the
        result), sent from the click's task once it has answered."""
        if self._match is not None:
            await self._tables.senders.send_here(self._match)


class Clicks:
    """What the table's buttons call (found through the Desk cog, see components)."""

    def __init__(
        self,
        matches: MatchService,
        renderers: Renderers,
        tables: Tables,
        hands: OpenHands,
        pings: Pings,
    ) -> None:
        self.matches = matches
        self.renderers = renderers
        self.tables = tables
        self.hands = hands
        self.pings = pings

    async def lobby_click(
        self, interaction: Interaction, match_id: int, action: str, stamp: int | None
    ) -> None:
        self.pings.seen(match_id, interaction.user.id)
        if action == "rematch":
            await self._guarded(interaction, match_id, self._rematch(interaction, match_id))
            return

        reply = _Reply(self.tables, interaction)

        async def request() -> None:
            present = await self._members_called_like_ai(interaction, match_id, action)
            await self.matches.act_in_lobby(
                match_id,
                interaction.user.id,
                interaction.user.display_name,
                action,
                reply.decide,
                stamp,
                present,
            )

        await self._answering(interaction, match_id, request(), reply)

    async def pace_click(self, interaction: Interaction, match_id: int, pace: str) -> None:
        """The lobby's pace select: the host's pick redraws the lobby with the new pace."""
        self.pings.seen(match_id, interaction.user.id)

        reply = _Reply(self.tables, interaction)
        request = self.matches.set_pace(match_id, interaction.user.id, pace, reply.decide)
        await self._answering(interaction, match_id, request, reply)

    async def _members_called_like_ai(
        self, interaction: Interaction, match_id: int, action: str
    ) -> list[str]:
        """For Add AI: the names the new seat would take that a member of the server has."""
        if action != "ai" or interaction.guild is None:
            return []
        record = await self.matches.reads.get_match(match_id)
        if record is None:
            return []
        free = lobby.free_ai_names(seat.name for seat in record.seats)
        return await members_called(interaction.guild, free)

    async def _rematch(self, interaction: Interaction, match_id: int) -> None:
        """The result's Rematch button: a new lobby, posted as a new table message. Clicked
        in a finished match's thread, the lobby opens in the channel, and the thread is told
        where (the clicker alone hears it privately from post_new)."""

        posts: list[Callable[[], Awaitable[discord.Message]]] = []

        async def decide(change: Change) -> None:  # under the new lobby's lock
            posts.append(await self.tables.queue_post(interaction, change.record, change.notice))

        change = await self.matches.rematch(
            match_id, interaction.user.id, interaction.user.display_name, decide
        )
        for post in posts:
            lobby = await post()
            if interaction.channel_id != change.record.played_in:
                await self._tell_where(interaction, change.record, lobby)

    async def _tell_where(
        self, interaction: Interaction, record: MatchRecord, lobby: discord.Message
    ) -> None:
        """Post in the thread the Rematch was clicked in, for all who read it, who opened
        the new lobby and a link to it, in the server's language."""
        place = interaction.channel
        if not isinstance(place, discord.abc.Messageable):
            return
        with i18n.reading(await self.tables.languages.server(record.guild_id)):
            text = _("{name} opened a rematch. Its lobby is in the channel: {link}").format(
                name=shown(interaction.user.display_name), link=lobby.jump_url
            )
        try:
            await place.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.debug("the rematch link could not be posted in %s", interaction.channel_id)

    async def move(self, interaction: Interaction, match_id: int, stamp: int, code: str) -> None:
        self.pings.seen(match_id, interaction.user.id)

        reply = _Reply(self.tables, interaction)
        await self._answering(
            interaction,
            match_id,
            self.matches.play(match_id, interaction.user.id, stamp, code, reply.decide),
            reply,
            move=True,
        )

    def refusals_answered(self, interaction: Interaction) -> AbstractAsyncContextManager[None]:
        return refusal_answered(self.renderers, interaction)

    async def from_elsewhere(self, interaction: Interaction, database: str | None) -> bool:
        """Whether a button was made by a database this bot no longer runs on (it was
        replaced): then its match id may now name another match, so it is refused."""
        try:
            same_database(self.matches.reads, database, "old_button")
        except Refusal as refusal:
            await answer_refusal(self.renderers, interaction, refusal)
            return True
        return False

    async def _answering(
        self,
        interaction: Interaction,
        match_id: int,
        request: Coroutine[Any, Any, Any],
        reply: _Reply,
        move: bool = False,
    ) -> None:
        """Run a click's request, then its answer once the match lock is free, answered
        however it ends (see `_guarded`). A request still busy after DEFER_AFTER seconds (a
        slow database) is deferred first, so Discord never shows "This interaction failed"."""
        watch = _Deferral(interaction)
        started = time.perf_counter()
        try:
            await self._guarded(interaction, match_id, reply.after(request), move)
        finally:
            watch.cancel()
            done_responding(interaction)
            kind = "move" if move else "lobby"
            self.matches.time_answer(kind, time.perf_counter() - started)
        await reply.send_rest()

    async def _guarded(
        self,
        interaction: Interaction,
        match_id: int,
        request: Coroutine[Any, Any, Any],
        move: bool = False,
    ) -> None:
        """Run a click's request; a refusal or a failure still gets a short, true answer
        (discord.py would only log a button's exception, and the member would see nothing)."""
        guild = interaction.guild
        shard = guild.shard_id if guild is not None else None
        # Every line logged for this click names its match, server and shard.
        with log_context(match_id=match_id, guild_id=interaction.guild_id, shard=shard):
            try:
                async with refusal_answered(self.renderers, interaction):
                    await request
            except Exception as error:
                what = (
                    f"a click on match {match_id} by user {interaction.user.id} "
                    f"in channel {interaction.channel_id} failed"
                )
                await answer_failure(interaction, error, self.matches.failures, what, move=move)

    async def hint(self, interaction: Interaction, match_id: int, stamp: int) -> None:
        """A practice table's Hint: the hard AI's move and why, in one private line in the
        member's language; refused politely off their turn, off a practice table, or from
        an old table."""
        self.pings.seen(match_id, interaction.user.id)
        await self._guarded(interaction, match_id, self._hint(interaction, match_id, stamp))

    async def _hint(self, interaction: Interaction, match_id: int, stamp: int) -> None:
        hinted = await self.matches.hint(match_id, interaction.user.id, stamp)
        record = hinted.record
        texts = self.renderers[record.game].texts
        line = texts.hint(hinted.hint, hinted.view, seat_names(record.seats))
        await answer_privately(interaction, f"💡 {line}")

    async def show_private(self, interaction: Interaction, match_id: int) -> None:
        """The table's hand button (and `/<game> hand`): the member's own view, privately,
        kept current as the game moves."""
        self.pings.seen(match_id, interaction.user.id)
        await self._guarded(interaction, match_id, self._show_private(interaction, match_id))

    async def _show_private(self, interaction: Interaction, match_id: int) -> None:
        record = await self.matches.reads.get_match(match_id)
        if record is None or not record.is_open or record.state is None:
            raise Refusal("already_ended")
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal("no_hand")
        game = await self.matches.game_of(record)
        assert game is not None
        private = await self.renderers[record.game].private(record, game, seat)
        if private is None:
            raise Refusal("nothing_hidden")
        sent = await interaction.response.send_message(**private.to_send(), ephemeral=True)
        message_id = sent.message_id or (await interaction.original_response()).id
        await self.hands.remember(match_id, interaction.user.id, interaction, message_id, private)
