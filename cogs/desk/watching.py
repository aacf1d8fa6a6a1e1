"""The Watch button on a match's card in the channel (issue 39, item 2): a member without a
seat follows the match's thread (added to it, so it shows in their list), and pressing
again stops (removed from it). Watchers see what any member of the thread sees, which is
only what is public: hands and hints are private answers to seated players.

At the end the result is posted in the thread, and the watchers are mentioned under it,
in the thread, rather than sent a DM: they are members of that thread, so a mention
reaches them like a seated player's ping, wherever their DMs are closed to server bots
(often), and it leads to the result with its Replay and Match story buttons."""

from __future__ import annotations

import logging
import re
from typing import Any, Self

import discord

from bot.errors import Refusal
from bot.play.handles import WatchHandle
from bot.play.matches import MatchService
from bot.play.model import MatchRecord, MatchStatus
from bot.play.watching import Refused
from bot.process.app import Interaction
from cogs.ui.components import answer_privately, parse_ref, ref_of
from cogs.ui.desk_handle import desk_of
from cogs.ui.persistent import Persistent
from cogs.wording.i18n import _, ngettext, number

log = logging.getLogger(__name__)


class WatchButton(
    Persistent[discord.ui.Button[Any]],
    template=r"watch:(?P<match>\d+)(?:\.(?P<db>[0-9a-f]{1,16}))?",
):
    """Watch (or stop watching) the match, for whoever presses it on its card."""

    def __init__(self, ref: str, *, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="👀",
                style=discord.ButtonStyle.secondary,
                custom_id=f"watch:{ref}",
            )
        )
        self.match_id, self.database = parse_ref(ref)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(ref_of(match))

    async def clicked(self, interaction: Interaction) -> None:
        desk = desk_of(interaction.client)
        await desk.languages.hear(interaction)
        if await desk.clicks.from_elsewhere(interaction, self.database):
            return
        async with desk.clicks.refusals_answered(interaction):
            await press_watch(interaction, desk.matches, self.match_id)


def watch_button(record: MatchRecord) -> discord.ui.Item[Any]:
    """The card's Watch button, labelled in the language of the message being built."""
    return WatchButton(record.ref, label=_("Watch"))


def watching_line(count: int) -> str:
    """ "👀 3 watching", under a table or card; empty when nobody watches."""
    if count <= 0:
        return ""
    return "-# 👀 " + ngettext("{count} member watching", "{count} members watching", count).format(
        count=number(count)
    )


async def press_watch(interaction: Interaction, matches: MatchService, match_id: int) -> None:
    record = await matches.reads.get_match(match_id)
    if record is None or record.guild_id != interaction.guild_id:
        raise Refusal("match_gone")
    done = await matches.watchers.press(record, interaction.user.id)
    if isinstance(done, str):
        raise _refusal(done, record, matches.watchers)
    thread = f"<#{record.thread_id}>"
    assert record.thread_id is not None  # press refuses a match without a thread
    target: Any = interaction.client.get_channel(record.thread_id)
    try:
        if target is None:
            target = await interaction.client.fetch_channel(record.thread_id)
        if done.watching:
            await target.add_user(interaction.user)
        else:
            await target.remove_user(interaction.user)
    except discord.HTTPException as error:
        log.info(
            "watcher %s of match %s: thread refused (%s)", interaction.user.id, match_id, error
        )
        if done.watching:
            await matches.watchers.undo(record.id, interaction.user.id)
            raise Refusal("watch_not_added") from None
    if done.watching:
        text = _(
            "You're watching this match in {thread}: it is in your thread list, and you'll be "
            "mentioned when it ends. Press Watch again to stop."
        ).format(thread=thread)
    else:
        text = _("You've stopped watching this match and left {thread}.").format(thread=thread)
    await answer_privately(interaction, text)


def _refusal(why: Refused, record: MatchRecord, watchers: WatchHandle) -> Refusal:
    """Why the press was refused, with what its wording names (`watch_*` refusals)."""
    return Refusal(
        f"watch_{why}",
        thread=f"<#{record.thread_id}>",
        count=number(watchers.known_count(record.id)),
    )


async def tell_watchers(bot: discord.Client, watchers: WatchHandle, record: MatchRecord) -> None:
    """The match is over and its result posted in its thread: mention its watchers there,
    in the thread's language being read, and forget them."""
    watching = await watchers.ended(record.id)
    thread: Any = bot.get_channel(record.played_in)
    if not watching or not isinstance(thread, discord.abc.Messageable):
        return
    mentions = " ".join(f"<@{user_id}>" for user_id in watching)
    if record.status == MatchStatus.FINISHED:
        text = _("The match you were watching has ended: its result is just above.")
    else:
        text = _("The match you were watching ended early: the table above says why.")
    try:
        await thread.send(
            f"{mentions} {text}", allowed_mentions=discord.AllowedMentions(users=True)
        )
    except discord.HTTPException:
        log.debug("the watchers of match %s could not be told the result", record.id)
