"""What the standings read back: ratings, their trend, finished matches, seasons and the
hall of fame. Data only; the cogs word it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# How a seat was played: by its member to the end; by the AI for a member who stopped
# answering (handed over after missed turns); by the AI after its member left; by an AI.
SeatKind = Literal["member", "member_ai", "left", "ai"]
# How a match ended: played out to a result; reset by its host or a moderator; abandoned
# (every member left).
# "unrated": played out and recorded, never rated (a practice table, an unrated tournament).
EndHow = Literal["played", "unrated", "reset", "abandoned"]
ALL_TIME = 0  # the season number under which the all-time ratings are kept


@dataclass(frozen=True, slots=True)
class RatingRow:
    """One rated member's (or AI level's) standing in a game, all-time or in a season."""

    user_id: int | None  # None for an AI level
    ai_level: str | None  # the AI level, for an AI's rating
    shown: int  # the conservative rating on the scale people see
    ordinal: float
    mu: float
    sigma: float
    games: int  # rated games
    wins: int
    provisional: bool  # fewer than PROVISIONAL_GAMES rated games: listed below the ranked
    last_change: int | None  # `shown` after minus before its last rated match

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class TrendPoint:
    match_id: int
    finished_at: float
    shown: int  # the rating shown after this match


@dataclass(frozen=True, slots=True)
class SeatResult:
    seat: int
    user_id: int | None  # None for an AI seat
    name: str
    kind: SeatKind
    ai_level: str | None  # the AI's level for "ai", "member_ai" and "left" seats
    ai_from: int | None  # the match version from which the AI played a member's seat
    place: int | None  # 1 is first, ties share; None for a match not played out
    team: int | None
    score: int | None
    won: bool
    shown_before: int | None  # all-time rating shown before and after this match; None:
    shown_after: int | None  # not rated (a reset or abandoned match, or no rating kept)


@dataclass(frozen=True, slots=True)
class MatchSummary:
    match_id: int
    game: str
    finished_at: float
    end_how: EndHow
    seats: list[SeatResult]  # in seat order


@dataclass(frozen=True, slots=True)
class Season:
    number: int  # 1, 2, ...
    started_at: float | None  # None: the first season, begun before seasons were kept


@dataclass(frozen=True, slots=True)
class HallEntry:
    season: int
    game: str
    place: int  # 1, 2 or 3
    user_id: int
    shown: int
    games: int
    wins: int


EXPORT_COLUMNS = (
    "match_id",
    "finished_at",
    "game",
    "end_how",
    "seat",
    "user_id",
    "kind",
    "ai_level",
    "team",
    "place",
    "score",
    "won",
    "rating_after",
)
"""The columns of `Standings.export_results` rows, in order (a CSV's header)."""

ExportRow = tuple[
    int,
    float,
    str,
    str,
    int,
    int | None,
    str,
    str | None,
    int | None,
    int | None,
    int | None,
    bool,
    int | None,
]
