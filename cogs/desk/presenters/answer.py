"""The answer presenter: a click's own answer, drawn under the match lock and sent first,
as soon as the lock is free. A move made from a private hand is answered in that hand;
any other click turns the clicked message into the table, or, as the match begins in a
thread, into the match's card. However it ends, it opens the gate of the sends queued
behind it (`cogs.tools.sending`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from cogs.desk.presenters.hands import OpenHands
from cogs.desk.presenters.table import TablePresenter
from cogs.desk.presenters.thread import ThreadPresenter
from cogs.desk.result import hand_ending_line
from cogs.desk.scene import Scene
from cogs.ui.components import TableMessage

Reply = Callable[[], Awaitable[None]]


async def _nothing() -> None:
    return None


async def _own_view(scene: Scene, user_id: int) -> TableMessage | None:
    """The mover's own hand after the change (None: nothing left to show them)."""
    record, game, renderer = scene.change.record, scene.change.game, scene.renderer
    seat = record.seat_of(user_id)
    if game is None or seat is None or renderer is None or not record.is_open:
        return None
    return await renderer.private(record, game, seat)


class AnswerPresenter:
    def __init__(self, hands: OpenHands, table: TablePresenter, thread: ThreadPresenter) -> None:
        self.hands = hands
        self.table = table
        self.thread = thread

    async def reply(self, scene: Scene, table: TableMessage) -> Reply:
        """The clicker's answer, to be sent once the lock is free (nothing without a click)."""
        click, record = scene.click, scene.change.record
        interaction = click.interaction
        if interaction is None:
            return _nothing
        mover = click.from_hand
        hand = await _own_view(scene, mover) if mover is not None else None

        async def reply() -> None:
            try:
                if mover is not None:
                    over = None if record.is_open else hand_ending_line(record, scene.change.game)
                    await self.hands.answer(record.id, interaction, hand, over)
                    return
                if click.starting:
                    click.moved = await self.thread.move(scene)
                if interaction.message is not None and not click.moved:
                    click.answered = await self.table.answer_in_place(record, table, interaction)
            finally:
                click.gate.set()

        return reply
