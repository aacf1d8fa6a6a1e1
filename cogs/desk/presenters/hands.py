"""Private views that follow the game: a member's open hand is redrawn after every change,
so it never shows a pick or a turn that has passed, and a member has one live hand at a time.

A private (ephemeral) message can only be edited or deleted through the interaction that
made it or was last answered on it, for 15 minutes. So an older hand message is deleted
when a newer one opens, and a hand that reaches that age is marked closed while it still
can be: no hand that has stopped following the game looks live.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import discord

from bot.process.app import Interaction
from cogs.desk.result import hand_ending_line
from cogs.desk.scene import Scene
from cogs.tools.renderers import Renderers
from cogs.tools.sending import Send
from cogs.ui.components import TableMessage, responding
from cogs.wording import i18n
from cogs.wording.i18n import _, lazy_gettext

log = logging.getLogger(__name__)

EDITABLE_FOR = 14 * 60  # seconds; Discord keeps an interaction's token for 15 minutes
CLOSED = lazy_gettext(
    "This hand no longer follows the game: Discord lets the bot update a private message "
    "for 15 minutes only. Open your hand again from the table."
)


@dataclass(slots=True)
class _Hand:
    """A member's open hand message: the interaction that can edit it, when that
    interaction was made, the language it is shown in, and the timer that closes it."""

    interaction: Interaction
    message_id: int
    opened: float
    language: str
    closing: asyncio.TimerHandle
    showing: str | None = None  # what it shows (`looks`), so an unchanged hand isn't edited


class OpenHands:
    def __init__(self, clock: Callable[[], float], renderers: Renderers) -> None:
        self.clock = clock
        self.renderers = renderers
        self._open: dict[int, dict[int, _Hand]] = {}  # match id -> member id -> their hand
        self._closing: set[asyncio.Task[None]] = set()  # closings under way, kept from the GC

    async def remember(
        self,
        match_id: int,
        user_id: int,
        interaction: Interaction,
        message_id: int,
        shown: TableMessage | None = None,
    ) -> None:
        """Keep the member's hand message current from now on, in the language it was shown
        in. Their older hand message is deleted while Discord allows it; one older than
        that was marked closed when it reached EDITABLE_FOR (or is now)."""
        hands = self._open.setdefault(match_id, {})
        older = self._forget(match_id, user_id)
        closing = asyncio.get_running_loop().call_later(
            EDITABLE_FOR, self._expire, match_id, user_id
        )
        showing = looks(shown) if shown is not None else None
        hands[user_id] = _Hand(
            interaction, message_id, self.clock(), i18n.reader(), closing, showing
        )
        if older is None or older.message_id == message_id:
            return
        if self.clock() - older.opened > EDITABLE_FOR:
            await self._close(older)
            return
        try:
            await older.interaction.delete_original_response()
        except discord.HTTPException:
            log.debug("an older private view of match %s could not be deleted", match_id)

    def _forget(self, match_id: int, user_id: int) -> _Hand | None:
        """Stop following the member's hand (its closing timer with it)."""
        hand = self._open.get(match_id, {}).pop(user_id, None)
        if hand is not None:
            hand.closing.cancel()
        return hand

    def _expire(self, match_id: int, user_id: int) -> None:
        """The hand can be edited for one minute more: mark it closed now."""
        hand = self._forget(match_id, user_id)
        if hand is None:
            return
        task = asyncio.get_running_loop().create_task(self._close(hand))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    async def _close(self, hand: _Hand) -> None:
        with i18n.reading(hand.language):
            note = str(CLOSED)
        try:
            await hand.interaction.edit_original_response(content=note, embeds=[], view=None)
        except discord.HTTPException:
            log.debug("a private view that stopped following the game could not say so")

    async def answer(
        self,
        match_id: int,
        interaction: Interaction,
        view: TableMessage | None,
        over: str | None = None,
    ) -> None:
        """Answer a move made from a private hand in that hand (through the deferred
        response if the request was slow), and keep following it. `over`: what the hand
        says when the move ended the match (None: it goes on)."""
        if view is None:
            note = _("Done.") if over is None else over
            arguments: dict[str, Any] = {"content": note, "embeds": [], "view": None}
        else:
            arguments = view.to_edit()
        async with responding(interaction):
            if interaction.response.is_done():
                await interaction.edit_original_response(**arguments)
            else:
                await interaction.response.edit_message(**arguments)
        if interaction.message is not None and view is not None:
            await self.remember(
                match_id, interaction.user.id, interaction, interaction.message.id, view
            )

    async def redraws(self, scene: Scene) -> list[Send]:
        """The edits of the match's open hands (but the clicker's, answered directly) whose
        view the change changed, each drawn now in its reader's language; the hands of a
        match that ended are told so and forgotten."""
        record, game, renderer = scene.change.record, scene.change.game, scene.renderer
        hands = self._open.get(record.id)
        if not hands or renderer is None:  # none for a game whose plug-in was removed
            return []
        skip_user = scene.click.from_hand
        sends, gone = [], []
        for user_id, hand in list(hands.items()):
            if user_id == skip_user:
                continue
            seat = record.seat_of(user_id)
            private = None
            with i18n.reading(hand.language):  # each hand in its own reader's language
                if record.is_open and game is not None and seat is not None:
                    private = await renderer.private(record, game, seat)
                note = hand_ending_line(record, game)
            if private is None:
                gone.append(user_id)
                arguments: dict[str, Any] = {"content": note, "embeds": [], "view": None}
            else:
                showing = looks(private)
                if showing == hand.showing:
                    continue
                hand.showing, arguments = showing, private.to_edit()
            sends.append(
                Send(("hand", record.id, user_id), partial(self._edit, record.id, hand, arguments))
            )
        if not record.is_open or game is None:
            gone = list(hands)
        for user_id in gone:  # no longer followed, their closing timers with them
            hands.pop(user_id).closing.cancel()
        if not hands:
            self._open.pop(record.id, None)
        return sends

    async def _edit(self, match_id: int, hand: _Hand, arguments: dict[str, Any]) -> None:
        try:
            await hand.interaction.edit_original_response(**arguments)
        except discord.HTTPException:
            log.debug("a private view of match %s could not be redrawn", match_id)
            if self._open.get(match_id, {}).get(hand.interaction.user.id) is hand:
                self._forget(match_id, hand.interaction.user.id)


def looks(message: TableMessage) -> str:
    """What a hand message shows (its text, embeds and components), to tell whether a
    redraw changes it."""
    embeds = [embed.to_dict() for embed in message.embeds]
    return repr((message.content, embeds, message.view().to_components()))
