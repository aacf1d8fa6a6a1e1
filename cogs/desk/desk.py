"""The Desk: the cog that holds the rooms every game shares, and wires them to the bot.

Each room has one job: `Renderers` knows the games, `Tables` posts and keeps the table
messages (drawn by `cogs.desk.drawing`), `Clicks` routes the buttons, `SharedCommands` does what
the shared slash commands ask; `Languages`, `OpenHands` and `Pings` serve them all.
"""

from __future__ import annotations

from collections.abc import Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.play.matches import MatchService
from bot.play.model import EndReason
from bot.process.app import Interaction
from cogs.desk.clicks import Clicks
from cogs.desk.elsewhere import ShownHere
from cogs.desk.presenters.hands import OpenHands
from cogs.desk.presenters.pings import Pings
from cogs.desk.shared_commands import SharedCommands
from cogs.desk.tables import Tables
from cogs.desk.threads import Threads
from cogs.tools.refusals import answer_refusal, checks_refused, refusal_in
from cogs.tools.renderers import Renderers
from cogs.tools.sending import MatchSenders
from cogs.ui.components import answer_privately
from cogs.wording import command_mentions, i18n
from cogs.wording.commands_i18n import StartWords
from cogs.wording.language import Languages
from cogs.wording.replies import RESTARTING, failure_answer


class Desk(commands.Cog):
    """Holds the rooms; buttons find it by name, and game cogs call its shared commands."""

    def __init__(self, bot: commands.Bot, matches: MatchService) -> None:
        self.bot = bot
        self.matches = matches
        self.renderers = Renderers()
        # Told of each game as it plugs in (its key, its slash name, how its options read),
        # by the commands made once per game elsewhere (the house rules').
        self.when_plugged: list[Callable[[str, app_commands.locale_str, StartWords], None]] = []
        self.languages = Languages(bot, matches.scoped, matches.failures)
        matches.server_language = self.languages.chosen
        # Each match's Discord calls go out after its lock, in order; a stop waits for them.
        gate = getattr(bot, "gate", None)
        self.senders = MatchSenders(gate.keep if gate is not None else None)
        self.hands = OpenHands(matches.clock, self.renderers)
        self.pings = Pings(
            bot,
            matches.scoped,
            matches.notices,
            matches.clock,
            self.languages,
            self.renderers.title,
            self.senders,
            matches.quiet,
            matches.reads,
        )
        self.threads = Threads(bot, matches)
        self.tables = Tables(
            bot,
            matches,
            self.renderers,
            self.languages,
            self.hands,
            self.pings,
            self.threads,
            self.senders,
        )
        self.clicks = Clicks(matches, self.renderers, self.tables, self.hands, self.pings)
        self.shared = SharedCommands(matches, self.renderers, self.tables, self.clicks)
        self._unshown_done = False
        # Shown only where the match's server is served, whichever process made the change.
        self.shown_here = ShownHere(matches, self.tables, gate.keep if gate is not None else None)
        matches.publish = self.shown_here.publish
        matches.remind = self.pings.remind
        matches.release = self.pings.release

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Connected: once a process, show what a crash left unshown (bot/play/outbox.py)."""
        if not self._unshown_done:
            self._unshown_done = True
            await self.tables.show_unshown()

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        match = await self.matches.reads.match_in_thread(payload.thread_id)
        await self.threads.gone(match, EndReason.THREAD_DELETED, self.tables.publish)

    @commands.Cog.listener()
    async def on_thread_update(self, before: discord.Thread, after: discord.Thread) -> None:
        if (before.archived, before.locked) == (after.archived, after.locked):
            return
        if not (after.archived or after.locked):
            return
        match = await self.matches.reads.match_in_thread(after.id)
        if match is not None and match.is_open:
            if self.threads.closed_by_someone(after, match):
                await self.threads.gone(match, EndReason.THREAD_CLOSED, self.tables.publish)
            else:
                await self.threads.reopen(after)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        for match in await self.matches.reads.open_matches_in_channel(channel.id):
            await self.threads.gone(match, EndReason.CHANNEL_DELETED, self.tables.publish)

    @commands.Cog.listener()
    async def on_commands_synced(self, synced: list[discord.app_commands.AppCommand]) -> None:
        command_mentions.remember(synced)

    async def answer_restarting(self, interaction: Interaction) -> None:
        """A click or command that came in while the bot stops: told so, in the member's
        language, and not taken (bot/process/service.py's gate lets none through). Once the
        database is closed, the member's saved choice can't be read: their Discord app's
        language is used."""
        if hasattr(self.bot, "storage"):
            await self.languages.hear(interaction)
        else:
            i18n.set_reader(i18n.supported(str(interaction.locale)) or i18n.SOURCE)
        await answer_privately(interaction, str(RESTARTING))

    async def before_command(self, interaction: Interaction) -> bool:
        """Every slash command first learns its member's language, then meets its checks:
        one that refuses is answered here and the command does not run."""
        await self.languages.hear(interaction)
        return not await checks_refused(self.renderers, interaction)

    async def answer_failure(self, interaction: Interaction, error: BaseException) -> None:
        """Answer a slash command that was refused (in its body or by a check) the one way
        refusals are, and one that failed in one short, true private line, not silence."""
        refusal = refusal_in(error)
        if refusal is not None:
            await answer_refusal(self.renderers, interaction, refusal)
            return
        await answer_privately(interaction, failure_answer(error))


def desk_of_bot(bot: commands.Bot) -> Desk:
    """The Desk cog, for the extensions that load after it (the /games group, the games, the
    live table). Its class is this module's: the Desk is loaded through
    `cogs.desk.extension`, so this module is imported once and the check holds."""
    desk = bot.get_cog("Desk")
    if not isinstance(desk, Desk):
        raise RuntimeError("cogs.desk.extension must load before the games")
    return desk
