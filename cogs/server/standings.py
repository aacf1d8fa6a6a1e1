"""The leaderboard and the hall of fame, as pages: ranked members by their conservative
rating on the friendly scale, then the provisional ones; each season's top three."""

from __future__ import annotations

from itertools import groupby

import discord

from bot.errors import Refusal
from bot.process.app import Interaction
from bot.rules.ratings import PROVISIONAL_GAMES
from bot.storage import Podium
from bot.storage.doors import MatchReads, Standings, StoredTournaments
from bot.storage.standings_data import HallEntry, RatingRow
from cogs.tools.pages import Page, StoredPages, clamp, page_count, split_args
from cogs.tools.renderers import Renderers
from cogs.wording.command_mentions import command
from cogs.wording.i18n import _, ngettext, number, percent
from cogs.wording.standing_words import place_mark
from cogs.wording.words import ai_level
from engines.base import GAMES

BOARD = "lb"  # the page kind; args: the game and "season" or "all"
HALL = "hall"  # the page kind; no args
SEASON, ALL = "season", "all"
ROWS_PER_PAGE = 10
SEASONS_PER_PAGE = 3
TOURNAMENTS_SHOWN = 10  # finished tournaments the hall of fame lists, newest first


def games_count(games: int) -> str:
    return ngettext("{count} game", "{count} games", games).format(count=number(games))


def wins_count(wins: int) -> str:
    return ngettext("{count} win", "{count} wins", wins).format(count=number(wins))


def record_text(row: RatingRow) -> str:
    """ "14 games · 6 wins (43%)"."""
    return _("{games} · {wins} ({rate})").format(
        games=games_count(row.games), wins=wins_count(row.wins), rate=percent(row.win_rate)
    )


class Board(StoredPages):
    """The `lb` pages: one game's leaderboard, this season's or all-time."""

    async def page(self, interaction: Interaction, args: str, wanted: int) -> Page | str:
        game, scope = split_args(args, 2)
        guild_id = interaction.guild_id
        if guild_id is None or game not in GAMES or scope not in (SEASON, ALL):
            raise Refusal("out_of_date")
        title = self.renderers.title(game)
        in_season = scope == SEASON
        if in_season:
            season = (await self.standings.current_season(guild_id)).number
            heading = _("{title} — leaderboard, season {season}").format(
                title=title, season=number(season)
            )
        else:
            heading = _("{title} — all-time leaderboard").format(title=title)
        total = await self.standings.leaderboard_size(guild_id, game, season=in_season)
        if total == 0:
            if in_season:
                return _("No rated {title} games in this server this season yet.").format(
                    title=title
                )
            return _("No rated {title} games in this server yet.").format(title=title)
        count = page_count(total, ROWS_PER_PAGE)
        shown = clamp(wanted, count)
        first = shown * ROWS_PER_PAGE
        rows = await self.standings.leaderboard(
            guild_id, game, season=in_season, offset=first, limit=ROWS_PER_PAGE
        )
        lines = board_lines(rows, first)
        if shown == count - 1:  # the AI levels' ratings, to measure a win against them by
            lines += await self.ai_lines(guild_id, game)
        embed = discord.Embed(
            title=heading, description="\n".join(lines), colour=discord.Colour.gold()
        )
        return Page(embed, shown, count)

    async def ai_lines(self, guild_id: int, game: str) -> list[str]:
        """The AI levels' all-time ratings in the game, strongest first, if any was rated."""
        levels = await self.standings.ai_ratings(guild_id, game)
        if not levels:
            return []
        ranked = sorted(levels.items(), key=lambda item: -item[1].ordinal)
        shown = " · ".join(f"{ai_level(level)} {number(row.shown)}" for level, row in ranked)
        return ["", _("🤖 AI players, all-time: {levels}").format(levels=shown)]


def board_lines(rows: list[RatingRow], first: int) -> list[str]:
    """The page's rows: ranked ones numbered from `first` + 1, then under a heading the
    provisional ones, unnumbered (the heading repeats on a page that starts with them)."""
    lines: list[str] = []
    for index, row in enumerate(rows):
        if row.provisional and (index == 0 or not rows[index - 1].provisional):
            lines += [
                "",
                ngettext(
                    "**Provisional** (fewer than {count} rated game)",
                    "**Provisional** (fewer than {count} rated games)",
                    PROVISIONAL_GAMES,
                ).format(count=number(PROVISIONAL_GAMES)),
            ]
        rank = "·" if row.provisional else f"`{number(first + index + 1)}.`"
        lines.append(
            _("{rank} <@{user}> — **{rating}** · {record}").format(
                rank=rank, user=row.user_id, rating=number(row.shown), record=record_text(row)
            )
        )
    return [line for i, line in enumerate(lines) if line or i > 0]


class Hall(StoredPages):
    """The `hall` pages: each past season's top three in every game, newest season first,
    and the podiums of the server's tournaments."""

    def __init__(
        self,
        reads: MatchReads,
        standings: Standings,
        renderers: Renderers,
        tournaments: StoredTournaments,
    ) -> None:
        super().__init__(reads, standings, renderers)
        self.tournaments = tournaments

    async def page(self, interaction: Interaction, args: str, wanted: int) -> Page | str:
        guild_id = interaction.guild_id
        if guild_id is None:
            raise Refusal("out_of_date")
        entries = await self.standings.hall(guild_id)
        podiums = await self.tournaments.podiums(guild_id)
        if not entries and not podiums:
            return _(
                "The hall of fame is empty: it fills when a moderator starts a new season "
                "with {new_season}, and when a tournament ends."
            ).format(new_season=command("games season new"))
        seasons = [list(group) for _season, group in groupby(entries, key=lambda e: e.season)]
        count = page_count(len(seasons), SEASONS_PER_PAGE)
        shown = clamp(wanted, count)
        embed = discord.Embed(title=_("Hall of fame"), colour=discord.Colour.gold())
        if podiums and shown == 0:  # the newest tournaments' podiums lead the first page
            embed.add_field(
                name=_("Tournaments"),
                value="\n".join(podium_lines(self.renderers, podiums))[:1024],
                inline=False,
            )
        for season in seasons[shown * SEASONS_PER_PAGE : (shown + 1) * SEASONS_PER_PAGE]:
            embed.add_field(
                name=_("Season {season}").format(season=number(season[0].season)),
                value="\n".join(hall_lines(self.renderers, season))[:1024],
                inline=False,
            )
        return Page(embed, shown, count)


def podium_lines(renderers: Renderers, podiums: list[Podium]) -> list[str]:
    """One line per finished tournament, newest first: its number, game, date and podium."""
    lines = []
    for tournament, group in groupby(podiums, key=lambda p: p.tournament_id):
        places = list(group)
        game = places[0].game
        title = renderers.title(game) if renderers.get(game) else game
        podium = " ".join(f"{place_mark(p.place)} <@{p.user_id}>" for p in places)
        when = f"<t:{int(places[0].finished_at)}:d>"
        lines.append(f"**#{tournament} {title}** {when}: {podium}")
    return lines[:TOURNAMENTS_SHOWN]


def hall_lines(renderers: Renderers, entries: list[HallEntry]) -> list[str]:
    """One line per game: its title, then its top three with their ratings."""
    lines = []
    for game, group in groupby(entries, key=lambda e: e.game):
        title = renderers.title(game) if renderers.get(game) else game
        podium = " ".join(
            f"{place_mark(e.place)} <@{e.user_id}> {number(e.shown)}"
            for e in sorted(group, key=lambda e: e.place)
        )
        lines.append(f"**{title}**: {podium}")
    return lines
