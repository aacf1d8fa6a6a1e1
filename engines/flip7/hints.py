"""A practice table's hint in Flip 7: what the hard AI would do now, and the numbers behind
it, from what every player sees (the rows, the discards, the draw pile as counts).

Hit or stay: the chance that the next card busts the row, and the round score each choice
is expected to leave: staying keeps the row's score; a hit averages the score after each
card the draw can be (0 on a bust; an action or a modifier counted as leaving the score as
it is, as the hard AI reckons). A card aimed at a player (a modifier, Flip Four!) is
hinted with the change it should make to its target's round score and the target's chance
to win; a step of Swap, Steal or Discard with the search's criterion.
"""

from __future__ import annotations

from engines.base import Hint, IllegalMove
from engines.flip7 import ai, hard
from engines.flip7.actions import Action, ChoosePlayer
from engines.flip7.cards import FIRST_ACTION, ZERO_BIT
from engines.flip7.effects import DiscardPick, StealPick, SwapPick
from engines.flip7.game import Flip7Game


def hint(game: Flip7Game, seat: int) -> Hint:
    decision = game.decision(seat)
    if decision is None:
        raise IllegalMove("not_your_turn", seat=game.decider())
    chosen = ai.choose(game, seat, "hard")
    move = chosen.code
    if decision.kind != "hit_or_stay":
        return _choice_hint(game, seat, chosen)
    bust, hit_score = hit_odds(game, seat)
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


def _choice_hint(game: Flip7Game, seat: int, chosen: Action) -> Hint:
    """Why the hard AI picks this option: for a card aimed at a player, what it is expected
    to do to the target's round score and the target's chance to win the game (the win
    model's); for a step of Swap, Steal or Discard, the search's own criterion."""
    top = game.stack[-1]
    if isinstance(top, (SwapPick, StealPick, DiscardPick)) or not isinstance(chosen, ChoosePlayer):
        return Hint("choose_pick", chosen.code)
    target = chosen.seat
    standing = hard.standings(game)
    chance = hard.win_chances(standing, hard.temperature(game, standing, seat))[target]
    data = {"target": target, "mine": target == seat, "delta": ai.target_delta(game)(target)}
    return Hint("choose_target", chosen.code, {**data, "chance": chance})


def hit_odds(game: Flip7Game, seat: int) -> tuple[float, float]:
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
