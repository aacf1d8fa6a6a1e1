"""Moves as small frozen values, each with a short `code` for button and select ids.

Complete moves (what `complete_moves` lists and the AI plays):
  Play(card, cell)  code "a7.C8"  an equation card on one of its cells,
                    code "P.C8"   a Plus on any empty cell,
                    code "M.C8"   a Minus removing the opponent chip on C8.
  Exchange(card)    code "x.a7"   discard a dead card and draw another (G7).
  Pass()            code "pass"   no legal play even after the exchange (G9).
Steps of the two- or three-step decision (see SequenceGame.decision):
  ChooseCard(card)  code "c.a7",  ChooseRow(row)  code "r.C",  Back()  code "back".
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.base import BadCode, IllegalMove
from engines.sequence_numbers.board import ROWS, cell_name, parse_cell
from engines.sequence_numbers.cards import check_card


@dataclass(frozen=True, slots=True)
class Play:
    card: str
    cell: str

    @property
    def code(self) -> str:
        return f"{self.card}.{self.cell}"


@dataclass(frozen=True, slots=True)
class Exchange:
    card: str

    @property
    def code(self) -> str:
        return f"x.{self.card}"


@dataclass(frozen=True, slots=True)
class ChooseCard:
    card: str

    @property
    def code(self) -> str:
        return f"c.{self.card}"


@dataclass(frozen=True, slots=True)
class ChooseRow:
    row: str

    @property
    def code(self) -> str:
        return f"r.{self.row}"


@dataclass(frozen=True, slots=True)
class Back:
    @property
    def code(self) -> str:
        return "back"


@dataclass(frozen=True, slots=True)
class Pass:
    @property
    def code(self) -> str:
        return "pass"


Action = Play | Exchange | ChooseCard | ChooseRow | Back | Pass
SIMPLE: dict[str, Action] = {"back": Back(), "pass": Pass()}


def action_from_code(code: str) -> Action:
    """The action a code names. Also takes a typed move such as "P.a5" (cell in any case).
    Anything else is refused as BadCode."""
    try:
        return _parse(code.strip())
    except (IllegalMove, AttributeError):
        raise BadCode(code=repr(code)) from None


def _parse(text: str) -> Action:
    if text in SIMPLE:
        return SIMPLE[text]
    head, dot, tail = text.partition(".")
    if not dot or not tail:
        raise BadCode()
    if head == "x":
        return Exchange(check_card(tail))
    if head == "c":
        return ChooseCard(check_card(tail))
    if head == "r":
        row = tail.upper()
        if len(row) != 1 or row not in ROWS:
            raise BadCode()
        return ChooseRow(row)
    return Play(check_card(head), cell_name(parse_cell(tail)))
