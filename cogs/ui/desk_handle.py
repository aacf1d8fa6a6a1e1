"""The Desk as the tables' buttons and selects see it: a typed handle each bot holds.

A button is rebuilt from its custom id by discord.py, with nothing but the interaction, so
it finds the Desk through `interaction.client`. The Desk registers itself here when it
loads (`hold_desk`), and a click reads it back with `desk_of`: typed by what the clicks
need (`DeskHandle`), which the Desk cog has, so this floor names no desk room. Kept beside
the bot rather than on it (bot/ names no cog), and weakly: a bot that is gone takes its
Desk along.
"""

from __future__ import annotations

import weakref
from contextlib import AbstractAsyncContextManager
from typing import Protocol

import discord

from bot.play.matches import MatchService
from bot.process.app import Interaction


class ClickHandler(Protocol):
    """What the table buttons call: the Desk's `Clicks`."""

    async def lobby_click(
        self, interaction: Interaction, match_id: int, action: str, stamp: int | None
    ) -> None: ...

    async def move(
        self, interaction: Interaction, match_id: int, stamp: int, code: str
    ) -> None: ...

    async def show_private(self, interaction: Interaction, match_id: int) -> None: ...

    async def hint(self, interaction: Interaction, match_id: int, stamp: int) -> None: ...

    async def pace_click(self, interaction: Interaction, match_id: int, pace: str) -> None: ...

    def refusals_answered(self, interaction: Interaction) -> AbstractAsyncContextManager[None]:
        """A refusal raised inside is answered the one way (`cogs.tools.refusals`)."""
        ...

    async def from_elsewhere(self, interaction: Interaction, database: str | None) -> bool: ...


class Hearing(Protocol):
    async def hear(self, interaction: Interaction) -> bool:
        """Learn the member's language from the interaction (and their saved choice)."""
        ...


class Choosing(Protocol):
    async def picked(self, interaction: Interaction, action: str, value: str) -> None:
        """A match picked from the list a command answered when it could mean several."""
        ...


class SharedHandle(Protocol):
    @property
    def choices(self) -> Choosing: ...


class DeskHandle(Protocol):
    """What a table's buttons and selects ask of the Desk."""

    @property
    def languages(self) -> Hearing: ...

    @property
    def clicks(self) -> ClickHandler: ...

    @property
    def shared(self) -> SharedHandle: ...

    @property
    def matches(self) -> MatchService: ...


_DESKS: weakref.WeakKeyDictionary[discord.Client, DeskHandle] = weakref.WeakKeyDictionary()


def hold_desk(client: discord.Client, desk: DeskHandle) -> None:
    """The Desk of this bot, from now on (the Desk's extension calls this as it loads)."""
    _DESKS[client] = desk


def desk_of(client: discord.Client) -> DeskHandle:
    """The Desk of the bot a click came to."""
    desk = _DESKS.get(client)
    if desk is None:
        raise RuntimeError("cogs.desk must load before any table is clicked")
    return desk
