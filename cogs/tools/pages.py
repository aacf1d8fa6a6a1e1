"""Pages with previous/next buttons, for any long answer: a leaderboard, a member's
history, a match's story.

A page button is a DynamicItem whose custom id says what to show and which page
(`pg:<kind>:<args>:<page>`), so it keeps working after a restart and no view is kept in
memory. Each kind of pages has a `PageSource`, registered on the `Pages` cog by the cog
that owns it. On a private message a click turns the page in place; on a public one (a
leaderboard posted for all) it opens the page privately for the member who clicked, so
nobody turns the page under someone else's eyes.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, Self, cast

import discord
from discord.ext import commands

from bot.core.failure_log import FailureLog
from bot.errors import Refusal
from bot.process.app import Interaction
from bot.storage import Standings
from bot.storage.doors import MatchReads
from cogs.tools.refusals import answer_failure, answer_refusal
from cogs.tools.renderers import Renderers
from cogs.ui.components import TableMessage, answer_privately, ref_of
from cogs.ui.persistent import Persistent
from cogs.wording import i18n
from cogs.wording.i18n import _, number

ARG_SEPARATOR = ","  # between a page kind's arguments; never ":" (it splits the custom id)
# A labelled jump (a replay's first step, previous round…) carries a mark of its own, so
# that its custom id never equals another button's on the page when both lead to the same
# page. Buttons posted before labels carry "r" (a round's start) or "e" (the end).
PAGE_TEMPLATE = r"pg:(?P<kind>[a-z]+):(?P<args>[^:]*):(?P<page>\d+)(?::(?P<jump>[a-z]\d?))?"


@dataclass(frozen=True, slots=True)
class Jump:
    """A labelled page button, for pages that are a match's steps: its mark in the custom id
    (one of its own on the page), emoji, label, the page it leads to (None: nowhere, so it
    is greyed out) and the row it sits in."""

    mark: str
    emoji: str
    label: str
    page: int | None
    row: int = 0


@dataclass(slots=True)
class Page:
    """One page of an answer: its embed, its place among the pages, and items shown above
    the page buttons (such as a select of what the page lists)."""

    embed: discord.Embed
    number: int  # 0-based, the page actually shown (a stale button's page may be gone)
    count: int
    items: list[discord.ui.Item[Any]] = field(default_factory=list)
    # Pages that are steps of a match: labelled buttons in place of ◀️ ▶️ (None: ◀️ ▶️).
    jumps: list[Jump] | None = None
    footer: str | None = None  # where the page stands, in place of "Page 2 of 5"
    # Pictures the embed shows (a replay step's board), drawn when the page is sent.
    pictures: list[Callable[[], Awaitable[discord.File]]] = field(default_factory=list)


class PageSource(Protocol):
    async def page(self, interaction: Interaction, args: str, wanted: int) -> Page | str:
        """The page `wanted` (0-based) for `args` (a page past the end gives the last one), or what
        to tell the member when there is nothing to show (or a `Refusal` raised)."""
        ...


class StoredPages:
    """What every page source built on what is stored holds: the doors it reads through
    (matches, standings) and the renderers that word each game."""

    def __init__(self, reads: MatchReads, standings: Standings, renderers: Renderers) -> None:
        self.reads = reads
        self.standings = standings
        self.renderers = renderers


def page_count(total: int, per_page: int) -> int:
    """Pages for `total` rows, at least one (an empty list is one empty page)."""
    return max(1, -(-total // per_page))


def clamp(page: int, count: int) -> int:
    return min(max(page, 0), count - 1)


def join_args(*args: object) -> str:
    return ARG_SEPARATOR.join(str(arg) for arg in args)


def split_args(args: str, count: int) -> list[str]:
    """`count` arguments from a custom id; missing ones are empty (a button made by an
    older version may carry fewer)."""
    parts = args.split(ARG_SEPARATOR) if args else []
    return (parts + [""] * count)[:count]


class PageButton(Persistent[discord.ui.Button[Any]], template=PAGE_TEMPLATE):
    def __init__(
        self,
        kind: str,
        args: str,
        page: int,
        *,
        forward: bool = True,
        jump: Jump | str | None = None,
    ) -> None:
        """◀️ or ▶️ to `page`, or the labelled `jump` (a `Jump`, or only its mark when the
        button is rebuilt from its custom id, where label and emoji play no part)."""
        mark = jump.mark if isinstance(jump, Jump) else jump
        labelled = jump if isinstance(jump, Jump) else None
        super().__init__(
            discord.ui.Button(
                emoji=labelled.emoji if labelled else "▶️" if forward else "◀️",
                label=labelled.label if labelled else None,
                style=discord.ButtonStyle.secondary,
                custom_id=f"pg:{kind}:{args}:{page}" + (f":{mark}" if mark else ""),
                row=labelled.row if labelled else None,
            )
        )
        self.kind, self.args, self.page = kind, args, page

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(match["kind"], match["args"], int(match["page"]), jump=match["jump"])

    async def clicked(self, interaction: Interaction) -> None:
        pages = pages_of(interaction.client)
        await pages.hearing.hear(interaction)
        message = interaction.message
        in_place = message is not None and message.flags.ephemeral
        await pages.click(interaction, self.kind, self.args, self.page, in_place=in_place)


# The page kinds opened from a match's result (the custom id `<kind>:<match ref>`), each with
# its button's emoji. Their custom ids predate `pg:`, so buttons already posted keep working.
MATCH_OPENERS = {"story": "📜", "replay": "⏯️", "analysis": "🔎"}
# Kinds whose pages are the clicking member's own: their args carry the member's id too.
PER_MEMBER = ("analysis",)


class MatchPagesButton(
    Persistent[discord.ui.Button[Any]],
    template=rf"(?P<kind>{'|'.join(MATCH_OPENERS)}):(?P<match>\d+)(?:\.(?P<db>[0-9a-f]{{1,16}}))?"
    r"(?::(?P<page>\d+))?",
):
    """Opens a match's pages of one kind at their first page, privately, for whoever
    clicks it: its story, its replay."""

    def __init__(self, kind: str, ref: str, *, label: str = "", page: int = 0) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji=MATCH_OPENERS[kind],
                style=discord.ButtonStyle.secondary,
                custom_id=f"{kind}:{ref}" + (f":{page}" if page else ""),
            )
        )
        self.kind, self.ref, self.page = kind, ref, page

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(match["kind"], ref_of(match), page=int(match["page"] or 0))

    async def clicked(self, interaction: Interaction) -> None:
        pages = pages_of(interaction.client)
        await pages.hearing.hear(interaction)
        args = join_args(self.ref, interaction.user.id) if self.kind in PER_MEMBER else self.ref
        await pages.click(interaction, self.kind, args, self.page)


def page_message(kind: str, args: str, page: Page) -> TableMessage:
    """The page with its footer ("Page 2 of 5", or the page's own) and, when there are
    several, the buttons to the pages before and after, or the page's labelled jumps (a
    button that leads nowhere is greyed out); its pictures are drawn when it is sent."""
    items = list(page.items)
    if page.count > 1 or page.footer:
        page.embed.set_footer(
            text=page.footer
            or _("Page {page} of {count}").format(
                page=number(page.number + 1), count=number(page.count)
            )
        )
    if page.count > 1 and page.jumps is None:
        before = PageButton(kind, args, max(page.number - 1, 0), forward=False)
        after = PageButton(kind, args, min(page.number + 1, page.count - 1))
        before.item.disabled = page.number == 0
        after.item.disabled = page.number == page.count - 1
        items += [before, after]
    elif page.count > 1 and page.jumps is not None:
        for jump in page.jumps:
            to = page.number if jump.page is None else jump.page
            button = PageButton(kind, args, clamp(to, page.count), jump=jump)
            button.item.disabled = jump.page is None
            items.append(button)
    return TableMessage([page.embed], items, pictures=list(page.pictures))


class Hearing(Protocol):
    async def hear(self, interaction: Interaction) -> bool: ...


class Pages(commands.Cog):
    """The page sources by kind; page buttons find this cog by name."""

    def __init__(self, hearing: Hearing, failures: FailureLog, renderers: Renderers) -> None:
        self.sources: dict[str, PageSource] = {}
        self.hearing = hearing  # each click is answered in the clicking member's language
        self.failures = failures
        self.renderers = renderers  # whose texts word a page source's refusal

    def register(self, kind: str, source: PageSource) -> None:
        self.sources[kind] = source

    async def click(
        self,
        interaction: Interaction,
        kind: str,
        args: str,
        wanted: int,
        *,
        in_place: bool = False,
    ) -> None:
        """A click on a page button or a pick of what a page lists: the page, or one short
        private answer when it failed (discord.py would only log it)."""
        try:
            await self.show(interaction, kind, args, wanted, in_place=in_place)
        except Exception as error:
            what = (
                f"a click on {kind} pages by user {interaction.user.id} "
                f"in channel {interaction.channel_id} failed"
            )
            await answer_failure(interaction, error, self.failures, what)

    async def show(
        self,
        interaction: Interaction,
        kind: str,
        args: str,
        wanted: int,
        *,
        in_place: bool = False,
        public_language: str | None = None,
    ) -> None:
        """Answer with page `wanted` of `kind`: edit the clicked message in place, or send it,
        privately in the member's language, or publicly in `public_language` when given.
        Nothing to show is always told privately, in the member's language."""
        source = self.sources.get(kind)
        page: Page | str
        try:
            if source is None:
                raise Refusal("out_of_date")
            if public_language is not None:
                with i18n.reading(public_language):
                    page = await source.page(interaction, args, wanted)
                    shown = page_message(kind, args, page) if isinstance(page, Page) else None
            else:
                page = await source.page(interaction, args, wanted)
                shown = page_message(kind, args, page) if isinstance(page, Page) else None
        except Refusal as refusal:  # in the member's language, whoever the page was for
            await answer_refusal(self.renderers, interaction, refusal)
            return
        if shown is None:
            if public_language is not None:  # worded again for the member alone
                page = await source.page(interaction, args, wanted)
            await answer_privately(interaction, str(page))
            return
        await shown.draw_pictures()
        if in_place:  # the page's pictures replace those of the page turned from
            await interaction.response.edit_message(**shown.to_edit())
            return
        await interaction.response.send_message(
            **shown.to_send(),
            ephemeral=public_language is None,
            allowed_mentions=discord.AllowedMentions.none(),
        )


def pages_of(client: discord.Client) -> Pages:
    """The Pages cog, found by name (as the Desk is: an extension's classes are its own)."""
    found = cast(commands.Bot, client).get_cog("Pages")
    if found is None:
        raise RuntimeError("cogs.server.games adds the Pages cog")
    return cast(Pages, found)
