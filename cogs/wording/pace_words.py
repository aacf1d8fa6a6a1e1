"""A match's pace in words: its name on tables and lobbies, the `start` option's choices,
the host's notice when it changes, and the line that says when the running turn ends."""

from __future__ import annotations

from datetime import UTC, datetime

import discord
from discord import app_commands

from bot.rules.pace import PACES
from cogs.wording.commands_i18n import slash_text
from cogs.wording.i18n import _, lazy_gettext

NAMES = {
    "live": lazy_gettext("live"),
    "relaxed": lazy_gettext("relaxed"),
    "daily": lazy_gettext("daily"),
    "three_days": lazy_gettext("3 days"),
}
# What a host picks from, in the command and in the lobby: each pace with its turn's time.
CHOICE_NAMES = {
    "live": slash_text("Live: the bot's usual turn time"),
    "relaxed": slash_text("Relaxed: 10 minutes a turn"),
    "daily": slash_text("Daily: 24 hours a turn"),
    "three_days": slash_text("3 days a turn"),
}
SET = {
    "live": lazy_gettext("The pace is now live: each turn has the bot's usual time."),
    "relaxed": lazy_gettext("The pace is now relaxed: 10 minutes a turn."),
    "daily": lazy_gettext("The pace is now daily: 24 hours a turn."),
    "three_days": lazy_gettext("The pace is now 3 days a turn."),
}

PACE_CHOICES = [app_commands.Choice(name=CHOICE_NAMES[p], value=p) for p in PACES]


def pace_name(pace: str) -> str:
    return str(NAMES.get(pace, NAMES["live"]))


def pace_set(pace: str) -> str:
    return str(SET.get(pace, SET["live"]))


def pace_pick(pace: str) -> str:
    """A pace as the lobby's menu offers it: the command's choice, in the lobby's language."""
    return _(CHOICE_NAMES.get(pace, CHOICE_NAMES["live"]).message)


def when(at: float) -> str:
    """A moment as Discord shows it to each reader in their own time ("in 3 hours")."""
    return discord.utils.format_dt(datetime.fromtimestamp(at, UTC), "R")


def clock_line(pace: str, waiting: list[str], due_at: float | None) -> str:
    """The pace and, while members are to move, when their turn ends: one named member's
    turn, or the turn everyone picks in at once."""
    if due_at is None or not waiting:
        return _("Pace: {pace}").format(pace=pace_name(pace))
    if len(waiting) == 1:
        return _("Pace: {pace} · {name}'s turn ends {when}").format(
            pace=pace_name(pace), name=waiting[0], when=when(due_at)
        )
    return _("Pace: {pace} · this turn ends {when}").format(pace=pace_name(pace), when=when(due_at))
