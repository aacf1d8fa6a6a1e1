"""A match's card: what its lobby message in the channel becomes once the match is played
in a thread. One line that links to the thread and says how the match stands, redrawn at
round starts and at the end (not at every move: Discord limits edits), then the places.
While the match is played its card offers Watch and says how many watch."""

from __future__ import annotations

import discord

from bot.play.matches import Change
from bot.play.model import MatchStatus
from cogs.desk.result import NO_RESULT, standings
from cogs.desk.watching import watch_button, watching_line
from cogs.ui.components import TableMessage
from cogs.ui.layout import ENDED_COLOUR, Layout, Part
from cogs.wording.i18n import _
from cogs.wording.replies import ended_text
from cogs.wording.tournament_words import table_label
from cogs.wording.words import GameTexts, join_names, seat_names

CARD_COLOUR = discord.Colour.blurple()


def card_round(change: Change, round_start: str | None) -> int | None:
    """The round now played, from the change's round start event (None: not known)."""
    started = [e for e in change.events if e.kind == round_start]
    value = started[-1].data.get("round") if started else None
    return value if isinstance(value, int) else None


def draw_card(change: Change, texts: GameTexts, round_start: str | None) -> TableMessage:
    """The card after `change`; `round_start`: the game's event that begins a round."""
    round_number = card_round(change, round_start)
    record, game = change.record, change.game
    values = {
        "title": texts.title,
        "names": join_names(seat_names(record.seats)),
        "thread": f"<#{record.thread_id}>",
    }
    outcome = game.outcome() if game is not None else None
    below = None
    label = table_label(record.tournament_id, record.extra.table)  # a tournament's table says so
    if record.is_open and label is not None:
        line = _("**{title}** · {names} — {table}, played in {thread}").format(
            table=label, **values
        )
    elif record.is_open and round_number is not None:
        line = _("**{title}** · {names} — round {round}, played in {thread}").format(
            round=round_number, **values
        )
    elif record.is_open:
        line = _("**{title}** · {names} — played in {thread}").format(**values)
    elif record.status == MatchStatus.FINISHED and outcome is not None:
        line = _("**{title}** · {names} — finished in {thread}").format(**values)
        below = " · ".join(standings(record, outcome, texts))
    else:
        line = _("**{title}** · {names} — ended early in {thread}").format(**values)
        below = f"{ended_text(record.ended_reason, record.ended_data)} {NO_RESULT}"
    layout = Layout(CARD_COLOUR if record.is_open else ENDED_COLOUR).text(Part.HEADING, line)
    if below is not None:
        layout.text(Part.RESULT, below)
    if not record.is_open:
        return TableMessage(layout=layout)
    button, watching = watch_button(record), watching_line(change.watching)
    layout.text(Part.WATCHING, watching)
    return TableMessage(items=[button], layout=layout)
