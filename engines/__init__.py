"""Pure, synchronous game engines. Nothing here imports Discord or the bot.

Every subpackage is one game whose `__init__` registers its `GameInfo`. `GAMES` imports
them all the first time it is read, so a new game is found by being here, with no list
to edit, and importing one engine never drags in the others.
"""

from engines.base import GAMES, GameInfo, register

__all__ = ["GAMES", "GameInfo", "register"]
