"""Lobby rules shared by every game: who sits where before a match starts."""

from __future__ import annotations

from bot.errors import Refusal
from bot.storage import MatchRecord, Seat
from bot.texts import _, texts_for
from engines.base import GameInfo

AI_NAMES = (
    "Ada",
    "Bao",
    "Cleo",
    "Dara",
    "Eli",
    "Finn",
    "Gia",
    "Hugo",
    "Ines",
    "Jun",
    "Kai",
    "Lena",
    "Milo",
    "Nia",
    "Otto",
    "Pia",
    "Quin",
    "Rhea",
    "Sami",
    "Tove",
    "Uma",
    "Vik",
    "Wren",
    "Yara",
)


def join(record: MatchRecord, info: GameInfo, user_id: int, name: str) -> str:
    if record.seat_of(user_id) is not None:
        raise Refusal(_("You're already in this lobby."))
    if len(record.seats) >= info.max_players:
        raise Refusal(_("The table is full ({count} players).").format(count=info.max_players))
    record.seats.append(Seat(name=name, user_id=user_id))
    return _("{name} joined.").format(name=name)


def leave(record: MatchRecord, user_id: int) -> str:
    """Remove a member; the host's seat passes to the next member, if any remains, and a
    lobby with no member left closes."""
    seat = record.seat_of(user_id)
    if seat is None:
        raise Refusal(_("You're not in this lobby."))
    name = record.seats.pop(seat).name
    humans = [s for s in record.seats if s.user_id is not None]
    if not humans:
        record.status, record.ended_reason = "cancelled", _("everyone left")
        return _("{name} left. The lobby is closed.").format(name=name)
    if user_id == record.host_id:
        assert humans[0].user_id is not None
        record.host_id = humans[0].user_id
        return _("{name} left; {host} is the host now.").format(name=name, host=humans[0].name)
    return _("{name} left.").format(name=name)


def cancel(record: MatchRecord, user_id: int) -> str:
    if user_id != record.host_id:
        raise Refusal(_("Only the host can cancel the lobby."))
    record.status, record.ended_reason = "cancelled", _("cancelled by the host")
    return _("The host cancelled the game.")


def step(record: MatchRecord, info: GameInfo, action: str, user_id: int, name: str) -> str:
    """One lobby button other than Start; the notice to show with the lobby."""
    if action == "join":
        return join(record, info, user_id, name)
    if action == "leave":
        return leave(record, user_id)
    if action == "ai":
        return add_ai(record, info, user_id)
    if action == "unai":
        return remove_ai(record, user_id)
    if action == "cancel":
        return cancel(record, user_id)
    raise Refusal(_("That button isn't known here."))


def add_ai(record: MatchRecord, info: GameInfo, user_id: int, level: str | None = None) -> str:
    if record.seat_of(user_id) is None:
        raise Refusal(_("Join the lobby first; then you can add AI players."))
    if len(record.seats) >= info.max_players:
        raise Refusal(_("The table is full ({count} players).").format(count=info.max_players))
    level = level or info.ai_levels[-1]
    taken = {s.name for s in record.seats}
    name = next(f"{n} (AI)" for n in AI_NAMES if f"{n} (AI)" not in taken)
    record.seats.append(Seat(name=name, ai=level))
    return _("{name} joined as a {level} AI.").format(name=name, level=level)


def remove_ai(record: MatchRecord, user_id: int) -> str:
    if user_id != record.host_id:
        raise Refusal(_("Only the host can remove AI players."))
    for index in range(len(record.seats) - 1, -1, -1):
        if record.seats[index].ai is not None:
            return _("{name} left.").format(name=record.seats.pop(index).name)
    raise Refusal(_("There is no AI player to remove."))


def check_start(record: MatchRecord, info: GameInfo, user_id: int) -> None:
    if user_id != record.host_id:
        raise Refusal(_("Only the host can start the game."))
    if len(record.seats) < info.min_players:
        missing = info.min_players - len(record.seats)
        raise Refusal(
            _("{title} needs at least {least} players: {missing} more, or add AI players.").format(
                title=texts_for(record.game).title, least=info.min_players, missing=missing
            )
        )
