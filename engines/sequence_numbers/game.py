"""The Sequence Numbers game (G1-G10) as the engine contract sees it: who acts, what each
seat may see, how the match ended, and a new deal. The rules it keeps are in its layers:
`table.py` (state, saving), `moves.py` (what may be played), `turns.py` (playing it)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Self

from engines.base import BadOption, Event, IllegalMove, Outcome, check_seat, ranked
from engines.sequence_numbers import cards
from engines.sequence_numbers.board import CELLS_BY_NUMBER, CORNERS, SIZE, cell_name, number_at
from engines.sequence_numbers.scoring import EMPTY
from engines.sequence_numbers.table import MAX_PLAYERS, MIN_PLAYERS, TEAMS_AT, default_required
from engines.sequence_numbers.turns import Turns
from engines.sequence_numbers.views import CellView, HandCard, LastMove, SequenceView, TeamView

COLOURS = ("Blue", "Orange", "Green")


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


def required_count(players: int, sequences: int | None) -> int:
    """The house option `sequences` (1 or 2), or the rule's count when it is None (G1)."""
    if sequences is None:
        return default_required(players)
    if type(sequences) is not int or sequences not in (1, 2):
        raise BadOption("bad_option", option="sequences", value=sequences)
    return sequences


class SequenceGame(Turns):
    """One game of Sequence Numbers, as the bot plays it."""

    # ---- the protocol --------------------------------------------------------------------

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
