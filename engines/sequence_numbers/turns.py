"""Playing a Sequence Numbers move (G6-G9): every action's checks and effects, scoring the
SEQUENCES it makes, drawing, and passing the turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.base import Event, IllegalMove, check_action
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
from engines.sequence_numbers.board import CELLS_BY_NUMBER, CORNERS, ROWS, cell_name, parse_cell
from engines.sequence_numbers.moves import Moves
from engines.sequence_numbers.scoring import EMPTY, runs_through


class Turns(Moves):
    """Applies the decision's options, or a whole Play or Exchange at any step."""

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply a decision's option, or a complete Play or Exchange at any step; an illegal
        move raises IllegalMove and changes nothing."""
        seat = self.check_turn(seat)
        handlers: dict[type, Callable[[int, Any], list[Event]]] = {
            Play: self._play,
            Exchange: self._exchange,
            ChooseCard: self._choose_card,
            ChooseRow: self._choose_row,
            Back: self._back,
            Pass: self._pass,
        }
        handler = handlers[type(check_action(action, tuple(handlers)))]
        events = handler(seat, action)
        self.steps += 1
        return events

    def check_turn(self, seat: Any) -> int:
        seat = self._seat(seat)
        if self.is_over:
            raise IllegalMove("game_over")
        if seat != self.turn:
            raise IllegalMove("not_your_turn", seat=self.turn)
        return seat

    def _check_held(self, seat: int, card: Any) -> str:
        card = cards.check_card(card)
        if card not in self.hands[seat]:
            raise IllegalMove("card_not_held", card=card)
        return card

    def _check_playable(self, seat: int, card: Any) -> list[int]:
        """The cells `card` may go on, or the reason a player can't play it."""
        card = self._check_held(seat, card)
        cells = self._cells_for(seat, card)
        if cells:
            return cells
        if card == cards.PLUS:
            raise IllegalMove("no_empty_cell", card=card)
        if card == cards.MINUS:
            raise IllegalMove("no_removable_chip", card=card)
        both = [cell_name(c) for c in CELLS_BY_NUMBER[cards.answer(card) or 0]]
        raise IllegalMove("dead_card", card=card, cells=both)

    def _choose_card(self, seat: int, action: ChooseCard) -> list[Event]:
        self._check_playable(seat, action.card)
        self.pending_card, self.pending_row = action.card, None
        return []

    def _choose_row(self, seat: int, action: ChooseRow) -> list[Event]:
        if self.pending_card is None:
            raise IllegalMove("choose_card_first")
        if not isinstance(action.row, str) or len(action.row) != 1 or action.row not in ROWS:
            raise IllegalMove("not_an_option")
        if not self._cells_in_row(seat, self.pending_card, action.row):
            raise IllegalMove("row_has_no_cell", card=self.pending_card, row=action.row)
        self.pending_row = action.row
        return []

    def _back(self, seat: int, action: Back) -> list[Event]:
        if self.pending_row is not None:
            self.pending_row = None
        elif self.pending_card is not None:
            self.pending_card = None
        else:
            raise IllegalMove("nothing_to_undo")
        return []

    def _pass(self, seat: int, action: Pass) -> list[Event]:
        """G9: only a player with no play and no exchange passes; all passing is a draw."""
        if self.complete_moves(seat) != [Pass()]:
            raise IllegalMove("must_play")
        self.passes += 1
        events = [Event("pass", {"seat": seat, "team": self.team_of(seat)})]
        if self.passes >= len(self.names):
            self.drawn = True
            events.append(Event("draw", {"passes": self.passes}))
        else:
            self._end_turn()
        return events

    def _play_error(self, seat: int, card: str, cell: int) -> IllegalMove:
        """Why `card` can't go on `cell` (called only when it can't)."""
        name = cell_name(cell)
        if card == cards.MINUS:
            owner = self.chips[cell]
            if owner == EMPTY:
                return IllegalMove("no_chip", cell=name)
            if owner == self.team_of(seat):
                return IllegalMove("own_chip", cell=name)
            return IllegalMove("locked_chip", cell=name)
        if cell in CORNERS:
            return IllegalMove("free_space", cell=name)
        if self.chips[cell] != EMPTY:
            return IllegalMove("cell_taken", cell=name)
        answer = cards.answer(card)
        spots = [cell_name(c) for c in CELLS_BY_NUMBER[answer or 0]]
        return IllegalMove("wrong_cell", card=card, answer=answer, cells=spots, cell=name)

    def _play(self, seat: int, action: Play) -> list[Event]:
        card = cards.check_card(action.card)
        cells = self._check_playable(seat, card)
        cell = parse_cell(action.cell)
        if cell not in cells:
            raise self._play_error(seat, card, cell)
        team, where = self.team_of(seat), cell_name(cell)
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.passes = 0
        data = {"seat": seat, "team": team, "card": card, "cell": where}
        if card == cards.MINUS:
            victim = self.chips[cell]
            self.chips[cell] = EMPTY
            kind = "minus"
            events = [
                Event(kind, {**data, "victim": victim, "victim_seats": self.team_seats(victim)})
            ]
        else:
            self.chips[cell] = team
            kind = "plus" if card == cards.PLUS else "play"
            events = [Event(kind, data), *self._score(team, cell)]
        self.last_move = {"seat": seat, "card": card, "cell": where, "kind": kind}
        if self.sequences[team] >= self.required:
            self.winner_team = team
            self.pending_card = self.pending_row = None
            data = {"team": team, "seats": self.team_seats(team), "count": self.sequences[team]}
            events.append(Event("win", {**data, "required": self.required}))
            return events
        self._draw(seat, events)
        self._end_turn()
        return events

    def _score(self, team: int, cell: int) -> list[Event]:
        """Lock every run of five or more through the new chip and announce new SEQUENCES."""
        events = []
        for run, gained in runs_through(self.chips, cell, team):
            self.locked.update(c for c in run if c not in CORNERS)
            if gained:
                self.sequences[team] += gained
                data = {
                    "team": team,
                    "seats": self.team_seats(team),
                    "cells": [cell_name(c) for c in run],
                    "count": gained,
                    "total": self.sequences[team],
                }
                events.append(Event("sequence", data))
        return events

    def _exchange(self, seat: int, action: Exchange) -> list[Event]:
        if self.exchanged:
            raise IllegalMove("already_exchanged")
        card = self._check_held(seat, action.card)
        if card == cards.PLUS:
            raise IllegalMove("plus_never_dead", card=card)
        if card == cards.MINUS:
            raise IllegalMove("minus_never_dead", card=card)
        if not self._is_dead(card):
            free = [cell_name(c) for c in self._cells_for(seat, card)]
            raise IllegalMove("not_dead", card=card, free_cells=free[:2])
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.exchanged = True
        self.pending_card = self.pending_row = None
        events = [Event("exchange", {"seat": seat, "team": self.team_of(seat), "card": card})]
        self._draw(seat, events)
        return events

    def _draw(self, seat: int, events: list[Event]) -> None:
        """G6 draw, reshuffling the discard pile when the draw pile is empty (G9)."""
        if not self.draw_pile and self.discard:
            self.draw_pile, self.discard = self.discard, []
            self.rng.shuffle(self.draw_pile)
            events.append(Event("reshuffle", {"cards": len(self.draw_pile)}))
        if self.draw_pile:  # always true after a play: the played card is on the discard pile
            self.hands[seat].append(self.draw_pile.pop())

    def _end_turn(self) -> None:
        self.turn = (self.turn + 1) % len(self.names)
        self.turns += 1
        self.exchanged = False
        self.pending_card = self.pending_row = None
