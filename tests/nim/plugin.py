"""Nim's plugin: texts, table and `/nim start`, loaded as `create_bot(extra_plugins=...)`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.storage import MatchRecord
from cogs.games.api import (
    GameCommands,
    GameRenderer,
    MoveButton,
    StartWords,
    TableMessage,
    add_game,
)
from cogs.wording.i18n import _
from cogs.wording.words import common_error
from engines.base import Action, Decision, Event, Game, Hint, IllegalMove
from tests.nim.engine import NIM, NimGame


class NimTexts:
    title = "Nim"

    def setting(self, name: str, value: Any) -> str | None:
        return _("{stones} stones").format(stones=value) if name == "stones" else None

    def event(self, event: Event, names: Sequence[str]) -> str:
        if event.kind == "heap":
            return _("The heap holds {stones} stones.").format(**event.data)
        if event.kind == "took":
            data = event.data
            return _("{name} took {stones}; {left} left.").format(
                name=names[data["seat"]], stones=data["stones"], left=data["left"]
            )
        if event.kind == "won":
            return _("{name} took the last stone and wins!").format(name=names[event.data["seat"]])
        raise KeyError(event.kind)  # a kind without words is a bug the conformance suite finds

    def decision(self, decision: Decision, names: Sequence[str]) -> str:
        return _("{name}: take 1, 2 or 3 stones.").format(name=names[decision.seat])

    def option(self, action: Action, view: object, names: Sequence[str]) -> str:
        return _("Take {stones}").format(stones=action.code[-1])

    def error(self, error: IllegalMove, names: Sequence[str]) -> str:
        if error.kind == "too_many":
            return _("Only {left} stones are left.").format(**error.data)
        return common_error(error, names)

    def score(self, score: int) -> str:
        return _("the last stone") if score else _("no last stone")

    def hint(self, hint: Hint, view: object, names: Sequence[str]) -> str:
        raise KeyError(hint.kind)  # Nim gives no hints

    def rules(self, options: Mapping[str, Any]) -> str:
        stones = options.get("stones", NIM.option("stones").default)
        return _("Take 1–3 of the {stones} stones in turn; the last stone wins.").format(
            stones=stones
        )


class NimRenderer(GameRenderer):
    async def table(self, record: MatchRecord, game: Game) -> TableMessage:
        assert isinstance(game, NimGame)
        view = game.view(None)
        embed = discord.Embed(title=f"Nim — {view.stones} stones")
        embed.description = "\n".join(self.recent_lines(record, 5)) or None
        items: list[discord.ui.Item[Any]] = []
        if record.is_open and view.turn is not None:
            decision = game.decision(view.turn)
            assert decision is not None
            embed.set_footer(text=self.texts.decision(decision, self.names(record)))
            items = [
                MoveButton(record.ref, game.epoch(), option.code, label=option.code)
                for option in decision.options
            ]
        return TableMessage([embed], items)


class Nim(GameCommands, group_name="nim", group_description="Nim"):
    start_words = StartWords(
        locale_str("Open a Nim lobby"),
        {
            "stones": (
                app_commands.locale_str("stones"),
                app_commands.locale_str("Stones in the heap"),
            )
        },
    )


async def setup(bot: commands.Bot) -> None:
    await add_game(bot, NimRenderer(NIM.key, NimTexts()), Nim)
