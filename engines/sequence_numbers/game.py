"""The Sequence Numbers game state and its rules (G1-G10)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Self

from engines.base import Event, IllegalMove
from engines.sequence_numbers import cards
from engines.sequence_numbers.actions import Action, Back, ChooseCard, ChooseRow, Exchange, Play
from engines.sequence_numbers.board import (
    CELLS_BY_NUMBER,
    CORNERS,
    ROWS,
    SIZE,
    cell_name,
    number_at,
    parse_cell,
)
from engines.sequence_numbers.scoring import EMPTY, runs_through

MIN_PLAYERS = 2
MAX_PLAYERS = 6
COLOURS = ("Blue", "Orange", "Green")
MAX_OPTIONS = 25


@dataclass(frozen=True, slots=True)
class Decision:
    kind: str
    text: str
    options: list[Action]


def team_count(players: int, teams: int | None) -> int:
    """How many teams (colours) play, per G2; IllegalMove for a count that can't split."""
    if players == 5:
        raise IllegalMove(
            "Sequence Numbers can't be played by 5: the players can't split into equal teams. "
            "Play with 2, 3, 4 or 6."
        )
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalMove("Sequence Numbers is for 2 to 6 players (not 5).")
    allowed = {2: (2,), 3: (3,), 4: (2,), 6: (2, 3)}[players]
    if teams is None:
        return allowed[0]
    if teams not in allowed:
        choices = " or ".join(str(t) for t in allowed)
        raise IllegalMove(f"With {players} players the game has {choices} teams, not {teams}.")
    return teams


@dataclass
class SequenceGame:
    """One table. Chips: -1 empty, else the team index; corners stay -1 and count for all."""

    names: list[str]
    num_teams: int
    rng: random.Random
    draw_pile: list[str]  # the top card is the last one
    hands: list[list[str]]
    turn: int
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

    # ---- who is who ----------------------------------------------------------------------

    @property
    def required(self) -> int:
        """SEQUENCES needed to win (G1): one with 2-3 players, two with 4-6."""
        return 1 if len(self.names) <= 3 else 2

    def team_of(self, seat: int) -> int:
        """Teammates sit alternately (G2): seat i plays colour i mod teams."""
        return seat % self.num_teams

    def team_seats(self, team: int) -> list[int]:
        return [seat for seat in range(len(self.names)) if self.team_of(seat) == team]

    def team_name(self, team: int) -> str:
        """A lone player is named; a real team goes by its colour."""
        seats = self.team_seats(team)
        return self.names[seats[0]] if len(seats) == 1 else f"Team {COLOURS[team]}"

    # ---- the protocol --------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.winner_team is not None or self.drawn

    def to_act(self) -> list[int]:
        return [] if self.is_over else [self.turn]

    def legal_actions(self, seat: int) -> list[Play | Exchange]:
        """Every complete move: each legal (card, cell) play, then the dead-card exchanges."""
        if self.is_over or seat != self.turn:
            return []
        return [*self._plays(seat), *self._exchanges(seat)]

    def winners(self) -> list[int]:
        return [] if self.winner_team is None else self.team_seats(self.winner_team)

    def final_scores(self) -> list[int]:
        """Each seat's team SEQUENCE count."""
        return [self.sequences[self.team_of(seat)] for seat in range(len(self.names))]

    def timeout_action(self, seat: int) -> Play | Exchange:
        """The strong AI's move for a seat that let its turn run out."""
        from engines.sequence_numbers.ai import choose

        return choose(self, seat, "strong")

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

    # ---- applying moves ------------------------------------------------------------------

    def apply(self, seat: int, action: Any) -> list[Event]:
        """Apply a complete move or a decision step; IllegalMove changes nothing.

        Besides legal_actions(seat), this takes the step actions decision(seat) offers.
        """
        self._check_turn(seat)
        if isinstance(action, Play):
            return self._play(seat, action)
        if isinstance(action, Exchange):
            return self._exchange(seat, action.card)
        if isinstance(action, ChooseCard):
            self._check_playable(seat, action.card)
            self.pending_card, self.pending_row = action.card, None
            return []
        if isinstance(action, ChooseRow):
            if self.pending_card is None:
                raise IllegalMove("Choose a card before a row.")
            if not self._cells_in_row(seat, action.row):
                raise IllegalMove(f"{cards.label(self.pending_card)} can't go in row {action.row}.")
            self.pending_row = action.row
            return []
        if isinstance(action, Back):
            if self.pending_row is not None:
                self.pending_row = None
            elif self.pending_card is not None:
                self.pending_card = None
            else:
                raise IllegalMove("There is no step to go back from.")
            return []
        raise IllegalMove("That is not a Sequence Numbers move.")

    def _check_turn(self, seat: int) -> None:
        if self.is_over:
            raise IllegalMove("The game is over.")
        if not 0 <= seat < len(self.names):
            raise IllegalMove("You are not playing at this table.")
        if seat != self.turn:
            raise IllegalMove(f"It is {self.names[self.turn]}'s turn.")

    def _check_playable(self, seat: int, card: str) -> list[int]:
        """The cells `card` may go on, or the reason a player can't play it."""
        if card not in self.hands[seat]:
            raise IllegalMove(f"You don't hold {cards.label(card)}.")
        cells = self._cells_for(seat, card)
        if cells:
            return cells
        if card == cards.PLUS:
            raise IllegalMove("There is no empty cell for a Plus.")
        if card == cards.MINUS:
            raise IllegalMove("There is no opponent chip a Minus can remove.")
        raise IllegalMove(f"{cards.label(card)} is dead: both of its cells are taken.")

    def _cells_in_row(self, seat: int, row: str) -> list[int]:
        assert self.pending_card is not None
        first = ROWS.index(row) * SIZE
        return [c for c in self._cells_for(seat, self.pending_card) if first <= c < first + SIZE]

    def _play_error(self, seat: int, card: str, cell: int) -> str:
        """Why `card` can't go on `cell` (called only when it can't)."""
        name = cell_name(cell)
        if card == cards.MINUS:
            owner = self.chips[cell]
            if owner == EMPTY:
                return f"There is no chip on {name} to remove."
            if owner == self.team_of(seat):
                return "A Minus removes an opponent's chip, not your own."
            return f"The chip on {name} is part of a SEQUENCE and can't be removed."
        if cell in CORNERS:
            return f"{name} is a free space: no chip goes there."
        if self.chips[cell] != EMPTY:
            return f"{name} already holds a chip."
        answer = cards.answer(card)
        spots = " or ".join(cell_name(c) for c in CELLS_BY_NUMBER[answer or 0])
        return f"{cards.label(card)} makes {answer}: it goes on {spots}, not {name}."

    def _play(self, seat: int, action: Play) -> list[Event]:
        card, cell = action.card, parse_cell(action.cell)
        if cell not in self._check_playable(seat, card):
            raise IllegalMove(self._play_error(seat, card, cell))
        name, team, where = self.names[seat], self.team_of(seat), cell_name(cell)
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.passes = 0
        data = {"seat": seat, "card": card, "cell": where}
        if card == cards.MINUS:
            victim = self.chips[cell]
            self.chips[cell] = EMPTY
            kind = "minus"
            whose = self.team_name(victim)
            text = f"{name} played Minus and removed {whose}'s chip from {where}."
            events = [Event(kind, text, {**data, "team": victim})]
        else:
            self.chips[cell] = team
            kind = "plus" if card == cards.PLUS else "play"
            events = [Event(kind, f"{name} played {cards.label(card)} on {where}.", data)]
            events += self._score(team, cell)
        self.last_move = {"seat": seat, "card": cards.label(card), "cell": where, "kind": kind}
        if self.sequences[team] >= self.required:
            self.winner_team = team
            count = "a SEQUENCE" if self.required == 1 else f"{self.required} SEQUENCES"
            who = self.team_name(team)
            verb = "wins" if len(self.team_seats(team)) == 1 else "win"
            events.append(Event("win", f"{who} {verb} with {count}.", {"team": team}))
            return events
        self._draw(seat, events)
        self._end_turn(events)
        return events

    def _score(self, team: int, cell: int) -> list[Event]:
        """Lock every run of five or more through the new chip and announce new SEQUENCES."""
        events = []
        for run, gained in runs_through(self.chips, cell, team):
            self.locked.update(c for c in run if c not in CORNERS)
            if gained:
                self.sequences[team] += gained
                span = f"{cell_name(run[0])}–{cell_name(run[-1])}"
                what = "a SEQUENCE" if gained == 1 else f"{gained} SEQUENCES"
                events.append(
                    Event(
                        "sequence",
                        f"{self.team_name(team)} completed {what} ({span}).",
                        {"team": team, "cells": [cell_name(c) for c in run], "count": gained},
                    )
                )
        return events

    def _exchange(self, seat: int, card: str) -> list[Event]:
        if self.exchanged:
            raise IllegalMove("You have already exchanged a dead card this turn.")
        if card not in self.hands[seat]:
            raise IllegalMove(f"You don't hold {cards.label(card)}.")
        if not self._is_dead(card):
            free = [cell_name(c) for c in self._cells_for(seat, card)]
            where = " and ".join(free) if free else "it can still be played"
            raise IllegalMove(f"{cards.label(card)} is not dead: {where} still free.")
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.exchanged = True
        self.pending_card = self.pending_row = None
        text = f"{self.names[seat]} exchanged the dead card {cards.label(card)}."
        events = [Event("exchange", text, {"seat": seat, "card": card})]
        self._draw(seat, events)
        self._settle(events)
        return events

    def _draw(self, seat: int, events: list[Event]) -> None:
        """G6 draw, reshuffling the discard pile when the draw pile is empty (G9)."""
        if not self.draw_pile and self.discard:
            self.draw_pile, self.discard = self.discard, []
            self.rng.shuffle(self.draw_pile)
            events.append(
                Event("reshuffle", "The discard pile was shuffled into a new draw pile.", {})
            )
        if self.draw_pile:  # always true after a play: the played card is on the discard pile
            self.hands[seat].append(self.draw_pile.pop())

    def _end_turn(self, events: list[Event]) -> None:
        self.turn = (self.turn + 1) % len(self.names)
        self.turns += 1
        self.exchanged = False
        self.pending_card = self.pending_row = None
        self._settle(events)

    def _settle(self, events: list[Event]) -> None:
        """G9: a player with nothing legal passes; when everyone passed in a row, it's a draw."""
        if self.legal_actions(self.turn):
            return
        self.passes += 1
        name = self.names[self.turn]
        events.append(Event("pass", f"{name} has no legal move and passes.", {"seat": self.turn}))
        if self.passes >= len(self.names):
            self.drawn = True
            events.append(Event("draw", "Every player passed in a row: the game is a draw.", {}))
            return
        self._end_turn(events)

    # ---- what people see -----------------------------------------------------------------

    def decision(self, seat: int) -> Decision | None:
        """choose_card, then choose_cell; a card with more than 24 cells gets choose_row between.

        Every step but the first also offers Back. A complete Play or Exchange is accepted at
        any step, so the bot may also take a typed move like "P.C8".
        """
        if self.is_over or seat != self.turn:
            return None
        if self.pending_card is None:
            options: list[Action] = [
                ChooseCard(card)
                for card in dict.fromkeys(self.hands[seat])
                if self._cells_for(seat, card)
            ]
            options += self._exchanges(seat)
            return Decision("choose_card", "Choose a card to play.", options)
        label = cards.label(self.pending_card)
        cells = self._cells_for(seat, self.pending_card)
        if self.pending_row is None and len(cells) >= MAX_OPTIONS:
            rows = list(dict.fromkeys(ROWS[c // SIZE] for c in cells))
            text = f"Choose a row for your {label}."
            return Decision("choose_row", text, [*(ChooseRow(r) for r in rows), Back()])
        if self.pending_row is not None:
            cells = self._cells_in_row(seat, self.pending_row)
        verb = f"Choose where to play {label}."
        if self.pending_card == cards.MINUS:
            verb = "Choose the opponent chip to remove."
        plays: list[Action] = [Play(self.pending_card, cell_name(c)) for c in cells]
        return Decision("choose_cell", verb, [*plays, Back()])

    def label(self, action: Action) -> str:
        """A short button label."""
        if isinstance(action, Play):
            if action.card == cards.MINUS:
                owner = self.chips[parse_cell(action.cell)]
                whose = f" ({self.team_name(owner)})" if owner != EMPTY else ""
                return f"Minus: remove {action.cell}{whose}"
            return f"{cards.label(action.card)} on {action.cell}"
        if isinstance(action, Exchange):
            return f"Exchange dead card {cards.label(action.card)}"
        if isinstance(action, ChooseCard):
            if action.card == cards.PLUS:
                return "Plus (any empty cell)"
            if action.card == cards.MINUS:
                return "Minus (remove an opponent chip)"
            cells = CELLS_BY_NUMBER[cards.answer(action.card) or 0]
            spots = " or ".join(cell_name(c) for c in cells if self.chips[c] == EMPTY)
            return f"{cards.label(action.card)} ({spots})"
        if isinstance(action, ChooseRow):
            return f"Row {action.row}"
        return "Back"

    def _hand_view(self, seat: int) -> list[dict[str, Any]]:
        shown = []
        for card in self.hands[seat]:
            answer = cards.answer(card)
            spots = CELLS_BY_NUMBER[answer] if answer is not None else ()
            shown.append(
                {
                    "card": cards.label(card),
                    "code": card,
                    "cells": [
                        {"cell": cell_name(c), "free": self.chips[c] == EMPTY} for c in spots
                    ],
                    "dead": self._is_dead(card),
                    "playable": bool(self._cells_for(seat, card)),
                }
            )
        return shown

    def _owner_shown(self, cell: int) -> int | str | None:
        if cell in CORNERS:
            return "free"
        return None if self.chips[cell] == EMPTY else self.chips[cell]

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything `seat` may see; None is a spectator. Never the draw order or other hands."""
        board = [[self._owner_shown(r * SIZE + c) for c in range(SIZE)] for r in range(SIZE)]
        view: dict[str, Any] = {
            "names": list(self.names),
            "board": board,
            "numbers": [[number_at(r * SIZE + c) for c in range(SIZE)] for r in range(SIZE)],
            "locked": [cell_name(c) for c in sorted(self.locked)],
            "sequences": list(self.sequences),
            "required": self.required,
            "teams": [
                {"name": self.team_name(t), "colour": COLOURS[t], "seats": self.team_seats(t)}
                for t in range(self.num_teams)
            ],
            "turn": self.turn,
            "last_move": dict(self.last_move) if self.last_move else None,
            "discard_top": cards.label(self.discard[-1]) if self.discard else None,
            "draw_pile": len(self.draw_pile),
            "hand_sizes": [len(hand) for hand in self.hands],
            "exchange_used": self.exchanged,
            "is_over": self.is_over,
            "winners": self.winners(),
        }
        if seat is not None and 0 <= seat < len(self.names):
            view["seat"] = seat
            view["team"] = self.team_of(seat)
            view["hand"] = self._hand_view(seat)
        return view

    # ---- saving --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        version, internal, gauss = self.rng.getstate()
        return {
            "names": list(self.names),
            "num_teams": self.num_teams,
            "rng": [version, list(internal), gauss],
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
        }

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Self:
        rng = random.Random()
        version, internal, gauss = raw["rng"]
        rng.setstate((version, tuple(internal), gauss))
        fields = {key: raw[key] for key in raw if key != "rng"}
        fields["locked"] = set(raw["locked"])
        return cls(rng=rng, **fields)


def new_game(
    names: list[str],
    seed: int,
    *,
    teams: int | None = None,
    deck: list[str] | None = None,
    first: int | None = None,
) -> SequenceGame:
    """A new table (G5). `teams` picks 2 or 3 teams with 6 players; `deck` stacks the top
    of the draw pile (dealt first, in order; the rest of the 104 cards follow shuffled);
    `first` fixes the starting seat, otherwise it is random."""
    players = len(names)
    num_teams = team_count(players, teams)
    if any(not str(name).strip() for name in names):
        raise IllegalMove("Every player needs a name.")
    rng = random.Random(seed)
    rest = Counter(cards.FULL_DECK)
    top = [cards.check_card(card) for card in deck or []]
    rest.subtract(top)
    if any(count < 0 for count in rest.values()):
        raise IllegalMove("A stacked deck can't hold more copies of a card than the 104-card deck.")
    remaining = list(rest.elements())
    rng.shuffle(remaining)
    draw_order = top + remaining
    if first is None:
        first = rng.randrange(players)
    elif not 0 <= first < players:
        raise IllegalMove(f"Seat {first} is not at this table.")
    hand_size = 5 if players <= 3 else 4
    hands: list[list[str]] = [[] for _ in names]
    position = 0
    for _ in range(hand_size):
        for offset in range(players):
            hands[(first + offset) % players].append(draw_order[position])
            position += 1
    return SequenceGame(
        names=list(names),
        num_teams=num_teams,
        rng=rng,
        draw_pile=list(reversed(draw_order[position:])),
        hands=hands,
        turn=first,
        sequences=[0] * num_teams,
    )
