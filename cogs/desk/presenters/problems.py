"""Shows Discord refused: a post or edit of a match's messages that failed on a missing
permission or a deleted channel is noted here (for /games list) instead of failing a move
that is already saved, and the clicker is told in one line."""

from __future__ import annotations

import logging
from collections.abc import Coroutine
from typing import Any

import discord

from bot.play.model import MatchRecord
from bot.process.app import Interaction
from cogs.tools import permissions
from cogs.tools.renderers import Renderers
from cogs.ui.components import answer_privately

log = logging.getLogger(__name__)

Problem = tuple[str, dict[str, Any]]


class ShowProblems:
    def __init__(self, bot: discord.Client, renderers: Renderers) -> None:
        self.bot = bot
        self.renderers = renderers
        # Matches whose table could not be shown lately, with why (a kind and its data,
        # worded when /games list shows it).
        self.noted: dict[int, Problem] = {}

    async def shown(self, record: MatchRecord, showing: Coroutine[Any, Any, Any]) -> bool:
        """Run a post or edit of the match's messages; a refusal is noted, a success clears
        the note (or sets the one the post returns: a table kept current only in place)."""
        try:
            note = await showing
        except discord.HTTPException as error:
            lacking = permissions.missing_in(self.bot.get_channel(record.played_in), False)
            self.noted[record.id] = (
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
            self.noted[record.id] = note
        else:
            self.noted.pop(record.id, None)
        return True

    async def tell(self, record: MatchRecord, interaction: Interaction | None) -> None:
        """Tell the clicker their move is saved but could not be shown, and what is missing."""
        if interaction is None:
            return
        pictures = self.renderers[record.game].draws_pictures
        lacking = permissions.missing_in(self.bot.get_channel(record.played_in), pictures)
        await answer_privately(interaction, permissions.saved_not_shown(lacking, record.game))
