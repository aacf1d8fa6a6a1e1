"""The card presenter: a thread's match keeps a card in the channel (its lobby message),
redrawn at round starts and at the end (`cogs.desk.card`)."""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

import discord

from bot.play.matches import Change
from bot.play.model import MatchRecord
from cogs.desk.card import draw_card
from cogs.desk.scene import Scene
from cogs.tools.sending import Send
from cogs.ui.components import TableMessage
from cogs.wording import i18n

log = logging.getLogger(__name__)


def _due(change: Change, round_start: str | None) -> bool:
    """Whether the card is redrawn for this change: a round began, or the match ended (not
    at every move: Discord limits edits)."""
    if not change.record.is_open:
        return True
    return round_start is not None and any(e.kind == round_start for e in change.events)


class CardPresenter:
    def __init__(self, bot: discord.Client) -> None:
        self.bot = bot

    def draw(self, scene: Scene) -> TableMessage:
        renderer = scene.renderer
        assert renderer is not None  # a match without its plug-in has no card to redraw
        with i18n.reading(scene.language):
            return draw_card(scene.change, renderer.texts, renderer.round_start)

    def redraw(self, scene: Scene) -> list[Send]:
        """The card's redraw, when this change calls for one."""
        record, renderer = scene.change.record, scene.renderer
        if record.thread_id is None or renderer is None:
            return []
        if not _due(scene.change, renderer.round_start):
            return []
        return [Send(("card", record.id), partial(self.edit, record, self.draw(scene)))]

    async def edit(self, record: MatchRecord, card: TableMessage) -> None:
        channel: Any = self.bot.get_channel(record.channel_id)
        if channel is None or record.thread_id is None:
            return
        try:
            await channel.get_partial_message(record.thread_id).edit(**card.to_edit())
        except discord.HTTPException:
            log.debug("the card of match %s could not be redrawn", record.id)
