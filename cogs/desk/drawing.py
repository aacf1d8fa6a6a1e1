"""A match's public table, drawn from the change alone: nothing here reads the database
or picks a language, so a table is drawn the same in a test, a restart or a click."""

from __future__ import annotations

import discord

from bot.play.away_marks import away_members
from bot.play.matches import Change
from bot.play.model import MatchRecord, MatchStatus
from bot.play.practice import gives_hints, is_practice
from bot.rules.pace import SLOW
from cogs.desk.lobby import lobby_table, practice_line
from cogs.desk.result import ended_table, ending_line
from cogs.desk.watching import watching_line
from cogs.tools.renderers import Renderers
from cogs.ui.components import HintButton, LobbyButton, TableMessage
from cogs.ui.layout import Layout, Part
from cogs.wording.i18n import _
from cogs.wording.names import shown
from cogs.wording.pace_words import clock_line
from cogs.wording.replies import ended_text, notice_text
from cogs.wording.words import seat_names
from engines.base import Game

TABLE_COLOUR = discord.Colour.blurple()


async def draw_table(change: Change, renderers: Renderers) -> TableMessage:
    """The table of `change`, in the language being read; the record's latest events
    (`record.log`) must have been read already."""
    record, game = change.record, change.game
    renderer = renderers.get(record.game)
    notice = None
    if change.notice is not None and change.notice.kind != "ended":  # the table says why
        notice = notice_text(change.notice, ended_text(record.ended_reason, record.ended_data))
    if record.status == MatchStatus.CANCELLED and (
        record.quarantine is not None or renderer is None
    ):
        return ended_table(record, renderers.title(record.game), notice)  # couldn't be loaded
    assert renderer is not None  # only a match that can't be loaded lacks one
    if record.status == MatchStatus.LOBBY or (
        record.status == MatchStatus.CANCELLED and game is None
    ):
        return lobby_table(record, renderer, notice)
    assert game is not None
    table = await renderer.table(record, game)
    if table.layout is None:
        table.layout = embeds_layout(table.embeds)
        table.embeds = []
    if record.is_open and any(s.ai and s.user_id is not None for s in record.seats):
        table.items.append(
            LobbyButton(record.ref, None, "reclaim", label=_("I'm back: my seat"), emoji="🙋")
        )
    if not record.is_open:
        table.items = []
        table.layout.rule().text(Part.RESULT, ending_line(record, game))
        table.content = notice  # why it ended now, when not by a move (the round's time)
        return table
    add_practice(table, record, game)
    table.items += [b for make in renderers.table_buttons if (b := make(record)) is not None]
    if record.pace in SLOW:  # a live turn's minute and a half needs no clock line
        table.layout.before(Part.CLOCK, f"-# {turn_clock(record, game)}", Part.PROMPT)
    away = away_lines(record)
    if away:
        table.layout.before(Part.AWAY, away, Part.PROMPT)
    if notice:
        table.content = notice
    table.layout.text(Part.WATCHING, watching_line(change.watching))
    return table


def add_practice(table: TableMessage, record: MatchRecord, game: Game) -> None:
    """A practice table says so, and while it waits on a member it shows the Hint button
    (each member's answer is private, so one button serves them all)."""
    if not is_practice(record):
        return
    assert table.layout is not None
    table.layout.before(Part.PRACTICE, f"-# {practice_line(record)}", Part.PROMPT)
    if gives_hints(record) and any(record.seats[s].user_id for s in game.to_act()):
        table.items.append(HintButton(record.ref, game.epoch(), label=_("Hint")))


def away_lines(record: MatchRecord) -> str:
    """ "ann is away until <date>" for each seated member whose clock stops (as the last
    save left them: a save drops the marks of members already back)."""
    back = away_members(record, record.updated_at)
    lines = []
    for user_id, until in sorted(back.items(), key=lambda item: item[1]):
        seat = record.seat_of(user_id)
        if seat is not None:
            name = shown(record.seats[seat].name)
            lines.append(
                _("💤 {name} is away until {date}.").format(name=name, date=f"<t:{int(until)}:f>")
            )
    return "\n".join(lines)


def turn_clock(record: MatchRecord, game: Game) -> str:
    """The pace, and when the members the game waits on must have moved (the deadline the
    last save kept; an AI's turn has none)."""
    names = seat_names(record.seats)
    waiting = [names[s] for s in game.to_act() if record.seats[s].ai is None]
    due = record.turn_due.at if record.turn_due is not None and waiting else None
    return clock_line(record.pace, waiting, due)


def embeds_layout(embeds: list[discord.Embed]) -> Layout:
    """A plug-in's table drawn as embeds, as a layout: the lobby before it was one, and
    Discord never turns a layout message back into embeds. Titles and descriptions head it,
    the fields tell the story, an attached image shows at full width, a footer asks."""
    colour = next((e.colour for e in embeds if e.colour is not None), TABLE_COLOUR)
    heading, story, prompts = [], [], []
    pictures = []
    for embed in embeds:
        if embed.title:
            heading.append(f"## {embed.title}")
        if embed.description:
            heading.append(embed.description)
        story += [f"**{field.name}**\n{field.value}" for field in embed.fields]
        url = embed.image.url or ""
        if url.startswith("attachment://"):
            pictures.append(url.removeprefix("attachment://"))
        if embed.footer.text:
            prompts.append(embed.footer.text)
    layout = Layout(colour).text(Part.HEADING, "\n".join(heading))
    for filename in pictures[:1]:
        layout.picture(filename)
    layout.text(Part.STORY, "\n".join(story), trim=True)
    return layout.text(Part.PROMPT, "\n".join(prompts))
