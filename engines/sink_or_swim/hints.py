"""A practice table's hint in Sink or Swim: the card the hard AI would pick, and the tide
card it aims for, from the seat's own view.

The hard AI weighs each card against a few deals of the cards the seat can't see, with the
others' likely picks in each (`hard.guessed_picks`). In how many of those deals its card is
the highest, the second highest or lower tells which tide card it takes (S4): the lower
one when nobody plays above it, the higher when one does, none when two or more do.
"""

from __future__ import annotations

from collections import Counter

from engines.base import Hint
from engines.sink_or_swim.actions import Pick
from engines.sink_or_swim.ai import pick_choices
from engines.sink_or_swim.game import SinkOrSwimGame
from engines.sink_or_swim.hard import best_of, card_totals, guessed_picks

AIMS = ("low", "high", "none")  # the tide card taken with 0, 1, or 2+ cards played above


def hint(game: SinkOrSwimGame, seat: int) -> Hint:
    view, cards = pick_choices(game, seat)
    guesses = guessed_picks(view, cards)
    card = best_of(cards, card_totals(view, cards, guesses))  # hard_pick, its deals reused
    aims = Counter(
        AIMS[min(2, sum(1 for pick in picks.values() if pick > card))] for picks, _ in guesses
    )
    aim = max(AIMS, key=lambda kind: (aims[kind], -AIMS.index(kind)))
    low, high = min(view.tide_cards), max(view.tide_cards)
    tide = {"low": low, "high": high, "none": None}[aim]
    data = {"card": card, "aim": aim, "tide": tide, "chance": aims[aim] / len(guesses)}
    return Hint("tide", Pick(card).code, data)
