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
from bisect import bisect_left, bisect_right
from dataclasses import replace

from engines.sink_or_swim.game import TRICKS_PER_ROUND
from engines.sink_or_swim.strong import (
    CARD_WEIGHT,
    ELIMINATION_COST,
    Odds,
    Outlook,
    beliefs_from,
    best_card,
    level_of,
    trick_outcome,
    unplayed,
)
from engines.sink_or_swim.views import SinkOrSwimView

# The work budget: opponent picks guessed per decision (deals × opponents), calibrated so a
# decision's p99 stays under 5 ms on the bot's machine; never a clock.
GUESSES = 24


def hard_pick(view: SinkOrSwimView, cards: list[int]) -> int:
    """The card with the best total over a few deals of the unseen cards."""
    if len(cards) == 1:
        return cards[0]
    return best_of(cards, card_totals(view, cards, guessed_picks(view, cards)))


def best_of(cards: list[int], totals: dict[int, float]) -> int:
    """The card with the best total, the lowest of equals: the hard AI's pick once the
    totals are known (the hint and the analysis reuse theirs)."""
    return max(cards, key=lambda card: (totals[card], -card))


Guess = tuple[dict[int, int], dict[int, list[int]]]
"""One deal of the unseen cards: each opponent's guessed pick, and every seat's hand (the
opponents' ascending)."""


def guessed_picks(view: SinkOrSwimView, cards: list[int]) -> list[Guess]:
    """The deals the hard AI weighs its cards against, the same ones on every call for the
    same view (seeded by the trick)."""
    seat = view.seat
    assert seat is not None
    others = [s for s, p in enumerate(view.players) if s != seat and not p.eliminated]
    rng = random.Random(zlib.crc32(f"{view.round}.{view.trick}.{seat}".encode()))
    # What doesn't change from deal to deal is worked out once per decision.
    unseen = _unseen(view, cards)
    cards_left = unplayed(view)
    outlooks = {s: Outlook(view, s) for s in others}
    memories = {s: _memory(view, s) for s in others}
    low = view.tide_cards[0]
    known_odds: dict[tuple[float, ...], Odds] = {}
    guesses = []
    for _ in range(max(1, GUESSES // max(1, len(others)))):
        hands = _deal(view, cards, others, unseen, rng)
        picks = {}
        for s in others:  # what `strong_pick` picks from `_their_view`, from its parts
            known = _their_known(memories[s], hands)
            opponents = beliefs_from(
                view.players, known, hands[s], outlooks[s].others, low, cards_left
            )
            picks[s] = best_card(hands[s], opponents, outlooks[s], known_odds)
        guesses.append((picks, hands))
    return guesses


def _unseen(view: SinkOrSwimView, cards: list[int]) -> list[int]:
    """The cards nobody is known to hold, ascending: what a deal hands out."""
    accounted = set(cards)
    for s, player in enumerate(view.players):
        accounted.update(view.known_hands[s])
        accounted.update(player.played)
    return [card for card in range(1, 61) if card not in accounted]


def _deal(
    view: SinkOrSwimView,
    cards: list[int],
    others: list[int],
    unseen: list[int],
    rng: random.Random,
) -> dict[int, list[int]]:
    """Every seat's hand in one deal: the seat's own, and for each opponent the cards known
    to be theirs plus unknown ones drawn from the `unseen` cards."""
    assert view.seat is not None
    players, known = view.players, view.known_hands
    pool = list(unseen)
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
        for card, value in zip(cards, _values(view, cards, picks, hands), strict=True):
            totals[card] += value
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


def _memory(view: SinkOrSwimView, other: int) -> list[tuple[int, ...] | None]:
    """What `other` knows of each seat's hand, as far as this seat can tell (S7): None for
    the hands it held in earlier rounds, which it knows whole in any deal; of the rest, only
    what this seat also knows was revealed."""
    assert view.seat is not None
    n = len(view.players)

    def held_before(holder: int, seat: int) -> bool:
        return 1 <= (seat - holder) % n <= view.round - 1

    memory: list[tuple[int, ...] | None] = []
    for s in range(n):
        if held_before(other, s):
            memory.append(None)
        elif s == view.seat or held_before(view.seat, s):
            memory.append(())  # which of those cards were revealed, this seat can't tell
        else:
            memory.append(view.known_hands[s])
    return memory


def _their_known(
    memory: list[tuple[int, ...] | None], hands: dict[int, list[int]]
) -> tuple[tuple[int, ...], ...]:
    """The known hands of an opponent's view in one deal: its `memory`, with the hands it
    held before taken from the deal."""
    return tuple(tuple(hands.get(s, ())) if seen is None else seen for s, seen in enumerate(memory))


def _their_view(view: SinkOrSwimView, other: int, hands: dict[int, list[int]]) -> SinkOrSwimView:
    """The table as `other` sees it in this deal (`_memory`)."""
    return replace(view, seat=other, known_hands=_their_known(_memory(view, other), hands))


def _values(
    view: SinkOrSwimView, cards: list[int], picks: dict[int, int], hands: dict[int, list[int]]
) -> list[float]:
    """What playing each card is worth when the others play `picks` (S4.3, S4.4): the
    trick's outcome, less the price of the cards it beats in their hands."""
    assert view.seat is not None
    tricks_left = TRICKS_PER_ROUND - view.trick
    belt_cost = 1.0 if view.players[view.seat].belts > 0 else ELIMINATION_COST
    ranked = sorted(picks.values())
    their_hands = [hands[s] for s in picks]
    # The tides after the trick depend on the card only through how many picks beat it:
    # none, one, or more (`tides_after`), so at most three outcomes per deal.
    outcomes: dict[int, float] = {}
    values = []
    for card in cards:
        above = min(2, len(ranked) - bisect_right(ranked, card))
        if above not in outcomes:
            mine, rivals = tides_after(view, card, picks)
            outcomes[above] = trick_outcome(mine, rivals, belt_cost, tricks_left)
        # the hands are ascending: the cards under `card` are the ones before it
        below = sum([bisect_left(hand, card) / len(hand) for hand in their_hands])
        values.append(
            outcomes[above]
            - CARD_WEIGHT * below / max(1, len(picks)) * tricks_left / TRICKS_PER_ROUND
        )
    return values
