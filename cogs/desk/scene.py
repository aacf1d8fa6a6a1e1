"""A change's scene: what showing it needs, read once under the match lock, so that the
presenters (`cogs.desk.presenters`) draw from it and read nothing more."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from bot.play.matches import Change, MatchService
from bot.process.app import Interaction
from cogs.tools.renderers import Renderers
from cogs.ui.components import GameRenderer
from cogs.wording.language import Languages


@dataclass(slots=True)
class Click:
    """The click that made a change (none for an AI move or a timer) and how its own answer
    went, for the sends queued behind it: they wait at its gate."""

    interaction: Interaction | None
    starting: bool = False  # the match begins now, in a thread of its own if it can
    moved: bool = False  # the match moved to its thread, the lobby became its card
    answered: bool = False  # the clicked message shows the table already
    gate: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def from_hand(self) -> int | None:
        """The member who moved from their private hand, answered there (else None)."""
        if self.interaction is None or self.interaction.message is None:
            return None
        return self.interaction.user.id if self.interaction.message.flags.ephemeral else None


@dataclass(slots=True)
class Scene:
    """A change with what its display needs: the server's language (the table, the card,
    the result are public), the game's renderer (None: its plug-in was removed), the click.
    The change's record carries its latest log lines and its watchers' count."""

    change: Change
    language: str
    renderer: GameRenderer | None
    click: Click


async def read_scene(
    change: Change,
    click: Click,
    languages: Languages,
    matches: MatchService,
    renderers: Renderers,
) -> Scene:
    """A change's scene, from the change's own data. A saved change comes with what its
    display needs (the platform read the log lines a table retells, the watchers and the
    server's chosen language as it published it); a table drawn anew (`/<game> table`, after a
    restart) has the platform read them now."""
    record = change.record
    if change.published is None:
        await matches.publishing(change)
    assert change.published is not None
    language = languages.server_as_chosen(record.guild_id, change.published.language)
    return Scene(change, language, renderers.get(record.game), click)
