"""How a lobby and a final result look, the same for every game."""

from __future__ import annotations

from collections.abc import Callable

import discord

from bot.games import spec_for
from bot.storage import MatchRecord
from cogs.components import LobbyButton, TableMessage
from engines.base import Game

LOBBY_COLOUR = discord.Colour.blurple()
ENDED_COLOUR = discord.Colour.dark_grey()
WIN_COLOUR = discord.Colour.gold()

LobbyFields = Callable[[MatchRecord], list[tuple[str, str]]]
_LOBBY_FIELDS: dict[str, LobbyFields] = {}


def add_lobby_fields(game: str, fields: LobbyFields) -> None:
    """Let a game add (name, value) fields to its lobby, such as the teams seating makes."""
    _LOBBY_FIELDS[game] = fields


def _options_text(options: dict[str, object]) -> str:
    parts = []
    for key, value in options.items():
        if isinstance(value, bool):
            if value:
                parts.append(key.replace("_", " "))
        else:
            parts.append(f"{key.replace('_', ' ')} {value}")
    return " · ".join(parts)


def lobby_table(record: MatchRecord, notice: str | None = None) -> TableMessage:
    spec = spec_for(record.game)
    lines = []
    for index, seat in enumerate(record.seats, start=1):
        who = f"<@{seat.user_id}>" if seat.user_id is not None else f"🤖 {seat.name}"
        host = " 👑 host" if seat.user_id == record.host_id else ""
        lines.append(f"`{index}.` {who}{host}")
    embed = discord.Embed(title=f"{spec.title} — lobby", colour=LOBBY_COLOUR)
    embed.description = "\n".join(lines) or "Nobody yet."
    settings = _options_text(record.options)
    embed.add_field(
        name="Players", value=f"{len(record.seats)} of {spec.min_players}–{spec.max_players}"
    )
    if settings:
        embed.add_field(name="Settings", value=settings)
    if record.is_open and record.game in _LOBBY_FIELDS:
        for name, value in _LOBBY_FIELDS[record.game](record):
            embed.add_field(name=name, value=value, inline=False)
    if not record.is_open:
        embed.colour = ENDED_COLOUR
        embed.title = f"{spec.title} — lobby closed"
        embed.set_footer(text=record.ended_reason or "closed")
        return TableMessage([embed], content=notice)
    short = max(0, spec.min_players - len(record.seats))
    embed.set_footer(
        text=f"Waiting for {short} more player(s) — or add AI players."
        if short
        else "Ready: the host can start."
    )
    full = len(record.seats) >= spec.max_players
    items = [
        LobbyButton(
            record.id, "join", label="Join", style=discord.ButtonStyle.success, disabled=full
        ),
        LobbyButton(record.id, "leave", label="Leave"),
        LobbyButton(record.id, "ai", label="Add AI", disabled=full),
        LobbyButton(
            record.id, "unai", label="Remove AI", disabled=not any(s.ai for s in record.seats)
        ),
        LobbyButton(
            record.id,
            "start",
            label="Start",
            style=discord.ButtonStyle.primary,
            disabled=bool(short),
        ),
        LobbyButton(record.id, "cancel", label="Cancel", style=discord.ButtonStyle.danger),
    ]
    return TableMessage([embed], items, content=notice)


def result_embed(record: MatchRecord, game: Game) -> discord.Embed:
    """Final standings, or a note that the match was ended early."""
    spec = spec_for(record.game)
    scores = game.final_scores()
    winners = set(game.winners()) if game.is_over else set()
    order = sorted(range(len(record.seats)), key=lambda s: -scores[s])
    lines = [
        f"{'🏆' if seat in winners else '▫️'} **{record.seats[seat].name}** — {scores[seat]}"
        for seat in order
    ]
    if record.status == "finished" and not winners:
        title = f"{spec.title} — a draw"
        colour = ENDED_COLOUR
    elif record.status == "finished":
        names = ", ".join(record.seats[s].name for s in sorted(winners))
        title = f"{spec.title} — {names} win{'s' if len(winners) == 1 else ''}!"
        colour = WIN_COLOUR
    else:
        title = f"{spec.title} — ended early"
        colour = ENDED_COLOUR
    embed = discord.Embed(title=title, description="\n".join(lines), colour=colour)
    if record.status != "finished":
        embed.set_footer(text=f"{record.ended_reason or 'ended'}; no result was recorded.")
    return embed
