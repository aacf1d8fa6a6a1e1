"""How a lobby and a final result look, the same for every game."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import _, lazy_gettext, ngettext, number
from bot.storage import MatchRecord
from cogs.command_mentions import command
from cogs.components import GameRenderer, LobbyButton, TableMessage
from cogs.layout import Layout, Part, Text
from cogs.replies import ended_text
from cogs.standing_words import place_mark
from cogs.story import story_button
from cogs.words import GameTexts, either, join_names, seat_names
from engines.base import GAMES, Game, Outcome

LOBBY_COLOUR = discord.Colour.blurple()
ENDED_COLOUR = discord.Colour.dark_grey()
WIN_COLOUR = discord.Colour.gold()
NO_RESULT = lazy_gettext("No result was recorded.")


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
    seated = seated_text(len(record.seats), info.seat_counts())
    settings = _options_text(record.options, renderer.texts)
    named = _("{title} — lobby").format(title=title)  # outside the f-string: extracted
    heading = f"## {named}\n" + " · ".join(filter(None, [seated, settings]))
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
    layout.text(Part.PROMPT, f"-# {waiting}")
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
    return TableMessage(items=items, layout=layout, content=notice)


def ended_table(record: MatchRecord, title: str, notice: str | None = None) -> TableMessage:
    """The table of a match ended while it could not be loaded (a damaged state, or a game
    whose plug-in the host removed): why it ended, and no controls."""
    return TableMessage(layout=ended_early(record, title), content=notice)


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


def ended_early(record: MatchRecord, title: str) -> Layout:
    heading = _("{title} — ended early").format(title=title)
    why = f"{ended_text(record.ended_reason, record.ended_data)} {NO_RESULT}"
    return Layout(ENDED_COLOUR).text(Part.HEADING, f"## {heading}").text(Part.RESULT, why)


def standings(record: MatchRecord, outcome: Outcome, texts: GameTexts) -> list[str]:
    """Every player (or team, in a team game) by place, with the final score and its unit:
    tied players share a place and a medal."""
    names = seat_names(record.seats)
    by_team: dict[int, list[int]] = {}
    for seat, team in enumerate(outcome.teams):
        by_team.setdefault(team, []).append(seat)
    order = sorted(by_team.values(), key=lambda seats: (outcome.places[seats[0]], seats[0]))
    return [
        f"{place_mark(outcome.places[seats[0]])} **{join_names([names[s] for s in seats])}** — "
        + texts.score(outcome.scores[seats[0]])
        for seats in order
    ]


def result_heading(record: MatchRecord, outcome: Outcome, title: str) -> str:
    if outcome.draw:
        return _("{title} — a draw").format(title=title)
    names = seat_names(record.seats)
    winners = sorted(outcome.winners)
    who = join_names([names[s] for s in winners])
    if len(winners) == 1:
        return _("{title} — {names} wins!").format(title=title, names=who)
    return _("{title} — {names} win!").format(title=title, names=who)


def result_message(record: MatchRecord, game: Game, texts: GameTexts) -> TableMessage:
    """The one message that announces a finished match: everyone's place and score, a
    Rematch button for the same players and options, and where to see the standings."""
    outcome = game.outcome()
    if outcome is None or record.status != "finished":
        return TableMessage(layout=ended_early(record, texts.title))
    layout = Layout(ENDED_COLOUR if outcome.draw else WIN_COLOUR)
    layout.text(Part.HEADING, f"## 🏆 {result_heading(record, outcome, texts.title)}")
    layout.text(Part.RESULT, "\n".join(standings(record, outcome, texts)))
    layout.text(
        Part.FOOTNOTE,
        "-# "
        + _("Where everyone stands: {leaderboard}").format(
            leaderboard=command("games leaderboard")
        ),
    )
    rematch = LobbyButton(
        record.ref,
        None,
        "rematch",
        label=_("Rematch"),
        emoji="🔁",
        style=discord.ButtonStyle.primary,
    )
    return TableMessage(items=[rematch, story_button(record.ref)], layout=layout)


def ending_line(record: MatchRecord, game: Game) -> str:
    """What a closed table says under its last state: where the result is, or why there is
    none."""
    if record.status == "finished" and game.outcome() is not None:
        return "🏁 " + _("Game over: the result is below.")
    return f"⏹️ {ended_text(record.ended_reason, record.ended_data)} {NO_RESULT}"
