"""A finished match's replay, privately and step by step: the table as the live renderer
drew it after each move, with the move that led there told in the game's own sentences.
Pages are steps (`pg:replay:<match ref>:<step>`), so ◀ ▶ keep working after a restart.
Only the public table is drawn, so nothing hidden shows, and the deck is never told ahead.

Opened from the "Replay" button on the result (`replay_button`), a `/games history` page's
replay choice or `/games replay`, by anyone in the server the match was played in. A match
saved before replays were kept is told from its public log, a move at a time."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot.play.replay import Step, step_and_rounds
from bot.play.replay_log import kept
from bot.process.app import Interaction
from bot.storage import MatchRecord
from cogs.desk.pages import MatchPagesButton, Page, StoredPages, clamp
from cogs.ui.components import GameRenderer, cards_in_words, fitted_lines, parse_ref
from cogs.wording.command_mentions import command
from cogs.wording.i18n import _
from cogs.wording.words import logged_lines
from engines.base import GAMES

REPLAY = "replay"  # the page kind
COLOUR = discord.Colour.dark_teal()
DESCRIPTION_CHARS = 4000  # under Discord's 4096 for an embed's description


def replay_button(ref: str) -> discord.ui.Item[Any]:
    """The "Replay" button for the match `ref`, labelled in the message's language."""
    return MatchPagesButton(REPLAY, ref, label=_("Replay"))


class Replay(StoredPages):
    """The `replay` pages: `args` is the match's reference, a page is a step."""

    async def page(self, interaction: Interaction, args: str, wanted: int) -> Page | str:
        match_id, database = parse_ref(args)
        if database is not None and database != self.reads.instance:
            return _("That match belongs to a database this bot no longer keeps.")
        record = await self.reads.get_match(match_id)
        if record is None or record.guild_id != interaction.guild_id:
            return _("This server has no such match.")
        if record.status != "finished":
            return _("This match hasn't ended yet: {log} tells it so far.").format(
                log=command(f"{record.game} log")
            )
        renderer = self.renderers.get(record.game)
        if renderer is None or record.game not in GAMES:
            return _("This bot no longer plays that game, so it can't tell the match.")
        saved = kept(record)
        if saved is None:
            return await self._from_log(record, renderer, wanted)
        first, moves = saved
        # Rebuilding a long match move by move is the engine's work: off the loop.
        shown, starts = await asyncio.to_thread(
            step_and_rounds, record.game, first, moves, wanted, renderer.round_start
        )
        step = await self._step(record, renderer, shown)
        if len(step) > DESCRIPTION_CHARS:  # the cards' pictures won't fit: in words
            with cards_in_words():
                step = await self._step(record, renderer, shown)
        embed = discord.Embed(
            title=_("Replay of {title}").format(title=renderer.texts.title),
            description=step[:DESCRIPTION_CHARS],
            colour=COLOUR,
        )
        count = len(moves) + 1
        return Page(embed, shown.index, count, jumps=(round_back(starts, shown.index), count - 1))

    @staticmethod
    async def _step(record: MatchRecord, renderer: GameRenderer, shown: Step) -> str:
        """A step as the replay tells it: the move's events, then the table they left."""
        table = await renderer.table(record, shown.game)
        drawn = "\n".join(block.text for block in table.layout.texts()) if table.layout else ""
        told = (
            "\n".join(
                f"> {line}" for line in logged_lines(renderer.texts, shown.events, record.seats)
            )
            if shown.index
            else _("The table as dealt, before the first move.")
        )
        return f"{told}\n\n{drawn}"

    async def _from_log(
        self, record: MatchRecord, renderer: GameRenderer, wanted: int
    ) -> Page | str:
        """A match saved before replays were kept: its public log, a move at a time (the
        events one saved version made), the round so far above the move, said so."""
        logged = await self.standings.match_events(record.id)
        if not logged:
            return _(
                "This match was played before moves were kept, and its log is no longer "
                "kept either (old match logs are cleared), so it can't be replayed."
            )
        events = [event for _version, event in logged]
        moves: list[list[int]] = []  # each move's events, by their place in the log
        for place, (version, _event) in enumerate(logged):
            if moves and logged[moves[-1][0]][0] == version:
                moves[-1].append(place)
            else:
                moves.append([place])
        starts = [0] + [
            number
            for number, places in enumerate(moves)
            if number and any(logged[place][1].kind == renderer.round_start for place in places)
        ]
        shown = clamp(wanted, len(moves))
        since = moves[round_back(starts, shown + 1)][0]
        note = "-# " + _(
            "This match was saved before replays were kept: this is its public log, "
            "one move at a time, without the table."
        )

        def told() -> list[str]:
            lines = logged_lines(renderer.texts, events, record.seats)
            before = lines[since : moves[shown][0]]
            return [*before, *(f"> **{lines[place]}**" for place in moves[shown])]

        body = "\n".join(fitted_lines(told, DESCRIPTION_CHARS - len(note) - 2))
        embed = discord.Embed(
            title=_("Replay of {title}").format(title=renderer.texts.title),
            description=f"{note}\n\n{body[-(DESCRIPTION_CHARS - len(note) - 2) :]}",
            colour=COLOUR,
        )
        return Page(embed, shown, len(moves), jumps=(round_back(starts, shown), len(moves) - 1))


def round_back(starts: list[int], step: int) -> int:
    """Where ⏮️ leads from `step`: the start of its round, or at a round's start the
    start of the round before (the first step from the first round)."""
    return max((start for start in starts if start < step), default=0)
