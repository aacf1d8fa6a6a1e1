"""When a command typed in a channel could mean several of its matches: a short private list
to pick from (each with a jump link), never a guess. Picking one does what was asked."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Self

import discord

from bot.errors import Refusal
from bot.play.model import MatchRecord
from bot.process.app import Interaction
from cogs.tools.match_list import match_lines
from cogs.ui.desk_handle import desk_of
from cogs.ui.persistent import Persistent
from cogs.wording.i18n import _
from cogs.wording.names import plain
from cogs.wording.words import join_names, seat_names

SELECT_LIMIT = 25  # Discord's limit on a select's options
DESCRIPTION_LIMIT = 4000  # within Discord's 4,096 for an embed's description


def several(records: list[MatchRecord], action: str) -> Refusal:
    """The refusal that answers with the list (see `answer_choice`)."""
    return Refusal("several", records=records, action=action)


class MatchChoice(Persistent[discord.ui.Select[Any]], template=r"pick:do:(?P<action>[a-z]+)"):
    """A choice of match for a command that could mean several; each value is a match id."""

    def __init__(
        self, action: str, records: Sequence[MatchRecord] = (), title: Callable[[str], str] = str
    ) -> None:
        options = [
            discord.SelectOption(
                label=f"{title(r.game)} · {join_names(seat_names(r.seats, plain))}"[:100],
                value=str(r.id),
            )
            for r in records[:SELECT_LIMIT]
        ]
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"pick:do:{action}",
            placeholder=_("Pick the game"),
            options=options or [discord.SelectOption(label="-", value="-")],
        )
        super().__init__(select)
        self.action = action

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(match["action"])

    async def clicked(self, interaction: Interaction) -> None:
        chooser = desk_of(interaction.client).shared.choices
        value = self.item.values[0] if self.item.values else ""
        await chooser.picked(interaction, self.action, value)


async def answer_choice(
    interaction: Interaction, error: Refusal, title: Callable[[str], str]
) -> None:
    records: list[MatchRecord] = error.data["records"][:SELECT_LIMIT]
    lines = match_lines(records, interaction.user.id, title)
    while len("\n".join(lines)) > DESCRIPTION_LIMIT:
        lines.pop()  # the select still offers every one
    embed = discord.Embed(
        title=_("There are several games here. Which one do you mean?"),
        description="\n".join(lines),
    )
    view = discord.ui.View(timeout=None)
    view.add_item(MatchChoice(error.data["action"], records, title))
    view.stop()  # not kept by discord.py: the choice is a DynamicItem, routed by its id
    if interaction.response.is_done():
        await interaction.followup.send(embed=embed, view=view, ephemeral=True)
    else:
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
