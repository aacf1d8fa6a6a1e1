"""Slash commands named in sentences, the way the reader can use them.

Once the tree has synced, Discord has given every top-level command an id, and a sentence
names a command as Discord's command mention (`</games reset:ID>`): each client shows it
in its own language and a click opens it. Before the ids are known (at the very start, or
when the sync failed), the command is written out in the reader's language, as their
client lists it (`/trò-chơi kết-thúc` for a Vietnamese reader).

The ids belong to the application, so one table serves the process: each sync replaces it.
"""

from __future__ import annotations

from collections.abc import Iterable

from discord import app_commands

from cogs.wording import i18n
from cogs.wording.commands_i18n import valid_name

_ids: dict[str, int] = {}  # a top-level command's English name -> its id, from the last sync


def remember(synced: Iterable[app_commands.AppCommand]) -> None:
    """Keep the ids of the commands a sync returned."""
    _ids.clear()
    _ids.update({command.name: command.id for command in synced})


def command(path: str) -> str:
    """The command at `path` ("games reset", "flip7 table"), ready to stand in a sentence."""
    known = _ids.get(path.split(" ", 1)[0])
    if known is not None:
        return f"</{path}:{known}>"
    return "/" + " ".join(_local(part) for part in path.split(" "))


def _local(part: str) -> str:
    """One part of a command's path as the reader's client names it (English when the
    catalog has no valid name for it)."""
    return valid_name(i18n.pgettext("command", part)) or part
