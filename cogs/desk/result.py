"""How a match's end looks, the same for every game: the result message with everyone's
place, and what a table says when its match ended, with a result or early."""

from __future__ import annotations

import discord

from bot.play.model import MatchRecord, MatchStatus
from cogs.desk.analysis import analysis_button
from cogs.desk.replay import replay_button
from cogs.desk.story import story_button
from cogs.ui.components import LobbyButton, TableMessage
from cogs.ui.layout import ENDED_COLOUR, Layout, Part
from cogs.wording.command_mentions import command
from cogs.wording.i18n import _, lazy_gettext
from cogs.wording.replies import ended_text
from cogs.wording.standing_words import place_mark
from cogs.wording.words import GameTexts, join_names, seat_names
from engines.base import GAMES, Game, Outcome

WIN_COLOUR = discord.Colour.gold()
NO_RESULT = lazy_gettext("No result was recorded.")


def ended_table(record: MatchRecord, title: str, notice: str | None = None) -> TableMessage:
    """The table of a match ended while it could not be loaded (a damaged state, or a game
    whose plug-in the host removed): why it ended, and no controls."""
    return TableMessage(layout=ended_early(record, title), content=notice)


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
    if outcome is None or record.status != MatchStatus.FINISHED:
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
    items = [rematch, story_button(record.ref), replay_button(record.ref)]
    info = GAMES.get(record.game)
    if info is not None and info.judge is not None:
        items.append(analysis_button(record.ref))
    return TableMessage(items=items, layout=layout)


def hand_ending_line(record: MatchRecord, game: Game | None) -> str:
    """What a member's private hand says once its match is over: where the result is, or,
    for a match ended early (a reset), why there is none."""
    if record.status == MatchStatus.FINISHED and game is not None and game.outcome() is not None:
        return _("The game is over: the result is in the channel, below the table.")
    return f"⏹️ {ended_text(record.ended_reason, record.ended_data)} {NO_RESULT}"


def ending_line(record: MatchRecord, game: Game) -> str:
    """What a closed table says under its last state: where the result is, or why there is
    none."""
    if record.status == MatchStatus.FINISHED and game.outcome() is not None:
        return "🏁 " + _("Game over: the result is below.")
    return f"⏹️ {ended_text(record.ended_reason, record.ended_data)} {NO_RESULT}"
