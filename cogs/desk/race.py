"""The race in a picture on a match's result: the game's renderer says what figure each
seat ran (`GameRenderer.race`, read from the match's events), the picture is drawn in a
worker thread so the event loop (and any table lock) never waits on Pillow."""

from __future__ import annotations

import asyncio
import io
import logging

import discord

from bot.storage import MatchRecord
from cogs.ui.components import GameRenderer, TableMessage
from cogs.ui.race_picture import draw_race
from cogs.wording.words import seat_names
from engines.base import Event

log = logging.getLogger(__name__)

FILENAME = "race.png"
EVENTS_READ = 100_000  # every event of a long match; a 24-seat Flip 7 match logs thousands


def race_lines(
    renderer: GameRenderer, record: MatchRecord, events: list[Event]
) -> list[tuple[str, list[int]]] | None:
    """(name as typed, figures by round) per seat, or None for a game without a race or a
    match with fewer than two rounds to draw. Call it in the thread's language: an AI seat
    is named with the words for it."""
    series = renderer.race(events, len(record.seats))
    if series is None or max((len(values) for values in series), default=0) < 2:
        return None
    names = seat_names(record.seats, way=lambda name: name)
    return list(zip(names, series, strict=True))


async def attach_race(result: TableMessage, lines: list[tuple[str, list[int]]] | None) -> None:
    """Draw the race off the loop and put it under the result's standings."""
    if lines is None or result.layout is None:
        return
    try:
        png = await asyncio.to_thread(draw_race, lines)
    except (OSError, ValueError):  # a picture is a nicety: the result goes out without it
        log.exception("the race picture could not be drawn")
        return
    result.files.append(discord.File(io.BytesIO(png), filename=FILENAME))
    result.layout.picture(FILENAME)
