"""The queues' sentences (issue 48, item 2): where a member stands, the call at a table the
queue opened, its Ready step, a place that ran out, the moderators' settings, and the
queues' refusals. Each sentence is whole in the catalog; counts take the plural forms."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime

import discord

from bot.errors import Refusal
from bot.play.queues import Standing
from bot.rules.queue import QueueSettings
from cogs.wording.command_mentions import command
from cogs.wording.i18n import _, lazy_gettext, ngettext, number
from cogs.wording.pace_words import pace_name
from cogs.wording.words import join_names

Titles = Callable[[str], str]

REFUSALS = {
    "queue_bad_expiry": lazy_gettext("A place can be kept from 1 to {most} minutes."),
    "queue_ready_over": lazy_gettext("This table isn't waiting for Ready any more."),
    "queue_ready_not_seated": lazy_gettext("This Ready is for the players seated at this table."),
    "queue_ready_already": lazy_gettext(
        "You're ready. The game starts when everyone is, or when the minute is up."
    ),
    "unknown_game": lazy_gettext("There is no such game here."),
}


def at(moment: float) -> str:
    """A time of day as Discord shows it to each reader, in their own zone ("21:30:05")."""
    return discord.utils.format_dt(datetime.fromtimestamp(moment, UTC), "T")


def refusal_text(error: Refusal, title: Titles) -> str | None:
    """A queue's refusal in the reader's words; None for one that isn't a queue's."""
    data = error.data
    if error.kind == "queue_at_table":
        return _("You're already seated at a {title} table here: play that one first.").format(
            title=title(data["game"])
        )
    if error.kind == "queue_bad_size":
        return _("A {title} table seats {least} to {most} players.").format(
            title=title(data["game"]), least=number(data["least"]), most=number(data["most"])
        )
    template = REFUSALS.get(error.kind)
    return template.format(most=number(data.get("most", 0))) if template is not None else None


def standing(stand: Standing, title: str) -> str:
    """The private answer to `/games queue`: where the member stands, until when, how to leave."""
    entry = stand.entry
    missing = max(0, stand.size - stand.waiting)
    where = ngettext(
        "You're number {place} in the {title} queue ({pace}). {count} more player and a "
        "table opens for you.",
        "You're number {place} in the {title} queue ({pace}). {count} more players and a "
        "table opens for you.",
        missing,
    ).format(
        place=number(stand.place),
        title=title,
        pace=pace_name(entry.pace),
        count=number(missing),
    )
    kept = _(
        "Your place is kept until {time}. To leave the queue, press the button below or "
        "use {leave}."
    ).format(time=at(entry.expires_at), leave=command("games leavequeue"))
    return f"{where}\n{kept}"


def seated_answer(title: str, jump_url: str | None) -> str:
    """The answer of the member whose joining filled a table."""
    if jump_url is None:
        return _(
            "Enough players are here: your {title} table is open. Press Ready there within "
            "a minute."
        ).format(title=title)
    return _(
        "Enough players are here: your {title} table is open at {link}. Press Ready there "
        "within a minute."
    ).format(title=title, link=jump_url)


def left(titles: Sequence[str]) -> str:
    if not titles:
        return _("You're not in any queue on this server.")
    if len(titles) == 1:
        return _("You left the {title} queue.").format(title=titles[0])
    return _("You left the queues for {games}.").format(games=join_names(list(titles)))


def left_for_away(titles: Sequence[str]) -> str:
    """Said with `/games away`'s answer when going away gave up places in queues."""
    return _("You also left the queues for {games}.").format(games=join_names(list(titles)))


def call(title: str, mentions: Sequence[str], due_at: float) -> str:
    """The call at a table the queue opened: its members, once."""
    return _(
        "{players}: your {title} table is ready. Press Ready by {time}; anyone not ready "
        "then is replaced by an AI player."
    ).format(players=" ".join(mentions), title=title, time=at(due_at))


def ready_so_far(names: Sequence[str]) -> str:
    return _("Ready so far: {names}.").format(names=join_names(list(names)))


def started(title: str, absent: Sequence[str]) -> str:
    if not absent:
        return _("Everyone was ready: {title} has started.").format(title=title)
    return ngettext(
        "{title} has started. An AI player took the seat of {names}, who didn't press Ready.",
        "{title} has started. AI players took the seats of {names}, who didn't press Ready.",
        len(absent),
    ).format(title=title, names=join_names(list(absent)))


def host_started(title: str) -> str:
    return _("The host started {title} before everyone was ready.").format(title=title)


def closed(nobody_ready: bool) -> str:
    if nobody_ready:
        return _("Nobody pressed Ready, so the table closed.")
    return _("The table closed before it started.")


def expired(title: str, server: str, minutes: int) -> str:
    """A direct message to a member whose place ran out."""
    return ngettext(
        "Your place in the {title} queue on {server} ran out after {count} minute. Join "
        "again with {queue}.",
        "Your place in the {title} queue on {server} ran out after {count} minutes. Join "
        "again with {queue}.",
        minutes,
    ).format(title=title, server=server, count=number(minutes), queue=command("games queue"))


def settings_lines(
    settings: QueueSettings, channel: str | None, title: Titles, games: Sequence[str]
) -> str:
    """The server's queue settings, for its moderators."""
    if channel is None:
        where = _("Tables open in the channel where the last player joined the queue.")
    else:
        where = _("Tables open in {channel}.").format(channel=channel)
    kept = ngettext(
        "A place is kept {count} minute.", "A place is kept {count} minutes.", settings.expiry
    ).format(count=number(settings.expiry))
    sizes = [
        _("{title}: {count} players").format(title=title(game), count=number(settings.size(game)))
        for game in games
    ]
    table = _("Table sizes: {sizes}.").format(sizes=", ".join(sizes))
    return f"{where}\n{kept}\n{table}"
