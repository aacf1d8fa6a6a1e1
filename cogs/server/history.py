"""`/games history [member] [game]`: a member's recent matches in pages, privately, newest
first; a select on each page opens a match's story, another its replay."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Self

import discord

from bot.errors import Refusal
from bot.process.app import Interaction
from bot.storage.standings_data import MatchSummary
from cogs.desk.replay import REPLAY
from cogs.desk.story import STORY
from cogs.tools.pages import Page, StoredPages, clamp, page_count, pages_of, split_args
from cogs.tools.refusals import refusal_answered
from cogs.ui.components import SELECT_LIMIT
from cogs.ui.persistent import Persistent
from cogs.wording.i18n import _, day
from cogs.wording.names import plain, shown
from cogs.wording.standing_words import end_how_text, place_mark, seat_label

HISTORY = "hist"  # the page kind; args: the member's id and the game ("" for every game)
PER_PAGE = 10
MATCH_REF = re.compile(r"\d+(?:\.[0-9a-f]{1,16})?")


class MatchPick(
    Persistent[discord.ui.Select[Any]],
    template=rf"pick:(?P<kind>{STORY}|{REPLAY}):(?P<slot>\d+)",
):
    """A history page's choice of match, to open its story or its replay; each option's
    value is a match reference."""

    def __init__(
        self, options: Sequence[tuple[str, str, str]] = (), *, kind: str = STORY, slot: int = 0
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"pick:{kind}:{slot}",
            placeholder=_("Open a match's story") if kind == STORY else _("Open a match's replay"),
            options=[
                discord.SelectOption(label=label[:100], value=value, description=about[:100])
                for value, label, about in options[:SELECT_LIMIT]
            ]
            or [discord.SelectOption(label="-", value="-")],
        )
        super().__init__(select)
        self.kind = kind

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(kind=match["kind"], slot=int(match["slot"]))

    async def clicked(self, interaction: Interaction) -> None:
        pages = pages_of(interaction.client)
        await pages.hearing.hear(interaction)
        ref = self.item.values[0] if self.item.values else ""
        async with refusal_answered(pages.renderers, interaction):
            if not MATCH_REF.fullmatch(ref):
                raise Refusal("out_of_date")
            await pages.click(interaction, self.kind, ref, 0)


class History(StoredPages):
    """The `hist` pages."""

    async def page(self, interaction: Interaction, args: str, wanted: int) -> Page | str:
        user_text, game_text = split_args(args, 2)
        guild_id = interaction.guild_id
        if guild_id is None or not user_text.isdigit():
            raise Refusal("out_of_date")
        user_id, game = int(user_text), game_text or None
        total = await self.standings.history_size(guild_id, user_id=user_id, game=game)
        if total == 0:
            name = _member_name(interaction, user_id, [])
            if game is not None:
                return _("{name} has no finished {title} matches in this server.").format(
                    name=name, title=self.title(game)
                )
            return _("{name} has no finished matches in this server.").format(name=name)
        count = page_count(total, PER_PAGE)
        shown = clamp(wanted, count)
        matches = await self.standings.history(
            guild_id, user_id=user_id, game=game, offset=shown * PER_PAGE, limit=PER_PAGE
        )
        name = _member_name(interaction, user_id, matches)
        embed = discord.Embed(
            title=_("{name}'s matches").format(name=name)
            if game is None
            else _("{name}'s {title} matches").format(name=name, title=self.title(game)),
            description="\n".join(self._line(match, user_id) for match in matches),
            colour=discord.Colour.teal(),
        )
        options = [
            (
                f"{match.match_id}.{self.reads.instance}",
                f"{day(match.finished_at)} · {self.title(match.game)} · #{match.match_id}",
                _players(match, plain),
            )
            for match in matches
        ]
        picks: list[discord.ui.Item[Any]] = [
            MatchPick(options, kind=STORY),
            MatchPick(options, kind=REPLAY),
        ]
        return Page(embed, shown, count, picks)

    def title(self, game: str) -> str:
        return self.renderers.title(game) if self.renderers.get(game) else game

    def _line(self, match: MatchSummary, user_id: int) -> str:
        """One match: when, which game, the member's place, everyone's places."""
        own = next((s for s in match.seats if s.user_id == user_id), None)
        mark = place_mark(own.place if own is not None else None)
        when = f"<t:{int(match.finished_at)}:d>"
        head = f"{mark} {when} · **{self.title(match.game)}** #{match.match_id}"
        if match.end_how != "played":
            head += f" · {end_how_text(match.end_how)}"
        return f"{head}\n  {_players(match)}"


def _players(match: MatchSummary, way: Callable[[str], str] = shown) -> str:
    """Everyone at the table in place order: "🥇 ann · 🥈 Ada (AI, strong) · 3. bob"."""
    seats = sorted(match.seats, key=lambda s: (s.place or len(match.seats), s.seat))
    return " · ".join(f"{place_mark(s.place)} {seat_label(s, way)}" for s in seats)


def _member_name(interaction: Interaction, user_id: int, matches: list[MatchSummary]) -> str:
    """The member's name: as their seat was called, else as Discord gives it with the
    interaction (the command's member option, or the member who asked)."""
    for match in matches:
        for seat in match.seats:
            if seat.user_id == user_id:
                return shown(seat.name)
    for user in (getattr(interaction.namespace, "member", None), interaction.user):
        if isinstance(user, discord.abc.User) and user.id == user_id:
            return shown(user.display_name)
    return f"<@{user_id}>"
