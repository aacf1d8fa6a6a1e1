"""Tables: what a change shows, decided under the match lock and sent after it.

`decide` reads the change's scene once, asks each presenter (`cogs.desk.presenters`) what
its effect shows, drawn now, and queues their sends for the match's sender in the order
the effects read best: the table, the hands, the notices, the result, the card, the
thread. A click's own answer is returned, to be sent at once when the lock is free.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from functools import partial

import discord

from bot.errors import Notice, Refusal
from bot.play.matches import Change, MatchService
from bot.play.model import MatchRecord
from bot.process.app import Interaction
from cogs.desk.presenters.answer import AnswerPresenter, Reply
from cogs.desk.presenters.card import CardPresenter
from cogs.desk.presenters.hands import OpenHands
from cogs.desk.presenters.pings import Pings
from cogs.desk.presenters.problems import ShowProblems
from cogs.desk.presenters.result import ResultPresenter
from cogs.desk.presenters.table import TablePresenter
from cogs.desk.presenters.thread import ThreadPresenter
from cogs.desk.scene import Click, read_scene
from cogs.desk.threads import Threads
from cogs.tools.renderers import Renderers
from cogs.tools.sending import MatchSenders, Send
from cogs.ui.components import TableMessage
from cogs.wording.language import Languages

log = logging.getLogger(__name__)


class Tables:
    """The public table messages of every match, and all else a change shows."""

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
        self.matches = matches
        self.renderers = renderers
        self.languages = languages
        self.senders = senders
        self.problems = ShowProblems(bot, renderers)
        self.table = TablePresenter(bot, matches, renderers, self.problems)
        self.hands = hands
        self.pings = pings
        self.result = ResultPresenter(bot, matches, self.problems)
        self.card = CardPresenter(bot)
        self.thread = ThreadPresenter(bot, threads, self.card, matches.watchers, renderers)
        self.answer = AnswerPresenter(hands, self.table, self.thread)
        # Told of every change decided (under the match lock) or posted here: a watcher
        # only takes note, its work comes after (the open-tables lists follow the lobbies).
        self.watchers: list[Callable[[Change], None]] = []

    async def publish(self, change: Change) -> None:
        """The publisher of a change no click made (an AI move, a timer, a slash command):
        decided now, under the match lock, and sent by the match's sender after it."""
        await self.decide(change)

    async def decide(self, change: Change, interaction: Interaction | None = None) -> Reply:
        """Decide, under the match lock, everything `change` shows, and queue its sends for
        the match's sender (they go out after the lock, in the order of the changes). The
        clicker's own answer is returned: the table in the clicked message, or the member's
        hand when the move came from it; a match that has just begun in a thread moves
        there, its lobby becoming its card."""
        record = change.record
        click = Click(interaction, Threads.starting(record))
        scene = await read_scene(change, click, self.languages, self.matches, self.renderers)
        table = await self.table.draw(scene)
        reply = await self.answer.reply(scene, table)
        sends, last = self.thread.around(scene)
        sends.append(self.table.keep_current(scene, table))
        sends += await self.hands.redraws(scene)
        sends.append(self.pings.after(change))
        sends += self.result.post(scene)
        sends += self.card.redraw(scene)
        sends += last
        # Last: all of it is out, so the saved outbox may be emptied (bot/outbox.py).
        sends.append(Send(None, partial(self.matches.shown, record, record.version)))
        self.senders.queue(record.id, sends, click.gate if interaction is not None else None)
        self._tell_watchers(change)
        return reply

    def _tell_watchers(self, change: Change) -> None:
        for watcher in self.watchers:
            watcher(change)

    async def post_new(
        self,
        interaction: Interaction,
        record: MatchRecord,
        notice: Notice | None = None,
    ) -> discord.Message:
        """Answer a slash command (or a Rematch) with a fresh table message."""
        game = await self.matches.game_of(record)
        change = Change(record, game, notice=notice)
        posted = await self.table.post_new(interaction, change, await self.table_now(change))
        self._tell_watchers(change)
        return posted

    async def queue_post(
        self, interaction: Interaction, record: MatchRecord, notice: Notice | None = None
    ) -> Callable[[], Awaitable[discord.Message]]:
        """Under the match lock: the table drawn anew, its post queued behind what the
        match still has to send, so the later changes' edits find the new message. The
        caller awaits what this returns once the lock is free: the post goes out then
        (a refusal of it reaches the caller, to be answered)."""
        change = Change(record, await self.matches.game_of(record), notice=notice)
        table = await self.table_now(change)
        gate = asyncio.Event()
        posted: asyncio.Future[discord.Message] = asyncio.get_running_loop().create_future()

        async def post() -> None:
            try:
                posted.set_result(await self.table.post_new(interaction, change, table))
            except Exception as error:
                posted.set_exception(error)

        self.senders.queue(record.id, [Send(None, post)], gate)

        async def sent() -> discord.Message:
            gate.set()
            await self.senders.send_here(record.id)
            return await posted

        return sent

    async def table_now(self, change: Change, language: str | None = None) -> TableMessage:
        """The table `change` shows, pictures drawn, in `language` (by default the
        server's): as a member would see it now, without sending it."""
        scene = await read_scene(change, Click(None), self.languages, self.matches, self.renderers)
        if language is not None:
            scene.language = language
        return await (await self.table.draw(scene)).draw_pictures()

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
