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
from bot.i18n import _, lazy_gettext
from bot.matches import Change
from cogs.components import GameRenderer

log = logging.getLogger(__name__)

EDITABLE_FOR = 14 * 60  # seconds; Discord keeps an interaction's token for 15 minutes
MOVED = lazy_gettext(
    "This hand has moved to your newer message; this one no longer follows the game."
)


class OpenHands:
    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        # match id -> member id -> the interaction that can edit their open hand message,
        # that message's id, when the interaction was made, and the member's language
        self._open: dict[int, dict[int, tuple[discord.Interaction[Any], int, float, str]]] = {}

    async def remember(
        self, match_id: int, user_id: int, interaction: discord.Interaction[Any], message_id: int
    ) -> None:
        """Keep the member's hand message current from now on, in the language it was shown
        in. An older hand message of theirs is marked closed, so no copy that has stopped
        following the game looks live."""
        hands = self._open.setdefault(match_id, {})
        older = hands.get(user_id)
        hands[user_id] = (interaction, message_id, self.clock(), i18n.reader())
        if older is None or older[1] == message_id:
            return
        try:
            await older[0].edit_original_response(content=str(MOVED), embeds=[], view=None)
        except discord.HTTPException:
            log.debug("an older private view of match %s could not be closed", match_id)

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
        for user_id, (interaction, _message, opened, language) in list(hands.items()):
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
                note = _("The game is over: the result is in the channel, below the table.")
            try:
                if private is None:
                    hands.pop(user_id, None)
                    await interaction.edit_original_response(content=note, embeds=[], view=None)
                else:
                    await interaction.edit_original_response(**private.to_edit())
            except discord.HTTPException:
                log.debug("a private view of match %s could not be redrawn", record.id)
                hands.pop(user_id, None)
