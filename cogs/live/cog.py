"""The live table's cog: only when the settings turn it on (TABLE_PORT), it serves the table
(cogs/live/server.py) from the bot's start to its stop, and answers the tables' "Open in a
browser" button (cogs/desk/browser_button.py) with the member's own link, or the watchers'."""

from __future__ import annotations

from discord.ext import commands

from bot.errors import Refusal
from bot.process.app import Interaction, TabletopBot
from cogs.desk.desk import desk_of_bot
from cogs.live.activity import add_activity_routes
from cogs.live.browser_button import BrowserButton, browser_button
from cogs.live.server import TableServer
from cogs.tools.renderers import Renderers
from cogs.ui.components import answer_privately
from cogs.wording import i18n
from cogs.wording.i18n import _


class LiveTable(commands.Cog):
    """Found by name ("LiveTable") by the button that asks it for a link."""

    def __init__(self, bot: TabletopBot, server: TableServer, renderers: Renderers) -> None:
        self.bot = bot
        self.server = server
        self.renderers = renderers  # whose texts word a refusal

    async def cog_load(self) -> None:
        await self.server.start()

    async def cog_unload(self) -> None:
        await self.server.stop()

    async def answer_link(self, interaction: Interaction, match_id: int) -> None:
        """Privately, in the member's language (a refusal raised here is answered by the
        button's wrapper): their own link when they hold a seat (it
        shows their hand and plays their moves), else the match's public one."""
        record = await self.bot.matches.reads.get_match(match_id)
        if record is None or record.guild_id != interaction.guild_id:
            raise Refusal("match_gone")
        if not record.is_open:
            raise Refusal("already_ended")
        user_id = interaction.user.id
        if record.seat_of(user_id) is not None:
            link = self.server.member_link(record.id, user_id, i18n.reader())
            text = _(
                "Your own live table for this match, with your hand and your moves: {link}\n"
                "-# Keep it to yourself: it plays your seat until the match ends."
            )
        else:
            link = self.server.watch_link(record.id)
            text = _("Watch this match live in a browser: {link}")
        await answer_privately(interaction, text.format(link=f"<{link}>"))


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, TabletopBot), "the live table serves the bot that create_bot makes"
    settings = bot.settings
    if not settings.live_table or settings.table_port is None:
        return  # no live table: the bot runs as without it, and offers no button for it
    desk = desk_of_bot(bot)
    bot.add_dynamic_items(BrowserButton)
    desk.renderers.table_buttons.append(browser_button)
    server = TableServer(
        bot.matches,
        desk.renderers,
        desk.languages,
        settings.table_host,
        settings.table_port,
        settings.table_url,
        settings.link_secret,
        desk.pings.seen,
    )
    if settings.activity:  # the same table inside Discord (cogs/live/activity.py)
        add_activity_routes(server.app, bot, server.links)
    await bot.add_cog(LiveTable(bot, server, desk.renderers))
