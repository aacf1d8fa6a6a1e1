"""The composition root: the bot with the Discord layer's cogs. bot/ builds a bot from the
extensions it is handed and names no cog; this module hands it the Desk, the /games group
and every game plug-in under cogs/games/."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import import_module
from pkgutil import iter_modules
from types import ModuleType

import cogs.games
from bot.core.settings import Settings
from bot.process import app
from bot.process.app import TabletopBot, utc_timestamp
from cogs.desk import extension as desk
from cogs.live import cog as live
from cogs.live import inside_discord
from cogs.server import games
from cogs.ui.card_faces import pictures
from cogs.ui.components import GameRenderer

# The Desk first: the /games group and every game plug in to it. The live table (its server
# and "Open in a browser") and the table inside Discord (the Activity's button and Entry
# Point) add to the Desk's tables, each only when the settings turn it on.
PLATFORM: tuple[ModuleType, ...] = (desk, games, live, inside_discord)


def game_plugins() -> list[ModuleType]:
    """Every game plug-in package, found by being there: adding a game edits no list."""
    return [
        import_module(f"{cogs.games.__name__}.{found.name}")
        for found in iter_modules(cogs.games.__path__)
        if found.ispkg
    ]


def draw_every_card() -> None:
    """Draw every game's card faces now, ahead of the bot's start (slow: run it in a thread).
    They are drawn once a process, so the emoji sync at start then finds them drawn: the
    playground and the tests start the bot under SimCord, which gives a starting bot 5 s to
    settle, and drawing 198 faces on a busy machine can take longer."""
    game_plugins()  # every renderer class is defined once its plug-in is imported
    for renderer in GameRenderer.__subclasses__():
        if renderer.faces:
            pictures(renderer.faces)


def create_bot(
    settings: Settings,
    clock: Callable[[], float] = utc_timestamp,
    extra_plugins: Sequence[str] = (),
) -> TabletopBot:
    """The bot with every game under cogs/games/, plus `extra_plugins` (extension modules
    of games that live elsewhere, such as the test suite's own)."""
    return app.create_bot(settings, (*PLATFORM, *game_plugins()), clock, extra_plugins)
