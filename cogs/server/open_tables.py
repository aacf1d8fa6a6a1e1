"""`/games open`: every lobby of the server with a free seat, in pages, each with a Join
button that seats the member wherever the lobby is (issue 48, item 1).

The list is private to whoever asked, and read anew from the database at every click on
it (a page turn, 🔄, each Join) and whenever a lobby of the server changes while it is
looked at: a seat taken or left, a lobby opened, started or closed redraws the lists shown
in the last `LIVE_FOR` seconds (a private message can only be edited through its
interaction's token, which lasts 15 minutes), one redraw per server at a time, each list
read as it stands then. Past that (or after a restart), 🔄 brings it up to date. A Join
always meets the lobby as it is now, under its lock: one that filled, started or closed
since the list was drawn gets one clear line, and the list is redrawn in place as it
stands.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any, Self, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import Refusal
from bot.play.events import STARTED
from bot.play.matches import Change, MatchService
from bot.play.model import MatchRecord
from bot.play.practice import is_practice
from bot.process.app import Interaction
from bot.storage.lobby_listing import LobbyPage
from cogs.desk.desk import Desk
from cogs.desk.lobby import house_line
from cogs.tools.checks import require_server
from cogs.tools.match_list import jump_link
from cogs.tools.refusals import answer_failure, answers_refusals, refusal_answered
from cogs.ui.components import GameRenderer, parse_ref, ref_of
from cogs.ui.layout import Part
from cogs.ui.persistent import Persistent
from cogs.wording import i18n
from cogs.wording.command_mentions import command
from cogs.wording.commands_i18n import slash, slash_text
from cogs.wording.i18n import _, ngettext, number
from cogs.wording.names import shown
from cogs.wording.pace_words import pace_name
from cogs.wording.words import either
from engines.base import GAMES

log = logging.getLogger(__name__)

PER_PAGE = 5  # a lobby takes four components; five leave room under Discord's forty
LIVE_FOR = 14 * 60.0  # seconds a shown list follows the lobbies (its token lasts 15 minutes)
FOLLOWED_PER_SERVER = 25  # the lists kept current in one server, the most recent ones
LIST_COLOUR = discord.Colour.green()
PAGE_EMOJIS = {"p": "◀️", "n": "▶️", "r": "🔄"}  # the page before, after, and this one again


class OpenPageButton(
    Persistent[discord.ui.Button[Any]], template=r"opn:(?P<page>\d+):(?P<mark>[pnr])"
):
    """◀️, ▶️ or ↻ on the list: page `page`, read anew. The mark keeps the three apart
    when two lead to the same page (↻ on the first page and ◀️ there)."""

    def __init__(self, page: int, mark: str, *, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                emoji=PAGE_EMOJIS[mark],
                style=discord.ButtonStyle.secondary,
                custom_id=f"opn:{page}:{mark}",
                disabled=disabled,
            )
        )
        self.page = page

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["page"]), match["mark"])

    async def clicked(self, interaction: Interaction) -> None:
        await open_tables_of(interaction.client).turn(interaction, self.page)


class OpenJoinButton(
    Persistent[discord.ui.Button[Any]],
    template=r"opj:(?P<match>\d+)(?:\.(?P<db>[0-9a-f]{1,16}))?:(?P<page>\d+)",
):
    """Join beside one lobby of the list: seats the member there, then shows the page
    it was on again."""

    def __init__(self, ref: str, page: int, *, label: str = "", disabled: bool = False) -> None:
        style = discord.ButtonStyle.secondary if disabled else discord.ButtonStyle.success
        super().__init__(
            discord.ui.Button(
                label=label, style=style, custom_id=f"opj:{ref}:{page}", disabled=disabled
            )
        )
        self.match_id, self.database = parse_ref(ref)
        self.page = page

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(ref_of(match), int(match["page"]))

    async def clicked(self, interaction: Interaction) -> None:
        board = open_tables_of(interaction.client)
        await board.join(interaction, self.match_id, self.database, self.page)


def visible_places(guild: discord.Guild, member: discord.Member) -> list[int]:
    """The channels and public threads of the server the member can see: the places whose
    lobbies are theirs to find and join."""
    channels = [channel.id for channel in guild.channels if _sees(channel, member)]
    threads = [
        thread.id for thread in guild.threads if not thread.is_private() and _sees(thread, member)
    ]
    return channels + threads


def _sees(place: discord.abc.GuildChannel | discord.Thread, member: discord.Member) -> bool:
    return isinstance(place, discord.abc.Messageable) and place.permissions_for(member).view_channel


def _host_name(record: MatchRecord) -> str:
    seat = record.seat_of(record.host_id)
    return shown(record.seats[seat].name) if seat is not None else f"<@{record.host_id}>"


def lobby_entry(record: MatchRecord, renderer: GameRenderer) -> str:
    """One lobby as the list shows it: game, pace and settings, seats, house rules, host,
    where, since when."""
    settings = [renderer.texts.setting(key, value) for key, value in record.options.items()]
    head = " · ".join(
        [f"**{renderer.texts.title}**", pace_name(record.pace), *filter(None, settings)]
    )
    most = GAMES[record.game].max_players
    taken = len(record.seats)
    seats = _("{taken} of {most} seats taken, {free} free").format(
        taken=number(taken), most=number(most), free=number(most - taken)
    )
    lines = [head, seats]
    house = house_line(record, renderer.texts)
    if house:
        lines.append(house)
    if is_practice(record):
        lines.append(_("🎓 Practice table: unrated, with hints."))
    when = f"<t:{int(record.created_at)}:R>"
    place = f"<#{record.channel_id}>"
    if record.extra.where == "thread":
        where = _("Host {host} · in {place}, played in a thread of its own · opened {when}")
    else:
        where = _("Host {host} · in {place} · opened {when}")
    lines.append("-# " + where.format(host=_host_name(record), place=place, when=when))
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Shown:
    """A list a member looks at: the interaction that drew it last, its page, and until when
    that interaction's token may still edit it."""

    interaction: Interaction
    page: int
    until: float
    notice: str | None  # the line above it (a Join's answer), kept as the list is redrawn


def about_lobbies(change: Change) -> bool:
    """Whether a change may change the list: one of a lobby (never dealt), or its start."""
    record = change.record
    if record.tournament_id is not None:
        return False
    return record.state is None or any(event.kind == STARTED for event in change.events)


@dataclass(frozen=True, slots=True)
class Listing:
    """What one page of the list shows: the lobbies on it, the page and how many."""

    lobbies: list[MatchRecord]
    page: int
    pages: int
    total: int


class OpenTables:
    """The list's reads and its Join, reached by the buttons through the /games cog."""

    def __init__(self, desk: Desk) -> None:
        self.desk = desk
        self.matches: MatchService = desk.matches
        self._shown: dict[int, dict[int, Shown]] = {}  # server -> member -> their list
        self._redraws: dict[int, asyncio.Task[None]] = {}  # server -> its running redraw
        self._answering: set[tuple[int | None, int]] = set()  # lists a click is redrawing
        self._waiting: set[int] = set()  # servers with a redraw yet to start
        desk.tables.watchers.append(self.lobby_changed)

    def _follow(self, interaction: Interaction, page: int, notice: str | None = None) -> None:
        """Keep the list this interaction drew current for a while (the member's newest
        list here replaces their older one); lists whose time is up are let go."""
        guild_id = interaction.guild_id
        assert guild_id is not None
        now = self.matches.clock()
        for server, lists in list(self._shown.items()):
            for user_id in [user for user, kept in lists.items() if kept.until <= now]:
                del lists[user_id]
            if not lists:
                del self._shown[server]
        lists = self._shown.setdefault(guild_id, {})
        lists.pop(interaction.user.id, None)
        lists[interaction.user.id] = Shown(interaction, page, now + LIVE_FOR, notice)
        while len(lists) > FOLLOWED_PER_SERVER:
            lists.pop(next(iter(lists)))

    def lobby_changed(self, change: Change) -> None:
        """A change decided or posted: the server's shown lists are redrawn after it. One
        redraw runs per server, and one more waits behind it at most: it reads what is
        saved when it starts, so every change before then is in it."""
        guild_id = change.record.guild_id
        if guild_id not in self._shown or guild_id in self._waiting or not about_lobbies(change):
            return
        self._waiting.add(guild_id)
        running = self._redraws.get(guild_id)
        self._redraws[guild_id] = asyncio.get_running_loop().create_task(
            self._redraw(guild_id, running)
        )

    async def _redraw(self, guild_id: int, after: asyncio.Task[None] | None) -> None:
        if after is not None:
            await asyncio.wait([after])
        self._waiting.discard(guild_id)
        now = self.matches.clock()
        lists = self._shown.get(guild_id, {})
        for user_id in list(lists):
            followed = lists.get(user_id)  # as it stands now: a click may have redrawn it
            if followed is None or (guild_id, user_id) in self._answering:
                continue  # gone, or their own click is redrawing it
            if followed.until <= now:
                del lists[user_id]
                continue
            try:
                with i18n.reading(await self.desk.languages.member(followed.interaction)):
                    listing = await self.listing(followed.interaction, followed.page)
                    view = self.view(listing, user_id, followed.notice)
                await followed.interaction.edit_original_response(view=view)
            except Exception as error:  # the list stays as it was; 🔄 still redraws it
                lists.pop(user_id, None)
                log.debug("the open tables of user %s were not redrawn: %s", user_id, error)
        if not lists:
            self._shown.pop(guild_id, None)
        if self._redraws.get(guild_id) is asyncio.current_task():
            del self._redraws[guild_id]

    async def settled(self) -> None:
        """Every redraw under way is done (tests wait for it)."""
        while self._redraws:
            await asyncio.wait(list(self._redraws.values()))

    async def listing(self, interaction: Interaction, wanted: int) -> Listing:
        """Page `wanted` of the lobbies the member may join here (the last page, when the
        list has shrunk below it since)."""
        guild, member = interaction.guild, interaction.user
        assert guild is not None and isinstance(member, discord.Member)
        places = visible_places(guild, member)
        most = {key: info.max_players for key, info in GAMES.items() if key in self.desk.renderers}
        lobbies = self.matches.open_lobbies

        async def read(page: int) -> LobbyPage:
            return await lobbies.lobbies_with_seats(
                guild.id, places, most, offset=page * PER_PAGE, limit=PER_PAGE
            )

        found = await read(max(wanted, 0))
        pages = max(1, -(-found.total // PER_PAGE))
        shown_page = min(max(wanted, 0), pages - 1)
        if shown_page != wanted and found.total:
            found = await read(shown_page)
        return Listing(found.lobbies, shown_page, pages, found.total)

    def view(
        self, listing: Listing, viewer_id: int, notice: str | None = None
    ) -> discord.ui.LayoutView:
        """The page as a private message: a notice line above it (the Join's answer), a
        section per lobby with its Join button, and the page buttons."""
        view = discord.ui.LayoutView(timeout=None)
        if notice:
            view.add_item(discord.ui.TextDisplay(notice, id=Part.NOTICE))
        box: discord.ui.Container[Any] = discord.ui.Container(accent_colour=LIST_COLOUR)
        heading = "## " + _("Open tables")
        summary = ngettext(
            "{count} lobby in this server has a free seat; the longest waiting comes first.",
            "{count} lobbies in this server have a free seat; the longest waiting come first.",
            listing.total,
        ).format(count=number(listing.total))
        if not listing.total:
            keys = sorted(key for key in GAMES if key in self.desk.renderers)
            starts = either([command(f"{key} start") for key in keys])
            summary = _(
                "No lobby in this server has a free seat right now. Open one with {start}."
            ).format(start=starts)
        box.add_item(discord.ui.TextDisplay(f"{heading}\n{summary}", id=Part.HEADING))
        for record in listing.lobbies:
            box.add_item(discord.ui.Separator())
            renderer = self.desk.renderers[record.game]  # listed: its plug-in is loaded
            seated = record.seat_of(viewer_id) is not None
            label = _("You're in") if seated else _("Join")
            button = OpenJoinButton(record.ref, listing.page, label=label, disabled=seated)
            entry: discord.ui.TextDisplay[Any] = discord.ui.TextDisplay(
                lobby_entry(record, renderer)
            )
            box.add_item(discord.ui.Section(entry, accessory=button))
        if listing.pages > 1:
            footer = _("Page {page} of {count}").format(
                page=number(listing.page + 1), count=number(listing.pages)
            )
            box.add_item(discord.ui.TextDisplay(f"-# {footer}", id=Part.FOOTNOTE))
        row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
        last = listing.pages - 1
        if listing.pages > 1:
            row.add_item(OpenPageButton(max(listing.page - 1, 0), "p", disabled=listing.page == 0))
            row.add_item(
                OpenPageButton(min(listing.page + 1, last), "n", disabled=listing.page == last)
            )
        row.add_item(OpenPageButton(listing.page, "r"))
        box.add_item(row)
        view.add_item(box)
        view.stop()
        return view

    async def show(self, interaction: Interaction) -> None:
        """`/games open`: the first page, privately."""
        listing = await self.listing(interaction, 0)
        await interaction.response.send_message(
            view=self.view(listing, interaction.user.id),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self._follow(interaction, listing.page)

    async def turn(self, interaction: Interaction, page: int) -> None:
        """A page button or 🔄: the page read anew, in place."""
        await self.desk.languages.hear(interaction)
        async with self._answer(interaction):
            require_server(interaction)
            listing = await self.listing(interaction, page)
            await interaction.response.edit_message(view=self.view(listing, interaction.user.id))
            self._follow(interaction, listing.page)

    async def join(
        self, interaction: Interaction, match_id: int, database: str | None, page: int
    ) -> None:
        """Seat the member at the lobby, wherever it is; the list comes back as it is now,
        under one line: where they sit now (with a link), or why they could not."""
        await self.desk.languages.hear(interaction)
        async with self._answer(interaction, f"a join of match {match_id} from the list"):
            require_server(interaction)
            if await self.desk.clicks.from_elsewhere(interaction, database):
                return
            notice = await self._seat(interaction, match_id)
            listing = await self.listing(interaction, page)
            await interaction.response.edit_message(
                view=self.view(listing, interaction.user.id, notice)
            )
            self._follow(interaction, listing.page, notice)

    @contextlib.asynccontextmanager
    async def _answer(
        self, interaction: Interaction, what: str = "a page of the open tables"
    ) -> AsyncIterator[None]:
        """A click on the list: no redraw meanwhile overwrites its answer; a failure gets
        one short private line (discord.py would only log it)."""
        member = (interaction.guild_id, interaction.user.id)
        self._answering.add(member)
        try:
            async with refusal_answered(self.desk.renderers, interaction):
                yield
        except Exception as error:
            await self._failed(interaction, error, what)
        finally:
            self._answering.discard(member)

    async def _seat(self, interaction: Interaction, match_id: int) -> str:
        """Join the lobby; the line that says how it went."""
        record = await self.matches.reads.get_match(match_id)
        guild, member = interaction.guild, interaction.user
        assert guild is not None and isinstance(member, discord.Member)
        if record is None or record.guild_id != guild.id:
            return "⚠️ " + self.desk.renderers.refusal(Refusal("already_ended"))
        if record.channel_id not in visible_places(guild, member):  # hidden since it was listed
            return "⚠️ " + _("That lobby is in a channel you can't see.")
        try:
            change = await self.matches.act_in_lobby(
                match_id, member.id, member.display_name, "join", self.desk.tables.publish
            )
        except Refusal as refusal:
            return "⚠️ " + self.desk.renderers.refusal(refusal)
        joined = change.record
        return "✅ " + _(
            "You're seated at the {title} lobby in {place}: [go to it]({link})"
        ).format(
            title=self.desk.renderers.title(joined.game),
            place=f"<#{joined.channel_id}>",
            link=jump_link(joined),
        )

    async def _failed(self, interaction: Interaction, error: Exception, what: str) -> None:
        what = f"{what} by user {interaction.user.id} failed"
        await answer_failure(interaction, error, self.matches.failures, what)


def open_tables_of(client: discord.Client) -> OpenTables:
    """The list's reads and Join, found through their cog by name (as the Desk is)."""
    room = cast(commands.Bot, client).get_cog(OpenTableCommands.__cog_name__)
    if room is None:
        raise RuntimeError("cogs.server.games adds the OpenTableCommands cog")
    return cast(OpenTableCommands, room).open_tables


class OpenTableCommands(commands.Cog):
    """`/games open` (`cogs.server.games` puts it in the group)."""

    def __init__(self, desk: Desk) -> None:
        self.desk = desk
        self.renderers = desk.renderers  # whose texts word a refusal
        self.open_tables = OpenTables(desk)

    @app_commands.command(
        name=slash("command", "open"),
        description=slash_text("Lobbies with a free seat in this server, to join from here"),
    )
    @answers_refusals
    async def open_command(self, interaction: Interaction) -> None:
        require_server(interaction)
        try:
            await self.open_tables.show(interaction)
        except Exception as error:
            what = f"/games open by user {interaction.user.id} failed"
            await answer_failure(interaction, error, self.desk.matches.failures, what)
