"""`/games`: the commands across all games, each room of them a cog of its own (moderation,
standings, a member's games, notices, open tables, quiet hours, tournaments, house rules,
queues) whose commands this module puts in the one `/games` group, under the same names."""

from __future__ import annotations

from discord.ext import commands

from bot.process.app import TabletopBot
from cogs.desk.analysis import ANALYSIS, Analysis
from cogs.desk.desk import desk_of_bot
from cogs.desk.replay import REPLAY, Replay
from cogs.desk.story import STORY, Story
from cogs.server.history import HISTORY, History, MatchPick
from cogs.server.house_commands import HouseCommands
from cogs.server.member_games import MINE, MemberGames, MineSource
from cogs.server.moderation import Moderation
from cogs.server.notices import NoticeCommands
from cogs.server.open_tables import OpenJoinButton, OpenPageButton, OpenTableCommands
from cogs.server.queue_commands import LeaveQueueButton, QueueCommands, ReadyButton
from cogs.server.quiet_commands import QuietCommands
from cogs.server.standing_commands import StandingCommands
from cogs.server.standings import BOARD, HALL, Board, Hall
from cogs.server.tournament_board import (
    CLICKS_COG,
    STANDINGS,
    StandingsSource,
    TableChoiceButton,
    TournamentBoard,
    TournamentButton,
)
from cogs.server.tournament_commands import TournamentCommands
from cogs.tools.pages import MatchPagesButton, PageButton, Pages
from cogs.wording.commands_i18n import slash, slash_text


class Games(
    commands.GroupCog,
    group_name=slash("command", "games"),
    group_description=slash_text("Across all games"),
):
    """The `/games` group itself; its commands are the rooms' (`join_games`)."""


async def join_games(bot: commands.Bot, games: Games, room: commands.Cog) -> None:
    """Add `room` and move its slash commands under /games, names and options unchanged.
    discord.py puts a plain cog's commands at the tree's top, and a group belongs to one
    cog; so each room is a cog of its own (its state, its buttons' clicks) and its commands
    are moved from the top into the one group."""
    group = games.app_command
    assert group is not None
    moved = room.get_app_commands()
    await bot.add_cog(room)
    for command in moved:
        bot.tree.remove_command(command.name)
        group.add_command(command)


async def setup(bot: commands.Bot) -> None:
    desk = desk_of_bot(bot)
    stored, renderers = (desk.matches.reads, desk.matches.standings), desk.renderers
    pages = Pages(desk.languages, desk.matches.failures, renderers)
    pages.register(BOARD, Board(*stored, renderers))
    pages.register(HALL, Hall(*stored, renderers, desk.matches.stored_tournaments))
    pages.register(HISTORY, History(*stored, renderers))
    pages.register(STORY, Story(*stored, renderers))
    pages.register(REPLAY, Replay(*stored, renderers))
    pages.register(ANALYSIS, Analysis(*stored, renderers, desk.matches.analyse))
    pages.register(MINE, MineSource(*stored, renderers))
    assert isinstance(bot, TabletopBot)  # the composition root built the tournaments
    pages.register(STANDINGS, StandingsSource(*stored, renderers, bot.tournaments))
    await bot.add_cog(pages)
    board = TournamentBoard(bot, desk.matches, bot.tournaments, desk)
    tournament_commands = TournamentCommands(desk, bot.tournaments, pages, board)
    assert tournament_commands.qualified_name == CLICKS_COG
    games = Games()
    await bot.add_cog(games)
    # In the order the players have always seen them listed.
    rooms: list[commands.Cog] = [
        QueueCommands(desk),
        HouseCommands(desk),
        tournament_commands,
        QuietCommands(desk.matches, renderers),
        OpenTableCommands(desk),
        NoticeCommands(desk),
        MemberGames(desk.matches, pages, renderers),
        StandingCommands(desk, pages),
        Moderation(desk),
    ]
    for room in rooms:
        await join_games(bot, games, room)
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
