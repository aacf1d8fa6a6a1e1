"""What the slash commands every game shares do: open a lobby, join or leave by command,
post the table again, a member's hand, a round's log and the short rules."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord

from bot.errors import Refusal
from bot.play.matches import MatchService
from bot.play.model import LobbyRequest, MatchRecord, MatchStatus
from bot.process.app import Interaction
from cogs.desk.clicks import Clicks
from cogs.desk.rounds import rounds_of
from cogs.desk.tables import Tables
from cogs.desk.threads import TABLES_WHERE, lacking_for_threads
from cogs.tools import permissions
from cogs.tools.match_actions import MatchChoices
from cogs.tools.match_choice import several
from cogs.tools.refusals import answers_refusals
from cogs.tools.renderers import Renderers
from cogs.ui.components import fitted_lines
from cogs.wording.i18n import _
from cogs.wording.replies import ended_text, notice_text
from cogs.wording.words import event_text, join_names, names_at_each

LOG_READ = 3000  # stored events read for /<game> log, at most (a long game's every round)
DESCRIPTION_LIMIT = 4096  # Discord's limit on an embed's description


class SharedCommands:
    """`/<game> start`, `join`, `leave`, `table`, `hand`, `log` and `rules`, for any game."""

    def __init__(
        self, matches: MatchService, renderers: Renderers, tables: Tables, clicks: Clicks
    ) -> None:
        self.matches = matches
        self.renderers = renderers
        self.tables = tables
        self.clicks = clicks
        self.choices = MatchChoices(matches.reads.get_match, renderers)
        for action, run in (
            ("join", self._join),
            ("leave", self._leave),
            ("table", self._repost),
            ("hand", self._hand),
            ("log", self._log),
        ):
            self.choices.on(action, run)

    @answers_refusals
    async def open_lobby(
        self,
        interaction: Interaction,
        game: str,
        options: dict[str, Any],
        pace: str | None = None,
        where: str | None = None,
        practice: bool = False,
    ) -> None:
        """`/<game> start`: open a lobby here at `pace`, to be played in a thread of its own
        or in the channel (`where`, else as the house rules say, else as the server chose,
        else a thread where the bot may open one); a `practice` table is unrated and gives
        hints. What the member leaves unset comes from the house rules."""
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Refusal("not_in_dms")
        lacking = permissions.missing(
            interaction.app_permissions, self.renderers[game].draws_pictures
        )
        if lacking:
            raise Refusal("cannot_start", lacking=lacking)
        if isinstance(interaction.channel, discord.Thread):
            raise Refusal("start_in_channel")
        house = await self.matches.house(interaction.guild_id, interaction.channel_id, game)
        chosen = (
            where
            or house.where
            or await TABLES_WHERE.read(self.matches.scoped, interaction.guild_id)
        )
        lacking = lacking_for_threads(interaction.app_permissions)
        place = "thread" if chosen != "channel" and not lacking else "channel"
        record = await self.matches.open_lobby(
            LobbyRequest(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                game=game,
                host_id=interaction.user.id,
                host_name=interaction.user.display_name,
                options=options,
                where=place,
                pace=pace,
                practice=practice,
                house=house if where is None else replace(house, where=None),
            ),
        )
        await self.tables.post_new(interaction, record)
        if chosen != "channel" and lacking:
            await interaction.followup.send(permissions.no_threads(lacking), ephemeral=True)

    @answers_refusals
    async def lobby_command(self, interaction: Interaction, game: str, action: str) -> None:
        """`/<game> join` and `leave`: the lobby buttons, typed."""
        record = await self.channel_match(interaction, game, action)
        await self.choices.actions[action](interaction, record)

    async def _join(self, interaction: Interaction, record: MatchRecord) -> None:
        await self._lobby_step(interaction, record, "join")

    async def _leave(self, interaction: Interaction, record: MatchRecord) -> None:
        await self._lobby_step(interaction, record, "leave")

    @answers_refusals
    async def _lobby_step(self, interaction: Interaction, record: MatchRecord, action: str) -> None:
        change = await self.matches.act_in_lobby(
            record.id,
            interaction.user.id,
            interaction.user.display_name,
            action,
            self.tables.publish,
        )
        notice = change.notice and notice_text(
            change.notice, ended_text(change.record.ended_reason, change.record.ended_data)
        )
        await interaction.response.send_message(notice or _("Done."), ephemeral=True)

    @answers_refusals
    async def repost(self, interaction: Interaction, game: str) -> None:
        """`/<game> table`: post the table again at the bottom of the channel."""
        await self._repost(interaction, await self.channel_match(interaction, game, "table"))

    @answers_refusals
    async def _repost(self, interaction: Interaction, record: MatchRecord) -> None:
        post = None
        async with self.matches.lock(record.id):
            fresh = await self.matches.reads.get_match(record.id)
            if fresh is not None and fresh.is_open:
                # The in-memory copy, whose table message the later changes edit.
                live, _game = await self.matches.current(record.id)
                post = await self.tables.queue_post(interaction, live)
        if post is None:
            raise Refusal("already_ended")
        await post()

    @answers_refusals
    async def show_hand(self, interaction: Interaction, game: str) -> None:
        """`/<game> hand`: the member's private view, as the table's hand button gives it."""
        record = await self.channel_match(interaction, game, "hand")
        await self._hand(interaction, record)

    async def _hand(self, interaction: Interaction, record: MatchRecord) -> None:
        await self.clicks.show_private(interaction, record.id)

    @answers_refusals
    async def show_log(
        self, interaction: Interaction, game: str, round_number: int | None = None
    ) -> None:
        """`/<game> log [round]`: every event of a round (of the game, if it has no rounds),
        privately, newest last. Without a round: the round in play, preceded by the one
        that just ended while the table still retells it."""
        record = await self.channel_match(interaction, game, "log")
        await self._log(interaction, record, round_number)

    @answers_refusals
    async def _log(
        self,
        interaction: Interaction,
        record: MatchRecord,
        round_number: int | None = None,
    ) -> None:
        game = record.game
        renderer = self.renderers[game]
        logged = [event for _, event in await self.matches.reads.events(record.id, LOG_READ)]
        named = names_at_each(record.seats, logged)
        rounds = rounds_of(logged, renderer.round_start)
        if round_number is not None:
            shown = [r for r in rounds if r[0] == round_number]
            if not shown:
                known = ", ".join(str(r[0]) for r in rounds if r[0] is not None)
                raise Refusal("no_round", round=round_number, known=known or "—")
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

        def told() -> list[str]:
            lines: list[str] = []
            for number, part in shown:
                if len(shown) > 1:
                    lines.append(_("**Round {round}**").format(round=number))
                lines += [event_text(renderer.texts, logged[i], named[i]) for i in part]
            return lines

        lines = fitted_lines(told, DESCRIPTION_LIMIT)
        while len("\n".join(lines)) > DESCRIPTION_LIMIT:
            lines = lines[1:]
        embed.description = "\n".join(lines) or _("Nothing has happened yet.")
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def show_rules(self, interaction: Interaction, game: str) -> None:
        """`/<game> rules`: the short rules, for the options of this channel's latest match
        of the game, open or just played, if any."""
        record = None
        if interaction.channel_id is not None:
            record = await self.matches.reads.latest_match_in_channel(interaction.channel_id, game)
        options = record.options if record is not None else {}
        embed = self.renderers[game].rules(options)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def channel_match(
        self, interaction: Interaction, game: str | None = None, action: str = ""
    ) -> MatchRecord:
        """The match a command means: in a thread, the thread's; in a channel, its one open
        match (of `game`, if given) that the member could mean. Several: the member is asked
        which (`Refusal("several")`), never guessed for; none: a refusal."""
        if interaction.guild_id is None:
            raise Refusal("not_in_dms")
        reads = self.matches.reads
        here = interaction.channel_id or 0
        if isinstance(interaction.channel, discord.Thread):
            found = await reads.match_in_thread(here)
            candidates = [found] if found is not None and found.is_open else []
        else:
            candidates = await reads.open_matches_in_channel(here)
        meant = [r for r in candidates if game is None or r.game == game]
        if not meant:
            if game is None:
                raise Refusal("no_game_here")
            if candidates:
                raise Refusal("wrong_game", game=candidates[0].game)
            raise Refusal("no_such_game_here", game=game)
        pool = could_mean(meant, interaction.user.id, action)
        if len(pool) > 1:
            raise several(pool, action)
        return pool[0]


def could_mean(records: list[MatchRecord], user_id: int, action: str) -> list[MatchRecord]:
    """Of a channel's matches, the ones a member's command could be about: to join, the
    lobbies and the matches with their seat; else the ones with their seat, if any."""
    seated = [r for r in records if r.seat_of(user_id) is not None]
    if action == "join":
        return [r for r in records if r.status == MatchStatus.LOBBY or r in seated] or records
    return seated or records
