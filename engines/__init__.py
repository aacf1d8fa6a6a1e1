"""Pure, synchronous game engines. Nothing here imports Discord or the bot.

Every subpackage is one game: importing it registers its `GameInfo` in `GAMES`, so a new
game is found by being here, with no list to edit.
"""

from importlib import import_module
from pkgutil import iter_modules

from engines.base import GAMES, GameInfo, register

__all__ = ["GAMES", "GameInfo", "register"]

for _package in iter_modules(__path__):
    if _package.ispkg:
        import_module(f"{__name__}.{_package.name}")
