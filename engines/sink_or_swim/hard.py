"""The hard Sink or Swim AI: it guesses the others' picks instead of their odds.

From its own view only, it deals the cards it can't see to the others' unknown places a
fixed number of times (GUESSES in all, so a decision costs the same work on any machine). In each
deal it works out what every opponent would pick, as the strong AI would from that hand
and from what that seat has seen: hands pass left (S7), so a seat that held a hand in an
earlier round knows it whole. Then it plays the card that does best against those picks.
"""

from __future__ import annotations

import random
import zlib
from dataclasses import replace

from engines.sink_or_swim.game import TRICKS_PER_ROUND
from engines.sink_or_swim.strong import (
    CARD_WEIGHT,
    ELIMINATION_COST,
    level_of,
    strong_pick,
    trick_outcome,
)
from engines.sink_or_swim.views import SinkOrSwimView

# The work budget: opponent picks guessed per decision (deals × opponents), calibrated so a
# decision's p99 stays under 5 ms on the bot's machine; never a clock.
GUESSES = 24


def hard_pick(view: SinkOrSwimView, cards: list[int]) -> int:
    """The card with the best total over a few deals of the unseen cards."""
    if len(cards) == 1:
        return cards[0]
    totals = card_totals(view, cards, guessed_picks(view, cards))
    return max(cards, key=lambda card: (totals[card], -card))


Guess = tuple[dict[int, int], dict[int, list[int]]]
"""One deal of the unseen cards: each opponent's guessed pick, and every seat's hand."""


def guessed_picks(view: SinkOrSwimView, cards: list[int]) -> list[Guess]:
    """The deals the hard AI weighs its cards against, the same ones on every call for the
    same view (seeded by the trick)."""
    seat = view.seat
    assert seat is not None
    others = [s for s, p in enumerate(view.players) if s != seat and not p.eliminated]
    rng = random.Random(zlib.crc32(f"{view.round}.{view.trick}.{seat}".encode()))
    guesses = []
    for _ in range(max(1, GUESSES // max(1, len(others)))):
        hands = _deal(view, cards, others, rng)
        picks = {s: strong_pick(_their_view(view, s, hands), hands[s]) for s in others}
        guesses.append((picks, hands))
    return guesses


def _deal(
    view: SinkOrSwimView, cards: list[int], others: list[int], rng: random.Random
) -> dict[int, list[int]]:
    """Every seat's hand in one deal: the seat's own, and for each opponent the cards known
    to be theirs plus unknown ones drawn from the cards nobody is known to hold."""
    assert view.seat is not None
    players, known = view.players, view.known_hands
    accounted = set(cards)
    for s, player in enumerate(players):
        accounted.update(known[s])
        accounted.update(player.played)
    pool = [card for card in range(1, 61) if card not in accounted]
    rng.shuffle(pool)
    hands = {view.seat: cards}
    for s in others:
        unknown = players[s].hand_size - len(known[s])
        hands[s] = sorted([*known[s], *pool[:unknown]])
        del pool[:unknown]
    return hands


def card_totals(view: SinkOrSwimView, cards: list[int], guesses: list[Guess]) -> dict[int, float]:
    """Each card's value summed over the guessed deals: what the hard AI picks by, and
    what an analysis values a pick by (over the guesses, in belts)."""
    totals = dict.fromkeys(cards, 0.0)
    for picks, hands in guesses:
        for card in cards:
            totals[card] += _value(view, card, picks, hands)
    return totals


def tides_after(view: SinkOrSwimView, card: int, picks: dict[int, int]) -> tuple[int, list[int]]:
    """The tide this seat shows after playing `card` against the others' `picks`, and the
    tides they show then (S4.3: the highest card takes the lower tide card, the second
    highest the higher)."""
    assert view.seat is not None
    players = view.players
    low, high = view.tide_cards
    shown = {s: level_of(players[s].showing) for s in picks}
    order = sorted(picks, key=picks.__getitem__, reverse=True)
    above = sum(1 for pick in picks.values() if pick > card)
    mine = level_of(players[view.seat].showing)
    if above == 0:
        mine = low
        if order:
            shown[order[0]] = high
    else:
        shown[order[0]] = low
        if above == 1:
            mine = high
        else:
            shown[order[1]] = high
    return mine, list(shown.values())


def _their_view(view: SinkOrSwimView, other: int, hands: dict[int, list[int]]) -> SinkOrSwimView:
    """The table as `other` sees it in this deal: the hands it held in earlier rounds it
    knows whole (S7); of the rest, only what this seat also knows was revealed."""
    assert view.seat is not None
    n = len(view.players)

    def held_before(holder: int, seat: int) -> bool:
        return 1 <= (seat - holder) % n <= view.round - 1

    known = []
    for s in range(n):
        if held_before(other, s):
            known.append(tuple(hands.get(s, ())))
        elif s == view.seat or held_before(view.seat, s):
            known.append(())  # which of those cards were revealed, this seat can't tell
        else:
            known.append(view.known_hands[s])
    return replace(view, seat=other, known_hands=tuple(known))


def _value(
    view: SinkOrSwimView, card: int, picks: dict[int, int], hands: dict[int, list[int]]
) -> float:
    """What playing `card` is worth when the others play `picks` (S4.3, S4.4)."""
    assert view.seat is not None
    players = view.players
    mine, rivals = tides_after(view, card, picks)
    tricks_left = TRICKS_PER_ROUND - view.trick
    belt_cost = 1.0 if players[view.seat].belts > 0 else ELIMINATION_COST
    value = trick_outcome(mine, rivals, belt_cost, tricks_left)
    below = sum(sum(1 for c in hands[s] if c < card) / len(hands[s]) for s in picks)
    return value - CARD_WEIGHT * below / max(1, len(picks)) * tricks_left / TRICKS_PER_ROUND
