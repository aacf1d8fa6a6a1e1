"""A Sequence Numbers table as data: who sits where and in which team, the board, the hands
and piles, and how the table is saved and loaded (schemas 1 and 2). The rules build on it
in layers: `moves.py` (what may be played now), `turns.py` (playing it), `game.py` (the
engine contract: who acts, views, the outcome)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Self

from engines.base import (
    SCHEMA,
    BadState,
    Event,
    check_seat,
    reading_state,
    rng_from_saved,
    saved_rng,
)
from engines.sequence_numbers import cards
from engines.sequence_numbers.board import SIZE
from engines.sequence_numbers.checks import check_state
from engines.sequence_numbers.scoring import EMPTY

MIN_PLAYERS = 2
MAX_PLAYERS = 6
SCHEMA_VERSION = 2
TEAMS_AT = {2: (2,), 3: (3,), 4: (2,), 6: (2, 3)}  # players -> team counts they split into (G2)


def default_required(players: int) -> int:
    """G1: one SEQUENCE wins with 2-3 players, two with 4-6."""
    return 1 if players <= 3 else 2


@dataclass
class Table:
    """One table's state. Chips: -1 empty, else the team index; corners stay -1 and count
    for all."""

    names: list[str]
    num_teams: int
    rng: random.Random
    draw_pile: list[str]  # the top card is the last one
    hands: list[list[str]]
    turn: int
    required: int
    discard: list[str] = field(default_factory=list)
    chips: list[int] = field(default_factory=lambda: [EMPTY] * (SIZE * SIZE))
    locked: set[int] = field(default_factory=set)
    sequences: list[int] = field(default_factory=list)
    exchanged: bool = False
    passes: int = 0
    last_move: dict[str, Any] | None = None
    winner_team: int | None = None
    drawn: bool = False
    pending_card: str | None = None
    pending_row: str | None = None
    turns: int = 0
    steps: int = 0  # accepted applies, the epoch
    opening: list[Event] = field(default_factory=list, compare=False, repr=False)

    # ---- who is who ----------------------------------------------------------------------

    def team_of(self, seat: int) -> int:
        """Teammates sit alternately (G2): seat i plays colour i mod teams."""
        return seat % self.num_teams

    def team_seats(self, team: int) -> list[int]:
        return [seat for seat in range(len(self.names)) if self.team_of(seat) == team]

    def _seat(self, seat: Any) -> int:
        return check_seat(seat, len(self.names))

    @property
    def is_over(self) -> bool:
        return self.winner_team is not None or self.drawn

    # ---- saving --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            SCHEMA: SCHEMA_VERSION,
            "names": list(self.names),
            "num_teams": self.num_teams,
            "required": self.required,
            "rng": saved_rng(self.rng),
            "draw_pile": list(self.draw_pile),
            "hands": [list(hand) for hand in self.hands],
            "turn": self.turn,
            "discard": list(self.discard),
            "chips": list(self.chips),
            "locked": sorted(self.locked),
            "sequences": list(self.sequences),
            "exchanged": self.exchanged,
            "passes": self.passes,
            "last_move": dict(self.last_move) if self.last_move else None,
            "winner_team": self.winner_team,
            "drawn": self.drawn,
            "pending_card": self.pending_card,
            "pending_row": self.pending_row,
            "turns": self.turns,
            "steps": self.steps,
        }

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Self:
        """Loads schema 2, and schema 1 (no SCHEMA key), saved before the engine contract."""
        with reading_state():
            raw = dict(raw)
            version = raw.pop(SCHEMA, 1)
            if version == 1:
                raw = _upgrade_v1(raw)
            elif version != SCHEMA_VERSION:
                raise BadState("bad_schema", schema=version)
            check_state(raw, TEAMS_AT)
            rng = rng_from_saved(raw.pop("rng"))
            raw["locked"] = set(raw["locked"])
            return cls(rng=rng, **raw)


def _upgrade_v1(raw: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 had no house option (the rule's count held), no step counter, and named the
    last card by its label ("43 − 9") rather than its id."""
    raw["required"] = default_required(len(raw["names"]))
    raw["steps"] = raw["turns"]
    last = raw.get("last_move")
    if last:
        raw["last_move"] = {**last, "card": cards.card_from_label(last["card"])}
    return raw
