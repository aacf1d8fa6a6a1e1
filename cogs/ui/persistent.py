"""The base of every button and select that keeps working after a restart: its custom id
holds all it needs, so discord.py rebuilds it from the id alone.

discord.py types an item's hooks for any client. This bot's items only ever hear this
bot's interactions, so the hooks are bridged once here and each item reads
`interaction.client` as the `TabletopBot` it is.
"""

from __future__ import annotations

import re
from typing import Any, Self, TypeVar

import discord

from bot.process.app import Interaction

ItemT = TypeVar("ItemT", bound=discord.ui.Item[Any])


class Persistent(discord.ui.DynamicItem[ItemT], template=r"(?!)"):  # a base: matches no id
    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any, /
    ) -> Self:
        return cls.from_match(match)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        """The item its custom id describes (the template's groups)."""
        raise NotImplementedError

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await self.clicked(interaction)

    async def clicked(self, interaction: Interaction) -> None:
        """What a member's click does."""
        raise NotImplementedError
