"""`/sequence`: Sequence Numbers in a channel — commands, the board table and the hand view.

The public table carries the board picture and nothing hidden; each player plays from their
own ephemeral hand view, which walks the engine's steps (card, then row for a wild card,
then cell) with Back at every step after the first.
"""

from __future__ import annotations

import asyncio
import io
import json
from collections import OrderedDict
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import spec_for
from cogs.games.sequence.board import render_board
from bot.storage import MatchRecord
from cogs.components import HandButton, MoveButton, MoveSelect, TableMessage
from cogs.game_commands import HiddenHandCommands
from cogs.lobby import add_lobby_fields
from cogs.table import Desk
from engines.base import Game, IllegalMove
from engines.sequence_numbers import COLOURS, Exchange
from engines.sequence_numbers.board import ROWS
from engines.sequence_numbers.game import team_count

GAME = "sequence"
COLOUR = discord.Colour.from_rgb(0, 114, 178)
TEAM_EMOJI = {"Blue": "🔵", "Orange": "🟠", "Green": "🟢"}
BOARD_FILE = "board.png"
EVENTS_SHOWN = 4
BUTTONS_UP_TO = 5  # a cell step with more choices than this becomes a select menu
CACHED_BOARDS = 16


def _cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def _team_line(team: dict[str, Any], names: list[str], count: int, required: int) -> str:
    emoji = TEAM_EMOJI.get(team["colour"], "⚪")
    members = [names[s] for s in team["seats"]]
    who = f"**{members[0]}**" if len(members) == 1 else f"**{team['name']}** ({', '.join(members)})"
    return f"{emoji} {who} — {count}/{required} SEQUENCE{'S' if required > 1 else ''}"


class BoardCache:
    """Recently drawn boards by their drawn content: a step that moves no chip redraws nothing."""

    def __init__(self, size: int = CACHED_BOARDS) -> None:
        self.size = size
        self._pngs: OrderedDict[str, bytes] = OrderedDict()

    async def png(self, view: dict[str, Any]) -> bytes:
        key = json.dumps(
            [view["board"], view["locked"], view["last_move"], view["teams"]], sort_keys=True
        )
        png = self._pngs.get(key)
        if png is None:
            png = await asyncio.to_thread(render_board, view)
            self._pngs[key] = png
            while len(self._pngs) > self.size:
                self._pngs.popitem(last=False)
        self._pngs.move_to_end(key)
        return png


class SequenceRenderer:
    def __init__(self, turn_timeout: float) -> None:
        self.turn_timeout = turn_timeout
        self.boards = BoardCache()

    # -- the public table ---------------------------------------------------------------

    async def table(self, record: MatchRecord, game: Game) -> TableMessage:
        view: dict[str, Any] = game.view(None)  # type: ignore[attr-defined]
        names = view["names"]
        lines = [
            _team_line(team, names, view["sequences"][index], view["required"])
            for index, team in enumerate(view["teams"])
        ]
        turn = view["turn"]
        acting = record.seats[turn] if record.is_open and not view["is_over"] else None
        if acting is not None:
            colour = view["teams"][turn % len(view["teams"])]["colour"]
            line = f"\n▶️ **{acting.name}** {TEAM_EMOJI.get(colour, '')} to play"
            if acting.ai is None:
                line += f" · ⏱️ <t:{int(record.updated_at + self.turn_timeout)}:R>"
            lines.append(line)
        embed = discord.Embed(title=spec_for(GAME).title, colour=COLOUR)
        embed.description = "\n".join(lines)
        last = view["last_move"]
        if last:
            who = names[last["seat"]]
            what = (
                f"{who}: **Minus**, removed {last['cell']}"
                if last["kind"] == "minus"
                else f"{who}: **{last['card']}** on {last['cell']}"
            )
        else:
            what = "—"
        embed.add_field(name="🃏 Last card", value=what)
        embed.add_field(name="🗑️ Discard", value=f"**{view['discard_top'] or '—'}**")
        embed.add_field(name="📚 Draw pile", value=_cards(view["draw_pile"]))
        recent = record.extra.get("log", [])[-EVENTS_SHOWN:]
        if recent:
            embed.add_field(name="Last events", value="\n".join(recent)[-1024:], inline=False)
        png = await self.boards.png(view)
        embed.set_image(url=f"attachment://{BOARD_FILE}")
        items: list[discord.ui.Item[Any]] = []
        if acting is not None:
            if acting.ai:
                embed.set_footer(text=f"🤖 {acting.name} is thinking…")
            else:
                embed.set_footer(text=f"{acting.name}: your turn — tap “Your hand” to play.")
            items.append(HandButton(record.id))  # to play, and for anyone to look at their cards
        return TableMessage(
            [embed], items, files=[discord.File(io.BytesIO(png), filename=BOARD_FILE)]
        )

    # -- the hand view ------------------------------------------------------------------

    async def private(self, record: MatchRecord, game: Game, seat: int) -> TableMessage | None:
        view: dict[str, Any] = game.view(seat)  # type: ignore[attr-defined]
        team = view["teams"][view["team"]]
        emoji = TEAM_EMOJI.get(team["colour"], "")
        title = "Your hand" if len(team["seats"]) == 1 else f"Your hand — {team['name']}"
        embed = discord.Embed(title=f"{title} {emoji}", colour=COLOUR)
        lines = [self._card_line(card, view) for card in view["hand"]]
        embed.description = "\n".join(lines) or "No cards."
        items: list[discord.ui.Item[Any]] = []
        decision = game.decision(seat)  # type: ignore[attr-defined]
        if record.seats[seat].ai:
            embed.set_footer(text="🤖 The AI plays your seat now.")
        elif decision is None:
            waiting = record.seats[view["turn"]].name
            embed.set_footer(
                text=f"Waiting for {waiting}. Open your hand again when it's your turn."
            )
        else:
            embed.add_field(name="▶️ Your turn", value=decision.text, inline=False)
            items = self._controls(record, game, decision)
        return TableMessage([embed], items)

    @staticmethod
    def _card_line(card: dict[str, Any], view: dict[str, Any]) -> str:
        name = f"`{card['card']}`"
        if card["code"] == "P":
            return f"{name} ➕ any empty cell" + ("" if card["playable"] else " (none left)")
        if card["code"] == "M":
            tail = "" if card["playable"] else " (none can be removed now)"
            return f"{name} ➖ remove an opponent chip{tail}"
        first = card["cells"][0]["cell"]
        answer = view["numbers"][ROWS.index(first[0])][int(first[1:]) - 1]
        cells = " · ".join(c["cell"] if c["free"] else f"~~{c['cell']}~~" for c in card["cells"])
        if card["dead"]:
            hint = " — exchange it first" if not view["exchange_used"] else ""
            return f"{name} = **{answer}** → {cells} 💀 dead{hint}"
        return f"{name} = **{answer}** → {cells}"

    def _controls(
        self, record: MatchRecord, game: Game, decision: Any
    ) -> list[discord.ui.Item[Any]]:
        stamp = spec_for(GAME).stamp(game, record.version)
        label = game.label  # type: ignore[attr-defined]
        steps = [o for o in decision.options if o.code != "back"]
        back = [
            MoveButton(record.id, stamp, "back", label="Back", emoji="↩️")
            for o in decision.options
            if o.code == "back"
        ]
        if decision.kind == "choose_cell" and len(steps) > BUTTONS_UP_TO:
            options = [(o.code, label(o)) for o in steps]
            return [MoveSelect(record.id, stamp, options, placeholder=decision.text), *back]
        buttons: list[discord.ui.Item[Any]] = []
        for option in steps:
            exchange = isinstance(option, Exchange)
            buttons.append(
                MoveButton(
                    record.id,
                    stamp,
                    option.code,
                    label=label(option)[:80],
                    emoji="♻️" if exchange else None,
                    style=discord.ButtonStyle.secondary
                    if exchange
                    else discord.ButtonStyle.primary,
                )
            )
        return [*buttons, *back]

    def rules(self) -> discord.Embed:
        embed = discord.Embed(title="Sequence Numbers — the short rules", colour=COLOUR)
        embed.description = (
            "Every card is a sum or a difference; its **answer** is a number on the board, "
            "which shows each of 1–48 twice. On your turn play one card: put a chip on one of "
            "the two cells with its answer. **Plus** puts a chip on any empty cell; **Minus** "
            "removes an opponent chip (not one in a finished SEQUENCE). The bot then draws "
            "for you.\n\n"
            "A **SEQUENCE** is five of your chips in a straight line — across, down or "
            "diagonal; the ★ corners count for everyone. With 2 or 3 players one SEQUENCE "
            "wins; with 4 or 6 (in teams, seated alternately) you need two.\n\n"
            "A card whose two cells are both taken is **dead**: once per turn you may "
            "exchange it for a new one before you play. Hands are secret — open yours with "
            "the table's **Your hand** button or `/sequence hand`."
        )
        return embed


def lobby_fields(record: MatchRecord) -> list[tuple[str, str]]:
    """The seating as teams will be dealt, or why the current count can't start."""
    players = len(record.seats)
    if players < 2:
        return []
    teams = record.options.get("teams")
    if teams == 3 and players != 6 and players != 3:
        more = 6 - players
        hint = f"{more} more (or add AI players)" if more > 0 else "fewer players"
        return [("⚠️ Teams", f"Three teams of two need 6 players: {hint}.")]
    try:
        count = team_count(players, teams)
    except IllegalMove as error:
        return [("⚠️ Teams", str(error))]
    rows = []
    for team in range(count):
        members = [s.name for i, s in enumerate(record.seats) if i % count == team]
        rows.append(f"{TEAM_EMOJI[COLOURS[team]]} {', '.join(members)}")
    goal = "1 SEQUENCE wins" if players <= 3 else "2 SEQUENCES win"
    return [("Teams", "\n".join(rows) + f"\n*{goal}*")]


TEAM_CHOICES = [
    app_commands.Choice(name="6 players: two teams of three", value=2),
    app_commands.Choice(name="6 players: three teams of two", value=3),
]


class Sequence(HiddenHandCommands, group_name="sequence", group_description="Sequence Numbers"):
    game = GAME

    @app_commands.command(name="start", description="Open a Sequence Numbers lobby here")
    @app_commands.describe(teams="With 6 players: two teams of three (default) or three of two")
    @app_commands.choices(teams=TEAM_CHOICES)
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction[Any], teams: int | None = None) -> None:
        # Two teams is the engine's default; only three teams needs saying.
        options = {"teams": 3} if teams == 3 else {}
        await self.desk.open_lobby(interaction, GAME, options)


async def setup(bot: commands.Bot) -> None:
    desk = bot.get_cog("Desk")
    assert isinstance(desk, Desk)
    renderer = SequenceRenderer(bot.settings.turn_timeout)  # type: ignore[attr-defined]
    desk.register(GAME, renderer)
    add_lobby_fields(GAME, lobby_fields)
    await bot.add_cog(Sequence(desk, renderer))
