"""Every seat's result from a match's seats and its outcome: who played the seat to the end
(its member, the AI for them, the AI after they left, an AI seat) and where it finished."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.storage.records import ResultRow, Seat
from bot.storage.standings_data import SeatKind
from engines.base import Outcome


def seat_kind(seat: Seat, left: int | None) -> SeatKind:
    if seat.ai is None:
        return "member"
    if seat.user_id is not None:
        return "member_ai"
    return "left" if left is not None else "ai"


def seat_rows(
    seats: Sequence[Seat],
    left: Mapping[str, int],
    ai_from: Mapping[str, int],
    outcome: Outcome | None,
) -> list[ResultRow]:
    """One row per seat; without an outcome (a match not played out) no place, team or
    score. `left` and `ai_from` are the match's (MatchExtra): who left which seat, and
    since which version the AI played a member's seat."""
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
