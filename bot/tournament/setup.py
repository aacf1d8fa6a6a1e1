"""Whether a tournament can run as set up; refusals are kinds the commands word."""

from __future__ import annotations

from bot.tournament.round_robin import MOST_ENTRANTS
from bot.tournament.shapes import FORMATS, TableSpec

SEATS = (2, 6)  # the fewest and most seats a table may have
MOST_ROUNDS = 20  # swiss


def check_setup(format: str, table: TableSpec, rounds: int, entrants: int) -> str | None:
    """None when a tournament of that many entrants can run, else why not."""
    if format not in FORMATS:
        return "unknown_format"
    if not SEATS[0] <= table.least <= table.size <= SEATS[1]:
        return "bad_table_size"
    if format == "swiss" and not 1 <= rounds <= MOST_ROUNDS:
        return "bad_rounds"
    if entrants < 2:
        return "too_few_entrants"
    if format == "round_robin" and entrants > MOST_ENTRANTS:
        return "round_robin_too_big"
    return None
