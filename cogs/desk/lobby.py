"""How a lobby looks, the same for every game: who sits, the settings, and its buttons."""

from __future__ import annotations

from typing import Any

import discord

from bot.play.house import HouseRules, applied
from bot.play.model import MatchRecord
from bot.play.practice import gives_hints, is_practice
from bot.rules.pace import PACES
from cogs.ui.components import Choice, GameRenderer, LobbyButton, PaceSelect, TableMessage
from cogs.ui.layout import ENDED_COLOUR, Layout, Part, Text, menu_id
from cogs.wording.command_mentions import command
from cogs.wording.i18n import _, ngettext, number
from cogs.wording.pace_words import pace_name, pace_pick
from cogs.wording.replies import ended_text
from cogs.wording.words import GameTexts, ai_level, either, seat_names
from engines.base import GAMES

LOBBY_COLOUR = discord.Colour.blurple()


def _options_text(options: dict[str, object], texts: GameTexts) -> str:
    """The lobby's settings as the game words them ("goal 100 · brutal mode")."""
    parts = [texts.setting(key, value) for key, value in options.items()]
    return " · ".join(part for part in parts if part)


def house_parts(rules: HouseRules, texts: GameTexts) -> str:
    """House rules in short, as the game words its settings ("goal 150 · brutal mode ·
    pace: daily · AI: strong · in the channel")."""
    parts = [_options_text(dict(rules.options), texts)]
    if rules.pace is not None:
        parts.append(_("pace: {pace}").format(pace=pace_name(rules.pace)))
    if rules.ai is not None:
        parts.append(_("AI: {level}").format(level=ai_level(rules.ai)))
    if rules.where == "thread":
        parts.append(_("in a thread of its own"))
    elif rules.where == "channel":
        parts.append(_("in the channel"))
    return " · ".join(part for part in parts if part)


def house_line(record: MatchRecord, texts: GameTexts) -> str | None:
    """The lobby's one line on the house rules it started from (None: it started from
    none)."""
    rules = applied(record)
    if rules is None or rules.empty:
        return None
    return _("House rules: {rules}").format(rules=house_parts(rules, texts))


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
    seated = seated_text(len(record.seats), info.seat_counts())
    settings = _options_text(record.options, renderer.texts)
    pace = _("pace: {pace}").format(pace=pace_name(record.pace))
    named = _("{title} — lobby").format(title=title)  # outside the f-string: extracted
    heading = f"## {named}\n" + " · ".join(filter(None, [seated, settings, pace]))
    layout = Layout(LOBBY_COLOUR).text(Part.HEADING, heading)
    layout.text(Part.PLAYERS, "\n".join(lines) or _("Nobody yet."))
    if not record.is_open:
        layout.colour = ENDED_COLOUR
        closed = _("{title} — lobby closed").format(title=title)
        layout.blocks[0] = Text(Part.HEADING, f"## {closed}")
        layout.text(Part.FOOTNOTE, f"-# {ended_text(record.ended_reason, record.ended_data)}")
        return TableMessage(layout=layout, content=notice)
    for name, value in renderer.lobby_fields(record):
        layout.text(Part.SCORES, f"**{name}**\n{value}")
    short = max(0, info.min_players - len(record.seats))
    waiting = (
        ngettext(
            "Waiting for {count} more player — or add AI players.",
            "Waiting for {count} more players — or add AI players.",
            short,
        ).format(count=number(short))
        if short
        else _("Ready: the host can start.")
    )
    if is_practice(record):
        layout.text(Part.PRACTICE, f"-# {practice_line(record)}")
    house = house_line(record, renderer.texts)
    if house is not None:
        layout.text(Part.HOUSE, f"-# {house}")
    layout.text(Part.PROMPT, f"-# {waiting}")
    full = len(record.seats) >= info.max_players
    if not full and record.tournament_id is None:
        listed = _("Listed in {open} for the whole server while a seat is free.")
        layout.text(Part.FOOTNOTE, "-# " + listed.format(open=command("games open")))
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
    items.append(pace_select(record))
    return TableMessage(items=items, layout=layout, content=notice)


def practice_line(record: MatchRecord) -> str:
    """What a practice table is, said on the table and in its lobby."""
    if gives_hints(record):
        return _(
            "🎓 Practice table: unrated. On your turn, 💡 Hint privately tells you what "
            "the hard AI would do, and why."
        )
    return _("🎓 Practice table: unrated.")


def seated_text(seated: int, counts: tuple[int, ...]) -> str:
    """How many sit at the lobby, and the table sizes the game plays with."""
    sitting = ngettext("{count} player seated", "{count} players seated", seated).format(
        count=number(seated)
    )
    if counts == tuple(range(counts[0], counts[-1] + 1)):
        sizes = _("for {least} to {most} players").format(
            least=number(counts[0]), most=number(counts[-1])
        )
    else:
        sizes = _("for {counts} players").format(counts=either([number(c) for c in counts]))
    return f"{sitting} · {sizes}"


def pace_select(record: MatchRecord) -> PaceSelect:
    """The host's pick of the pace, the current one shown as chosen."""
    picks = [Choice(pace, pace_pick(pace)) for pace in PACES]
    return PaceSelect(record.ref, picks, chosen=record.pace, component_id=menu_id(record.version))
