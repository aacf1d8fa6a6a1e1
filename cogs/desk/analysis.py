"""A finished match's analysis, privately for the member who asks (`pg:analysis:<match
ref>,<member>:<page>`): each of their decisions valued by the game's strongest AI against
the best choice (`GameInfo.judge`), their accuracy, and their three costliest decisions,
each with a button to that step of the replay. Worked out off the event loop by the match
service (in the AI's worker processes when the bot runs them, else a thread). Pages carry
the member's id, and a member asking for another's analysis is refused."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.play.model import MatchStatus
from bot.play.replay_log import kept
from bot.process.app import Interaction
from bot.storage import Standings
from bot.storage.doors import MatchReads
from cogs.tools.match_here import match_here
from cogs.tools.pages import MatchPagesButton, Page, StoredPages, clamp, split_args
from cogs.tools.renderers import Renderers
from cogs.ui.components import parse_ref
from cogs.wording.i18n import _, ngettext, number, percent
from engines.base import GAMES, Judged, accuracy

ANALYSIS = "analysis"  # the page kind
COLOUR = discord.Colour.gold()
PER_PAGE = 10
COSTLIEST = 3
# A seat's decisions valued (game, first state, moves, seat), worked out off the event loop.
Analysed = Callable[
    [str, dict[str, Any], list[list[Any]], int], Awaitable[list[tuple[int, Judged]]]
]


def analysis_button(ref: str) -> discord.ui.Item[Any]:
    """The result's "Analysis" button, labelled in the message's language."""
    return MatchPagesButton(ANALYSIS, ref, label=_("Analysis"))


class Analysis(StoredPages):
    def __init__(
        self,
        reads: MatchReads,
        standings: Standings,
        renderers: Renderers,
        analysed: Analysed,
    ) -> None:
        super().__init__(reads, standings, renderers)
        self.analysed = analysed  # the match service's, worked out off the event loop

    async def page(self, interaction: Interaction, args: str, wanted: int) -> Page | str:
        ref, member = split_args(args, 2)
        if member != str(interaction.user.id):
            return _("An analysis is only for the member whose play it is: ask for your own.")
        record = await match_here(self.reads, interaction, *parse_ref(ref))
        if record.status != MatchStatus.FINISHED:
            return _("An analysis opens once the match is over.")
        info = GAMES.get(record.game)
        renderer = self.renderers.get(record.game)
        if info is None or info.judge is None or renderer is None:
            return _("This game has no analysis yet.")
        seats = [s for s, seat in enumerate(record.seats) if seat.user_id == interaction.user.id]
        if not seats:
            return _("You had no seat in this match, so there is no play of yours to analyse.")
        saved = await kept(self.reads, record)
        if saved is None:
            return _("This match was played before moves were kept, so it can't be analysed.")
        first, moves = saved
        raw = [move.to_list() for move in moves]
        judged = await self.analysed(record.game, first, raw, seats[0])
        if not judged:
            return _("None of your decisions in this match was a real choice to value.")
        score = accuracy([found.cost for _step, found in judged], info.accuracy_scale) or 0.0
        count = 1 + -(-len(judged) // PER_PAGE)
        shown = clamp(wanted, count)
        title = _("Your play in {title}, analysed").format(title=renderer.texts.title)
        names = renderer.names(record)
        if shown == 0:
            costs = [pair for pair in judged if pair[1].cost > 0]
            worst = sorted(costs, key=lambda pair: -pair[1].cost)[:COSTLIEST]
            costly = [renderer.analysis_line(step, found, names, seats[0]) for step, found in worst]
            lines = [
                ngettext(
                    "**Accuracy: {score}** over {count} decision of yours the hard AI valued "
                    "({full}: as good as the best it found).",
                    "**Accuracy: {score}** over {count} decisions of yours the hard AI valued "
                    "({full}: each as good as the best it found).",
                    len(judged),
                ).format(
                    score=percent(score / 100, tenths=True),
                    count=number(len(judged)),
                    full=percent(1),
                ),
                "",
                _("Your costliest decisions:"),
                *(costly or [_("None: each was as good as the best the hard AI found.")]),
            ]
            items: list[discord.ui.Item[Any]] = [
                MatchPagesButton(
                    "replay", record.ref, page=step, label=_("Step {step}").format(step=step)
                )
                for step, _found in worst
            ]
            embed = discord.Embed(title=title, description="\n".join(lines), colour=COLOUR)
            return Page(embed, 0, count, items)
        part = judged[(shown - 1) * PER_PAGE : shown * PER_PAGE]
        embed = discord.Embed(
            title=title,
            description="\n".join(
                renderer.analysis_line(step, found, names, seats[0]) for step, found in part
            ),
            colour=COLOUR,
        )
        return Page(embed, shown, count)
