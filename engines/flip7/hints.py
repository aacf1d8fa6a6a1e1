"""A practice table's hint in Flip 7: what the hard AI would do now, and the numbers behind
it, from what every player sees (the rows, the discards, the draw pile as counts).

Hit or stay: the chance that the next card busts the row, and the round score each choice
is expected to leave: staying keeps the row's score; a hit averages the score after each
card the draw can be (0 on a bust; an action or a modifier counted as leaving the score as
it is, as the hard AI reckons). Any other choice (a Swap's cards, who gets Flip Four!) is
the hard AI's pick, for the table's own label of that option.
"""

from __future__ import annotations

from engines.base import Hint, IllegalMove
from engines.flip7 import ai, hard
from engines.flip7.cards import FIRST_ACTION, ZERO_BIT
from engines.flip7.game import Flip7Game


def hint(game: Flip7Game, seat: int) -> Hint:
    decision = game.decision(seat)
    if decision is None:
        raise IllegalMove("not_your_turn", seat=game.decider())
    move = ai.choose(game, seat, "hard").code
    if decision.kind != "hit_or_stay":
        return Hint("choose", move, {"decision": decision.kind})
    bust, hit_score = _hit_odds(game, seat)
    return Hint(
        "hit_or_stay",
        move,
        {
            "bust": bust,
            "hit_score": hit_score,
            "stay_score": game.round_score(seat),
            "must_hit": bool(game.mask[seat] & ZERO_BIT),
        },
    )


def _hit_odds(game: Flip7Game, seat: int) -> tuple[float, float]:
    """The chance the next card busts `seat`'s row, and the round score expected after it."""
    counts, total = hard._pool(game)
    score = game.round_score(seat)
    if not total:
        return 0.0, float(score)
    row = hard._row(game, seat)
    busting, expected, others = 0, 0.0, total
    for card in range(FIRST_ACTION):
        copies = counts[card]
        if not copies:
            continue
        others -= copies
        after = hard._arrive(row, card)
        if after is None:
            busting += copies
        else:
            expected += copies * hard._score(after, game.brutal)
    return busting / total, (expected + others * score) / total
