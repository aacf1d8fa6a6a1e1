"""The race in a picture on a match's result: the game's renderer says what it plots
(`GameRenderer.race`, read from the finished game and the match's events), the picture is
drawn in a worker thread so the event loop (and any table lock) never waits on Pillow."""

from __future__ import annotations

import asyncio
import io
import logging

import discord

from bot.play.model import MatchRecord
from cogs.ui.components import GameRenderer, TableMessage
from cogs.ui.race_picture import Race, draw_race
from cogs.wording.words import seat_names
from engines.base import Event, Game

log = logging.getLogger(__name__)

FILENAME = "race.png"
EVENTS_READ = 100_000  # every event of a long match; a 24-seat Flip 7 match logs thousands


def race_of(
    renderer: GameRenderer, record: MatchRecord, game: Game, events: list[Event]
) -> Race | None:
    """What the result's race picture draws, or None for a game without a race or a match
    with fewer than two points to draw. Call it in the thread's language: the axes and an
    AI seat's name are worded in it."""
    names = seat_names(record.seats, way=lambda name: name)
    race = renderer.race(game, events, names)
    if race is None or max((len(line.values) for line in race.lines), default=0) < 2:
        return None
    return race


async def attach_race(result: TableMessage, race: Race | None) -> None:
    """Draw the race off the loop and put it under the result's standings. Await it in the
    thread's language: the worker writes the tick values the reader's way."""
    if race is None or result.layout is None:
        return
    try:
        png = await asyncio.to_thread(draw_race, race)
    except (OSError, ValueError):  # a picture is a nicety: the result goes out without it
        log.exception("the race picture could not be drawn")
        return
    result.files.append(discord.File(io.BytesIO(png), filename=FILENAME))
    result.layout.picture(FILENAME)
