"""How a lobby and a final result look, the same for every game."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import _, ngettext, number
from bot.storage import MatchRecord
from cogs.components import GameRenderer, LobbyButton, TableMessage
from cogs.replies import ended_text
from cogs.words import GameTexts, join_names, seat_names
from engines.base import GAMES, Game

LOBBY_COLOUR = discord.Colour.blurple()
ENDED_COLOUR = discord.Colour.dark_grey()
WIN_COLOUR = discord.Colour.gold()


def _options_text(options: dict[str, object], texts: GameTexts) -> str:
    """The lobby's settings as the game words them ("goal 100 · brutal mode")."""
    parts = [texts.setting(key, value) for key, value in options.items()]
    return " · ".join(part for part in parts if part)


def lobby_table(
    record: MatchRecord, renderer: GameRenderer, notice: str | None = None
) -> TableMessage:
    info = GAMES[record.game]
    title = renderer.texts.title
    lines = []
    names = seat_names(record.seats)
    for index, seat in enumerate(record.seats, start=1):
        who = f"<@{seat.user_id}>" if seat.user_id is not None else f"🤖 {names[index - 1]}"
        host = " 👑 " + _("host") if seat.user_id == record.host_id else ""
        lines.append(f"`{index}.` {who}{host}")
    embed = discord.Embed(title=_("{title} — lobby").format(title=title), colour=LOBBY_COLOUR)
    embed.description = "\n".join(lines) or _("Nobody yet.")
    settings = _options_text(record.options, renderer.texts)
    embed.add_field(
        name=_("Players"),
        value=_("{seated} of {least}–{most}").format(
            seated=number(len(record.seats)),
            least=number(info.min_players),
            most=number(info.max_players),
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
        embed.set_footer(text=ended_text(record.ended_reason, record.ended_data))
        return TableMessage([embed], content=notice)
    short = max(0, info.min_players - len(record.seats))
    embed.set_footer(
        text=ngettext(
            "Waiting for {count} more player — or add AI players.",
            "Waiting for {count} more players — or add AI players.",
            short,
        ).format(count=number(short))
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
    items: list[discord.ui.Item[Any]] = [
        LobbyButton(record.ref, record.version, action, label=label, style=style, disabled=off)
        for action, label, style, off in buttons
    ]
    return TableMessage([embed], items, content=notice)


def ended_table(record: MatchRecord, title: str, notice: str | None = None) -> TableMessage:
    """The table of a match ended while it could not be loaded (a damaged state, or a game
    whose plug-in the host removed): why it ended, and no controls."""
    return TableMessage([_ended_early(record, title)], content=notice)


def _ended_early(record: MatchRecord, title: str) -> discord.Embed:
    embed = discord.Embed(title=_("{title} — ended early").format(title=title), colour=ENDED_COLOUR)
    embed.set_footer(
        text=_("{reason}; no result was recorded.").format(
            reason=ended_text(record.ended_reason, record.ended_data)
        )
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
        who = join_names([names[s] for s in sorted(winners)])
        won = _("{names} wins!") if len(winners) == 1 else _("{names} win!")
        heading = _("{title} — {won}").format(title=title, won=won.format(names=who))
        colour = WIN_COLOUR
    return discord.Embed(title=heading, description="\n".join(lines), colour=colour)
