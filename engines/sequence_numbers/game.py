"""The Sequence Numbers game state and its rules (G1-G10)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Self

from engines.base import (
    SCHEMA,
    BadOption,
    BadState,
    Decision,
    Event,
    IllegalMove,
    Outcome,
    check_action,
    check_seat,
    ranked,
    reading_state,
    rng_from_saved,
    saved_rng,
)
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
from engines.sequence_numbers.board import (
    CELLS_BY_NUMBER,
    CORNERS,
    ROWS,
    SIZE,
    cell_name,
    number_at,
    parse_cell,
)
from engines.sequence_numbers.checks import check_state
from engines.sequence_numbers.scoring import EMPTY, runs_through
from engines.sequence_numbers.views import CellView, HandCard, LastMove, SequenceView, TeamView

MIN_PLAYERS = 2
MAX_PLAYERS = 6
COLOURS = ("Blue", "Orange", "Green")
MAX_OPTIONS = 25  # a select menu holds 25 entries: a card with more cells goes row by row
SCHEMA_VERSION = 2
TEAMS_AT = {2: (2,), 3: (3,), 4: (2,), 6: (2, 3)}  # players -> team counts they split into (G2)


def team_count(players: int, teams: int | None) -> int:
    """How many teams (colours) play, per G2; IllegalMove for a count that can't split."""
    if players == 5:
        raise IllegalMove("five_players", players=players)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalMove("bad_player_count", players=players, low=MIN_PLAYERS, high=MAX_PLAYERS)
    allowed = TEAMS_AT[players]
    if teams is None:
        return allowed[0]
    if teams not in allowed:
        raise IllegalMove("bad_teams", players=players, teams=teams, allowed=list(allowed))
    return teams


def default_required(players: int) -> int:
    """G1: one SEQUENCE wins with 2-3 players, two with 4-6."""
    return 1 if players <= 3 else 2


def required_count(players: int, sequences: int | None) -> int:
    """The house option `sequences` (1 or 2), or the rule's count when it is None (G1)."""
    if sequences is None:
        return default_required(players)
    if type(sequences) is not int or sequences not in (1, 2):
        raise BadOption("bad_option", option="sequences", value=sequences)
    return sequences


@dataclass
class SequenceGame:
    """One table. Chips: -1 empty, else the team index; corners stay -1 and count for all."""

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

    # ---- the protocol --------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.winner_team is not None or self.drawn

    def opening_events(self) -> list[Event]:
        return list(self.opening)

    def to_act(self) -> list[int]:
        return [] if self.is_over else [self.turn]

    def epoch(self) -> int:
        return self.steps

    def turn_id(self) -> int:
        """Turns taken: a turn is one whole move, however many steps it is chosen in."""
        return self.turns

    def winners(self) -> list[int]:
        return [] if self.winner_team is None else self.team_seats(self.winner_team)

    def final_scores(self) -> list[int]:
        """Each seat's team SEQUENCE count."""
        return [self.sequences[self.team_of(seat)] for seat in range(len(self.names))]

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        teams = [self.team_of(seat) for seat in range(len(self.names))]
        reason = "every_seat_passed" if self.drawn else "sequences_completed"  # G9, G1
        return ranked(self.winners(), self.final_scores(), teams, reason)

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

    # ---- applying moves ------------------------------------------------------------------

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

    # ---- what people see -----------------------------------------------------------------

    def _hand_view(self, seat: int) -> tuple[HandCard, ...]:
        shown = []
        for card in self.hands[seat]:
            answer = cards.answer(card)
            spots = CELLS_BY_NUMBER[answer] if answer is not None else ()
            cells = tuple(CellView(cell_name(c), self.chips[c] == EMPTY) for c in spots)
            playable = bool(self._cells_for(seat, card))
            shown.append(HandCard(card, answer, cells, self._is_dead(card), playable))
        return tuple(shown)

    def _owner_shown(self, cell: int) -> int | str | None:
        if cell in CORNERS:
            return "free"
        return None if self.chips[cell] == EMPTY else self.chips[cell]

    def resample(self, seat: int, rng: random.Random) -> Self:
        """The other hands and the draw pile dealt anew from their cards (a card chosen
        mid-turn stays in its hand); `seat`'s own hand and everything played stay."""
        seat = self._seat(seat)
        copy = type(self).from_dict(self.to_dict())
        others = [other for other in range(len(self.names)) if other != seat]
        kept: dict[int, list[str]] = {other: [] for other in others}
        pool = list(copy.draw_pile)
        for other in others:
            for card in copy.hands[other]:
                chosen = other == copy.turn and card == copy.pending_card
                (kept[other] if chosen and card not in kept[other] else pool).append(card)
        rng.shuffle(pool)
        for other in others:
            size = len(copy.hands[other]) - len(kept[other])
            copy.hands[other] = kept[other] + [pool.pop() for _ in range(size)]
        copy.draw_pile = pool
        return copy

    def view(self, seat: int | None) -> SequenceView:
        """Everything `seat` may see; None is a spectator. Never the draw order or other hands."""
        if seat is not None:
            seat = self._seat(seat)
        last = LastMove(**self.last_move) if self.last_move else None
        return SequenceView(
            names=tuple(self.names),
            board=tuple(
                tuple(self._owner_shown(r * SIZE + c) for c in range(SIZE)) for r in range(SIZE)
            ),
            numbers=tuple(tuple(number_at(r * SIZE + c) for c in range(SIZE)) for r in range(SIZE)),
            locked=tuple(cell_name(c) for c in sorted(self.locked)),
            sequences=tuple(self.sequences),
            required=self.required,
            teams=tuple(
                TeamView(t, COLOURS[t], tuple(self.team_seats(t))) for t in range(self.num_teams)
            ),
            turn=self.turn,
            last_move=last,
            discard_top=self.discard[-1] if self.discard else None,
            draw_pile=len(self.draw_pile),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            exchange_used=self.exchanged,
            is_over=self.is_over,
            winners=tuple(self.winners()),
            seat=seat,
            team=None if seat is None else self.team_of(seat),
            hand=None if seat is None else self._hand_view(seat),
        )

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


def new_game(
    names: list[str],
    seed: int,
    *,
    teams: int | None = None,
    sequences: int | None = None,
    deck: list[str] | None = None,
    first: int | None = None,
) -> SequenceGame:
    """A new table (G5). `teams` picks 2 or 3 teams with 6 players; `sequences` is the house
    option of G1 (1 or 2; None: the rule's count); `deck` stacks the top of the draw pile
    (dealt first, in order; the rest of the 104 cards follow shuffled); `first` fixes the
    starting seat, otherwise it is random."""
    players = len(names)
    num_teams = team_count(players, teams)
    required = required_count(players, sequences)
    if any(not isinstance(name, str) or not name.strip() for name in names):
        raise IllegalMove("missing_name")
    rng = random.Random(seed)
    rest = Counter(cards.FULL_DECK)
    top = [cards.check_card(card) for card in deck or []]
    rest.subtract(top)
    if any(count < 0 for count in rest.values()):
        raise IllegalMove("bad_deck")
    remaining = list(rest.elements())
    rng.shuffle(remaining)
    draw_order = top + remaining
    first = rng.randrange(players) if first is None else check_seat(first, players)
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
        required=required,
        sequences=[0] * num_teams,
        opening=[Event("deal", {"first": first, "hand_size": hand_size})],
    )
