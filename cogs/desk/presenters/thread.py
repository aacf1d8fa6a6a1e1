"""The thread presenter: a match that begins moves into a thread of its own, its lobby
message becoming its card; a match that ends tells its watchers and winds its thread down
(`cogs.desk.threads`)."""

from __future__ import annotations

from functools import partial

import discord

from bot.play.handles import WatchHandle
from cogs.desk.presenters.card import CardPresenter
from cogs.desk.scene import Scene
from cogs.desk.threads import Threads
from cogs.desk.watching import tell_watchers
from cogs.tools.renderers import Renderers
from cogs.tools.sending import Send
from cogs.ui.components import responding
from cogs.wording import i18n


class ThreadPresenter:
    def __init__(
        self,
        bot: discord.Client,
        threads: Threads,
        cards: CardPresenter,
        watchers: WatchHandle,
        renderers: Renderers,
    ) -> None:
        self.bot = bot
        self.renderers = renderers
        self.threads = threads
        self.cards = cards
        self.watchers = watchers

    def around(self, scene: Scene) -> tuple[list[Send], list[Send]]:
        """The thread's sends that go before the others and those that go after them: a
        tournament's table the bot deals moves into its thread first (a click's match moves
        in the clicker's own answer); a match that ended tells its watchers in its thread,
        then winds the thread down, last."""
        record, click = scene.change.record, scene.click
        before, after = [], []
        if click.starting and click.interaction is None:
            before.append(Send(None, partial(self._move_unasked, scene)))
        if not record.is_open and record.thread_id is not None:
            after.append(Send(None, partial(self._tell_watchers, scene)))
        if not record.is_open:
            after.append(Send(None, partial(self.threads.wind_down, record)))
        return before, after

    async def _move_unasked(self, scene: Scene) -> None:
        await self.move(scene)

    async def move(self, scene: Scene) -> bool:
        """Open the match's thread and turn the lobby message into its card (drawn now: it
        names the thread), in the click's answer when it can; the table is then posted in
        the thread. False: no thread could be opened, the match stays here."""
        record = scene.change.record
        lobby_id = record.message_id
        thread = await self.threads.open(record, self.renderers.title(record.game))
        if thread is None or lobby_id is None:
            return False
        card = self.cards.draw(scene)
        interaction = scene.click.interaction
        answered = False
        if interaction is not None and interaction.message is not None:
            async with responding(interaction):
                if not interaction.response.is_done():
                    await interaction.response.edit_message(**card.to_edit())
                    answered = True
        if not answered:
            await self.cards.edit(record, card)
        record.message_id, record.message_at = None, None  # the table is posted anew
        return True

    async def _tell_watchers(self, scene: Scene) -> None:
        with i18n.reading(scene.language):
            await tell_watchers(self.bot, self.watchers, scene.change.record)
