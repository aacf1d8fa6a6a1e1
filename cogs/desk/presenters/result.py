"""The result presenter: a finished match's result, posted below its table with the race
of its rounds (`cogs.desk.result`, `cogs.desk.race`)."""

from __future__ import annotations

from functools import partial

import discord

from bot.play.matches import MatchService
from bot.play.model import MatchStatus
from cogs.desk.presenters.problems import ShowProblems
from cogs.desk.race import EVENTS_READ, attach_race, race_of
from cogs.desk.result import result_message
from cogs.desk.scene import Scene
from cogs.tools.sending import Send
from cogs.wording import i18n


class ResultPresenter:
    def __init__(self, bot: discord.Client, matches: MatchService, problems: ShowProblems) -> None:
        self.bot = bot
        self.matches = matches
        self.problems = problems

    def post(self, scene: Scene) -> list[Send]:
        """The result's post, when the change finished the match with an outcome."""
        change = scene.change
        if change.game is None or not change.game.outcome():
            return []
        if change.record.status != MatchStatus.FINISHED or scene.renderer is None:
            return []
        return [Send(None, partial(self._send, scene))]

    async def _send(self, scene: Scene) -> None:
        """Drawn when sent: its race reads the match's whole log, which the lock needn't
        wait for."""
        record, game, renderer = scene.change.record, scene.change.game, scene.renderer
        assert game is not None and renderer is not None
        logged = [event for _, event in await self.matches.reads.events(record.id, EVENTS_READ)]
        with i18n.reading(scene.language):
            result = result_message(record, game, renderer.texts)
            await attach_race(result, race_of(renderer, record, game, logged))
        channel = self.bot.get_channel(record.played_in)
        if not isinstance(channel, discord.abc.Messageable):
            return
        # The nonce makes Discord refuse a second copy, should a crash come before the
        # outbox is emptied and the restart post it again.
        sent = channel.send(**result.to_send(), nonce=f"result-{record.id}")
        if not await self.problems.shown(record, sent):
            await self.problems.tell(record, scene.click.interaction)
