"""Turn mentions and reminders, without flooding the channel.

A member is mentioned when their turn starts, unless they have just been playing (then
they are watching already), and reminded once before the deadline. Their ping message is
deleted as soon as they have moved, so at most one ping per waiting member stays up. A
server's moderators can turn both off with `/games reminders`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.matches import Change
from bot.storage import MatchRecord, Store, TurnDue
from cogs.wording import i18n
from cogs.wording.i18n import _, number
from cogs.wording.language import Languages

log = logging.getLogger(__name__)

ACTIVE_WINDOW = 60.0  # seconds: a member who acted this recently needs no mention


class Pings:
    def __init__(
        self,
        bot: discord.Client,
        storage: Store,
        clock: Callable[[], float],
        languages: Languages,
        title: Callable[[str], str],
    ) -> None:
        self.bot = bot
        self.storage = storage
        self.clock = clock
        self.languages = languages  # pings are public: in the server's language
        self.title = title
        self._seen: dict[tuple[int, int], float] = {}  # (match, member) -> last action
        # match -> member -> (ping message id, the turn deadline it was about)
        self._out: dict[int, dict[int, tuple[int, TurnDue | None]]] = {}
        self._enabled: dict[int, bool] = {}  # guild -> setting, as last read or set

    def seen(self, match_id: int, user_id: int) -> None:
        """The member just did something in this match, so they are at the table."""
        self._seen[(match_id, user_id)] = self.clock()

    async def enabled(self, guild_id: int) -> bool:
        if guild_id not in self._enabled:
            self._enabled[guild_id] = await self.storage.reminders_on(guild_id)
        return self._enabled[guild_id]

    async def set_enabled(self, guild_id: int, on: bool) -> None:
        await self.storage.set_reminders(guild_id, on)
        self._enabled[guild_id] = on

    @staticmethod
    def waiting(change: Change) -> list[int]:
        """Members (not AI seats) the game waits on now."""
        record, game = change.record, change.game
        if not record.is_open or game is None:
            return []
        seats = [record.seats[s] for s in game.to_act()]
        return [s.user_id for s in seats if s.ai is None and s.user_id is not None]

    async def after_change(self, change: Change) -> None:
        """Take down the pings of members who moved, or whose turn (its deadline) has
        changed since; mention those whose turn began."""
        record = change.record
        waiting = self.waiting(change)
        turn = record.turn_due
        out = self._out.setdefault(record.id, {})
        for user_id in [u for u, (_id, about) in out.items() if u not in waiting or about != turn]:
            await self._take_down(record.played_in, out.pop(user_id)[0])
        if not record.is_open:
            self._forget(record.id)
            return
        if not waiting or not await self.enabled(record.guild_id):
            return
        now = self.clock()
        for user_id in waiting:
            recent = now - self._seen.get((record.id, user_id), -ACTIVE_WINDOW) < ACTIVE_WINDOW
            if user_id in out or recent:
                continue
            with i18n.reading(await self.languages.server(record.guild_id)):
                text = _("<@{user}>, it's your turn in {title}.").format(
                    user=user_id, title=self.title(record.game)
                )
            await self._post(record, user_id, text)

    async def remind(self, change: Change) -> None:
        """The deadline is near: one reminder to each member still to move."""
        record = change.record
        if not await self.enabled(record.guild_id):
            return
        due = record.turn_due
        left = max(0, round(due.at - self.clock())) if due else 0
        out = self._out.setdefault(record.id, {})
        for user_id in self.waiting(change):
            if user_id in out:
                await self._take_down(record.played_in, out.pop(user_id)[0])
            with i18n.reading(await self.languages.server(record.guild_id)):
                text = _(
                    "⏰ <@{user}>, {seconds} seconds left to move in {title}; then the bot moves "
                    "for you."
                ).format(user=user_id, seconds=number(left), title=self.title(record.game))
            await self._post(record, user_id, text)

    async def _post(self, record: MatchRecord, user_id: int, text: str) -> None:
        channel_id = record.played_in
        channel = self.bot.get_channel(channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return
        try:
            message = await channel.send(
                text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)])
            )
        except discord.HTTPException:
            log.debug("no ping could be posted in channel %s", channel_id)
            return
        self._out.setdefault(record.id, {})[user_id] = (message.id, record.turn_due)

    async def _take_down(self, channel_id: int, message_id: int) -> None:
        channel: Any = self.bot.get_channel(channel_id)
        if channel is None:
            return
        try:
            await channel.get_partial_message(message_id).delete()
        except discord.HTTPException:
            log.debug("ping %s was already gone", message_id)

    def _forget(self, match_id: int) -> None:
        self._out.pop(match_id, None)
        for key in [key for key in self._seen if key[0] == match_id]:
            del self._seen[key]
