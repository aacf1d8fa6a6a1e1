"""What a moderator sets for a tournament, checked before it is announced; and the times
the runner keeps (check-in, a round's limit at each pace)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from bot.errors import Refusal
from bot.rules.pace import PACES
from bot.tournament.formats import FORMATS
from engines.base import GameInfo

CHECK_IN = 15 * 60  # seconds before the start when check-in opens
LEAST_NOTICE = 60  # seconds: a start sooner than this starts at once after a minute
ENTRY_LIMITS = (2, 1000)  # the fewest and most entrants a moderator may allow
# How long a round may last at each pace before the AI finishes its tables: a match of any
# of the games is over well inside these at the members' pace.
ROUND_LIMIT = {
    "live": 60 * 60,
    "relaxed": 24 * 60 * 60,
    "daily": 14 * 24 * 60 * 60,
    "three_days": 30 * 24 * 60 * 60,
}


@dataclass(frozen=True, slots=True)
class Terms:
    format: str
    table_size: int
    rounds: int
    pace: str = "relaxed"
    entry_limit: int = 64
    rated: bool = True
    options: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Terms:
        return cls(**raw)


def check_terms(terms: Terms, info: GameInfo) -> None:
    """Refuse terms the game or the formats can't play, naming what is allowed."""
    if terms.format not in FORMATS:
        raise Refusal("tournament_format", formats=list(FORMATS))
    sizes = info.table_sizes()
    if terms.table_size not in sizes:
        raise Refusal("tournament_table_size", game=info.key, sizes=list(sizes))
    if terms.pace not in PACES:
        raise Refusal("unknown_button")
    low, high = ENTRY_LIMITS
    if not low <= terms.entry_limit <= high:
        raise Refusal("tournament_entry_limit", low=low, high=high)


def least_at_table(terms: Terms, info: GameInfo) -> int:
    """The fewest seats a table may have: exact tables (teams) keep their size."""
    return terms.table_size if info.tables_exact else min(info.table_sizes())
