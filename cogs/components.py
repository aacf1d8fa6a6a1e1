"""Table messages and the buttons and selects on them, shared by every game.

Buttons are DynamicItems whose custom ids carry the match (and, for moves, the moment
they belong to), so they keep working after a restart and stale ones can be told apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.storage import MatchRecord
from engines.base import Game

if TYPE_CHECKING:
    from cogs.table import Desk

SELECT_LIMIT = 25


@dataclass(slots=True)
class TableMessage:
    """One message's worth of content: embeds, interactive items and attachments."""

    embeds: list[discord.Embed]
    items: list[discord.ui.Item[Any]] = field(default_factory=list)
    files: list[discord.File] = field(default_factory=list)
    content: str | None = None

    def view(self) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        for item in self.items:
            view.add_item(item)
        return view


class Renderer(Protocol):
    """How one game draws itself; it reads the engine's views and holds no rules."""

    async def table(self, record: MatchRecord, game: Game) -> TableMessage: ...

    async def private(self, record: MatchRecord, game: Game, seat: int) -> TableMessage | None:
        """The seat's own hidden view (a hand), or None for a game with nothing hidden."""
        ...

    def rules(self) -> discord.Embed: ...


# -- buttons and selects ---------------------------------------------------------------


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"lobby:(?P<match>\d+):(?P<action>[a-z]+)",
):
    def __init__(
        self,
        match_id: int,
        action: str,
        *,
        label: str = "",
        style: discord.ButtonStyle = (discord.ButtonStyle.secondary),
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=style, disabled=disabled, custom_id=f"lobby:{match_id}:{action}"
            )
        )
        self.match_id, self.action = match_id, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Button[Any], match: Any
    ) -> LobbyButton:
        return cls(int(match["match"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await desk_of(interaction).lobby_click(interaction, self.match_id, self.action)


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"mv:(?P<match>\d+):(?P<stamp>\d+):(?P<code>[A-Za-z0-9_.\-]+)",
):
    def __init__(
        self,
        match_id: int,
        stamp: int,
        code: str,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        emoji: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=style,
                disabled=disabled,
                emoji=emoji,
                custom_id=f"mv:{match_id}:{stamp}:{code}",
            )
        )
        self.match_id, self.stamp, self.code = match_id, stamp, code

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Button[Any], match: Any
    ) -> MoveButton:
        return cls(int(match["match"]), int(match["stamp"]), match["code"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await desk_of(interaction).move(interaction, self.match_id, self.stamp, self.code)


class MoveSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"ms:(?P<match>\d+):(?P<stamp>\d+):(?P<slot>\d+)",
):
    """A choice among moves; each option's value is a move code. `slot` keeps ids unique."""

    def __init__(
        self,
        match_id: int,
        stamp: int,
        options: Sequence[tuple[str, str]] = (),
        *,
        placeholder: str | None = None,
        slot: int = 0,
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"ms:{match_id}:{stamp}:{slot}",
            placeholder=placeholder[:150] if placeholder else None,
            options=[
                discord.SelectOption(label=label[:100], value=code)
                for code, label in options[:SELECT_LIMIT]
            ]
            or [discord.SelectOption(label="-", value="-")],
        )
        super().__init__(select)
        self.match_id, self.stamp = match_id, stamp

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Select[Any], match: Any
    ) -> MoveSelect:
        return cls(int(match["match"]), int(match["stamp"]), slot=int(match["slot"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        code = self.item.values[0] if self.item.values else ""
        await desk_of(interaction).move(interaction, self.match_id, self.stamp, code)


class HandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"hand:(?P<match>\d+)",
):
    """Opens the clicking player's private view (their hand) as an ephemeral message."""

    def __init__(self, match_id: int, *, label: str = "Your hand") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.primary, custom_id=f"hand:{match_id}"
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Button[Any], match: Any
    ) -> HandButton:
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await desk_of(interaction).show_private(interaction, self.match_id)


DYNAMIC_ITEMS = (LobbyButton, MoveButton, MoveSelect, HandButton)


def desk_of(interaction: discord.Interaction[Any]) -> Desk:
    return interaction.client.get_cog("Desk")  # type: ignore[attr-defined,no-any-return]


async def refuse(interaction: discord.Interaction[Any], message: str) -> None:
    """Answer privately and briefly, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True)
    else:
        await interaction.response.send_message(message, ephemeral=True)
