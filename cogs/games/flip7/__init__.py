"""`/flip7`: Flip 7: With a Vengeance in a channel — the start command and the table's look."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.storage import MatchRecord
from bot.texts import _, event_text
from cogs.components import GameRenderer, MoveButton, TableMessage
from cogs.game_commands import GameCommands, add_game
from cogs.games.flip7.texts import TEXTS
from engines.base import Decision, Event, Game
from engines.flip7 import HIT, STAY, Flip7Game, card_label

KEY = "flip7"
COLOUR = discord.Colour.from_rgb(231, 76, 60)
EVENTS_SHOWN = 6
FIELD_LIMIT = 1024


def _status(status: str) -> str:
    return {
        "active": _("🟢 in"),
        "stayed": _("✋ stayed"),
        "busted": _("💥 busted"),
        "flip7": _("🌟 FLIP 7"),
    }.get(status, status)


def _chip(card: int) -> str:
    return f"`{card_label(card)}`"


class Flip7Renderer(GameRenderer):
    async def table(self, record: MatchRecord, game: Game) -> TableMessage:
        assert isinstance(game, Flip7Game)
        view = game.view(None)
        names = self.names(record)
        mode = _(" · brutal") if view.brutal else ""
        embed = discord.Embed(
            title=_("{title} — round {round}").format(title=self.texts.title, round=view.round),
            colour=COLOUR,
            description=_(
                "Goal **{goal}**{mode} · 🃏 dealer **{dealer}** · draw pile **{draw}** · "
                "discards {discards}"
            ).format(
                goal=view.goal,
                mode=mode,
                dealer=names[view.dealer],
                draw=view.draw_pile,
                discards=view.discard_pile,
            ),
        )
        acting = game.to_act()
        for seat, player in enumerate(view.players):
            pointer = "▶️ " if seat in acting and record.is_open else ""
            row = " ".join(_chip(card) for card in player.row) or "—"
            score = _("this round **{score}** · total **{total}**").format(
                score=player.round_score, total=player.total
            )
            embed.add_field(
                name=f"{pointer}{names[seat]} · {_status(player.status)}",
                value=f"{row}\n{score}",
                inline=False,
            )
        summary = self._last_round(record)
        if summary is not None:
            embed.add_field(name=summary[0], value=summary[1][:FIELD_LIMIT], inline=False)
        recent = self.recent_lines(record, EVENTS_SHOWN)
        if recent:
            embed.add_field(
                name=_("Last events"), value="\n".join(recent)[-FIELD_LIMIT:], inline=False
            )
        items: list[discord.ui.Item[Any]] = []
        if record.is_open and acting:
            seat = acting[0]
            decision = game.decision(seat)
            if record.seats[seat].ai:
                embed.set_footer(text=_("🤖 {name} is thinking…").format(name=names[seat]))
            elif decision is not None:
                embed.set_footer(text=self.texts.decision(decision, names))
                items = self._controls(record, game, decision)
        return TableMessage([embed], items)

    def _last_round(self, record: MatchRecord) -> tuple[str, str] | None:
        """The latest round's end with every seat's score, kept on the table until the next
        round ends (it may be further back than the last few events)."""
        logged = [e for e in record.extra.get("log", []) if isinstance(e, dict)]
        ends = [i for i, e in enumerate(logged) if e["kind"] == "round_end"]
        if not ends:
            return None
        end = ends[-1]
        start = ends[-2] + 1 if len(ends) > 1 else 0
        names = self.names(record)
        scores = [
            event_text(self.texts, Event.from_dict(e), names)
            for e in logged[start:end]
            if e["kind"] == "round_score"
        ]
        heading = event_text(self.texts, Event.from_dict(logged[end]), names)
        return heading, "\n".join(scores) or "—"

    def _controls(
        self, record: MatchRecord, game: Game, decision: Decision
    ) -> list[discord.ui.Item[Any]]:
        if decision.kind != "hit_or_stay":
            return self.option_items(
                record, game, decision, self.texts.decision(decision, self.names(record))
            )
        epoch = game.epoch()
        return [
            MoveButton(
                record.id,
                epoch,
                HIT.code,
                label=_("Hit"),
                emoji="🃏",
                style=discord.ButtonStyle.success,
                disabled=HIT not in decision.options,
            ),
            MoveButton(
                record.id,
                epoch,
                STAY.code,
                label=_("Stay"),
                emoji="✋",
                style=discord.ButtonStyle.secondary,
                disabled=STAY not in decision.options,
            ),
        ]


class Flip7(GameCommands, group_name=KEY, group_description="Flip 7: With a Vengeance"):
    @app_commands.command(name="start", description="Open a Flip 7 lobby in this channel")
    @app_commands.describe(goal="Points to win (50–1000, default 200)", brutal="Brutal mode")
    @app_commands.guild_only()
    async def start(
        self,
        interaction: discord.Interaction[Any],
        goal: app_commands.Range[int, 50, 1000] = 200,
        brutal: bool = False,
    ) -> None:
        await self.desk.open_lobby(interaction, KEY, {"goal": goal, "brutal": brutal})


async def setup(bot: commands.Bot) -> None:
    await add_game(bot, Flip7Renderer(KEY, TEXTS), Flip7)
