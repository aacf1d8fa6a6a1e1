"""A saved Sequence Numbers state's invariants, checked on its JSON before it loads. A
state that breaks one (a turn at a seat that doesn't exist, a card that isn't one or is
there twice, a chip of no team) is refused with BadState("bad_state") instead of playing
on wrongly; the bot quarantines it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engines.base import refuse_broken
from engines.sequence_numbers.board import CORNERS, ROWS, SIZE
from engines.sequence_numbers.cards import FULL_DECK
from engines.sequence_numbers.scoring import EMPTY

State = Mapping[str, Any]


def check_state(raw: State, teams_at: Mapping[int, tuple[int, ...]]) -> None:
    """Raise BadState("bad_state", reason=...) at the first invariant `raw` breaks.
    `teams_at[players]` are the team counts the rules allow at that table (G2)."""
    refuse_broken(raw, (lambda state: _seats(state, teams_at), _progress, _flags, _cards, _board))


def _counts(*values: Any) -> bool:
    return all(type(value) is int and value >= 0 for value in values)


def _seats(raw: State, teams_at: Mapping[int, tuple[int, ...]]) -> str | None:
    names, teams = raw["names"], raw["num_teams"]
    if not all(isinstance(name, str) and name.strip() for name in names):
        return "a seat without a name"
    if teams not in teams_at.get(len(names), ()):
        return f"{teams!r} teams at {len(names)} seats"
    if type(raw["required"]) is not int or raw["required"] not in (1, 2):
        return f"{raw['required']!r} SEQUENCES to win"
    if len(raw["hands"]) != len(names) or len(raw["sequences"]) != teams:
        return f"hands for {len(raw['hands'])} seats, counts for {len(raw['sequences'])} teams"
    return None


def _progress(raw: State) -> str | None:
    players = len(raw["names"])
    if type(raw["turn"]) is not int or not 0 <= raw["turn"] < players:
        return f"turn {raw['turn']!r} of {players} seats"
    winner = raw["winner_team"]
    if winner is not None and (type(winner) is not int or winner not in range(raw["num_teams"])):
        return f"winner {winner!r}"
    if not _counts(raw["turns"], raw["steps"], raw["passes"], *raw["sequences"]):
        return "turn or SEQUENCE counts that aren't counts"
    if winner is not None and (raw["drawn"] or raw["sequences"][winner] < raw["required"]):
        return f"team {winner} won without its SEQUENCES, or in a drawn game"
    return None


def _flags(raw: State) -> str | None:
    """The turn's switches: true or false, and a row being chosen is a row of the board."""
    if not all(type(raw[name]) is bool for name in ("exchanged", "drawn")):
        return "an exchange or draw flag that isn't true or false"
    row = raw["pending_row"]
    if row is not None and (type(row) is not str or row not in ROWS):
        return f"a row chosen that isn't one: {row!r}"
    return _last_move(raw["last_move"], len(raw["names"]))


def _last_move(last: Any, players: int) -> str | None:
    """None, or the move last made: its seat, and the card, cell and kind as words."""
    if last is None:
        return None
    fields = ("seat", "card", "cell", "kind")
    if (
        type(last) is not dict
        or sorted(last) != sorted(fields)
        or last["seat"] not in range(players)
    ):
        return f"a last move that isn't one: {last!r}"
    if type(last["seat"]) is not int or not all(type(last[name]) is str for name in fields[1:]):
        return f"a last move that isn't one: {last!r}"
    return None


def _cards(raw: State) -> str | None:
    """The draw pile, the discard pile and the hands hold the deck, each card once (G4)."""
    hands = raw["hands"]
    held = [*raw["draw_pile"], *raw["discard"], *(card for hand in hands for card in hand)]
    if Counter(held) != Counter(FULL_DECK):
        return "the cards don't add up to the deck"
    chosen = raw["pending_card"]
    if chosen is not None and chosen not in hands[raw["turn"]]:
        return f"a card chosen that isn't in the hand: {chosen!r}"
    return None


def _board(raw: State) -> str | None:
    chips, teams = raw["chips"], range(raw["num_teams"])
    if len(chips) != SIZE * SIZE:
        return f"a board of {len(chips)} cells"
    if not all(chip == EMPTY or chip in teams for chip in chips):
        return "a chip of no team"
    if any(chips[corner] != EMPTY for corner in CORNERS):
        return "a chip on a free corner"
    if not all(type(cell) is int and chips[cell] in teams for cell in raw["locked"]):
        return "a locked cell without a chip"
    return None
