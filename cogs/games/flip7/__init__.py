"""`/flip7`: Flip 7: With a Vengeance in a channel — commands and the table's look."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import spec_for
from bot.storage import MatchRecord
from cogs.components import MoveButton, MoveSelect, TableMessage
from cogs.game_commands import GameCommands
from cogs.table import Desk
from engines.base import Game

GAME = "flip7"
STATUS = {"active": "🟢 in", "stayed": "✋ stayed", "busted": "💥 busted", "flip7": "🌟 FLIP 7"}
COLOUR = discord.Colour.from_rgb(231, 76, 60)
EVENTS_SHOWN = 6


def _chip(label: str) -> str:
    return f"`{label}`"


class Flip7Renderer:
    async def table(self, record: MatchRecord, game: Game) -> TableMessage:
        view: dict[str, Any] = game.view(None)  # type: ignore[attr-defined]
        spec = spec_for(GAME)
        turn = view.get("turn")
        pending = view.get("pending")
        acting = pending["seat"] if pending else turn
        mode = " · brutal" if view.get("brutal") else ""
        embed = discord.Embed(
            title=f"{spec.title} — round {view['round']}",
            colour=COLOUR,
            description=(
                f"Goal **{view['goal']}**{mode} · 🃏 dealer **{record.seats[view['dealer']].name}**"
                f" · draw pile **{view['draw_pile']}** · discards {view['discard_pile']}"
            ),
        )
        for seat, player in enumerate(view["players"]):
            pointer = "▶️ " if seat == acting and record.is_open else ""
            row = " ".join(_chip(card) for card in player["row"]) or "—"
            status = STATUS.get(player["status"], player["status"])
            score = f"this round **{player['round_score']}** · total **{player['total']}**"
            embed.add_field(
                name=f"{pointer}{player['name']} · {status}",
                value=f"{row}\n{score}",
                inline=False,
            )
        recent = record.extra.get("log", [])[-EVENTS_SHOWN:]
        if recent:
            embed.add_field(name="Last events", value="\n".join(recent)[-1024:], inline=False)
        items: list[discord.ui.Item[Any]] = []
        if record.is_open and acting is not None:
            decision = game.decision(acting)  # type: ignore[attr-defined]
            who = record.seats[acting]
            if who.ai:
                embed.set_footer(text=f"🤖 {who.name} is thinking…")
            elif decision is not None:
                prompt = decision.text
                if not prompt.startswith(f"{who.name}:"):
                    prompt = f"{who.name}: {prompt}"
                embed.set_footer(text=prompt)
                items = self._controls(record, game, acting, decision)
        return TableMessage([embed], items)

    def _controls(
        self, record: MatchRecord, game: Game, seat: int, decision: Any
    ) -> list[discord.ui.Item[Any]]:
        stamp = spec_for(GAME).stamp(game, record.version)
        if decision.kind == "hit_or_stay":
            codes = {option.code for option in decision.options}
            return [
                MoveButton(
                    record.id,
                    stamp,
                    "hit",
                    label="Hit",
                    emoji="🃏",
                    style=discord.ButtonStyle.success,
                    disabled="hit" not in codes,
                ),
                MoveButton(
                    record.id,
                    stamp,
                    "stay",
                    label="Stay",
                    emoji="✋",
                    style=discord.ButtonStyle.secondary,
                    disabled="stay" not in codes,
                ),
            ]
        options = [(option.code, game.label(option)) for option in decision.options]  # type: ignore[attr-defined]
        return [MoveSelect(record.id, stamp, options, placeholder=decision.text)]

    async def private(self, record: MatchRecord, game: Game, seat: int) -> TableMessage | None:
        return None  # every Flip 7 card is face up

    def rules(self) -> discord.Embed:
        embed = discord.Embed(title="Flip 7: With a Vengeance — the short rules", colour=COLOUR)
        embed.description = (
            "On your turn **Hit** (flip a card) or **Stay** (bank your row). A second card of a "
            "number you hold **busts** you: 0 for the round. Seven different numbers is "
            "**Flip 7**: +15 and the round ends at once. First to the goal (200) at a round's "
            "end wins; a tie plays on.\n\n"
            "**Specials** — The Zero: you must hit, and you score 0 unless you Flip 7. "
            "Unlucky 7 wipes your row. Lucky 13 lets you hold a second 13.\n"
            "**Actions** — Just One More! (take one card, then stay), Flip Four! (take four), "
            "Swap, Steal and Discard face-up cards.\n"
            "**Modifiers** — −2…−10 and ÷2: give them to any player still in.\n"
            "**Brutal mode** — scores can go negative, minus cards can hit busted players, and a "
            "Flip 7 may take 15 from another player instead."
        )
        return embed


class Flip7(GameCommands, group_name="flip7", group_description="Flip 7: With a Vengeance"):
    game = GAME

    @app_commands.command(name="start", description="Open a Flip 7 lobby in this channel")
    @app_commands.describe(goal="Points to win (50–1000, default 200)", brutal="Brutal mode")
    @app_commands.guild_only()
    async def start(
        self,
        interaction: discord.Interaction[Any],
        goal: app_commands.Range[int, 50, 1000] = 200,
        brutal: bool = False,
    ) -> None:
        await self.desk.open_lobby(interaction, GAME, {"goal": goal, "brutal": brutal})


async def setup(bot: commands.Bot) -> None:
    desk = bot.get_cog("Desk")
    assert isinstance(desk, Desk)
    renderer = Flip7Renderer()
    desk.register(GAME, renderer)
    await bot.add_cog(Flip7(desk, renderer))
