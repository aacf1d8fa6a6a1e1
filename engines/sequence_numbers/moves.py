"""What a Sequence Numbers seat may play now (G6-G9): the cells a card can take, dead cards,
and the step-wise decision (choose a card, then a row when there are many cells, then a
cell) that a select menu can hold."""

from __future__ import annotations

from engines.base import Decision
from engines.sequence_numbers import cards
from engines.sequence_numbers.actions import (
    Action,
    Back,
    ChooseCard,
    ChooseRow,
    Exchange,
    Pass,
    Play,
)
from engines.sequence_numbers.board import CELLS_BY_NUMBER, CORNERS, ROWS, SIZE, cell_name
from engines.sequence_numbers.scoring import EMPTY
from engines.sequence_numbers.table import Table

MAX_OPTIONS = 25  # a select menu holds 25 entries: a card with more cells goes row by row


class Moves(Table):
    """The legal moves of a table, as whole moves (for the AI) and as decision steps."""

    def legal_actions(self, seat: int) -> list[Action]:
        """The options of the current step (see `decision`)."""
        decision = self.decision(seat)
        return [] if decision is None else list(decision.options)

    def complete_moves(self, seat: int) -> list[Action]:
        """Every whole move for the AI and tests: each legal (card, cell) play, then the
        dead-card exchanges; only Pass when there is neither (G9)."""
        seat = self._seat(seat)
        if self.is_over or seat != self.turn:
            return []
        return [*self._plays(seat), *self._exchanges(seat)] or [Pass()]

    # ---- legal moves ---------------------------------------------------------------------

    def _cells_for(self, seat: int, card: str) -> list[int]:
        """Cells where `card` can go now (for Minus: chips it can remove)."""
        if card == cards.PLUS:
            return [c for c in range(SIZE * SIZE) if self.chips[c] == EMPTY and c not in CORNERS]
        if card == cards.MINUS:
            team = self.team_of(seat)
            return [
                c
                for c in range(SIZE * SIZE)
                if self.chips[c] not in (EMPTY, team) and c not in self.locked
            ]
        answer = cards.answer(card)
        assert answer is not None
        return [c for c in CELLS_BY_NUMBER[answer] if self.chips[c] == EMPTY]

    def _is_dead(self, card: str) -> bool:
        """G7: an equation card whose two cells both hold chips. Plus and Minus never are."""
        answer = cards.answer(card)
        return answer is not None and all(self.chips[c] != EMPTY for c in CELLS_BY_NUMBER[answer])

    def _plays(self, seat: int) -> list[Play]:
        return [
            Play(card, cell_name(cell))
            for card in dict.fromkeys(self.hands[seat])
            for cell in self._cells_for(seat, card)
        ]

    def _exchanges(self, seat: int) -> list[Exchange]:
        if self.exchanged:
            return []
        return [Exchange(card) for card in dict.fromkeys(self.hands[seat]) if self._is_dead(card)]

    # ---- the step-wise decision ----------------------------------------------------------

    def decision(self, seat: int) -> Decision | None:
        """choose_card, then choose_cell; a card with more than 24 cells gets choose_row between.
        With no play and no exchange left the only option is to pass (G9).

        Every step but the first also offers Back. A complete Play or Exchange is accepted at
        any step, so the bot may also take a typed move like "P.C8".
        """
        seat = self._seat(seat)
        if self.is_over or seat != self.turn:
            return None
        if self.pending_card is None:
            return self._first_step(seat)
        return self._placing_step(seat, self.pending_card)

    def _first_step(self, seat: int) -> Decision:
        options: list[Action] = [
            ChooseCard(card)
            for card in dict.fromkeys(self.hands[seat])
            if self._cells_for(seat, card)
        ]
        options += self._exchanges(seat)
        if not options:
            return Decision("pass", seat, (Pass(),), {"exchange_used": self.exchanged})
        return Decision("choose_card", seat, tuple(options), {"exchange_used": self.exchanged})

    def _placing_step(self, seat: int, card: str) -> Decision:
        cells = self._cells_for(seat, card)
        if self.pending_row is None and len(cells) >= MAX_OPTIONS:
            rows = [ChooseRow(row) for row in dict.fromkeys(ROWS[c // SIZE] for c in cells)]
            return Decision("choose_row", seat, (*rows, Back()), {"card": card})
        if self.pending_row is not None:
            cells = self._cells_in_row(seat, card, self.pending_row)
        plays = [Play(card, cell_name(c)) for c in cells]
        return Decision(
            "choose_cell", seat, (*plays, Back()), {"card": card, "row": self.pending_row}
        )

    def _cells_in_row(self, seat: int, card: str, row: str) -> list[int]:
        first = ROWS.index(row) * SIZE
        return [c for c in self._cells_for(seat, card) if first <= c < first + SIZE]
