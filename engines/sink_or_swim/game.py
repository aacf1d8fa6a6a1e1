"""The Sink or Swim game: rounds of 12 tricks with simultaneous secret picks (S3–S7)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
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
from engines.sink_or_swim.actions import Pick
from engines.sink_or_swim.cards import (
    HAND_SIZE,
    TIDE_DECK,
    WEATHER_CARDS,
    card_belts,
    hand_belts,
    held_hand,
)
from engines.sink_or_swim.checks import check_state
from engines.sink_or_swim.scoring import score_round
from engines.sink_or_swim.views import CardView, PlayerView, SinkOrSwimView, TrickView

MIN_PLAYERS = 3
MAX_PLAYERS = 5
TRICKS_PER_ROUND = HAND_SIZE
SCHEMA_VERSION = 2
"""Version 1 (no SCHEMA key) is what the bot saved before the engine contract; version 2
holds the same fields, so both load the same way."""
LOADABLE_SCHEMAS = (1, 2)


class SinkOrSwimGame:
    """All state is plain data so that `to_dict` / `from_dict` restore a game exactly.

    Hands are numbered by the seat they were dealt to; in round r (1-based) seat s holds
    hand (s - r + 1) mod n, which is passing every hand to the left once per round (S7).
    """

    def __init__(self, names: list[str]) -> None:
        self.names = list(names)
        self.hands: list[list[int]] = []
        self.hand_belts: list[int] = []
        self.round = 0
        self.trick = 0
        self.tide_pile: list[int] = []
        self.tide_cards: list[int] = []
        self.played: list[list[int]] = []
        self.tides: list[list[int]] = []
        self.belts: list[int] = []
        self.eliminated: list[bool] = []
        self.picks: list[int | None] = []
        self.scores = [0] * len(names)
        self.round_scores: list[list[int]] = []
        self.history: list[dict[str, Any]] = []
        self.over = False
        self.rng = random.Random()
        self._opening: list[Event] = []

    # ----- setup -----------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        names: list[str],
        seed: int,
        hands: list[list[int]] | None = None,
        tide_order: list[int] | None = None,
    ) -> SinkOrSwimGame:
        """Deal (S3) and open round 1 (S4). `hands` and `tide_order` stack the deck for tests:
        `tide_order` gives the first tide cards turned up in round 1, the rest is shuffled."""
        if not isinstance(names, list) or not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            players = len(names) if isinstance(names, list) else None
            raise IllegalMove("player_count", players=players, low=MIN_PLAYERS, high=MAX_PLAYERS)
        if len(set(names)) != len(names):
            raise IllegalMove("duplicate_names")
        game = cls(names)
        game.rng = random.Random(seed)
        game.hands = game._deal(hands)
        game.hand_belts = [hand_belts(hand) for hand in game.hands]
        game._opening = game._start_round(1, _check_tide_order(tide_order))
        return game

    def _deal(self, hands: list[list[int]] | None) -> list[list[int]]:
        n = len(self.names)
        if hands is None:
            deck = list(WEATHER_CARDS)
            self.rng.shuffle(deck)
            return [sorted(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(n)]
        if len(hands) != n or any(len(hand) != HAND_SIZE for hand in hands):
            raise IllegalMove("bad_stacked_hands", hands=n, size=HAND_SIZE)
        cards = [card for hand in hands for card in hand]
        if len(set(cards)) != len(cards) or not set(cards) <= set(WEATHER_CARDS):
            raise IllegalMove("bad_stacked_cards", low=WEATHER_CARDS[0], high=WEATHER_CARDS[-1])
        return [sorted(hand) for hand in hands]

    def _start_round(self, number: int, tide_order: list[int] | None = None) -> list[Event]:
        """Shuffle the tide deck, give every seat the belts of the hand it now holds (S4)."""
        n = len(self.names)
        self.round = number
        self.trick = 1
        rest = list(TIDE_DECK)
        for card in tide_order or []:
            rest.remove(card)
        self.rng.shuffle(rest)
        self.tide_pile = list(tide_order or []) + rest
        self.played = [[] for _ in range(n)]
        self.tides = [[] for _ in range(n)]
        self.belts = [self.hand_belts[self.hand_index(seat)] for seat in range(n)]
        self.eliminated = [False] * n
        self.picks = [None] * n
        start = Event(
            "round_start", {"round": self.round, "rounds": self.rounds, "belts": list(self.belts)}
        )
        return [start, self._turn_up_tide()]

    def _turn_up_tide(self) -> Event:
        self.tide_cards = sorted(self.tide_pile[:2])
        self.tide_pile = self.tide_pile[2:]
        return Event(
            "tide_cards",
            {"round": self.round, "trick": self.trick, "tide_cards": list(self.tide_cards)},
        )

    def opening_events(self) -> list[Event]:
        """Round 1 opening and its first tide cards, right after `start`; empty once loaded."""
        return list(self._opening)

    # ----- queries ---------------------------------------------------------------------

    def hand_index(self, seat: int, round_number: int | None = None) -> int:
        """Which dealt hand `seat` holds in a round (the current one by default)."""
        number = self.round if round_number is None else round_number
        return held_hand(seat, number, len(self.names))

    def hand(self, seat: int) -> list[int]:
        """The cards `seat` has not played yet this round, ascending."""
        played = set(self.played[seat])
        return [card for card in self.hands[self.hand_index(seat)] if card not in played]

    def showing(self, seat: int) -> int | None:
        """The tide card on top of a seat's pile; an eliminated player shows nothing (S5)."""
        if self.eliminated[seat] or not self.tides[seat]:
            return None
        return self.tides[seat][-1]

    def in_round(self) -> list[int]:
        return [seat for seat in range(len(self.names)) if not self.eliminated[seat]]

    @property
    def rounds(self) -> int:
        return len(self.names)

    @property
    def is_over(self) -> bool:
        return self.over

    def to_act(self) -> list[int]:
        if self.over:
            return []
        return [seat for seat in self.in_round() if self.picks[seat] is None]

    def legal_actions(self, seat: int) -> list[Pick]:
        """Every unplayed card of a seat still in the round, also after it picked: picking
        again changes the pick until the last pick is in (S4.2)."""
        check_seat(seat, len(self.names))
        if self.over or self.eliminated[seat]:
            return []
        return [Pick(card) for card in self.hand(seat)]

    def decision(self, seat: int) -> Decision[Pick] | None:
        options = self.legal_actions(seat)
        if not options:
            return None
        data = {
            "round": self.round,
            "trick": self.trick,
            "tide_cards": tuple(self.tide_cards),
            "pick": self.picks[seat],
        }
        return Decision("pick", seat, tuple(options), data)

    def epoch(self) -> int:
        """Round and trick (round × 100 + trick, the stamp the bot used before), plus one once
        the game is over: picks keep it, every resolved trick raises it."""
        return self.round * 100 + self.trick + (1 if self.over else 0)

    def turn_id(self) -> int:
        """Every trick is one turn of simultaneous picks."""
        return self.epoch()

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        return ranked(self._winners(), self.scores, reason="rounds_played")  # S1

    def _winners(self) -> list[int]:
        if not self.over:
            return []
        best = max(self.scores)
        return [seat for seat, score in enumerate(self.scores) if score == best]

    # ----- moves -----------------------------------------------------------------------

    def apply(self, seat: int, action: Pick) -> list[Event]:
        """Record a secret pick; the last pick of the trick resolves it at once (S4)."""
        card = self._check_pick(seat, action)
        kind = "picked" if self.picks[seat] is None else "repicked"
        events = [Event(kind, {"seat": seat})]
        self.picks[seat] = card
        if not self.to_act():
            events += self._resolve_trick()
        return events

    def _check_pick(self, seat: int, action: Pick) -> int:
        check_seat(seat, len(self.names))
        if self.over:
            raise IllegalMove("game_over")
        check_action(action, (Pick,))
        if self.eliminated[seat]:
            raise IllegalMove("out_of_round", seat=seat)
        if action.card in self.played[seat]:
            raise IllegalMove("already_played", seat=seat, card=action.card)
        if action.card not in self.hands[self.hand_index(seat)]:
            raise IllegalMove("not_in_hand", seat=seat, card=action.card)
        return action.card

    def _resolve_trick(self) -> list[Event]:
        active = self.in_round()
        plays = [[seat, self._pick_of(seat)] for seat in active]
        events = [Event("reveal", {"round": self.round, "trick": self.trick, "plays": plays})]
        for seat, card in plays:
            self.played[seat].append(card)
        took = self._take_tides(plays, events)
        lost, out = self._flood(active, events)
        self.history.append(
            {
                "round": self.round,
                "trick": self.trick,
                "plays": [list(play) for play in plays],
                "took": [list(pair) for pair in took],
                "lost_belt": lost,
                "eliminated": out,
            }
        )
        self.picks = [None] * len(self.names)
        if len(self.in_round()) <= 2 or self.trick == TRICKS_PER_ROUND:
            return events + self._end_round()
        self.trick += 1
        return [*events, self._turn_up_tide()]

    def _pick_of(self, seat: int) -> int:
        card = self.picks[seat]
        assert card is not None, "a trick resolves only once every pick is in"
        return card

    def _take_tides(self, plays: list[list[int]], events: list[Event]) -> list[list[int]]:
        """Highest card takes the lower tide card, second highest the higher (S4.3)."""
        ranked = sorted(plays, key=lambda play: play[1], reverse=True)
        low, high = self.tide_cards
        took = [[ranked[0][0], low], [ranked[1][0], high]]
        for (seat, tide), which in zip(took, ("lower", "higher"), strict=True):
            self.tides[seat].append(tide)
            which = "either" if low == high else which
            events.append(Event("took_tide", {"seat": seat, "tide": tide, "which": which}))
        return took

    def _flood(self, active: list[int], events: list[Event]) -> tuple[list[int], list[int]]:
        """Highest showing tide loses a belt, ties all lose; no belt left means out (S4.4, S5)."""
        shown = {seat: self.showing(seat) for seat in active}
        levels = [level for level in shown.values() if level is not None]
        if not levels:
            return [], []
        top = max(levels)
        losers = [seat for seat in active if shown[seat] == top]
        tied = len(losers) > 1
        lost, out = [], []
        for seat in losers:
            if self.belts[seat] > 0:
                self.belts[seat] -= 1
                lost.append(seat)
                data = {"seat": seat, "tide": top, "tied": tied, "belts": self.belts[seat]}
                events.append(Event("lost_belt", data))
            else:
                out.append(seat)
                events.append(Event("eliminated", {"seat": seat, "tide": top, "tied": tied}))
        for seat in out:
            self.eliminated[seat] = True
        return lost, out

    def _end_round(self) -> list[Event]:
        remaining = len(self.in_round())
        reason = "tricks_done" if remaining > 2 else "too_few_left"
        end = {"round": self.round, "trick": self.trick, "remaining": remaining, "reason": reason}
        events = [Event("round_end", end)]
        showing = [self.showing(seat) for seat in range(len(self.names))]
        results = score_round(self.belts, self.eliminated, showing)
        for seat, result in enumerate(results):
            self.scores[seat] += result.points
            data = {
                "seat": seat,
                "round": self.round,
                "points": result.points,
                "belts": result.belts,
                "eliminated": result.eliminated,
                "bonus": result.bonus,
                # The tide the seat showed as the round ended (None: none, or out), so the
                # lowest-tide bonus can be explained.
                "tide": showing[seat],
                "total": self.scores[seat],
            }
            events.append(Event("round_score", data))
        self.round_scores.append([result.points for result in results])
        if self.round == self.rounds:
            self.over = True
            self.tide_cards = []
            self.tide_pile = []
            game_end = {"winners": self._winners(), "scores": list(self.scores)}
            return [*events, Event("game_end", game_end)]
        return events + self._pass_hands()

    def _pass_hands(self) -> list[Event]:
        """Every hand goes to the left neighbour (S7): seat s now holds the hand seat s − 1
        held, with its belts; then the next round opens."""
        n = len(self.names)
        received = [(seat - 1) % n for seat in range(n)]
        passed = Event("hands_passed", {"round": self.round + 1, "received_from": received})
        return [passed, *self._start_round(self.round + 1)]

    # ----- views -----------------------------------------------------------------------

    def view(self, seat: int | None = None) -> SinkOrSwimView:
        """What `seat` may see (None: a spectator). Picks stay secret until the reveal (S8)."""
        if seat is not None:
            check_seat(seat, len(self.names))
        public = SinkOrSwimView(
            round=self.round,
            rounds=self.rounds,
            trick=self.trick,
            tide_cards=tuple(self.tide_cards),
            players=tuple(self._player_view(s) for s in range(len(self.names))),
            round_scores=tuple(tuple(scores) for scores in self.round_scores),
            last_trick=_trick_view(self.history[-1]) if self.history else None,
            is_over=self.over,
            winners=tuple(self._winners()),
        )
        if seat is None:
            return public
        return replace(
            public,
            seat=seat,
            hand=tuple(CardView(card, card_belts(card)) for card in self.hand(seat)),
            pick=self.picks[seat],
            known_hands=tuple(tuple(cards) for cards in self._known_hands(seat)),
        )

    def _player_view(self, seat: int) -> PlayerView:
        return PlayerView(
            name=self.names[seat],
            showing=self.showing(seat),
            belts=self.belts[seat],
            eliminated=self.eliminated[seat],
            picked=self.picks[seat] is not None,
            score=self.scores[seat],
            hand_size=len(self.hand(seat)),
            played=tuple(self.played[seat]),
        )

    def resample(self, seat: int, rng: random.Random) -> Self:
        """The hands `seat` never held (less their cards revealed in tricks) and the cards
        left out of the game are dealt anew among those places; every other seat's secret
        pick is drawn again from its hand."""
        check_seat(seat, len(self.names))
        copy = type(self).from_dict(self.to_dict())
        held = {self.hand_index(seat, number) for number in range(1, self.round + 1)}
        revealed = {card for record in self.history for _, card in record["plays"]}
        unknown = [index for index in range(len(copy.hands)) if index not in held]
        dealt = {card for hand in copy.hands for card in hand}
        pool = [card for card in WEATHER_CARDS if card not in dealt]
        for index in unknown:
            pool += [card for card in copy.hands[index] if card not in revealed]
        rng.shuffle(pool)
        for index in unknown:
            kept = [card for card in copy.hands[index] if card in revealed]
            copy.hands[index] = sorted(kept + [pool.pop() for _ in range(HAND_SIZE - len(kept))])
        for other, pick in enumerate(copy.picks):
            if other != seat and pick is not None:
                copy.picks[other] = rng.choice(copy.hand(other))
        return copy

    def _known_hands(self, viewer: int) -> list[list[int]]:
        """Unplayed cards the viewer knows each seat holds: hands the viewer held in earlier
        rounds were seen whole, and every card revealed in a trick is public (S7 tip)."""
        held = {self.hand_index(viewer, number) for number in range(1, self.round + 1)}
        revealed = {card for record in self.history for _, card in record["plays"]}
        known = []
        for seat in range(len(self.names)):
            index = self.hand_index(seat)
            played = set(self.played[seat])
            seen = self.hands[index] if index in held else revealed.intersection(self.hands[index])
            known.append(sorted(card for card in seen if card not in played))
        return known

    # ----- persistence -----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            SCHEMA: SCHEMA_VERSION,
            "names": list(self.names),
            "hands": [list(hand) for hand in self.hands],
            "hand_belts": list(self.hand_belts),
            "round": self.round,
            "trick": self.trick,
            "tide_pile": list(self.tide_pile),
            "tide_cards": list(self.tide_cards),
            "played": [list(cards) for cards in self.played],
            "tides": [list(pile) for pile in self.tides],
            "belts": list(self.belts),
            "eliminated": list(self.eliminated),
            "picks": list(self.picks),
            "scores": list(self.scores),
            "round_scores": [list(scores) for scores in self.round_scores],
            "history": [_copy_record(record) for record in self.history],
            "over": self.over,
            "rng": saved_rng(self.rng),
        }

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Self:
        """Load a saved game of any schema this engine ever wrote (no SCHEMA key: version 1)."""
        with reading_state():
            return cls._load(raw)

    @classmethod
    def _load(cls, raw: dict[str, Any]) -> Self:
        schema = raw.get(SCHEMA, 1)
        if schema not in LOADABLE_SCHEMAS:
            raise BadState("unknown_schema", schema=schema)
        check_state(raw, range(MIN_PLAYERS, MAX_PLAYERS + 1))
        game = cls(list(raw["names"]))
        game.hands = [list(hand) for hand in raw["hands"]]
        game.hand_belts = list(raw["hand_belts"])
        game.round = raw["round"]
        game.trick = raw["trick"]
        game.tide_pile = list(raw["tide_pile"])
        game.tide_cards = list(raw["tide_cards"])
        game.played = [list(cards) for cards in raw["played"]]
        game.tides = [list(pile) for pile in raw["tides"]]
        game.belts = list(raw["belts"])
        game.eliminated = list(raw["eliminated"])
        game.picks = list(raw["picks"])
        game.scores = list(raw["scores"])
        game.round_scores = [list(scores) for scores in raw["round_scores"]]
        game.history = [_copy_record(record) for record in raw["history"]]
        game.over = raw["over"]
        game.rng = rng_from_saved(raw["rng"])
        return game


def _trick_view(record: dict[str, Any]) -> TrickView:
    return TrickView(
        round=record["round"],
        trick=record["trick"],
        plays=tuple((seat, card) for seat, card in record["plays"]),
        took=tuple((seat, tide) for seat, tide in record["took"]),
        lost_belt=tuple(record["lost_belt"]),
        eliminated=tuple(record["eliminated"]),
    )


def _copy_record(record: dict[str, Any]) -> dict[str, Any]:
    """A trick record holds numbers and lists of [seat, value] pairs; copy it one level down."""
    return {
        key: [list(item) if isinstance(item, list) else item for item in value]
        if isinstance(value, list)
        else value
        for key, value in record.items()
    }


def _check_tide_order(order: list[int] | None) -> list[int] | None:
    if order is None:
        return None
    if Counter(order) - Counter(TIDE_DECK):
        raise IllegalMove("bad_tide_order", low=min(TIDE_DECK), high=max(TIDE_DECK))
    return list(order)


def new_game(names: list[str], seed: int, **options: Any) -> SinkOrSwimGame:
    """Start a game; options `hands` and `tide_order` stack the cards for tests."""
    unknown = sorted(set(options) - {"hands", "tide_order"})
    if unknown:
        raise BadOption("unknown_option", option=unknown[0])
    return SinkOrSwimGame.start(names, seed, **options)
