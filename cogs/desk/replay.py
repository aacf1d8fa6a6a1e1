"""A finished match's replay, privately and step by step: the table as the live renderer
drew it after each move (its picture too, the Sequence Numbers board), with the move that
led there told in the game's own sentences; a move that made no event (a card picked
before its cell) is told from the decision it answered. Pages are steps
(`pg:replay:<match ref>:<step>`, "Step 66 of 230" as an analysis names it), so the buttons
keep working after a restart: the first and last step, a step back or on, and for each
run of steps the game groups (rounds, tricks, turns) the one before or after. Only the
public table is drawn, and the deck is never told ahead; the steps of a member's hand (a
card chosen, then its cell) are told as they were made, the match being over.

Opened from the "Replay" button on the result (`replay_button`), a `/games history` page's
replay choice or `/games replay`, by anyone in the server the match was played in. A match
saved before replays were kept is told from its public log, a move at a time."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import discord

from bot.play.model import MatchRecord, MatchStatus
from bot.play.replay import Step, step_and_marks
from bot.play.replay_log import kept
from bot.process.app import Interaction
from cogs.tools.match_here import match_here
from cogs.tools.pages import Jump, MatchPagesButton, Page, StoredPages, clamp
from cogs.ui.components import (
    GameRenderer,
    TableMessage,
    cards_in_words,
    fitted_lines,
    parse_ref,
)
from cogs.ui.layout import Picture
from cogs.ui.step_groups import StepGroup
from cogs.wording.command_mentions import command
from cogs.wording.i18n import _, number
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
        record = await match_here(self.reads, interaction, *parse_ref(args))
        if record.status != MatchStatus.FINISHED:
            return _("This match hasn't ended yet: {log} tells it so far.").format(
                log=command(f"{record.game} log")
            )
        renderer = self.renderers.get(record.game)
        if renderer is None or record.game not in GAMES:
            return _("This bot no longer plays that game, so it can't tell the match.")
        saved = await kept(self.reads, record)
        if saved is None:
            return await self._from_log(record, renderer, wanted)
        first, moves = saved
        groups = renderer.step_groups
        # Rebuilding a long match move by move is the engine's work: off the loop.
        shown, marks = await asyncio.to_thread(
            step_and_marks, record.game, first, moves, wanted, [g.kinds for g in groups]
        )
        step, table = await self._step(record, renderer, shown)
        if len(step) > DESCRIPTION_CHARS:  # the cards' pictures won't fit: in words
            with cards_in_words():
                step, table = await self._step(record, renderer, shown)
        embed = discord.Embed(
            title=_("Replay of {title}").format(title=renderer.texts.title),
            description=step[:DESCRIPTION_CHARS],
            colour=COLOUR,
        )
        blocks = table.layout.blocks if table.layout else []
        picture = next((block for block in blocks if isinstance(block, Picture)), None)
        if picture is not None:  # the board, below the table's text as the live table has it
            embed.set_image(url=f"attachment://{picture.filename}")
        return Page(
            embed,
            shown.index,
            len(moves) + 1,
            jumps=step_jumps(shown.index, len(moves), marks, groups),
            footer=_("Step {step} of {count}").format(
                step=number(shown.index), count=number(len(moves))
            ),
            pictures=table.pictures,
        )

    @staticmethod
    async def _step(
        record: MatchRecord, renderer: GameRenderer, shown: Step
    ) -> tuple[str, TableMessage]:
        """A step as the replay tells it: the move, then the table it left (its text; its
        pictures are drawn when the page is sent)."""
        table = await renderer.table(record, shown.game)
        drawn = "\n".join(block.text for block in table.layout.texts()) if table.layout else ""
        if not shown.index:
            return f"{_('The table as dealt, before the first move.')}\n\n{drawn}", table
        lines = logged_lines(renderer.texts, shown.events, record.seats) or [
            _choice(record, renderer, shown)
        ]
        told = "\n".join(f"> {line}" for line in lines)
        return f"{told}\n\n{drawn}", table

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
            at
            for at, places in enumerate(moves)
            if at and any(logged[place][1].kind == renderer.round_start for place in places)
        ]
        shown = clamp(wanted, len(moves))
        since = moves[round_back(starts, shown + 1)][0]
        groups = renderer.step_groups
        marks = [
            [
                at
                for at, places in enumerate(moves)
                if any(logged[place][1].kind in group.kinds for place in places)
            ]
            for group in groups
        ]
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
        jumps = step_jumps(shown, len(moves) - 1, marks, groups)
        return Page(embed, shown, len(moves), jumps=jumps)


def _choice(record: MatchRecord, renderer: GameRenderer, shown: Step) -> str:
    """A move that made no event, in a sentence: as the game words the decision it
    answered, else only who chose."""
    assert shown.move is not None
    names = renderer.names(record)
    action = GAMES[record.game].action_from_code(shown.move.code)
    said = renderer.choice_line(shown.asked, action, names) if shown.asked else None
    return said or _("{name} made a choice.").format(name=names[shown.move.seat])


def step_jumps(
    shown: int, last: int, marks: Sequence[Sequence[int]], groups: Sequence[StepGroup]
) -> list[Jump]:
    """The buttons of step `shown` of 0 to `last`: ⏮️ the first step, ◀️ ▶️ a step back or on,
    ⏭️ the last; under them, for each group of steps the game marks (rounds, tricks, turns),
    ⏪ the marked step before this one (the first step when none is) and ⏩ the one after."""
    jumps = [
        Jump("f", "⏮️", _("First step"), 0 if shown > 0 else None),
        Jump("p", "◀️", _("Previous step"), shown - 1 if shown > 0 else None),
        Jump("n", "▶️", _("Next step"), shown + 1 if shown < last else None),
        Jump("l", "⏭️", _("Last step"), last if shown < last else None),
    ]
    for place, (group, marked) in enumerate(zip(groups, marks, strict=True)):
        if not marked:
            continue
        before = max((step for step in marked if step < shown), default=0)
        after = min((step for step in marked if step > shown), default=None)
        jumps += [
            Jump(f"b{place}", "⏪", str(group.back), before if shown > 0 else None, row=1),
            Jump(f"a{place}", "⏩", str(group.on), after, row=1),
        ]
    return jumps


def round_back(starts: list[int], step: int) -> int:
    """The start of the round `step` stands in (at a round's start, of the round before):
    where a replay told from the log begins the round it shows above the move."""
    return max((start for start in starts if start < step), default=0)
