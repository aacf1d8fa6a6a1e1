"""What each action a command can ask of a match in a channel does once its match is known,
and the pick from the list (`cogs.tools.match_choice`) that names it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.errors import Refusal
from bot.play.model import MatchRecord
from bot.process.app import Interaction
from cogs.tools.refusals import answers_refusals
from cogs.tools.renderers import Renderers

MatchAction = Callable[[Interaction, MatchRecord], Awaitable[None]]


class MatchChoices:
    """What each action does once its match is known, and the list that asks which."""

    def __init__(
        self, get_match: Callable[[int], Awaitable[MatchRecord | None]], renderers: Renderers
    ) -> None:
        self.get_match = get_match
        self.renderers = renderers  # whose texts word a refusal
        self.actions: dict[str, MatchAction] = {}

    def on(self, action: str, run: MatchAction) -> None:
        self.actions[action] = run

    @answers_refusals
    async def picked(self, interaction: Interaction, action: str, value: str) -> None:
        run = self.actions.get(action)
        record = await self.get_match(int(value)) if value.isdigit() else None
        if run is None or record is None or not record.is_open:
            raise Refusal("already_ended")
        if record.channel_id != interaction.channel_id:
            raise Refusal("other_channel")
        await run(interaction, record)
