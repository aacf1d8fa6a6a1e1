"""A finished match's replay, privately and step by step: the table as the live renderer
drew it after each move, with the move that led there told in the game's own sentences.
Pages are steps (`pg:replay:<match ref>:<step>`), so ◀ ▶ keep working after a restart.
Only the public table is drawn, so nothing hidden shows, and the deck is never told ahead.

Opened from the "Replay" button on the result (`replay_button`) by anyone in the server."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot.replay import step_at
from bot.replay_log import kept
from cogs.desk.pages import Page, StoredPages, clamp, pages_of
from cogs.ui.components import parse_ref, ref_of
from cogs.wording.command_mentions import command
from cogs.wording.i18n import _
from cogs.wording.words import logged_lines
from engines.base import GAMES

REPLAY = "replay"  # the page kind
COLOUR = discord.Colour.dark_teal()
DESCRIPTION_CHARS = 4000  # under Discord's 4096 for an embed's description


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"replay:(?P<match>\d+)(?:\.(?P<db>[0-9a-f]{1,16}))?",
):
    """Opens a match's replay at its first step, privately, for whoever clicks it."""

    def __init__(self, ref: str, *, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="⏯️",
                style=discord.ButtonStyle.secondary,
                custom_id=f"replay:{ref}",
            )
        )
        self.ref = ref

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> ReplayButton:
        return cls(ref_of(match))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        pages = pages_of(interaction.client)
        await pages.hear(interaction)
        await pages.click(interaction, REPLAY, self.ref, 0)


def replay_button(ref: str) -> discord.ui.Item[Any]:
    """The "Replay" button for the match `ref`, labelled in the message's language."""
    return ReplayButton(ref, label=_("Replay"))


class Replay(StoredPages):
    """The `replay` pages: `args` is the match's reference, a page is a step."""

    async def page(
        self, interaction: discord.Interaction[Any], args: str, wanted: int
    ) -> Page | str:
        match_id, database = parse_ref(args)
        if database is not None and database != self.storage.instance:
            return _("That match belongs to a database this bot no longer keeps.")
        record = await self.storage.get_match(match_id)
        if record is None or record.guild_id != interaction.guild_id:
            return _("This server has no such match.")
        if record.status != "finished":
            return _("This match hasn't ended yet: {log} tells it so far.").format(
                log=command(f"{record.game} log")
            )
        renderer = self.renderers.get(record.game)
        saved = kept(record)
        if renderer is None or record.game not in GAMES:
            return _("This bot no longer plays that game, so it can't tell the match.")
        if saved is None:
            return _(
                "This match was played before moves were kept, so it can't be replayed step "
                "by step; its story tells it: {story}."
            ).format(story=command("games history"))
        first, moves = saved
        step = clamp(wanted, len(moves) + 1)
        # Rebuilding a long match move by move is the engine's work: off the loop.
        shown = await asyncio.to_thread(step_at, record.game, first, moves, step)
        table = await renderer.table(record, shown.game)
        drawn = "\n".join(block.text for block in table.layout.texts()) if table.layout else ""
        told = (
            "\n".join(
                f"> {line}" for line in logged_lines(renderer.texts, shown.events, record.seats)
            )
            if step
            else _("The table as dealt, before the first move.")
        )
        embed = discord.Embed(
            title=_("Replay of {title}").format(title=renderer.texts.title),
            description=f"{told}\n\n{drawn}"[:DESCRIPTION_CHARS],
            colour=COLOUR,
        )
        return Page(embed, step, len(moves) + 1)
