"""The registered games' renderers by key, and the wording that needs a game's texts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.errors import Refusal
from bot.play.model import MatchRecord
from cogs.tools import permissions
from cogs.ui.components import GameRenderer
from cogs.wording import queue_words, quiet_words, tournament_words
from cogs.wording.replies import refusal_text
from cogs.wording.words import GameTexts


class Renderers:
    """Each game cog registers its renderer here; the rooms look games up by key."""

    def __init__(self) -> None:
        self._by_key: dict[str, GameRenderer] = {}
        # Buttons another surface puts on every open table (the live table's ways in), each
        # made for one match, or None where it offers nothing.
        self.table_buttons: list[TableButton] = []

    def register(self, renderer: GameRenderer) -> None:
        self._by_key[renderer.key] = renderer

    def __getitem__(self, game: str) -> GameRenderer:
        return self._by_key[game]

    def __contains__(self, game: object) -> bool:
        return game in self._by_key

    def games(self) -> list[str]:
        """The games plugged in, in the order they were."""
        return list(self._by_key)

    def get(self, game: str) -> GameRenderer | None:
        return self._by_key.get(game)

    def texts_of(self, game: str) -> GameTexts | None:
        renderer = self._by_key.get(game)
        return renderer.texts if renderer is not None else None

    def title(self, game: str) -> str:
        """A game's title; a match of a game whose plug-in the host removed shows its key."""
        texts = self.texts_of(game)
        return texts.title if texts is not None else game

    def refusal(self, error: Refusal) -> str:
        """A refusal in the reader's words, a tournament's and a queue's included."""
        if error.kind == "cannot_start":
            return permissions.cannot_start(error.data["lacking"])
        if error.kind == "bad_quiet_hours":
            return quiet_words.problem(error.data["problem"], error.data["typed"])
        return (
            tournament_words.refusal_text(error)
            or queue_words.refusal_text(error, self.title)
            or refusal_text(error, self.texts_of)
        )


TableButton = Callable[[MatchRecord], discord.ui.Item[Any] | None]
