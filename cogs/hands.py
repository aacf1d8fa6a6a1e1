"""Private views that follow the game: a member's open hand is redrawn after every change,
so it never shows a pick or a turn that has passed.

A private (ephemeral) message can only be edited through the interaction that made it or
was last answered on it, for 15 minutes; after that the member reopens it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord

from bot import i18n
from bot.i18n import _
from bot.matches import Change
from cogs.components import GameRenderer

log = logging.getLogger(__name__)

EDITABLE_FOR = 14 * 60  # seconds; Discord keeps an interaction's token for 15 minutes


class OpenHands:
    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        # match id -> member id -> (the interaction whose message shows their hand, when,
        # and the language the member reads it in)
        self._open: dict[int, dict[int, tuple[discord.Interaction[Any], float, str]]] = {}

    def remember(self, match_id: int, user_id: int, interaction: discord.Interaction[Any]) -> None:
        """Keep the member's open hand current, in the language it was shown in."""
        entry = (interaction, self.clock(), i18n.reader())
        self._open.setdefault(match_id, {})[user_id] = entry

    async def refresh(
        self, change: Change, renderer: GameRenderer, skip_user: int | None = None
    ) -> None:
        """Redraw every open hand of the match but `skip_user`'s (answered directly)."""
        record, game = change.record, change.game
        hands = self._open.get(record.id)
        if not hands:
            return
        if not record.is_open or game is None:
            del self._open[record.id]
        for user_id, (interaction, opened, language) in list(hands.items()):
            if user_id == skip_user:
                continue
            if self.clock() - opened > EDITABLE_FOR:
                del hands[user_id]
                continue
            seat = record.seat_of(user_id)
            private = None
            with i18n.reading(language):  # each hand in its own reader's language
                if record.is_open and game is not None and seat is not None:
                    private = await renderer.private(record, game, seat)
                note = _("The game is over: the result is on the table.")
            try:
                if private is None:
                    hands.pop(user_id, None)
                    await interaction.edit_original_response(content=note, embeds=[], view=None)
                else:
                    await interaction.edit_original_response(
                        content=private.content,
                        embeds=private.embeds,
                        view=private.view(),
                        attachments=private.files,
                    )
            except discord.HTTPException:
                log.debug("a private view of match %s could not be redrawn", record.id)
                hands.pop(user_id, None)
