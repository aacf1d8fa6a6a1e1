"""Every seat's result from a match's seats and its outcome: who played the seat to the end
(its member, the AI for them, the AI after they left, an AI seat) and where it finished."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.storage.records import ResultRow, Seat
from bot.storage.standings_data import SeatKind
from engines.base import Outcome

LEFT_KEY = "left"  # record.extra: {seat: user id} of members who left the running game
MOVED_KEY = "moved"  # record.extra: [seat] of every seat whose member made a move themselves
AI_FROM_KEY = "ai_from"  # record.extra: {seat: version} since which the AI plays a member's seat


def seat_kind(seat: Seat, left: int | None) -> SeatKind:
    if seat.ai is None:
        return "member"
    if seat.user_id is not None:
        return "member_ai"
    return "left" if left is not None else "ai"


def seat_rows(
    seats: Sequence[Seat], extra: Mapping[str, Any], outcome: Outcome | None
) -> list[ResultRow]:
    """One row per seat; without an outcome (a match not played out) no place, team or
    score."""
    left: Mapping[str, int] = extra.get(LEFT_KEY, {})
    ai_from: Mapping[str, int] = extra.get(AI_FROM_KEY, {})
    rows = []
    for index, seat in enumerate(seats):
        leaver = left.get(str(index))
        kind = seat_kind(seat, leaver)
        rows.append(
            ResultRow(
                user_id=seat.user_id if seat.user_id is not None else leaver,
                seat=index,
                score=outcome.scores[index] if outcome else None,
                won=bool(outcome and index in outcome.winners),
                name=seat.name,
                kind=kind,
                ai_level=seat.ai,
                ai_from=ai_from.get(str(index)) if kind in ("member_ai", "left") else None,
                team=outcome.teams[index] if outcome else None,
                place=outcome.places[index] if outcome else None,
            )
        )
    return rows
