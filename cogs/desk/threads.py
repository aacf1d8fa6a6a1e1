"""A thread per match: opened on the lobby message when the host starts, with the seated
members added; the lobby message stays in the channel as the match's card. After the end
Discord archives the thread by itself, an hour after its last message.

Discord gives a thread started from a message the message's id, so a match's card (its
lobby message, in the channel) is always `record.thread_id`.
"""

from __future__ import annotations

import logging
from typing import Any, Literal

import discord
from discord import app_commands

from bot.errors import Refusal
from bot.play.matches import MatchService, Publisher
from bot.play.model import EndReason, MatchRecord, MatchStatus
from bot.storage import StorageError
from bot.storage.doors import SERVER
from bot.storage.setting import Setting, one_of
from cogs.wording.commands_i18n import slash_text
from cogs.wording.i18n import _
from cogs.wording.names import plain
from cogs.wording.tournament_words import table_label

log = logging.getLogger(__name__)

NAME_LIMIT = 100  # Discord's limit on a thread's name
NAMES_SHOWN = 2  # players named in a thread's name; the others are counted
ArchiveMinutes = Literal[60, 1440, 4320, 10080]  # the durations Discord offers
LIVE_ARCHIVE: ArchiveMinutes = (
    1440  # minutes without a message before Discord archives a match's thread
)
SLOW_ARCHIVE: ArchiveMinutes = 10080  # the longest Discord allows, for matches that last days
ENDED_ARCHIVE: ArchiveMinutes = (
    60  # a finished match's thread archives an hour after its last message
)
ARCHIVE_SLACK = 300.0  # seconds: a thread archived this near its quiet time archived itself
THREAD_PERMISSIONS = ("create_public_threads", "send_messages_in_threads")
TABLE_PLACES = [
    app_commands.Choice(name=slash_text("In a thread of its own"), value="thread"),
    app_commands.Choice(name=slash_text("In the channel"), value="channel"),
]
# Where a server's new matches are played, which this module owns: "thread", "channel", or
# None (a thread wherever the bot may open one).
TABLES_WHERE: Setting[str | None] = Setting(
    SERVER, "tables_where", None, __name__, accepts=one_of("thread", "channel")
)


def thread_name(title: str, names: list[str]) -> str:
    """ "Flip 7 · ann, bob +2", within Discord's 100 characters."""
    shown = ", ".join(plain(name) for name in names[:NAMES_SHOWN])
    more = len(names) - NAMES_SHOWN
    if more > 0:
        name = _("{title} · {names} +{count}").format(title=title, names=shown, count=more)
    else:
        name = _("{title} · {names}").format(title=title, names=shown)
    return name[: NAME_LIMIT - 1] + "…" if len(name) > NAME_LIMIT else name


def lacking_for_threads(permissions: discord.Permissions) -> list[str]:
    """The permissions (their flags) the bot needs to play a match in a thread here."""
    return [flag for flag in THREAD_PERMISSIONS if not getattr(permissions, flag)]


class Threads:
    """Opens and closes the threads matches are played in."""

    def __init__(self, bot: discord.Client, matches: MatchService) -> None:
        self.bot = bot
        self.matches = matches

    @staticmethod
    def starting(record: MatchRecord) -> bool:
        """Whether the match has just begun and is to move to a thread of its own."""
        return (
            record.status == MatchStatus.PLAYING
            and record.thread_id is None
            and record.extra.where == "thread"
            and record.message_id is not None
        )

    async def open(self, record: MatchRecord, title: str) -> discord.Thread | None:
        """Open the match's thread on its lobby message and seat its members there; None
        when Discord or the database refuses (the match then stays in the channel)."""
        channel = self.bot.get_channel(record.channel_id)
        if not isinstance(channel, discord.TextChannel) or record.message_id is None:
            return None
        names = [seat.name for seat in record.seats]
        minutes: ArchiveMinutes = (
            LIVE_ARCHIVE if record.pace in ("live", "relaxed") else SLOW_ARCHIVE
        )
        try:
            thread = await channel.get_partial_message(record.message_id).create_thread(
                name=table_label(record.tournament_id, record.extra.table)
                or thread_name(title, names),
                auto_archive_duration=minutes,
            )
            await self.matches.set_thread(record, thread.id)
        except (discord.HTTPException, StorageError) as error:
            log.info("match %s stays in channel %s: no thread (%s)", record.id, channel.id, error)
            record.extra.where = "channel"
            return None
        for seat in record.seats:
            if seat.user_id is not None:
                await self._add(thread, seat.user_id)
        return thread

    async def _add(self, thread: discord.Thread, user_id: int) -> None:
        try:
            await thread.add_user(discord.Object(user_id))
        except discord.HTTPException:
            log.debug("member %s could not be added to thread %s", user_id, thread.id)

    async def wind_down(self, record: MatchRecord) -> None:
        """A match has ended: its thread archives itself an hour after its last message, so
        the result, Rematch and the story stay at hand meanwhile."""
        thread = self.thread_of(record)
        if thread is None:
            return
        try:
            await thread.edit(auto_archive_duration=ENDED_ARCHIVE)
        except discord.HTTPException:
            log.debug("thread %s keeps its archive time", thread.id)

    def thread_of(self, record: MatchRecord) -> discord.Thread | None:
        if record.thread_id is None:
            return None
        thread: Any = self.bot.get_channel(record.thread_id)
        return thread if isinstance(thread, discord.Thread) else None

    async def gone(self, match: MatchRecord | None, reason: EndReason, publish: Publisher) -> None:
        """A match's thread or channel was deleted, archived or locked by someone else: the
        match ends without a result (nobody could play on)."""
        if match is None or not match.is_open:
            return
        try:
            await self.matches.end(match.id, reason, "", publish)
        except Refusal:
            log.debug("match %s had already ended", match.id)

    def closed_by_someone(self, thread: discord.Thread, record: MatchRecord) -> bool:
        """Whether a thread's archiving or locking was someone's doing, not Discord's own
        archiving of a quiet thread (which the match's next message undoes)."""
        if thread.locked:
            return True
        quiet = self.matches.clock() - record.updated_at
        return quiet < thread.auto_archive_duration * 60 - ARCHIVE_SLACK

    async def reopen(self, thread: discord.Thread) -> None:
        """Undo Discord's archiving of a quiet thread whose match is still being played."""
        try:
            await thread.edit(archived=False)
        except discord.HTTPException:
            log.debug("thread %s stays archived until its next message", thread.id)
