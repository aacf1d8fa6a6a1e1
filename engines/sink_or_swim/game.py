"""The Sink or Swim game: rounds of 12 tricks with simultaneous secret picks (S3–S7)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Self

from engines.base import Event, IllegalMove
from engines.sink_or_swim.cards import (
    HAND_SIZE,
    TIDE_DECK,
    WEATHER_CARDS,
    Pick,
    card_belts,
    hand_belts,
)
from engines.sink_or_swim.scoring import RoundScore, score_round

MIN_PLAYERS = 3
MAX_PLAYERS = 5
TRICKS_PER_ROUND = HAND_SIZE


@dataclass(frozen=True, slots=True)
class Decision:
    """What a seat must decide now, with every option it may choose."""

    kind: str
    text: str
    options: list[Pick]


def _join(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _belt_text(belts: float) -> str:
    return {0.0: "no belt", 0.5: "half a belt", 1.0: "1 belt"}[belts]


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
            raise IllegalMove(f"Sink or Swim needs {MIN_PLAYERS} to {MAX_PLAYERS} players.")
        if len(set(names)) != len(names):
            raise IllegalMove("Every player needs a different name.")
        game = cls(names)
        game.rng = random.Random(seed)
        game.hands = game._deal(hands)
        game.hand_belts = [hand_belts(hand) for hand in game.hands]
        game._start_round(1, _check_tide_order(tide_order))
        return game

    def _deal(self, hands: list[list[int]] | None) -> list[list[int]]:
        n = len(self.names)
        if hands is None:
            deck = list(WEATHER_CARDS)
            self.rng.shuffle(deck)
            return [sorted(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(n)]
        if len(hands) != n or any(len(hand) != HAND_SIZE for hand in hands):
            raise IllegalMove(f"Stacked hands must be {n} hands of {HAND_SIZE} cards.")
        cards = [card for hand in hands for card in hand]
        if len(set(cards)) != len(cards) or not set(cards) <= set(WEATHER_CARDS):
            raise IllegalMove("Stacked hands must hold different weather cards from 1 to 60.")
        return [sorted(hand) for hand in hands]

    def _start_round(self, number: int, tide_order: list[int] | None = None) -> None:
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
        self._turn_up_tide()

    def _turn_up_tide(self) -> None:
        self.tide_cards = sorted(self.tide_pile[:2])
        self.tide_pile = self.tide_pile[2:]

    # ----- queries ---------------------------------------------------------------------

    def hand_index(self, seat: int, round_number: int | None = None) -> int:
        """Which dealt hand `seat` holds in a round (the current one by default)."""
        number = self.round if round_number is None else round_number
        return (seat - number + 1) % len(self.names)

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
        if self.over or not 0 <= seat < len(self.names) or self.eliminated[seat]:
            return []
        return [Pick(card) for card in self.hand(seat)]

    def decision(self, seat: int) -> Decision | None:
        options = self.legal_actions(seat)
        if not options:
            return None
        low, high = self.tide_cards
        pick = self.picks[seat]
        if pick is None:
            text = f"Trick {self.trick}: the tide cards are {low} and {high}. Pick a weather card."
        else:
            text = f"You picked {pick}. Pick another card to change it before the last pick is in."
        return Decision("pick", text, options)

    def label(self, action: Pick) -> str:
        return f"Play {action.card} ({_belt_text(card_belts(action.card))})"

    def timeout_action(self, seat: int) -> Pick:
        """A seat that lets its time run out plays its lowest card."""
        options = self.legal_actions(seat)
        if not options:
            raise IllegalMove(f"{self._name(seat)} has nothing to pick now.")
        return options[0]

    def winners(self) -> list[int]:
        if not self.over:
            return []
        best = max(self.scores)
        return [seat for seat, score in enumerate(self.scores) if score == best]

    def final_scores(self) -> list[int]:
        return list(self.scores)

    def _name(self, seat: int) -> str:
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return f"Seat {seat}"

    # ----- moves -----------------------------------------------------------------------

    def apply(self, seat: int, action: Pick) -> list[Event]:
        """Record a secret pick; the last pick of the trick resolves it at once (S4)."""
        self._check_pick(seat, action)
        name = self.names[seat]
        if self.picks[seat] is None:
            events = [Event("picked", f"{name} has picked.", {"seat": seat})]
        else:
            events = [Event("repicked", f"{name} changed their pick.", {"seat": seat})]
        self.picks[seat] = action.card
        if not self.to_act():
            events += self._resolve_trick()
        return events

    def _check_pick(self, seat: int, action: Pick) -> None:
        if self.over:
            raise IllegalMove("The game is over.")
        if not isinstance(seat, int) or not 0 <= seat < len(self.names):
            raise IllegalMove(f"There is no seat {seat} at this table.")
        if not isinstance(action, Pick):
            raise IllegalMove("That is not a weather card pick.")
        name = self.names[seat]
        if self.eliminated[seat]:
            raise IllegalMove(f"{name} is out of this round and plays no more tricks.")
        if action.card in self.played[seat]:
            raise IllegalMove(f"{name} already played {action.card} this round.")
        if action.card not in self.hands[self.hand_index(seat)]:
            raise IllegalMove(f"{name} does not hold {action.card}.")

    def _resolve_trick(self) -> list[Event]:
        active = self.in_round()
        plays = sorted(((self.picks[seat], seat) for seat in active), reverse=True)
        parts = [f"{self.names[seat]} {self.picks[seat]}" for seat in active]
        parts[0] = f"{self.names[active[0]]} played {self.picks[active[0]]}"
        events = [
            Event(
                "reveal",
                ", ".join(parts) + ".",
                {"trick": self.trick, "plays": [[s, self.picks[s]] for s in active]},
            )
        ]
        for seat in active:
            self.played[seat].append(self.picks[seat])
        low, high = self.tide_cards
        took = [(plays[0][1], low), (plays[1][1], high)]
        for rank, (seat, tide) in enumerate(took):
            self.tides[seat].append(tide)
            which = "lower" if rank == 0 else "higher"
            if low == high:
                which = "one"
            events.append(
                Event(
                    "took_tide",
                    f"{self.names[seat]} takes the {which} tide card ({tide}).",
                    {"seat": seat, "tide": tide},
                )
            )
        lost, out = self._flood(active, events)
        self.history.append(
            {
                "round": self.round,
                "trick": self.trick,
                "plays": [[seat, self.picks[seat]] for seat in active],
                "took": [[seat, tide] for seat, tide in took],
                "lost_belt": lost,
                "eliminated": out,
            }
        )
        self.picks = [None] * len(self.names)
        if len(self.in_round()) <= 2 or self.trick == TRICKS_PER_ROUND:
            events += self._end_round()
        else:
            self.trick += 1
            self._turn_up_tide()
            low, high = self.tide_cards
            events.append(
                Event(
                    "tide_cards",
                    f"Trick {self.trick}: the tide cards are {low} and {high}.",
                    {"trick": self.trick, "tide_cards": [low, high]},
                )
            )
        return events

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
            name = self.names[seat]
            why = (
                f"ties for the highest tide ({top})" if tied else f"shows the highest tide ({top})"
            )
            if self.belts[seat] > 0:
                self.belts[seat] -= 1
                lost.append(seat)
                events.append(
                    Event(
                        "lost_belt",
                        f"{name} {why} and loses a belt.",
                        {"seat": seat, "tide": top, "belts": self.belts[seat]},
                    )
                )
            else:
                out.append(seat)
                events.append(
                    Event(
                        "eliminated",
                        f"{name} {why} with no belt left and is out of the round.",
                        {"seat": seat, "tide": top},
                    )
                )
        for seat in out:
            self.eliminated[seat] = True
        return lost, out

    def _end_round(self) -> list[Event]:
        remaining = len(self.in_round())
        if remaining > 2:
            why = f"after trick {self.trick}"
        elif remaining == 1:
            why = "because only 1 player remains"
        else:
            why = f"because only {remaining} players remain"
        events = [Event("round_end", f"Round {self.round} ends {why}.", {"round": self.round})]
        showing = [self.showing(seat) for seat in range(len(self.names))]
        results = score_round(self.belts, self.eliminated, showing)
        for seat, result in enumerate(results):
            self.scores[seat] += result.points
            events.append(
                Event(
                    "round_score",
                    f"{self.names[seat]} scores {result.points}: {_score_reason(result)}.",
                    {
                        "seat": seat,
                        "points": result.points,
                        "belts": result.belts,
                        "eliminated": result.eliminated,
                        "bonus": result.bonus,
                        "total": self.scores[seat],
                    },
                )
            )
        self.round_scores.append([result.points for result in results])
        if self.round == self.rounds:
            self.over = True
            self.tide_cards = []
            self.tide_pile = []
            return [*events, self._game_end_event()]
        events.append(
            Event(
                "hands_passed",
                "Everyone passes their hand and its belts to the left.",
                {"round": self.round + 1},
            )
        )
        self._start_round(self.round + 1)
        low, high = self.tide_cards
        belts = ", ".join(f"{self.names[s]} {self.belts[s]}" for s in range(len(self.names)))
        events.append(
            Event(
                "round_start",
                f"Round {self.round} of {self.rounds} begins; belts: {belts}.",
                {"round": self.round, "belts": list(self.belts)},
            )
        )
        events.append(
            Event(
                "tide_cards",
                f"Trick 1: the tide cards are {low} and {high}.",
                {"trick": 1, "tide_cards": [low, high]},
            )
        )
        return events

    def _game_end_event(self) -> Event:
        winners = self.winners()
        best = self.scores[winners[0]]
        names = _join([self.names[seat] for seat in winners])
        if len(winners) == 1:
            text = f"The game is over: {names} wins with {best} points."
        else:
            text = f"The game is over: {names} share the win with {best} points."
        return Event("game_end", text, {"winners": winners, "scores": list(self.scores)})

    # ----- views -----------------------------------------------------------------------

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator). Picks stay secret until the reveal (S8)."""
        players = [
            {
                "name": name,
                "showing": self.showing(s),
                "belts": self.belts[s],
                "eliminated": self.eliminated[s],
                "picked": self.picks[s] is not None,
                "score": self.scores[s],
                "hand_size": len(self.hand(s)),
                "played": list(self.played[s]),
            }
            for s, name in enumerate(self.names)
        ]
        view: dict[str, Any] = {
            "round": self.round,
            "rounds": self.rounds,
            "trick": self.trick,
            "tide_cards": list(self.tide_cards),
            "players": players,
            "round_scores": [list(scores) for scores in self.round_scores],
            "last_trick": _copy_record(self.history[-1]) if self.history else None,
            "is_over": self.over,
            "winners": self.winners(),
        }
        if seat is not None and 0 <= seat < len(self.names):
            view["seat"] = seat
            view["hand"] = [{"card": c, "belts": card_belts(c)} for c in self.hand(seat)]
            view["pick"] = self.picks[seat]
            view["known_hands"] = self._known_hands(seat)
        return view

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
        version, internal, gauss = self.rng.getstate()
        return {
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
            "rng": [version, list(internal), gauss],
        }

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Self:
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
        version, internal, gauss = raw["rng"]
        game.rng = random.Random()
        game.rng.setstate((version, tuple(internal), gauss))
        return game


def _copy_record(record: dict[str, Any]) -> dict[str, Any]:
    """A trick record holds numbers and lists of [seat, value] pairs; copy it one level down."""
    return {
        key: [list(item) if isinstance(item, list) else item for item in value]
        if isinstance(value, list)
        else value
        for key, value in record.items()
    }


def _score_reason(result: RoundScore) -> str:
    if result.eliminated:
        reason = "eliminated this round"
    else:
        reason = f"{result.belts} belt{'s' if result.belts != 1 else ''} afloat"
    if result.bonus:
        reason += " and the lowest-tide bonus"
    return reason


def _check_tide_order(order: list[int] | None) -> list[int] | None:
    if order is None:
        return None
    if Counter(order) - Counter(TIDE_DECK):
        raise IllegalMove("A stacked tide order may only use the 24 tide cards, 1–12 twice each.")
    return list(order)


def new_game(names: list[str], seed: int, **options: Any) -> SinkOrSwimGame:
    """Start a game; options `hands` and `tide_order` stack the cards for tests."""
    unknown = set(options) - {"hands", "tide_order"}
    if unknown:
        raise IllegalMove(f"Sink or Swim has no option {sorted(unknown)[0]!r}.")
    return SinkOrSwimGame.start(names, seed, **options)
