"""A finished Flip 7 match's analysis: each decision valued by the hard AI's win model
(`hard.py`), in its unit, the chance to win the game.

Hit or Stay: the hard AI's own value of each (`hard.hit_and_stay`), beside two exact
figures over the cards unseen at that moment (the draw pile as counts, or the discards
once it is empty): the chance that one more card busts the row, and the round score
expected from one more card then Stay (a bust scoring 0, an action or a modifier counted
as leaving the score as it is). A card aimed at a player (a modifier, Just One More!, Flip
Four!, brutal Flip 7's 15 points): each target's value is the win chance after the card's
expected change to that target's round score (`ai.target_delta`), with the card (or the
bonus's points) for the analysis to name. The steps of Swap, Steal
and Discard are not valued. Nothing here reads the draw pile's order.
"""

from __future__ import annotations

from typing import Any

from engines.base import Judged
from engines.flip7 import ai, hard
from engines.flip7.actions import HIT, STAY, Action, ChoosePlayer
from engines.flip7.cards import ZERO_BIT
from engines.flip7.effects import Bonus, DiscardPick, StealPick, SwapPick
from engines.flip7.game import Flip7Game
from engines.flip7.hints import hit_odds
from engines.flip7.scoring import FLIP7_BONUS

ACCURACY_SCALE = 0.01
"""A decision that gives up 1 point of win chance (0.01) scores 37 of 100."""


def judge(game: Flip7Game, seat: int, action: Action) -> Judged | None:
    """The decision `seat` faces now, valued against `action` (the move it made); None
    when it is no real choice (The Zero forbids staying, no card to draw) or not valued."""
    if not game.stack and seat == game.turn:
        return _hit_or_stay(game, seat, action)
    top = game.stack[-1] if game.stack else None
    if top is None or isinstance(top, (SwapPick, StealPick, DiscardPick)):
        return None
    if not isinstance(action, ChoosePlayer):
        return None
    return _target(game, seat, action)


def _hit_or_stay(game: Flip7Game, seat: int, action: Action) -> Judged | None:
    if game.mask[seat] & ZERO_BIT:
        return None
    values = hard.hit_and_stay(game, seat)
    if values is None:
        return None
    hit, stay = values
    bust, hit_score = hit_odds(game, seat)
    worth = {HIT.code: hit, STAY.code: stay}
    best = HIT.code if hit > stay else STAY.code
    data = {"bust": bust, "hit_score": hit_score, "stay_score": game.round_score(seat)}
    return Judged("hit_or_stay", action.code, best, worth, worth[best] - worth[action.code], data)


def _target(game: Flip7Game, seat: int, action: ChoosePlayer) -> Judged | None:
    options = [option for option in game.stack_options() if isinstance(option, ChoosePlayer)]
    if len(options) < 2:
        return None
    delta = ai.target_delta(game)
    standing = hard.standings(game)
    heat = hard.temperature(game, standing, seat)
    worth: dict[str, float] = {}
    for option in options:
        moved = list(standing)
        moved[option.seat] += delta(option.seat)
        worth[option.code] = hard.win_chances(moved, heat)[seat]
    if action.code not in worth:
        return None
    best = max(worth, key=lambda code: worth[code])
    top = game.stack[-1]
    data: dict[str, Any] = {"target": action.seat, "best_target": action_seat(best, options)}
    if isinstance(top, Bonus):  # brutal Flip 7's points: taken, or taken from another
        data["bonus"] = FLIP7_BONUS
    else:
        data["card"] = top.card
    return Judged("choose_target", action.code, best, worth, worth[best] - worth[action.code], data)


def action_seat(code: str, options: list[ChoosePlayer]) -> int:
    return next(option.seat for option in options if option.code == code)
