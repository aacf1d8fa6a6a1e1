"""A tournament in the channel: its sign-up message (Join, Leave, Check in), kept current;
the check-in call; each round's call with a card per table, on which the table's thread
opens; the final standings. And the standings as pages."""

from __future__ import annotations

import logging
import re
from typing import Any, Protocol, Self, cast

import discord
from discord.ext import commands

from bot.errors import Refusal
from bot.play.matches import MatchService
from bot.play.model import MatchRecord
from bot.process.app import Interaction
from bot.storage import Standings, TournamentRecord
from bot.storage.doors import MatchReads
from bot.tournament.document import Document
from bot.tournament.runner import TournamentChange, Tournaments
from bot.tournament.table_matches import table_of
from cogs.desk.desk import Desk
from cogs.tools.pages import Page, StoredPages, clamp, page_count, split_args
from cogs.ui.components import TableMessage
from cogs.ui.layout import ENDED_COLOUR, Layout, Part
from cogs.ui.persistent import Persistent
from cogs.wording import i18n, tournament_words
from cogs.wording.i18n import _
from cogs.wording.names import shown
from cogs.wording.replies import ai_name

log = logging.getLogger(__name__)

TOURNAMENT_TEMPLATE = r"tour:(?P<action>join|leave|check):(?P<id>\d+)"
# A moderator's choice for a table that ended without a result, keyed by the tournament and
# the table's match, so it works after a restart.
CHOICE_TEMPLATE = r"tchoice:(?P<choice>replay|unplayed):(?P<id>\d+):(?P<match>\d+)"
STANDINGS = "tstand"
PER_PAGE = 15
LIVE_COLOUR = discord.Colour.gold()


class TournamentButton(Persistent[discord.ui.Button[Any]], template=TOURNAMENT_TEMPLATE):
    def __init__(self, action: str, tournament_id: int, label: str = "") -> None:
        style = discord.ButtonStyle.success if action != "leave" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=label or action, style=style, custom_id=f"tour:{action}:{tournament_id}"
            )
        )
        self.action, self.tournament_id = action, tournament_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(match["action"], int(match["id"]))

    async def clicked(self, interaction: Interaction) -> None:
        await clicks_of(interaction.client).tournament_click(
            interaction, self.action, self.tournament_id
        )


class TableChoiceButton(Persistent[discord.ui.Button[Any]], template=CHOICE_TEMPLATE):
    def __init__(self, choice: str, tournament_id: int, match_id: int, label: str = "") -> None:
        style = discord.ButtonStyle.primary if choice == "replay" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=label or choice,
                style=style,
                custom_id=f"tchoice:{choice}:{tournament_id}:{match_id}",
            )
        )
        self.choice, self.tournament_id, self.match_id = choice, tournament_id, match_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(match["choice"], int(match["id"]), int(match["match"]))

    async def clicked(self, interaction: Interaction) -> None:
        await clicks_of(interaction.client).table_choice_click(
            interaction, self.choice, self.tournament_id, self.match_id
        )


class TournamentClicks(Protocol):
    """What answers the tournament's buttons (`TournamentCommands`, which imports this
    module, so it is named here by what it does)."""

    async def tournament_click(
        self, interaction: Interaction, action: str, tournament_id: int
    ) -> None: ...

    async def table_choice_click(
        self, interaction: Interaction, choice: str, tournament_id: int, match_id: int
    ) -> None: ...


CLICKS_COG = "TournamentCommands"  # the cog that answers them, found by name as the Desk is


def clicks_of(client: discord.Client) -> TournamentClicks:
    room = cast(commands.Bot, client).get_cog(CLICKS_COG)
    if room is None:
        raise RuntimeError("cogs.server.games adds the TournamentCommands cog")
    return cast(TournamentClicks, room)


def signup_message(record: TournamentRecord, title: str, rounds: int) -> TableMessage:
    """The tournament's message in the channel, in the reader's language (set by the caller)."""
    live = record.state in ("signing_up", "checking_in")
    layout = Layout(LIVE_COLOUR if record.is_live else ENDED_COLOUR)
    layout.text(Part.HEADING, f"### {tournament_words.heading(record, title)}")
    lines = [tournament_words.terms_line(record)]
    if live:
        lines.append(tournament_words.start_line(record))
    lines.append(tournament_words.entrants_line(record))
    lines.append(tournament_words.state_line(record, rounds))
    layout.text(Part.PLAYERS, "\n".join(lines))
    items: list[discord.ui.Item[Any]] = []
    if live:
        items.append(TournamentButton("join", record.id, _("Join")))
        if record.state == "checking_in":
            items.append(TournamentButton("check", record.id, _("Check in")))
        items.append(TournamentButton("leave", record.id, _("Leave")))
    elif record.state in ("running", "paused"):
        items.append(TournamentButton("leave", record.id, _("Drop out")))
    return TableMessage(layout=layout, items=items)


class TournamentBoard:
    """Shows what the tournament runner did, in the tournament's channel."""

    def __init__(
        self, bot: discord.Client, matches: MatchService, tournaments: Tournaments, desk: Desk
    ) -> None:
        self.bot, self.matches, self.desk = bot, matches, desk
        self.runner = tournaments
        self.runner.publish = self.show

    def title(self, game: str) -> str:
        return self.desk.renderers.title(game)

    async def message(self, record: TournamentRecord) -> TableMessage:
        with i18n.reading(await self.desk.languages.server(record.guild_id)):
            return signup_message(record, self.title(record.game), self.runner.total_rounds(record))

    async def post(self, record: TournamentRecord) -> discord.Message | None:
        channel = self.bot.get_channel(record.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return None
        sent = await channel.send(**(await self.message(record)).to_send())
        await self.runner.set_message(record.id, sent.id)
        return sent

    async def show(self, change: TournamentChange) -> None:
        record = change.record
        fresh = await self.runner.get(record.id) or record
        await self._redraw(fresh)
        language = await self.desk.languages.server(record.guild_id)
        with i18n.reading(language):
            if change.kind == "check_in":
                await self._check_in_call(fresh)
            elif change.kind == "round":
                await self._round_call(fresh, change.tables)
            elif change.kind == "finished":
                await self._final(fresh)
            elif change.kind == "cancelled":
                for waiting in Document(fresh).awaiting:  # nothing is left to choose
                    text = tournament_words.choice_cancelled(waiting.to_dict())
                    await self._close_choice(fresh, waiting.to_dict(), text)
            elif change.kind == "no_result":
                await self._ask_choice(fresh, change.data)
            elif change.kind == "replayed":
                await self._close_choice(fresh, change.data, tournament_words.replayed(change.data))
                await self._table_cards(fresh, change.tables)
            elif change.kind == "unplayed":
                await self._unplayed(fresh, change.data)

    async def _redraw(self, record: TournamentRecord) -> None:
        channel: Any = self.bot.get_channel(record.channel_id)
        if channel is None or record.message_id is None:
            return
        try:
            await channel.get_partial_message(record.message_id).edit(
                **(await self.message(record)).to_edit()
            )
        except discord.HTTPException:
            log.debug("tournament %s: its message could not be redrawn", record.id)

    async def _send(self, record: TournamentRecord, text: str, users: list[int]) -> Any:
        channel = self.bot.get_channel(record.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return None
        mentions = discord.AllowedMentions(users=[discord.Object(u) for u in users])
        try:
            return await channel.send(text, allowed_mentions=mentions)
        except discord.HTTPException:
            log.warning("tournament %s: a message could not be posted", record.id)
            return None

    async def _check_in_call(self, record: TournamentRecord) -> None:
        users = [e.user_id for e in Document(record).entrants]
        text = tournament_words.check_in_call([f"<@{u}>" for u in users], record.starts_at)
        await self._send(record, text, users)

    async def _round_call(self, record: TournamentRecord, tables: tuple[MatchRecord, ...]) -> None:
        """The round's call, then a card per table: the table's thread opens on its card
        when the runner deals it."""
        doc = Document(record)
        users = [s.user_id for t in tables for s in t.seats if s.user_id is not None]
        rounds = self.runner.total_rounds(record)
        mentions = [f"<@{u}>" for u in users]
        await self._send(record, tournament_words.round_call(doc.round, rounds, mentions), users)
        if doc.round == 1:  # who was dropped at the start for not checking in hears why
            missed = [e.user_id for e in doc.entrants if e.dropped == "no_check_in"]
            if missed:
                text = tournament_words.missed_check_in([f"<@{u}>" for u in missed])
                await self._send(record, text, missed)
        await self._table_cards(record, tables)

    async def _table_cards(self, record: TournamentRecord, tables: tuple[MatchRecord, ...]) -> None:
        for table in tables:
            names = [
                f"<@{s.user_id}>" if s.user_id else ai_name(shown(s.name)) for s in table.seats
            ]
            mark = table_of(table)
            round_, number = mark.round, mark.table
            card = await self._send(record, tournament_words.table_card(round_, number, names), [])
            if card is not None:
                await self.matches.set_message(table.id, card.id, self.matches.clock())

    async def _ask_choice(self, record: TournamentRecord, waiting: dict[str, Any]) -> None:
        """Ask the moderator running the tournament, where it is announced, what to do with
        a table that ended without a result."""
        channel = self.bot.get_channel(record.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return
        moderator = record.created_by
        text = tournament_words.no_result_ask(f"<@{moderator}>", waiting, record.due_at)
        view = discord.ui.View(timeout=None)
        match_id = int(waiting["match_id"])
        view.add_item(TableChoiceButton("replay", record.id, match_id, _("Replay the table")))
        view.add_item(TableChoiceButton("unplayed", record.id, match_id, _("Count as unplayed")))
        mentions = discord.AllowedMentions(users=[discord.Object(moderator)])
        try:
            sent = await channel.send(text, view=view, allowed_mentions=mentions)
        except discord.HTTPException:
            log.warning("tournament %s: the choice for a table could not be posted", record.id)
            return
        await self.runner.set_choice_message(record.id, match_id, sent.id)

    async def _close_choice(
        self, record: TournamentRecord, waiting: dict[str, Any], text: str
    ) -> None:
        """The question answered: its buttons go, and it says what was done."""
        channel: Any = self.bot.get_channel(record.channel_id)
        message_id = waiting.get("message_id")
        if channel is None or message_id is None:
            return
        try:
            await channel.get_partial_message(int(message_id)).edit(
                content=text, view=None, allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException:
            log.debug("tournament %s: a table's choice could not be closed", record.id)

    async def _unplayed(self, record: TournamentRecord, data: dict[str, Any]) -> None:
        for waiting in data["tables"]:
            await self._close_choice(record, waiting, tournament_words.counted_unplayed(waiting))
            if data.get("how") in ("limit", "late"):  # the clock decided: the moderator hears
                moderator = record.created_by
                text = tournament_words.unplayed_notice(
                    f"<@{moderator}>", waiting, asked=data["how"] == "limit"
                )
                await self._send(record, text, [moderator])

    async def _final(self, record: TournamentRecord) -> None:
        standings = self.runner.standings(record)
        podium = [f"<@{s.user_id}>" for s in standings[:3]]
        text = tournament_words.champion_call(self.title(record.game), podium)
        await self._send(
            record,
            f"{text}\n{tournament_words.standings_hint()}",
            [s.user_id for s in standings[:3]],
        )


class StandingsSource(StoredPages):
    """The `standings` pages of one tournament."""

    def __init__(
        self, reads: MatchReads, standings: Standings, renderers: Any, tournaments: Tournaments
    ) -> None:
        super().__init__(reads, standings, renderers)
        self.runner = tournaments

    async def page(self, interaction: Interaction, args: str, wanted: int) -> Page | str:
        (number,) = split_args(args, 1)
        record = await self.runner.get(int(number))
        if record is None or record.guild_id != interaction.guild_id:
            raise Refusal("no_tournament")
        doc = Document(record)
        if not doc.entrants:
            return _("Nobody has signed up for this tournament yet.")
        standings = self.runner.standings(record)
        drops = {e.user_id: e.dropped for e in doc.entrants}
        names = doc.names()
        ties = tournament_words.ties_hint
        lines = [tournament_words.standing_line(s, names, drops.get(s.user_id)) for s in standings]
        count = page_count(len(lines), PER_PAGE)
        shown_page = clamp(wanted, count)
        embed = discord.Embed(
            title=tournament_words.heading(record, self.renderers.title(record.game)),
            description="\n".join(
                [*lines[shown_page * PER_PAGE : (shown_page + 1) * PER_PAGE], "", ties()]
            ),
            colour=LIVE_COLOUR,
        )
        embed.set_footer(text=tournament_words.state_line(record, self.runner.total_rounds(record)))
        return Page(embed, shown_page, count)
