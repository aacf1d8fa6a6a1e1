"""The live table inside Discord, as an Activity (issue 47, item 3): the Discord side.

When the Activity is on (`settings.activity`: a live table and the application's client
secret), every open match's table offers "Open the table", which Discord answers by opening
the Activity in that channel or thread (the LAUNCH_ACTIVITY answer, callback type 12), and
the application's Entry Point command (the App Launcher's way in) is kept in every command
sync. Either way, the Activity's page (cogs/live/activity.py) then opens the table of the
match played where it was opened. Without the setting, none of this exists.
"""

from __future__ import annotations

import logging
import re
from typing import Any, Self, cast

import discord
from discord import app_commands
from discord.app_commands import TranslationContext
from discord.app_commands import TranslationContextLocation as Where

from bot.errors import Refusal
from bot.play.model import MatchRecord, MatchStatus
from bot.process.app import Interaction, TabletopBot
from bot.process.command_tree import ENTRY_POINT, CommandTree
from cogs.desk.desk import desk_of_bot
from cogs.ui.components import heard, ref_of
from cogs.ui.persistent import Persistent
from cogs.wording.commands_i18n import TEXT_LIMIT, slash, slash_text, valid_name
from cogs.wording.i18n import _

log = logging.getLogger(__name__)

# The Entry Point's handler: Discord opens the Activity itself, and no interaction reaches
# the bot (DISCORD_LAUNCH_ACTIVITY).
DISCORD_LAUNCHES = 2
GUILD_INSTALL = 0  # integration type: installed to a server
IN_A_SERVER = 0  # interaction context: a server's channel
ENTRY_NAME = slash("command", "table")
ENTRY_DESCRIPTION = slash_text("Open the live table of the game played here.")


class OpenTableButton(
    Persistent[discord.ui.Button[Any]],
    template=r"activity:(?P<match>\d+)(?:\.(?P<db>[0-9a-f]{1,16}))?",
):
    """Opens the Activity where the table is; the Activity finds the match by its channel."""

    def __init__(self, ref: str, *, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                emoji="🚀",  # what Discord shows on its own Activities button
                custom_id=f"activity:{ref}",
            )
        )

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(ref_of(match))

    async def clicked(self, interaction: Interaction) -> None:
        clicks = await heard(interaction)  # a refusal is worded in the member's language
        async with clicks.refusals_answered(interaction):
            try:
                await interaction.response.launch_activity()
            except discord.HTTPException as error:
                log.warning("the Activity could not be launched (%s %s)", error.status, error.code)
                raise Refusal("no_activity_here") from None


def open_table_button(record: MatchRecord) -> discord.ui.Item[Any] | None:
    """The table's "Open the table", while its match is being played."""
    if record.status != MatchStatus.PLAYING:
        return None
    return OpenTableButton(record.ref, label=_("Open the table"))


async def entry_point(translator: app_commands.Translator | None) -> dict[str, Any]:
    """The Entry Point command's JSON, named and described in every language we speak."""
    payload: dict[str, Any] = {
        "name": ENTRY_NAME.message,
        "description": ENTRY_DESCRIPTION.message,
        "type": ENTRY_POINT,
        "handler": DISCORD_LAUNCHES,
        "integration_types": [GUILD_INSTALL],
        "contexts": [IN_A_SERVER],
    }
    if translator is None:
        return payload
    # discord.py's contexts name the command objects it models; this command is none of them.
    context: TranslationContext[Any, None] = TranslationContext(location=Where.other, data=None)
    for key, text, fitted in (
        ("name_localizations", ENTRY_NAME, valid_name),
        ("description_localizations", ENTRY_DESCRIPTION, lambda worded: worded[:TEXT_LIMIT]),
    ):
        localized = {}
        for locale in discord.Locale:
            worded = await translator.translate(text, locale, context)
            if worded is not None and fitted(worded) is not None:
                localized[locale.value] = fitted(worded)
        if localized:
            payload[key] = localized
    return payload


async def setup(bot: TabletopBot) -> None:
    if not bot.settings.activity:
        return
    bot.add_dynamic_items(OpenTableButton)
    desk_of_bot(bot).renderers.table_buttons.append(open_table_button)
    cast(CommandTree, bot.tree).entry_point = entry_point
