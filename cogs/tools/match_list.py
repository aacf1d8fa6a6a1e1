"""A list of open matches as one member reads it: the ones waiting on them first, each
with its game, pace, running deadline, players and a link to its table. `/games mine`
pages it; a command that could mean several matches answers with it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.play.model import MatchRecord, MatchStatus
from bot.play.sessions import UNLOADABLE, load_game
from cogs.wording.i18n import _
from cogs.wording.pace_words import pace_name
from cogs.wording.words import seat_names


def jump_link(record: MatchRecord) -> str:
    """The table's message in its thread or channel (the place alone before it is posted)."""
    place = f"https://discord.com/channels/{record.guild_id}/{record.played_in}"
    return f"{place}/{record.message_id}" if record.message_id is not None else place


def waits_on(record: MatchRecord, user_id: int) -> bool:
    """Whether the match waits on the member now; a match that can't be loaded does not."""
    seat = record.seat_of(user_id)
    if record.status != MatchStatus.PLAYING or seat is None or record.seats[seat].ai is not None:
        return False
    try:
        game = load_game(record)
    except UNLOADABLE:
        return False
    return game is not None and seat in game.to_act()


def _state(record: MatchRecord, their_turn: bool) -> str:
    if record.status == MatchStatus.LOBBY:
        return _("in the lobby")
    due = record.turn_due
    if due is None:
        return _("under way")
    when = f"<t:{int(due.at)}:R>"
    if their_turn:
        return _("your turn, ends {when}").format(when=when)
    return _("turn ends {when}").format(when=when)


def match_lines(
    records: Sequence[MatchRecord], viewer_id: int, title: Callable[[str], str]
) -> list[str]:
    """One entry per match, those waiting on `viewer_id` first (else oldest first); `title`
    names a game by its key."""
    turns = {record.id: waits_on(record, viewer_id) for record in records}
    ordered = sorted(records, key=lambda record: (not turns[record.id], record.id))
    lines = []
    for record in ordered:
        pace = pace_name(record.pace)
        mark = "▶️" if turns[record.id] else "▫️"
        head = _("{mark} **{title}** · {pace} · {state}").format(
            mark=mark, title=title(record.game), pace=pace, state=_state(record, turns[record.id])
        )
        tail = _("{players} · [Go to the table]({link})").format(
            players=", ".join(seat_names(record.seats)), link=jump_link(record)
        )
        lines.append(f"{head}\n{tail}")
    return lines
