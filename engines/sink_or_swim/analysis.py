"""A finished Sink or Swim match's analysis: each pick valued by the hard AI's own
judgement (`hard.py`), in its unit, life belts.

The hard AI deals the cards the seat can't see a few times, guesses every other seat's pick
in each deal, and values each card against those picks: a belt lost when the seat's tide
is then the highest (S4.4, more when it has none left, S5), a price for staying exposed in
the tricks to come and for spending a high card early (`strong.trick_outcome`). A pick's
value is that mean over the deals, so its cost against the best card is the belts it was
likely to cost. Beside it, the chance that each card loses a belt this very trick, over
the same deals. Worked out from the picking seat's own view, as the hard AI decides.
"""

from __future__ import annotations

from engines.base import Judged
from engines.sink_or_swim.actions import Pick
from engines.sink_or_swim.ai import pick_choices
from engines.sink_or_swim.game import SinkOrSwimGame
from engines.sink_or_swim.hard import best_of, card_totals, guessed_picks, tides_after
from engines.sink_or_swim.strong import floods

ACCURACY_SCALE = 0.25
"""A pick likely to cost a quarter of a belt more than the best scores 37 of 100."""


def judge(game: SinkOrSwimGame, seat: int, action: Pick) -> Judged | None:
    """The pick `seat` faces now, valued against `action` (the card it picked); None when
    there is no choice (the last card of a round)."""
    view, cards = pick_choices(game, seat)
    if len(cards) < 2 or action.card not in cards:
        return None
    guesses = guessed_picks(view, cards)
    totals = card_totals(view, cards, guesses)
    worth = {Pick(card).code: totals[card] / len(guesses) for card in cards}
    best = best_of(cards, totals)  # hard_pick, its deals reused
    chosen, top = Pick(action.card).code, Pick(best).code

    def belt_chance(card: int) -> float:
        lost = sum(1 for picks, _hands in guesses if floods(*tides_after(view, card, picks)))
        return lost / len(guesses)

    assert view.seat is not None
    data = {
        "round": view.round,
        "trick": view.trick,
        "card": action.card,
        "best_card": best,
        "belt": belt_chance(action.card),
        "best_belt": belt_chance(best),
        "belts_left": view.players[view.seat].belts,
    }
    return Judged("pick", chosen, top, worth, max(0.0, worth[top] - worth[chosen]), data)
