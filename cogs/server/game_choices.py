"""The registered games offered as a command option is typed, by title: every /games
command that takes a game autocompletes it from here."""

from __future__ import annotations

from discord import app_commands

from cogs.tools.renderers import Renderers
from engines.base import GAMES


def game_choices(renderers: Renderers, typed: str) -> list[app_commands.Choice[str]]:
    """The registered games, by title, matching what the member typed so far."""
    titles = {key: renderers.title(key) for key in GAMES}
    return [
        app_commands.Choice(name=title, value=key)
        for key, title in titles.items()
        if typed.lower() in title.lower() or typed.lower() in key
    ][:25]
