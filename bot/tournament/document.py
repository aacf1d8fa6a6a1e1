"""A tournament's document (the JSON its row keeps), read and written through one typed
object: the terms, the entrants, the ratings they came in with, the tables played."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.storage import TournamentRecord
from bot.tournament.formats import Played, Progress, TableSpec
from bot.tournament.terms import Terms

# Why an entrant plays no further: no check-in, a whole table missed, they left, or a
# moderator removed them.
DROPS = ("no_check_in", "missed_table", "left", "removed")


@dataclass(slots=True)
class Entrant:
    user_id: int
    name: str
    checked_in: bool = False
    dropped: str | None = None  # one of DROPS

    def to_dict(self) -> dict[str, Any]:
        return {
            "user_id": self.user_id,
            "name": self.name,
            "checked_in": self.checked_in,
            "dropped": self.dropped,
        }


@dataclass(frozen=True, slots=True)
class Awaiting:
    """A table that ended without a result: nothing of it counts until a moderator replays
    it or counts it as unplayed (or the round's limit counts it as unplayed)."""

    match_id: int
    round: int
    table: int
    reason: str  # how it ended: the match's ended reason, or "damaged"
    message_id: int | None = None  # the message asking the moderator, once posted

    def to_dict(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "round": self.round,
            "table": self.table,
            "reason": self.reason,
            "message_id": self.message_id,
        }


class Document:
    """The typed view of `record.data`; changes are written back into it at once."""

    def __init__(self, record: TournamentRecord) -> None:
        self.record = record
        self.data = record.data

    @property
    def terms(self) -> Terms:
        return Terms.from_dict(self.data["terms"])

    @property
    def least(self) -> int:
        return int(self.data["least"])

    @property
    def entrants(self) -> list[Entrant]:
        return [Entrant(**raw) for raw in self.data.get("entrants", [])]

    def set_entrants(self, entrants: list[Entrant]) -> None:
        self.data["entrants"] = [entrant.to_dict() for entrant in entrants]

    def entrant(self, user_id: int) -> Entrant | None:
        return next((e for e in self.entrants if e.user_id == user_id), None)

    def change(self, user_id: int, **fields: Any) -> None:
        entrants = self.entrants
        for entrant in entrants:
            if entrant.user_id == user_id:
                for name, value in fields.items():
                    setattr(entrant, name, value)
        self.set_entrants(entrants)

    def still_in(self) -> list[Entrant]:
        return [e for e in self.entrants if e.dropped is None]

    @property
    def round(self) -> int:
        """Rounds opened so far."""
        return int(self.data.get("round", 0))

    @property
    def played(self) -> list[Played]:
        return [
            Played(
                p["round"], tuple(p["seats"]), tuple(p["places"]), bool(p.get("unplayed", False))
            )
            for p in self.data.get("played", [])
        ]

    def recorded(self) -> set[int]:
        """The matches already dealt with: recorded as played (or unplayed), replaced by a
        replay, or waiting for a moderator's choice."""
        return (
            {p["match_id"] for p in self.data.get("played", [])}
            | set(self.data.get("replaced", []))
            | {w.match_id for w in self.awaiting}
        )

    def record_table(self, match_id: int, played: Played) -> None:
        entry: dict[str, Any] = {
            "match_id": match_id,
            "round": played.round,
            "seats": list(played.seats),
            "places": list(played.places),
        }
        if played.unplayed:
            entry["unplayed"] = True
        self.data.setdefault("played", []).append(entry)

    # -- tables that ended without a result, waiting for a moderator's choice ----------

    @property
    def awaiting(self) -> list[Awaiting]:
        return [Awaiting(**raw) for raw in self.data.get("awaiting", [])]

    def awaiting_table(self, match_id: int) -> Awaiting | None:
        return next((w for w in self.awaiting if w.match_id == match_id), None)

    def await_choice(self, waiting: Awaiting) -> None:
        self.data.setdefault("awaiting", []).append(waiting.to_dict())

    def set_choice_message(self, match_id: int, message_id: int) -> None:
        for raw in self.data.get("awaiting", []):
            if raw["match_id"] == match_id:
                raw["message_id"] = message_id

    def settle(self, match_id: int) -> None:
        """The table is no longer waiting (recorded unplayed, or replaced by a replay)."""
        self.data["awaiting"] = [
            raw for raw in self.data.get("awaiting", []) if raw["match_id"] != match_id
        ]

    def replaced(self, match_id: int) -> None:
        self.data.setdefault("replaced", []).append(match_id)

    def progress(self) -> Progress:
        terms = self.terms
        entrants = self.entrants
        ratings = {int(k): float(v) for k, v in self.data.get("ratings", {}).items()}
        return Progress(
            format=terms.format,
            table=TableSpec(terms.table_size, self.least),
            rounds=terms.rounds,
            entrants=tuple(e.user_id for e in entrants),
            dropped=frozenset(e.user_id for e in entrants if e.dropped is not None),
            ratings=ratings,
            played=tuple(self.played),
        )

    def names(self) -> dict[int, str]:
        return {e.user_id: e.name for e in self.entrants}
