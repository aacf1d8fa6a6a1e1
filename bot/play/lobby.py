"""Lobby rules shared by every game: who sits where before a match starts."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import count
from typing import Any

from bot.errors import Notice, Refusal
from bot.play.house import HouseRules, ai_level, host_chose_pace
from bot.rules.pace import PACES
from bot.storage import EndReason, MatchRecord, Seat
from engines.base import GameInfo


@dataclass(frozen=True, slots=True)
class LobbyRequest:
    """A lobby to open: where, which game, its host, and what the host chose. `where` the
    match is played once started, "thread" (one opened on the lobby message) or "channel";
    a `practice` table is unrated and gives each member hints on their turn; `house`, the
    channel's house rules when the caller has read them already (else read on opening)."""

    guild_id: int
    channel_id: int
    game: str
    host_id: int
    host_name: str
    options: dict[str, Any] = field(default_factory=dict)
    pace: str | None = None
    where: str = "channel"
    practice: bool = False
    house: HouseRules | None = None


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


def free_ai_names(taken: Iterable[str]) -> Iterator[str]:
    """The AI names no one in `taken` is called, in order, compared case-insensitively
    ("bao" takes "Bao"); past the list, the names again with a number ("Ada 2")."""
    used = {name.casefold() for name in taken}
    for copy in count(1):
        for name in AI_NAMES:
            named = name if copy == 1 else f"{name} {copy}"
            if named.casefold() not in used:
                yield named


def join(record: MatchRecord, info: GameInfo, user_id: int, name: str) -> Notice:
    """Seat a member. An AI seat that has their name takes the next free one, so no AI is
    ever called like a member at the table."""
    if record.seat_of(user_id) is not None:
        raise Refusal("already_in_lobby")
    if len(record.seats) >= info.max_players:
        raise Refusal("table_full", count=info.max_players)
    record.seats.append(Seat(name=name, user_id=user_id))
    for index, seat in enumerate(record.seats):
        if seat.ai is not None and seat.name.casefold() == name.casefold():
            renamed = next(free_ai_names(s.name for s in record.seats))
            record.seats[index] = Seat(name=renamed, ai=seat.ai)
    return Notice("joined", {"name": name})


def leave(record: MatchRecord, user_id: int) -> Notice:
    """Remove a member; the host's seat passes to the next member, if any remains, and a
    lobby with no member left closes."""
    seat = record.seat_of(user_id)
    if seat is None:
        raise Refusal("not_in_lobby")
    name = record.seats.pop(seat).name
    humans = [s for s in record.seats if s.user_id is not None]
    if not humans:
        record.end(EndReason.EVERYONE_LEFT)
        return Notice("left_lobby_closed", {"name": name})
    if user_id == record.host_id:
        assert humans[0].user_id is not None
        record.host_id = humans[0].user_id
        return Notice("left_new_host", {"name": name, "host": humans[0].name})
    return Notice("left", {"name": name})


def cancel(record: MatchRecord, user_id: int) -> Notice:
    if user_id != record.host_id:
        raise Refusal("host_cancels")
    record.end(EndReason.HOST_CANCELLED)
    return Notice("cancelled")


def step(
    record: MatchRecord,
    info: GameInfo,
    action: str,
    user_id: int,
    name: str,
    present: Collection[str] = (),
) -> Notice:
    """One lobby button other than Start; the notice to show with the lobby. `present`:
    names of members known to be in the server, which a new AI seat is not given."""
    if action == "join":
        return join(record, info, user_id, name)
    if action == "leave":
        return leave(record, user_id)
    if action == "ai":
        return add_ai(record, info, user_id, ai_level(record), present=present)
    if action == "unai":
        return remove_ai(record, user_id)
    if action == "cancel":
        return cancel(record, user_id)
    raise Refusal("unknown_button")


def add_ai(
    record: MatchRecord,
    info: GameInfo,
    user_id: int,
    level: str | None = None,
    present: Collection[str] = (),
) -> Notice:
    """Seat an AI player, named like no one seated nor `present`. Its name is stored bare;
    that it is an AI is its `ai` level, which the table words ("Ada (AI)")."""
    if record.seat_of(user_id) is None:
        raise Refusal("join_before_ai")
    if len(record.seats) >= info.max_players:
        raise Refusal("table_full", count=info.max_players)
    level = level or info.ai_levels[-1]
    name = next(free_ai_names([*(s.name for s in record.seats), *present]))
    record.seats.append(Seat(name=name, ai=level))
    return Notice("ai_joined", {"name": name, "level": level})


def remove_ai(record: MatchRecord, user_id: int) -> Notice:
    if user_id != record.host_id:
        raise Refusal("host_removes_ai")
    for index in range(len(record.seats) - 1, -1, -1):
        if record.seats[index].ai is not None:
            return Notice("ai_left", {"name": record.seats.pop(index).name})
    raise Refusal("no_ai_to_remove")


def set_pace(record: MatchRecord, user_id: int, pace: str) -> Notice:
    """The host sets how long each turn may take; picking the pace it has changes nothing."""
    if user_id != record.host_id:
        raise Refusal("host_sets_pace")
    if pace not in PACES:
        raise Refusal("unknown_button")
    record.pace = pace
    host_chose_pace(record)
    return Notice("pace_set", {"pace": pace})


def check_start(record: MatchRecord, info: GameInfo, user_id: int) -> None:
    if user_id != record.host_id:
        raise Refusal("host_starts")
    if len(record.seats) < info.min_players:
        missing = info.min_players - len(record.seats)
        raise Refusal("too_few_players", game=record.game, least=info.min_players, missing=missing)
