"""Lobby rules shared by every game: who sits where before a match starts."""

from __future__ import annotations

from bot.errors import Refusal
from bot.games import GameSpec
from bot.storage import MatchRecord, Seat

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


def join(record: MatchRecord, spec: GameSpec, user_id: int, name: str) -> str:
    if record.seat_of(user_id) is not None:
        raise Refusal("You're already in this lobby.")
    if len(record.seats) >= spec.max_players:
        raise Refusal(f"The table is full ({spec.max_players} players).")
    record.seats.append(Seat(name=name, user_id=user_id))
    return f"{name} joined."


def leave(record: MatchRecord, user_id: int) -> str:
    """Remove a member; the host's seat passes to the next member, if any remains."""
    seat = record.seat_of(user_id)
    if seat is None:
        raise Refusal("You're not in this lobby.")
    name = record.seats.pop(seat).name
    if user_id == record.host_id:
        humans = [s for s in record.seats if s.user_id is not None]
        if humans:
            assert humans[0].user_id is not None
            record.host_id = humans[0].user_id
            return f"{name} left; {humans[0].name} is the host now."
    return f"{name} left."


def add_ai(record: MatchRecord, spec: GameSpec, user_id: int, level: str | None = None) -> str:
    if record.seat_of(user_id) is None:
        raise Refusal("Join the lobby first; then you can add AI players.")
    if len(record.seats) >= spec.max_players:
        raise Refusal(f"The table is full ({spec.max_players} players).")
    level = level or spec.ai_levels[-1]
    taken = {s.name for s in record.seats}
    name = next(f"{n} (AI)" for n in AI_NAMES if f"{n} (AI)" not in taken)
    record.seats.append(Seat(name=name, ai=level))
    return f"{name} joined as a {level} AI."


def remove_ai(record: MatchRecord, user_id: int) -> str:
    if user_id != record.host_id:
        raise Refusal("Only the host can remove AI players.")
    for index in range(len(record.seats) - 1, -1, -1):
        if record.seats[index].ai is not None:
            return f"{record.seats.pop(index).name} left."
    raise Refusal("There is no AI player to remove.")


def check_start(record: MatchRecord, spec: GameSpec, user_id: int) -> None:
    if user_id != record.host_id:
        raise Refusal("Only the host can start the game.")
    if len(record.seats) < spec.min_players:
        missing = spec.min_players - len(record.seats)
        raise Refusal(
            f"{spec.title} needs at least {spec.min_players} players: "
            f"{missing} more, or add AI players."
        )
