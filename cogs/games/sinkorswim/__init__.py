"""`/sinkorswim`: Sink or Swim in a channel — commands, the public table and the private hand.

Every player picks at once and in secret (S4.2): the table only says *who* has picked, and
each hand with its pick lives in an ephemeral message opened by the table's "Pick a card"
button or `/sinkorswim hand` (S8).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import spec_for
from bot.matches import names_of
from bot.storage import MatchRecord, Storage
from cogs.components import HandButton, MoveButton, TableMessage
from cogs.game_commands import HiddenHandCommands
from cogs.table import Desk
from engines.base import Game

GAME = "sinkorswim"
COLOUR = discord.Colour.from_rgb(41, 128, 185)
OUT_COLOUR = discord.Colour.from_rgb(52, 73, 94)
EVENTS_READ = 120  # enough to reach back past a trick's picks and pick changes
# How the table retells the moments of a reveal, by engine or platform event kind. A round's
# end and scores are left to the Desk, which keeps them on the table until the next round ends.
NEWS = {
    "timeout": "⏰",
    "handover": "🤖",
    "lost_belt": "🛟",
    "eliminated": "💀",
    "hands_passed": "🔄",
    "game_end": "🏆",
}
FIELD_LIMIT = 1024


def _belts_mark(belts: float) -> str:
    return {1.0: " 🛟", 0.5: " ½🛟"}.get(belts, "")


def _points(value: int) -> str:
    return f"{value} pt" if abs(value) == 1 else f"{value} pts"


def _clip(lines: list[str]) -> str:
    """Join lines for an embed field, dropping the oldest ones that do not fit."""
    while lines and len("\n".join(lines)) > FIELD_LIMIT:
        lines = lines[1:]
    return "\n".join(lines) or "—"


def _trick_line(view: dict[str, Any]) -> str:
    low, high = view["tide_cards"]
    return (
        f"Tide cards 🌊 **{low}** and 🌊 **{high}** — the highest weather card takes **{low}**, "
        f"the second highest takes **{high}**."
    )


class SinkOrSwimRenderer:
    """Draws the table from the spectator's view and each hand from its seat's own view."""

    def __init__(self, storage: Storage | None = None) -> None:
        self.storage = storage

    async def table(self, record: MatchRecord, game: Game) -> TableMessage:
        view: dict[str, Any] = game.view(None)  # type: ignore[attr-defined]
        spec = spec_for(GAME)
        over = view["is_over"]
        stage = "final" if over else f"trick {view['trick']} of 12"
        embed = discord.Embed(
            title=f"🌊 {spec.title} — round {view['round']} of {view['rounds']} · {stage}",
            colour=COLOUR,
        )
        lines = []
        if not over and view["tide_cards"]:
            lines.append(_trick_line(view))
            due = await self._due(record, game)
            if due is not None:
                lines.append(f"⏳ Picks close <t:{int(due)}:R>; a late player plays their lowest.")
        embed.description = "\n".join(lines) or None
        embed.add_field(name="Players", value=self._players(record, view), inline=False)
        last = view["last_trick"]
        if last is not None:
            embed.add_field(
                name=f"Round {last['round']}, trick {last['trick']} — revealed",
                value=_clip(await self._reveal(record, view, last)),
                inline=False,
            )
        if len(view["round_scores"]) > 1:
            rows = [
                f"R{number}: "
                + " · ".join(
                    f"{name} {points}" for name, points in zip(game.names, row, strict=True)
                )
                for number, row in enumerate(view["round_scores"], start=1)
            ]
            embed.add_field(name="Round scores", value=_clip(rows), inline=False)
        items: list[discord.ui.Item[Any]] = []
        if record.is_open and not over:
            waiting = game.to_act()
            humans = [s for s in waiting if record.seats[s].ai is None]
            if humans:
                embed.set_footer(
                    text=f"Waiting for {names_of(humans, record)} to pick. "
                    "Press “Pick a card” to see your hand."
                )
            elif waiting:
                embed.set_footer(text=f"🤖 {names_of(waiting, record)} picking…")
            else:
                embed.set_footer(text="Everyone has picked.")
            items.append(HandButton(record.id, label="Pick a card"))
        return TableMessage([embed], items)

    def _players(self, record: MatchRecord, view: dict[str, Any]) -> str:
        rows = []
        for seat, player in enumerate(view["players"]):
            bot_mark = "🤖 " if record.seats[seat].ai else ""
            total = _points(player["score"])
            if player["eliminated"]:
                rows.append(f"💀 {bot_mark}~~{player['name']}~~ · out of this round · {total}")
                continue
            mark = "▫️" if view["is_over"] else "✅" if player["picked"] else "⏳"
            tide = f"tide **{player['showing']}**" if player["showing"] else "no tide"
            rows.append(
                f"{mark} {bot_mark}**{player['name']}** · {tide} · 🛟 {player['belts']} · {total}"
            )
        return "\n".join(rows)

    async def _reveal(
        self, record: MatchRecord, view: dict[str, Any], last: dict[str, Any]
    ) -> list[str]:
        """Who played what, who took which tide card, then what followed (S4.3–S6)."""
        names = [p["name"] for p in view["players"]]
        plays = sorted(last["plays"], key=lambda pair: -pair[1])
        lines = [
            "🃏 " + " · ".join(f"{names[seat]} **{card}**" for seat, card in plays),
            "🌊 " + " · ".join(f"{names[seat]} takes **{tide}**" for seat, tide in last["took"]),
        ]
        news = await self._news(record)
        timeouts = [line for line in news if line.startswith(NEWS["timeout"])]
        return timeouts + lines + [line for line in news if line not in timeouts]

    async def _news(self, record: MatchRecord) -> list[str]:
        """The events saved with the latest reveal, minus the picks themselves."""
        if self.storage is None:
            return []
        events = await self.storage.events(record.id, EVENTS_READ)
        versions = [version for version, kind, _ in events if kind == "reveal"]
        if not versions:
            return []
        return [
            f"{NEWS[kind]} {text}"
            for version, kind, text in events
            if version == versions[-1] and kind in NEWS
        ]

    async def _due(self, record: MatchRecord, game: Game) -> float | None:
        if self.storage is None or not any(record.seats[s].ai is None for s in game.to_act()):
            return None
        deadline = await self.storage.deadline_of(record.id)
        return deadline.due_at if deadline is not None and deadline.kind == "turn" else None

    async def private(self, record: MatchRecord, game: Game, seat: int) -> TableMessage | None:
        view: dict[str, Any] = game.view(seat)  # type: ignore[attr-defined]
        me = view["players"][seat]
        embed = discord.Embed(
            title=f"Your hand — round {view['round']}, trick {view['trick']}", colour=COLOUR
        )
        lines = []
        last = view["last_trick"]
        if last is not None and last["round"] == view["round"]:
            mine = dict((s, card) for s, card in last["plays"]).get(seat)
            took = dict((s, tide) for s, tide in last["took"]).get(seat)
            if mine is not None:
                lines.append(
                    f"Last trick you played **{mine}**"
                    + (f" and took tide **{took}**." if took else " and took no tide card.")
                )
        tide = f"tide **{me['showing']}**" if me["showing"] else "no tide card"
        lines.append(f"You show {tide} and have 🛟 **{me['belts']}** belts afloat.")
        items: list[discord.ui.Item[Any]] = []
        if me["eliminated"]:
            embed.colour = OUT_COLOUR
            lines.append("💀 You're out of this round. Your cards pass on when it ends.")
        else:
            lines.append(_trick_line(view))
            pick = view["pick"]
            if pick is None:
                lines.append("👉 **Tap a card to pick it.** Nobody sees it before the reveal.")
            else:
                lines.append(
                    f"✅ **You picked {pick}.** You may change it until the last pick is in."
                )
            waiting = game.to_act()
            if waiting:
                lines.append(f"Still to pick: {names_of(waiting, record)}.")
            stamp = spec_for(GAME).stamp(game, record.version)
            items = [
                MoveButton(
                    record.id,
                    stamp,
                    f"p{card['card']}",
                    label=f"{card['card']}{_belts_mark(card['belts'])}",
                    style=discord.ButtonStyle.success
                    if card["card"] == pick
                    else discord.ButtonStyle.secondary,
                )
                for card in view["hand"]
            ]
        cards = " · ".join(f"{c['card']}{_belts_mark(c['belts'])}" for c in view["hand"])
        embed.description = "\n".join(lines)
        embed.add_field(name=f"Your cards ({len(view['hand'])})", value=cards or "—", inline=False)
        embed.set_footer(text="🛟 a whole belt · ½🛟 half a belt. Only you can see this.")
        return TableMessage([embed], items)

    def rules(self) -> discord.Embed:
        embed = discord.Embed(title="🌊 Sink or Swim — the short rules", colour=COLOUR)
        embed.description = (
            "Everyone gets 12 weather cards (1–60); a hand's 🛟 belts are the belts printed on "
            "its cards, rounded down.\n\n"
            "**Each trick** two tide cards are turned up. Everyone picks a weather card in "
            "secret; then all are revealed. The **highest** card takes the **lower** tide card, "
            "the second highest the higher one. Whoever then shows the highest tide loses a "
            "belt (ties all lose one). Must lose a belt with none left? You're **out** of the "
            "round.\n\n"
            "**A round** ends after 12 tricks, or when two or fewer players are left. Score "
            "+1 per belt afloat, −1 if you went out, +1 for showing the lowest tide. Then every "
            "hand passes to the left — remember what you played!\n\n"
            "**The game** lasts one round per player; the highest total wins.\n"
            "Press **Pick a card** on the table (or `/sinkorswim hand`) to pick privately; you "
            "can change your pick until the last one is in. Too slow, and your lowest card is "
            "played for you."
        )
        return embed


class SinkOrSwim(HiddenHandCommands, group_name="sinkorswim", group_description="Sink or Swim"):
    game = GAME

    @app_commands.command(name="start", description="Open a Sink or Swim lobby in this channel")
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await self.desk.open_lobby(interaction, GAME, {})


async def setup(bot: commands.Bot) -> None:
    desk = bot.get_cog("Desk")
    assert isinstance(desk, Desk)
    renderer = SinkOrSwimRenderer(desk.matches.storage)
    desk.register(GAME, renderer)
    await bot.add_cog(SinkOrSwim(desk, renderer))
