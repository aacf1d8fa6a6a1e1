"""The table's "Open in a browser" button (issue 47), put on every open match's table (the
desk's `table_buttons`) only when the live table is served: it answers privately with the
member's own link to the match's live table, or the watchers' link for a member without a
seat. The link is made by the live table's cog (cogs/live/cog.py), found by name."""

from __future__ import annotations

import re
from typing import Any, Protocol, Self, cast

import discord

from bot.errors import Refusal
from bot.play.model import MatchRecord
from bot.process.app import Interaction
from cogs.ui.components import heard, parse_ref, ref_of
from cogs.ui.persistent import Persistent
from cogs.wording.i18n import _


class LinkGiver(Protocol):
    async def answer_link(self, interaction: Interaction, match_id: int) -> None: ...


class BrowserButton(
    Persistent[discord.ui.Button[Any]],
    template=r"web:(?P<match>\d+)(?:\.(?P<db>[0-9a-f]{1,16}))?",
):
    def __init__(self, ref: str, *, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="🌐",
                style=discord.ButtonStyle.secondary,
                custom_id=f"web:{ref}",
            )
        )
        self.match_id, self.database = parse_ref(ref)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(ref_of(match))

    async def clicked(self, interaction: Interaction) -> None:
        clicks = await heard(interaction)
        if await clicks.from_elsewhere(interaction, self.database):
            return
        live = interaction.client.get_cog("LiveTable")
        async with clicks.refusals_answered(interaction):
            if live is None:  # the live table was turned off since this table was drawn
                raise Refusal("live_off")
            await cast(LinkGiver, live).answer_link(interaction, self.match_id)


def browser_button(record: MatchRecord) -> discord.ui.Item[Any]:
    """The button, labelled in the language of the table being drawn."""
    return BrowserButton(record.ref, label=_("Open in a browser"))
