"""What the playground's terminal shows a newcomer: what to do next, and none of the start-up
noise discord.py logs for a bot that SimCord connects (it was never about them).

English only: this is a developer's tool speaking to whoever started it, not the bot.
"""

from __future__ import annotations

import logging

from bot.play.model import MatchRecord, MatchStatus
from engines.base import GAMES

# discord.py's start-up warnings that say nothing true about the playground: SimCord probes
# discord.py with a client of no intents, and no game needs voice.
START_UP_NOISE = {
    "discord.state": ("Guilds intent seems to be disabled",),
    "discord.client": ("PyNaCl is not installed", "davey is not installed"),
}


class _DropStartUpNoise(logging.Filter):
    def __init__(self, beginnings: tuple[str, ...]) -> None:
        super().__init__()
        self.beginnings = beginnings

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith(self.beginnings)


def quiet_start_up() -> None:
    """Hide those warnings, and only those, from the playground's terminal."""
    for name, beginnings in START_UP_NOISE.items():
        logging.getLogger(name).addFilter(_DropStartUpNoise(beginnings))


def next_step(record: MatchRecord | None) -> str:
    """One line on what to do in the page now, from the channel's open match (None: none)."""
    if record is None:
        starts = " or ".join(f"/{key} start" for key in sorted(GAMES))
        return f'Switch "Viewing as" to play each member; type {starts} to open a lobby.'
    if record.status == MatchStatus.PLAYING:
        return f'The {record.game} game is under way: switch "Viewing as" to play each seat.'
    least = GAMES[record.game].min_players
    host = next((seat.name for seat in record.seats if seat.user_id == record.host_id), "the host")
    if len(record.seats) < least:
        return (
            f"The {record.game} lobby is open and needs {least - len(record.seats)} more: "
            f'click Join as another member ("Viewing as") or Add AI, then Start as {host}.'
        )
    if len(record.seats) >= GAMES[record.game].max_players:
        return f"The {record.game} lobby is full: click Start as {host}."
    return (
        f"The {record.game} lobby is ready: click Start as {host} "
        '(other members may click Join first, from "Viewing as").'
    )
