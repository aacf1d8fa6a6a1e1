"""Turn mentions, notices and reminders, without flooding the channel.

Live, a member is mentioned when their turn starts, unless they have just been playing
(then they are watching already), and reminded once before the deadline. At a slow pace
(relaxed and slower) each member hears of their turn once, as they chose with `/games
notify`: a mention where the match is played, a DM with a link to the table, or nothing;
a DM Discord refuses becomes the mention. The first turn is told to everyone it waits on,
as a click in the lobby is no sign of watching the table. Once the member has moved,
their mention is deleted and their DM says it's done, so at most one notice per waiting
member stays up; the notices that are up are kept in the database, so this holds across
a restart. A server's moderators can turn mentions off with `/games reminders`; a
member's DMs are their own choice and still go.

Through a member's quiet hours (`/games quiet`) a slow match's notice or reminder to them
is held (bot/play/quiet.py keeps it, across a restart too) and sent when those end, if its
turn still runs then and still waits on them; the deadline does not move, so one whose
quiet hours outlast it is not held at all. Live matches notify as ever.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Callable

import discord

from bot.play.events import STARTED, TIMED_OUT
from bot.play.handles import QuietHandle
from bot.play.matches import Change
from bot.play.model import HeldNotice, MatchRecord, MatchStatus, TurnNotice
from bot.rules.pace import SLOW
from bot.storage import StorageError
from bot.storage.doors import MEMBER, SERVER, MatchReads, ScopedSettings, TurnNotices
from bot.storage.setting import Setting, is_bool, one_of
from cogs.tools.sending import MatchSenders, Send
from cogs.wording import i18n
from cogs.wording.i18n import _, number
from cogs.wording.language import Languages
from cogs.wording.pace_words import when

log = logging.getLogger(__name__)

ACTIVE_WINDOW = 60.0  # seconds: a member who acted this recently needs no mention
HOWS = ("mention", "dm", "off")  # how a member hears of a slow match's turn

# The settings this module owns: whether a server's turns are told (mentions, reminders),
# and how a member hears of their turn (None: a mention).
REMINDERS: Setting[bool] = Setting(SERVER, "reminders", True, __name__, accepts=is_bool)
NOTIFY_HOW: Setting[str | None] = Setting(MEMBER, "notify", None, __name__, accepts=one_of(*HOWS))


class Pings:
    def __init__(
        self,
        bot: discord.Client,
        scoped: ScopedSettings,
        notices: TurnNotices,
        clock: Callable[[], float],
        languages: Languages,
        title: Callable[[str], str],
        senders: MatchSenders,
        quiet: QuietHandle,
        reads: MatchReads,
    ) -> None:
        self.bot = bot
        self.senders = senders
        self.scoped = scoped
        self.notices = notices
        self.quiet = quiet
        self.reads = reads  # a held notice's match, as it is when the notice may go
        self.clock = clock
        self.languages = languages  # mentions in the server's language, DMs in the member's
        self.title = title
        self._seen: dict[tuple[int, int], float] = {}  # (match, member) -> last action
        # match -> member -> their notice up, as kept in the database (read once a match)
        self._out: dict[int, dict[int, TurnNotice]] = {}
        self._enabled: dict[int, bool] = {}  # guild -> setting, as last read or set
        self._how: dict[int, str | None] = {}  # member -> how they hear, as last read or set

    def seen(self, match_id: int, user_id: int) -> None:
        """The member just did something in this match, so they are at the table."""
        self._seen[(match_id, user_id)] = self.clock()

    async def enabled(self, guild_id: int) -> bool:
        if guild_id not in self._enabled:
            self._enabled[guild_id] = await REMINDERS.read(self.scoped, guild_id)
        return self._enabled[guild_id]

    async def set_enabled(self, guild_id: int, on: bool) -> None:
        await REMINDERS.write(self.scoped, guild_id, on)
        self._enabled[guild_id] = on

    async def how(self, user_id: int) -> str:
        """How the member hears of their turn in a slow match (a mention unless they chose)."""
        if user_id not in self._how:
            self._how[user_id] = await NOTIFY_HOW.read(self.scoped, user_id)
        return self._how[user_id] or "mention"

    async def set_how(self, user_id: int, how: str) -> None:
        await NOTIFY_HOW.write(self.scoped, user_id, how)
        self._how[user_id] = how

    @staticmethod
    def waiting(change: Change) -> list[int]:
        """Members (not AI seats) the game waits on now."""
        record, game = change.record, change.game
        if not record.is_open or game is None:
            return []
        seats = [record.seats[s] for s in game.to_act()]
        return [s.user_id for s in seats if s.ai is None and s.user_id is not None]

    def after(self, change: Change) -> Send:
        """The notices `change` calls for, as a send for the match's sender: who the game
        waits on is read now, under the match lock, and the record as it is now kept."""
        frozen, waiting = _frozen(change), self.waiting(change)

        async def send() -> None:
            _where(frozen.record, change.record)  # a table may have moved to its thread since
            await self.after_change(frozen, waiting)

        return Send(None, send)

    async def after_change(self, change: Change, waiting: list[int] | None = None) -> None:
        """Take down the notices of members who moved, or whose turn (its deadline) has
        changed since; tell those whose turn began."""
        record = change.record
        if waiting is None:
            waiting = self.waiting(change)
        turn = record.turn_due
        out = await self._up(record)
        for user_id in [u for u, sent in out.items() if u not in waiting or sent.about != turn]:
            await self._take_down(change, out.pop(user_id))
        held = await self.quiet.held_in(record.id)
        for stale in [h for u, h in held.items() if u not in waiting or h.about != turn]:
            await self.quiet.drop(stale)
        if not record.is_open:
            self._forget(record.id)
            return
        if not waiting:
            return
        mentions = await self.enabled(record.guild_id)
        now = self.clock()
        # Nothing but a later change could send a notice skipped now, and a slow match may
        # wait a day for one: its first turn is told to everyone, whoever just joined.
        first = record.pace in SLOW and any(e.kind == STARTED for e in change.events)
        for user_id in waiting:
            recent = now - self._seen.get((record.id, user_id), -ACTIVE_WINDOW) < ACTIVE_WINDOW
            if user_id not in out and user_id not in held and (first or not recent):
                await self._notify(record, user_id, mentions, reminder=False)

    async def remind(self, change: Change) -> None:
        """The deadline is near: queue one reminder to each member still to move, in place
        of the notice they had (decided now, under the match lock; sent by its sender)."""
        frozen, waiting = _frozen(change), self.waiting(change)

        async def send() -> None:
            _where(frozen.record, change.record)
            await self._remind(frozen, waiting)

        self.senders.queue(change.record.id, [Send(None, send)])

    async def _remind(self, change: Change, waiting: list[int]) -> None:
        record = change.record
        mentions = await self.enabled(record.guild_id)
        for user_id in waiting:
            if await self._held_back(record, user_id, mentions, reminder=True):
                continue  # the notice up, if any, stays until the reminder goes
            await self._remind_one(change, user_id, mentions)

    async def _remind_one(self, change: Change, user_id: int, mentions: bool) -> None:
        """The member's reminder, in place of the notice they had up."""
        out = await self._up(change.record)
        if user_id in out:
            await self._take_down(change, out.pop(user_id), replaced=True)
        await self._notify(change.record, user_id, mentions, reminder=True)

    async def release(self, held: HeldNotice) -> None:
        """The member's quiet hours are over: queue their held notice on the match's
        sender, to be sent if it still applies when its turn comes (nothing the match
        showed since has dropped it, the match still runs the turn it was about)."""

        async def send() -> None:
            if (await self.quiet.held_in(held.match_id)).get(held.user_id) != held:
                return  # dropped or held anew since
            await self.quiet.drop(held)
            record = await self.reads.get_match(held.match_id)
            if record is None or not record.is_open or record.turn_due != held.about:
                return
            mentions = await self.enabled(record.guild_id)
            if held.reminder:
                await self._remind_one(Change(record, None), held.user_id, mentions)
            else:
                await self._notify(record, held.user_id, mentions, reminder=False)

        self.senders.queue(held.match_id, [Send(None, send)])

    async def _held_back(
        self, record: MatchRecord, user_id: int, mentions: bool, *, reminder: bool
    ) -> bool:
        """Whether the member's notice (or reminder) waits for their quiet hours: held to
        their end when that comes before the deadline; dropped when it does not, as the
        bot will have moved for them by then. False when it goes now (a live match, no
        quiet hours now), or would not go at all (how they chose to hear, the server's
        mentions), so nothing is held for nothing."""
        if record.pace not in SLOW:
            return False
        how = await self.how(user_id)
        if how == "off" or (how == "mention" and not mentions):
            return False
        ends = await self.quiet.ends(user_id)
        if ends is None:
            return False
        due = record.turn_due
        if due is not None and ends < due.at:
            held = HeldNotice(record.id, user_id, due, reminder, ends, record.guild_id)
            await self.quiet.hold(held)
        return True

    async def _up(self, record: MatchRecord) -> dict[int, TurnNotice]:
        """The match's notices that are up: as kept in the database when this process
        first meets the match (so a restart forgets none), then as sent and taken down."""
        out = self._out.get(record.id)
        if out is None:
            kept = (
                []
                if record.status == MatchStatus.LOBBY
                else await self.notices.turn_notices(record.id)
            )
            out = self._out[record.id] = {notice.user_id: notice for notice in kept}
        return out

    async def _keep(self, notice: TurnNotice) -> None:
        self._out.setdefault(notice.match_id, {})[notice.user_id] = notice
        try:
            await self.notices.keep_turn_notice(notice)
        except StorageError:  # the notice is up all the same, if only until a restart
            log.warning("turn notice %s of match %s not kept", notice.message_id, notice.match_id)

    async def _notify(
        self, record: MatchRecord, user_id: int, mentions: bool, *, reminder: bool
    ) -> None:
        """The member's turn notice (or reminder) the way they hear it: a slow match's by
        their choice, falling back to the mention (when the server has mentions on) when a
        DM can't be sent."""
        how = await self.how(user_id) if record.pace in SLOW else "mention"
        if how == "off":
            return
        if not reminder and await self._held_back(record, user_id, mentions, reminder=False):
            return
        if how == "dm" and await self._send_dm(record, user_id, reminder):
            return
        if not mentions:
            return
        with i18n.reading(await self.languages.server(record.guild_id)):
            text = self._mention_text(record, user_id, reminder)
        await self._post(record, user_id, text)

    def _mention_text(self, record: MatchRecord, user_id: int, reminder: bool) -> str:
        title, due = self.title(record.game), record.turn_due
        if record.pace in SLOW and due is not None:
            if reminder:
                return _(
                    "⏰ <@{user}>, your turn in {title} ends {when}; then the bot moves for you."
                ).format(user=user_id, title=title, when=when(due.at))
            return _("<@{user}>, it's your turn in {title}; it ends {when}.").format(
                user=user_id, title=title, when=when(due.at)
            )
        if reminder:
            left = max(0, round(due.at - self.clock())) if due else 0
            return _(
                "⏰ <@{user}>, {seconds} seconds left to move in {title}; then the bot moves "
                "for you."
            ).format(user=user_id, seconds=number(left), title=title)
        return _("<@{user}>, it's your turn in {title}.").format(user=user_id, title=title)

    async def _send_dm(self, record: MatchRecord, user_id: int, reminder: bool) -> bool:
        """DM the member their notice with a link to the table; False when Discord refuses
        (closed DMs, an unknown user), so the mention goes instead."""
        with i18n.reading(await self.languages.of_member(user_id, record.guild_id)):
            text = self._dm_text(record, reminder)
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            message = await user.send(text)
        except discord.HTTPException as error:
            log.debug(
                "no DM to user %s (%s %s): mentioned instead", user_id, error.status, error.code
            )
            return False
        await self._keep(
            TurnNotice(record.id, user_id, message.channel.id, message.id, record.turn_due, True)
        )
        return True

    def _dm_text(self, record: MatchRecord, reminder: bool) -> str:
        title, link = self.title(record.game), self._table_link(record)
        at = when(record.turn_due.at) if record.turn_due is not None else ""
        if reminder:
            return _(
                "⏰ Your turn in {title} ends {when}; then the bot moves for you. The table: {link}"
            ).format(title=title, when=at, link=link)
        return _("It's your turn in {title}; it ends {when}. The table: {link}").format(
            title=title, when=at, link=link
        )

    def _table_link(self, record: MatchRecord) -> str:
        """A jump link to the match's table message (to where it is played, if none yet)."""
        channel = self.bot.get_partial_messageable(record.played_in, guild_id=record.guild_id)
        if record.message_id is None:
            return channel.jump_url
        return channel.get_partial_message(record.message_id).jump_url

    async def _post(self, record: MatchRecord, user_id: int, text: str) -> None:
        channel = self.bot.get_channel(record.played_in)
        if not isinstance(channel, discord.abc.Messageable):
            return
        try:
            message = await channel.send(
                text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)])
            )
        except discord.HTTPException:
            log.debug("no ping could be posted in channel %s", record.played_in)
            return
        await self._keep(TurnNotice(record.id, user_id, channel.id, message.id, record.turn_due))

    async def _take_down(self, change: Change, sent: TurnNotice, *, replaced: bool = False) -> None:
        """A mention is deleted; so is a DM a reminder replaces, and any other DM is edited
        to say the turn is over."""
        user_id = sent.user_id
        try:
            await self.notices.drop_turn_notice(sent.match_id, user_id)
        except StorageError:  # a restart may take it down again: deleting twice is harmless
            log.warning("turn notice %s of match %s not forgotten", sent.message_id, sent.match_id)
        message = self.bot.get_partial_messageable(sent.channel_id).get_partial_message(
            sent.message_id
        )
        try:
            if not sent.dm or replaced:
                await message.delete()
            else:
                record = change.record
                with i18n.reading(await self.languages.of_member(user_id, record.guild_id)):
                    text = self._done_text(change, user_id)
                await message.edit(content=text)
        except discord.HTTPException:
            log.debug("notice %s was already gone", sent.message_id)

    def _done_text(self, change: Change, user_id: int) -> str:
        record, title = change.record, self.title(change.record.game)
        seat = record.seat_of(user_id)
        timed_out = any(e.kind == TIMED_OUT and e.data.get("seat") == seat for e in change.events)
        if timed_out:
            return _("Time's up in {title}: the bot moved for you.").format(title=title)
        if not record.is_open:
            return _("Over: {title} has ended.").format(title=title)
        return _("Done: you moved in {title}.").format(title=title)

    def _forget(self, match_id: int) -> None:
        self._out.pop(match_id, None)  # emptied by the take-downs, in the database too
        for key in [key for key in self._seen if key[0] == match_id]:
            del self._seen[key]


def _frozen(change: Change) -> Change:
    """The change as it is now, for a send that runs after the lock: the record copied (a
    later change edits the live one), the game left out (who it waits on is read first)."""
    return Change(copy.copy(change.record), None, list(change.events), change.notice)


def _where(frozen: MatchRecord, live: MatchRecord) -> None:
    """Where the live match's table is now, for a notice's link and place."""
    frozen.thread_id, frozen.message_id = live.thread_id, live.message_id
