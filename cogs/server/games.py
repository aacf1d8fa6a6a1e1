"""`/games`: moderator tools, the leaderboards, ratings, history and seasons, for every game
at once. The group's commands are in two halves: `moderation` and `standing_commands`."""

from __future__ import annotations

from discord.ext import commands

from bot.play.matches import MatchService
from bot.process.app import TabletopBot
from bot.tournament.runner import Tournaments
from cogs.desk.analysis import ANALYSIS, Analysis
from cogs.desk.desk import Desk, desk_of_bot
from cogs.desk.pages import MatchPagesButton, PageButton, Pages
from cogs.desk.replay import REPLAY, Replay
from cogs.desk.story import STORY, Story
from cogs.server.history import HISTORY, History, MatchPick
from cogs.server.house_commands import HouseCommands
from cogs.server.member_games import MINE, MemberGames, MineSource
from cogs.server.moderation import Moderation
from cogs.server.notices import NoticeCommands
from cogs.server.open_tables import OpenJoinButton, OpenPageButton, OpenTableCommands
from cogs.server.queue_commands import LeaveQueueButton, QueueBoard, QueueCommands, ReadyButton
from cogs.server.quiet_commands import QuietCommands
from cogs.server.seasons import Seasons
from cogs.server.standing_commands import StandingCommands
from cogs.server.standings import BOARD, HALL, Board, Hall
from cogs.server.tournament_board import (
    STANDINGS,
    StandingsSource,
    TableChoiceButton,
    TournamentBoard,
    TournamentButton,
)
from cogs.server.tournament_commands import TournamentCommands
from cogs.wording.commands_i18n import slash, slash_text


class Games(
    Moderation,
    StandingCommands,
    MemberGames,
    NoticeCommands,
    OpenTableCommands,
    QuietCommands,
    TournamentCommands,
    HouseCommands,
    QueueCommands,
    commands.GroupCog,
    group_name=slash("command", "games"),
    group_description=slash_text("Across all games"),
):
    def __init__(
        self,
        desk: Desk,
        matches: MatchService,
        tournaments: Tournaments,
        pages: Pages,
        board: TournamentBoard,
    ) -> None:
        self.desk = desk
        self.board = board
        self.matches = matches
        self.tournaments = tournaments
        self.queue_board = QueueBoard(desk.bot, matches, desk)
        self.renderers = desk.renderers  # whose texts word a refused reset
        self.pages = pages
        self.seasons = Seasons(desk.renderers)
        desk.shared.choices.on("reset", self.reset_match)  # a reset picked from several games
        super().__init__()
        desk.when_plugged.append(self.add_house_game)


async def setup(bot: commands.Bot) -> None:
    desk = desk_of_bot(bot)
    stored, renderers = (desk.matches.reads, desk.matches.standings), desk.renderers
    pages = Pages(desk.languages, desk.matches.failures)
    pages.register(BOARD, Board(*stored, renderers))
    pages.register(HALL, Hall(*stored, renderers))
    pages.register(HISTORY, History(*stored, renderers))
    pages.register(STORY, Story(*stored, renderers))
    pages.register(REPLAY, Replay(*stored, renderers))
    pages.register(ANALYSIS, Analysis(*stored, renderers, desk.matches.analyse))
    pages.register(MINE, MineSource(*stored, renderers))
    assert isinstance(bot, TabletopBot)  # the composition root built the tournaments
    pages.register(STANDINGS, StandingsSource(*stored, renderers, bot.tournaments))
    await bot.add_cog(pages)
    board = TournamentBoard(bot, desk.matches, bot.tournaments, desk)
    await bot.add_cog(Games(desk, desk.matches, bot.tournaments, pages, board))
    bot.add_dynamic_items(
        PageButton,
        MatchPagesButton,
        MatchPick,
        TournamentButton,
        TableChoiceButton,
        ReadyButton,
        LeaveQueueButton,
    )
    bot.add_dynamic_items(OpenPageButton, OpenJoinButton)
