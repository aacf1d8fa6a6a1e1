"""The Desk as the bot's extension: built, added as a cog and held by the bot
(`cogs.ui.desk_handle`), its buttons registered, and the slash commands' first step (the
member's language) and failure answer pointed at it.

discord.py runs an extension's module afresh at each load; keeping `setup` apart from the
Desk's own module leaves that one imported once, so its class is the one every cog names.
"""

from __future__ import annotations

from discord.ext import commands

from bot.process.app import TabletopBot
from cogs.desk.desk import Desk
from cogs.desk.watching import WatchButton
from cogs.tools.match_choice import MatchChoice
from cogs.ui.components import DYNAMIC_ITEMS
from cogs.ui.desk_handle import hold_desk
from cogs.wording.commands_i18n import CatalogTranslator


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, TabletopBot), "the Desk serves the bot that create_bot makes"
    desk = Desk(bot, bot.matches)
    await bot.add_cog(desk)
    hold_desk(bot, desk)
    bot.add_dynamic_items(*DYNAMIC_ITEMS, MatchChoice, WatchButton)
    # Every slash command first learns its member's language and meets its checks; a failed
    # one is answered in it. discord.py asks the tree for this check, and the tree exists
    # before the Desk does.
    bot.tree.interaction_check = desk.before_command  # type: ignore[method-assign]
    bot.answer_failure = desk.answer_failure
    bot.gate.answer_restarting = desk.answer_restarting
    await bot.tree.set_translator(CatalogTranslator())
