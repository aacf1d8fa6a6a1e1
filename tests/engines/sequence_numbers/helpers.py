"""Stacked tables for Sequence Numbers rule tests."""

from __future__ import annotations

from engines.sequence_numbers import SequenceGame, new_game
from engines.sequence_numbers.board import CORNERS, number_at, parse_cell
from engines.sequence_numbers.scoring import count_sequences, locked_cells

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
FILLER = "filler"  # stands for "any card the test does not care about"


def card_for(cell: str, kind: str = "a") -> str:
    """The equation card (addition by default) whose answer is on `cell`."""
    return f"{kind}{number_at(parse_cell(cell))}"


def table(
    players: int = 2,
    hands: list[list[str]] | None = None,
    chips: dict[str, int] | None = None,
    draws: list[str] | None = None,
    first: int = 0,
    teams: int | None = None,
    seed: int = 0,
    sequences: int | None = None,
) -> SequenceGame:
    """A game with chosen hands (dealt from a stacked deck), chips and next draws."""
    size = 5 if players <= 3 else 4
    hands = [list(hand) for hand in hands or [[] for _ in range(players)]]
    dealt: list[str] = []
    for round_no in range(size):
        for offset in range(players):
            hand = hands[(first + offset) % players]
            dealt.append(hand[round_no] if round_no < len(hand) else FILLER)
    game = new_game(
        NAMES[:players],
        seed,
        deck=_stack(dealt, draws or []),
        first=first,
        teams=teams,
        sequences=sequences,
    )
    for name, team in (chips or {}).items():
        game.chips[parse_cell(name)] = team
    game.locked = locked_cells(game.chips, game.num_teams)
    game.sequences = [count_sequences(game.chips, t) for t in range(game.num_teams)]
    return game


def _stack(dealt: list[str], draws: list[str]) -> list[str]:
    """The stacked deck: hands then draws; missing hand cards become distinct fillers."""
    spare = iter(f"{kind}{n}" for n in range(48, 0, -1) for kind in "as")
    used = {c for c in dealt + draws if c != FILLER}
    out = []
    for card in dealt:
        if card == FILLER:
            card = next(c for c in spare if c not in used)
        out.append(card)
    return out + draws


def full_board_pattern(empty: str) -> dict[str, int]:
    """Every cell filled with two colours in a pattern holding no five in any direction."""
    chips = {}
    for cell in range(100):
        if cell in CORNERS:
            continue
        r, c = divmod(cell, 10)
        name = f"{'ABCDEFGHIJ'[r]}{c + 1}"
        if name != empty:
            chips[name] = (c // 2 + r) % 2
    return chips
