"""The Desk: one public table message per match, drawn by the game's Renderer.

Each game cog registers a Renderer; the Desk posts or edits the table, answers clicks
through the match service, and re-posts tables that grew too old to edit.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from itertools import pairwise
from typing import Any, cast

import discord
from discord.ext import commands

from bot import i18n
from bot.app import TabletopBot
from bot.errors import Refusal
from bot.i18n import _
from bot.matches import Change, MatchService
from bot.storage import MatchRecord
from cogs import permissions
from cogs.commands_i18n import CatalogTranslator
from cogs.components import (
    DYNAMIC_ITEMS,
    GameRenderer,
    LobbyButton,
    TableMessage,
    done_responding,
    refuse,
    responding,
)
from cogs.hands import OpenHands
from cogs.language import Languages
from cogs.lobby import ended_table, lobby_table, result_embed
from cogs.pings import Pings
from cogs.replies import ended_text, failure_answer, notice_text, refusal_text
from cogs.words import GameTexts, event_text, join_names, names_at_each
from engines.base import Event

log = logging.getLogger(__name__)

DEFER_AFTER = 2.0  # seconds a click may take before it is deferred (Discord allows 3)
LOG_READ = 3000  # stored events read for /<game> log, at most (a long game's every round)
DESCRIPTION_LIMIT = 4096  # Discord's limit on an embed's description
REPOST_AFTER = 50 * 60  # Discord stops accepting edits to old interaction messages; re-post first.


class _Deferral:
    """Acknowledges a click whose work is still going after DEFER_AFTER seconds, so Discord
    never shows "This interaction failed". A plain timer, cancelled when the work is done:
    a click answered in time, nearly all of them, costs no task."""

    def __init__(self, interaction: discord.Interaction[Any]) -> None:
        self._interaction = interaction
        self._task: asyncio.Task[None] | None = None
        self._timer = asyncio.get_running_loop().call_later(DEFER_AFTER, self._start)

    def _start(self) -> None:
        self._task = asyncio.create_task(self._defer())

    async def _defer(self) -> None:
        async with responding(self._interaction):
            if not self._interaction.response.is_done():
                await self._interaction.response.defer()

    def cancel(self) -> None:
        self._timer.cancel()
        if self._task is not None:
            self._task.cancel()


# -- the desk --------------------------------------------------------------------------


class Desk(commands.Cog):
    """Draws and keeps the table messages of every match."""

    def __init__(self, bot: commands.Bot, matches: MatchService) -> None:
        self.bot = bot
        self.matches = matches
        self.renderers: dict[str, GameRenderer] = {}
        self.languages = Languages(bot, matches.storage)
        self.hands = OpenHands(matches.clock)
        self.pings = Pings(bot, matches.storage, matches.clock, self.languages, self.title)
        # Matches whose table could not be shown lately, with why (a kind and its data,
        # worded when /games list shows it).
        self.problems: dict[int, tuple[str, dict[str, Any]]] = {}
        matches.publish = self.publish
        matches.remind = self.pings.remind

    def register(self, renderer: GameRenderer) -> None:
        self.renderers[renderer.key] = renderer

    def texts_of(self, game: str) -> GameTexts | None:
        renderer = self.renderers.get(game)
        return renderer.texts if renderer is not None else None

    def title(self, game: str) -> str:
        """A game's title; a match of a game whose plug-in the host removed shows its key."""
        texts = self.texts_of(game)
        return texts.title if texts is not None else game

    async def hear(self, interaction: discord.Interaction[Any]) -> bool:
        """The start of every interaction: what is said to this member privately from here
        on is in their language (a public build sets the server's around itself)."""
        i18n.set_reader(await self.languages.member(interaction))
        return True

    async def answer_failure(
        self, interaction: discord.Interaction[Any], error: BaseException
    ) -> None:
        """Answer a failed command in one short, true private line instead of silence."""
        await refuse(interaction, failure_answer(error))

    def refusal(self, error: Refusal) -> str:
        return refusal_text(error, self.texts_of)

    async def render(self, change: Change, language: str | None = None) -> TableMessage:
        """The match's public table, in `language` (by default the server's)."""
        if language is None:
            language = await self.languages.server(change.record.guild_id)
        with i18n.reading(language):
            return await self._render(change)

    async def _render(self, change: Change) -> TableMessage:
        record, game = change.record, change.game
        renderer = self.renderers.get(record.game)
        notice = None
        if change.notice is not None:
            notice = notice_text(change.notice, ended_text(record.ended_reason, record.ended_data))
        if record.status == "cancelled" and (record.quarantine is not None or renderer is None):
            return ended_table(record, self.title(record.game), notice)  # couldn't be loaded
        assert renderer is not None  # only a match that can't be loaded lacks one
        if record.status == "lobby" or (record.status == "cancelled" and game is None):
            return lobby_table(record, renderer, notice)
        assert game is not None
        await self.matches.recent(record)  # a table retells the latest events
        table = await renderer.table(record, game)
        if record.is_open and any(s.ai and s.user_id is not None for s in record.seats):
            table.items.append(
                LobbyButton(record.ref, None, "reclaim", label=_("I'm back: my seat"), emoji="🙋")
            )
        if not record.is_open:
            table.items = []
            table.embeds.append(result_embed(record, game, renderer.texts))
        elif notice:
            table.content = notice
        return table

    # -- posting ----------------------------------------------------------------------

    async def post_new(self, interaction: discord.Interaction[Any], record: MatchRecord) -> None:
        """Answer a slash command with a fresh table message and remember it."""
        game = await self.matches.game_of(record)
        table = await self.render(Change(record, game))
        await interaction.response.send_message(
            content=table.content, embeds=table.embeds, view=table.view(), files=table.files
        )
        message = await interaction.original_response()
        old = record.message_id
        await self.matches.set_message(record.id, message.id, self.matches.clock())
        if old and old != message.id:
            await self._retire(record.channel_id, old)

    async def publish(
        self, change: Change, interaction: discord.Interaction[Any] | None = None
    ) -> None:
        """Show a change on the table: in the clicked message when possible, else by editing
        (or re-posting) the stored one."""
        table = await self.render(change)
        record = change.record
        clicked = (
            interaction is not None
            and interaction.message is not None
            and (interaction.message.id == record.message_id)
        )
        answered = False
        if clicked and interaction is not None:
            async with responding(interaction):
                if not interaction.response.is_done():
                    await interaction.response.edit_message(
                        content=table.content,
                        embeds=table.embeds,
                        view=table.view(),
                        attachments=table.files,
                    )
                    answered = True
        if not answered and not await self._shown(record, self._edit_or_repost(record, table)):
            await self._tell_not_shown(record, interaction)
        # A move made from a private view is answered in that view; the others follow.
        from_hand = interaction is not None and not clicked and interaction.message is not None
        skip = interaction.user.id if from_hand and interaction is not None else None
        if record.game in self.renderers:  # not for a game whose plug-in was removed
            await self.hands.refresh(change, self.renderers[record.game], skip)
        await self.pings.after_change(change)
        if change.game is not None and change.game.outcome() and record.status == "finished":
            channel = self.bot.get_channel(record.channel_id)
            with i18n.reading(await self.languages.server(record.guild_id)):
                result = result_embed(record, change.game, self.renderers[record.game].texts)
            if isinstance(channel, discord.abc.Messageable) and not await self._shown(
                record, channel.send(embed=result)
            ):
                await self._tell_not_shown(record, interaction)

    async def _shown(self, record: MatchRecord, showing: Coroutine[Any, Any, Any]) -> bool:
        """Run a post or edit of the match's messages; a refusal from Discord (a missing
        permission, a deleted channel) is noted for /games list instead of failing a move
        that is already saved."""
        try:
            note = await showing
        except discord.HTTPException as error:
            lacking = permissions.missing_in(self.bot.get_channel(record.channel_id), False)
            self.problems[record.id] = (
                ("missing", {"permissions": lacking})
                if lacking
                else ("refused", {"status": error.status})
            )
            log.warning(
                "match %s in channel %s: the table could not be shown (%s %s)",
                record.id,
                record.channel_id,
                error.status,
                error.code,
            )
            return False
        if isinstance(note, tuple):
            self.problems[record.id] = note
        else:
            self.problems.pop(record.id, None)
        return True

    async def _tell_not_shown(
        self, record: MatchRecord, interaction: discord.Interaction[Any] | None
    ) -> None:
        if interaction is None:
            return
        pictures = self.renderers[record.game].draws_pictures
        lacking = permissions.missing_in(self.bot.get_channel(record.channel_id), pictures)
        await refuse(interaction, permissions.saved_not_shown(lacking, record.game))

    async def _edit_or_repost(
        self, record: MatchRecord, table: TableMessage
    ) -> tuple[str, dict[str, Any]] | None:
        """Edit the table in place, or post it anew when it is too old to edit; a note when
        the table could only be kept current in place."""
        channel = self.bot.get_channel(record.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return None
        now = self.matches.clock()
        fresh = record.message_at is not None and now - record.message_at < REPOST_AFTER
        if record.message_id and (fresh or not record.is_open):
            try:
                await channel.get_partial_message(record.message_id).edit(
                    content=table.content,
                    embeds=table.embeds,
                    view=table.view(),
                    attachments=table.files,
                )
                return None
            except discord.NotFound:
                pass  # deleted by someone: post a new one below
        old = record.message_id
        try:
            message = await channel.send(
                content=table.content, embeds=table.embeds, view=table.view(), files=table.files
            )
        except discord.Forbidden:
            if not old:
                raise
            # Not allowed to post: the old table kept current beats a stale one.
            await channel.get_partial_message(old).edit(
                content=table.content, embeds=table.embeds, view=table.view()
            )
            return ("no_fresh_table", {})
        await self.matches.set_message(record.id, message.id, now)
        record.message_id, record.message_at = message.id, now
        if old:
            await self._retire(record.channel_id, old)
        return None

    async def _retire(self, channel_id: int, message_id: int) -> None:
        """Strip the buttons off an old table message so nobody clicks a dead copy."""
        channel = self.bot.get_channel(channel_id)
        if isinstance(channel, discord.abc.Messageable):
            guild = getattr(channel, "guild", None)
            with i18n.reading(await self.languages.server(guild.id if guild else None)):
                moved = _("The table moved to a newer message below.")
            try:
                await channel.get_partial_message(message_id).edit(content=moved, view=None)
            except discord.HTTPException:
                log.debug("old table %s could not be retired", message_id)

    # -- clicks -------------------------------------------------------------------------

    async def lobby_click(
        self, interaction: discord.Interaction[Any], match_id: int, action: str, stamp: int | None
    ) -> None:
        self.pings.seen(match_id, interaction.user.id)

        async def answer(change: Change) -> None:
            await self.publish(change, interaction)

        await self._answering(
            interaction,
            match_id,
            self.matches.lobby_action(
                match_id, interaction.user.id, interaction.user.display_name, action, answer, stamp
            ),
        )

    async def move(
        self, interaction: discord.Interaction[Any], match_id: int, stamp: int, code: str
    ) -> None:
        self.pings.seen(match_id, interaction.user.id)

        async def answer(change: Change) -> None:
            await self.publish(change, interaction)
            clicked = interaction.message
            if clicked is not None and clicked.id != change.record.message_id:
                await self._answer_private(interaction, change)  # a move from a private hand

        await self._answering(
            interaction,
            match_id,
            self.matches.play(match_id, interaction.user.id, stamp, code, answer),
        )

    async def from_elsewhere(
        self, interaction: discord.Interaction[Any], database: str | None
    ) -> bool:
        """Whether a button was made by a database this bot no longer runs on (it was
        replaced): then its match id may now name another match, so it is refused."""
        if database is None or database == self.matches.storage.instance:
            return False
        await refuse(
            interaction,
            _(
                "That button belongs to a game this bot no longer keeps. "
                "Use a current table, or /<game> table to show this channel's."
            ),
        )
        return True

    async def _answering(
        self,
        interaction: discord.Interaction[Any],
        match_id: int,
        request: Coroutine[Any, Any, Any],
    ) -> None:
        """Run a click's request; a refusal or a failure still gets a short, true answer
        (discord.py would only log a button's exception, and the member would see nothing).
        A request still busy after DEFER_AFTER seconds (a slow database) is deferred first,
        so Discord never shows "This interaction failed"."""
        watch = _Deferral(interaction)
        try:
            await request
        except Refusal as error:
            await refuse(interaction, self.refusal(error))
        except Exception as error:
            log.exception(
                "a click on match %s by user %s in channel %s failed",
                match_id,
                interaction.user.id,
                interaction.channel_id,
            )
            await refuse(interaction, failure_answer(error))
        finally:
            watch.cancel()
            done_responding(interaction)

    async def _answer_private(self, interaction: discord.Interaction[Any], change: Change) -> None:
        """A move made from a private message: refresh that message with the seat's view
        (through the deferred response if the request was slow)."""
        async with responding(interaction):
            if interaction.response.is_done():
                await self._edit_private(interaction, change, interaction.edit_original_response)
            else:
                await self._edit_private(interaction, change, interaction.response.edit_message)
        if interaction.message is not None:
            await self.hands.remember(
                change.record.id, interaction.user.id, interaction, interaction.message.id
            )

    async def _edit_private(
        self,
        interaction: discord.Interaction[Any],
        change: Change,
        edit: Callable[..., Coroutine[Any, Any, Any]],
    ) -> None:
        seat = change.record.seat_of(interaction.user.id)
        private = None
        if change.game is not None and seat is not None and change.record.is_open:
            private = await self.renderers[change.record.game].private(
                change.record, change.game, seat
            )
        if private is None:
            note = (
                _("Done.")
                if change.record.is_open
                else _("The game is over: the result is on the table.")
            )
            await edit(content=note, embeds=[], view=None)
        else:
            await edit(
                content=private.content,
                embeds=private.embeds,
                view=private.view(),
                attachments=private.files,
            )

    async def show_private(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        self.pings.seen(match_id, interaction.user.id)
        record = await self.matches.storage.get_match(match_id)
        if record is None or not record.is_open or record.state is None:
            await refuse(interaction, _("This game has already ended."))
            return
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            await refuse(interaction, _("You're not playing in this game, so you have no hand."))
            return
        try:
            game = await self.matches.game_of(record)
        except Refusal as error:
            await refuse(interaction, self.refusal(error))
            return
        assert game is not None
        private = await self.renderers[record.game].private(record, game, seat)
        if private is None:
            await refuse(interaction, _("Nothing is hidden in this game: it's all on the table."))
            return
        sent = await interaction.response.send_message(
            content=private.content,
            embeds=private.embeds,
            view=private.view(),
            files=private.files,
            ephemeral=True,
        )
        message_id = sent.message_id or (await interaction.original_response()).id
        await self.hands.remember(match_id, interaction.user.id, interaction, message_id)

    # -- slash commands shared by every game ------------------------------------------

    async def open_lobby(
        self, interaction: discord.Interaction[Any], game: str, options: dict[str, Any]
    ) -> None:
        """`/<game> start`: open a lobby here, unless the channel already has a match."""
        if interaction.guild_id is None or interaction.channel_id is None:
            await refuse(interaction, _("Games are played in server channels, not in DMs."))
            return
        lacking = permissions.missing(
            interaction.app_permissions, self.renderers[game].draws_pictures
        )
        if lacking:
            await refuse(interaction, permissions.cannot_start(lacking))
            return
        try:
            record = await self.matches.open_lobby(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                game=game,
                host_id=interaction.user.id,
                host_name=interaction.user.display_name,
                options=options,
            )
        except Refusal as error:
            await refuse(interaction, self.refusal(error))
            return
        await self.post_new(interaction, record)

    async def lobby_command(
        self, interaction: discord.Interaction[Any], game: str, action: str
    ) -> None:
        """`/<game> join` and `leave`: the lobby buttons, typed."""
        try:
            record = await self.channel_match(interaction, game)
            change = await self.matches.lobby_action(
                record.id,
                interaction.user.id,
                interaction.user.display_name,
                action,
                self.publish,
            )
        except Refusal as error:
            await refuse(interaction, self.refusal(error))
            return
        notice = change.notice and notice_text(
            change.notice, ended_text(change.record.ended_reason, change.record.ended_data)
        )
        await interaction.response.send_message(notice or _("Done."), ephemeral=True)

    async def repost(self, interaction: discord.Interaction[Any], game: str) -> None:
        """`/<game> table`: post the table again at the bottom of the channel."""
        try:
            record = await self.channel_match(interaction, game)
        except Refusal as error:
            await refuse(interaction, self.refusal(error))
            return
        async with self.matches.lock(record.id):
            fresh = await self.matches.storage.get_match(record.id)
            if fresh is None or not fresh.is_open:
                await refuse(interaction, _("This game has already ended."))
                return
            try:
                await self.post_new(interaction, fresh)
            except Refusal as error:
                await refuse(interaction, self.refusal(error))

    async def show_hand(self, interaction: discord.Interaction[Any], game: str) -> None:
        """`/<game> hand`: the member's private view, as the table's hand button gives it."""
        try:
            record = await self.channel_match(interaction, game)
        except Refusal as error:
            await refuse(interaction, self.refusal(error))
            return
        await self.show_private(interaction, record.id)

    async def show_log(
        self, interaction: discord.Interaction[Any], game: str, round_number: int | None = None
    ) -> None:
        """`/<game> log [round]`: every event of a round (of the game, if it has no rounds),
        privately, newest last. Without a round: the round in play, preceded by the one
        that just ended while the table still retells it."""
        try:
            record = await self.channel_match(interaction, game)
        except Refusal as error:
            await refuse(interaction, self.refusal(error))
            return
        renderer = self.renderers[game]
        logged = [event for _, event in await self.matches.storage.events(record.id, LOG_READ)]
        named = names_at_each(record.seats, logged)
        rounds = _rounds(logged, renderer.round_start)
        if round_number is not None:
            shown = [r for r in rounds if r[0] == round_number]
            if not shown:
                known = ", ".join(str(r[0]) for r in rounds if r[0] is not None)
                await refuse(
                    interaction,
                    _("There is no round {round} in this game's log (rounds: {known}).").format(
                        round=round_number, known=known or "—"
                    ),
                )
                return
        else:
            shown = rounds[-1:]
            record.log = logged  # a copy read for this answer: the renderer reads its log
            game_now = await self.matches.game_of(record) if record.state else None
            if game_now is not None and renderer.finished_round_shown(record, game_now):
                shown = rounds[-2:]
        embed = discord.Embed(
            title=_("{title} — the game so far").format(title=renderer.texts.title)
            if renderer.round_start is None
            else _("{title} — round {rounds}").format(
                title=renderer.texts.title,
                rounds=join_names([str(number) for number, _part in shown]),
            ),
        )
        lines: list[str] = []
        for number, part in shown:
            if len(shown) > 1:
                lines.append(_("**Round {round}**").format(round=number))
            lines += [event_text(renderer.texts, logged[i], named[i]) for i in part]
        while len("\n".join(lines)) > DESCRIPTION_LIMIT:
            lines = lines[1:]
        embed.description = "\n".join(lines) or _("Nothing has happened yet.")
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def show_rules(self, interaction: discord.Interaction[Any], game: str) -> None:
        """`/<game> rules`: the short rules, for the options of this channel's match if any."""
        record = None
        if interaction.channel_id is not None:
            record = await self.matches.storage.open_match_in_channel(interaction.channel_id)
        options = record.options if record is not None and record.game == game else {}
        embed = self.renderers[game].rules(options)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    # -- helpers for game cogs ----------------------------------------------------------

    async def channel_match(
        self, interaction: discord.Interaction[Any], game: str | None = None
    ) -> MatchRecord:
        if interaction.guild_id is None:
            raise Refusal("not_in_dms")
        record = await self.matches.storage.open_match_in_channel(interaction.channel_id or 0)
        if record is None:
            if game is None:
                raise Refusal("no_game_here")
            raise Refusal("no_such_game_here", game=game)
        if game is not None and record.game != game:
            raise Refusal("wrong_game", game=record.game)
        return record


def _rounds(logged: list[Event], start_kind: str | None) -> list[tuple[int, range]]:
    """The log cut into rounds at each `start_kind` event, with each round's number (its
    start event's "round"); a game without rounds is one round, numbered 1."""
    starts = [i for i, event in enumerate(logged) if event.kind == start_kind]
    if not starts:
        return [(1, range(len(logged)))]
    cuts = [*starts, len(logged)]
    rounds = [
        (int(logged[a].data.get("round", n + 1)), range(a, b))
        for n, (a, b) in enumerate(pairwise(cuts))
    ]
    if starts[0] > 0:  # the first round read began before the oldest event kept
        rounds.insert(0, (rounds[0][0] - 1, range(starts[0])))
    return rounds


def desk_of_bot(bot: commands.Bot) -> Desk:
    """The Desk cog. Found by name, not by class: loading `cogs.table` as an extension makes
    a fresh module, whose Desk class is not the one a plain import saw."""
    desk = bot.get_cog("Desk")
    if desk is None:
        raise RuntimeError("cogs.table must load before the games")
    return cast(Desk, desk)  # the class check can't be made (see above)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, TabletopBot), "the Desk serves the bot that create_bot makes"
    desk = Desk(bot, bot.matches)
    await bot.add_cog(desk)
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    # Every slash command first learns its member's language; a failed one is answered in it.
    # discord.py asks the tree for this check, and the tree exists before the Desk does.
    bot.tree.interaction_check = desk.hear  # type: ignore[method-assign]
    bot.answer_failure = desk.answer_failure
    await bot.tree.set_translator(CatalogTranslator())
