"""How a lobby and a final result look, the same for every game."""

from __future__ import annotations

import discord

from bot.storage import MatchRecord
from bot.texts import GameTexts, _, count, game_title, seat_names
from cogs.components import GameRenderer, LobbyButton, TableMessage
from engines.base import GAMES, Game

LOBBY_COLOUR = discord.Colour.blurple()
ENDED_COLOUR = discord.Colour.dark_grey()
WIN_COLOUR = discord.Colour.gold()


def _options_text(options: dict[str, object]) -> str:
    parts = []
    for key, value in options.items():
        if isinstance(value, bool):
            if value:
                parts.append(key.replace("_", " "))
        else:
            parts.append(f"{key.replace('_', ' ')} {value}")
    return " · ".join(parts)


def lobby_table(
    record: MatchRecord, renderer: GameRenderer, notice: str | None = None
) -> TableMessage:
    info = GAMES[record.game]
    title = renderer.texts.title
    lines = []
    for index, seat in enumerate(record.seats, start=1):
        who = f"<@{seat.user_id}>" if seat.user_id is not None else f"🤖 {seat.name}"
        host = " 👑 " + _("host") if seat.user_id == record.host_id else ""
        lines.append(f"`{index}.` {who}{host}")
    embed = discord.Embed(title=_("{title} — lobby").format(title=title), colour=LOBBY_COLOUR)
    embed.description = "\n".join(lines) or _("Nobody yet.")
    settings = _options_text(record.options)
    embed.add_field(
        name=_("Players"),
        value=_("{seated} of {least}–{most}").format(
            seated=len(record.seats), least=info.min_players, most=info.max_players
        ),
    )
    if settings:
        embed.add_field(name=_("Settings"), value=settings)
    if record.is_open:
        for name, value in renderer.lobby_fields(record):
            embed.add_field(name=name, value=value, inline=False)
    if not record.is_open:
        embed.colour = ENDED_COLOUR
        embed.title = _("{title} — lobby closed").format(title=title)
        embed.set_footer(text=record.ended_reason or _("closed"))
        return TableMessage([embed], content=notice)
    short = max(0, info.min_players - len(record.seats))
    embed.set_footer(
        text=_("Waiting for {more} — or add AI players.").format(
            more=count(short, _("more player"), _("more players"))
        )
        if short
        else _("Ready: the host can start.")
    )
    full = len(record.seats) >= info.max_players
    grey, green = discord.ButtonStyle.secondary, discord.ButtonStyle.success
    buttons = (  # action, label, style, disabled
        ("join", _("Join"), green, full),
        ("leave", _("Leave"), grey, False),
        ("ai", _("Add AI"), grey, full),
        ("unai", _("Remove AI"), grey, not any(s.ai for s in record.seats)),
        ("start", _("Start"), discord.ButtonStyle.primary, bool(short)),
        ("cancel", _("Cancel"), discord.ButtonStyle.danger, False),
    )
    items = [
        LobbyButton(record.ref, record.version, action, label=label, style=style, disabled=off)
        for action, label, style, off in buttons
    ]
    return TableMessage([embed], items, content=notice)


def ended_table(record: MatchRecord, notice: str | None = None) -> TableMessage:
    """The table of a match ended while it could not be loaded (a damaged state, or a game
    whose plug-in the host removed): why it ended, and no controls."""
    return TableMessage([_ended_early(record, game_title(record.game))], content=notice)


def _ended_early(record: MatchRecord, title: str) -> discord.Embed:
    embed = discord.Embed(title=_("{title} — ended early").format(title=title), colour=ENDED_COLOUR)
    embed.set_footer(
        text=_("{reason}; no result was recorded.").format(reason=record.ended_reason or _("ended"))
    )
    return embed


def result_embed(record: MatchRecord, game: Game, texts: GameTexts) -> discord.Embed:
    """Final standings with their units, or a note that the match was ended early."""
    title = texts.title
    outcome = game.outcome()
    if outcome is None or record.status != "finished":
        return _ended_early(record, title)
    winners = set(outcome.winners)
    names = seat_names(record.seats)
    order = sorted(range(len(record.seats)), key=lambda s: -outcome.scores[s])
    lines = [
        f"{'🏆' if seat in winners else '▫️'} **{names[seat]}** — "
        + texts.score(outcome.scores[seat])
        for seat in order
    ]
    if outcome.draw:
        heading, colour = _("{title} — a draw").format(title=title), ENDED_COLOUR
    else:
        who = ", ".join(names[s] for s in sorted(winners))
        won = _("{names} wins!") if len(winners) == 1 else _("{names} win!")
        heading, colour = f"{title} — {won.format(names=who)}", WIN_COLOUR
    return discord.Embed(title=heading, description="\n".join(lines), colour=colour)
