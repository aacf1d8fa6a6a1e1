"""`/games` is one group made of rooms, each a cog of its own (issue 49, item 5): the names
players type stay as they were, and each command runs in its own room."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

# /games' subcommands and groups as Discord lists them, the README's table in the order the
# players have always seen (Discord allows 25).
GAMES = [
    "queue",
    "leavequeue",
    "queuesetup",
    "house",
    "tournament",
    "quiet",
    "open",
    "notify",
    "mine",
    "away",
    "leaderboard",
    "stats",
    "history",
    "replay",
    "season",
    "reset",
    "list",
    "reminders",
    "tables",
    "export",
    "language",
    "mylanguage",
]


async def test_i49_5_the_games_group_keeps_its_names_and_each_room_its_commands(simcord_env):
    bot = simcord_env.bot
    (group,) = [c for c in bot.tree.get_commands() if c.name == "games"]
    assert isinstance(group, app_commands.Group)
    assert [c.name for c in group.commands] == GAMES
    assert not {c.name for c in bot.tree.get_commands()} & set(GAMES)  # none left at the top
    rooms = [_room_of(c) for c in group.commands]
    assert len({type(room).__name__ for room in rooms}) == 9
    for room in rooms:
        assert isinstance(room, commands.Cog) and not isinstance(room, commands.GroupCog)
        assert bot.get_cog(room.qualified_name) is room  # added, so its buttons find it


def _room_of(command: app_commands.Command | app_commands.Group) -> object:
    """The cog a command runs in (a subgroup's: its first bound subcommand's)."""
    if isinstance(command, app_commands.Command):
        return command.binding
    return next(c.binding for c in command.walk_commands() if c.binding is not None)
