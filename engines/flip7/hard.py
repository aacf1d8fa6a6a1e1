"""The hard Flip 7 AI's judgement: each player's chance to win the game, from the standings.

The strong AI (ai.py, picks.py) weighs round points: +1 for its own, a fixed -1.5 for the
leader's. The hard AI weighs the game instead. Every player's standing is their total plus
what their row is set to score; the chance that each ends the game on top is a softmax of
the standings whose temperature is the spread still to come: the rows still open this
round, and the rounds left before someone reaches the goal. Far from the goal that is
almost linear (the strong AI's judgement); near it the AI plays to win: it hits when
staying loses anyway, stays on a lead the others are unlikely to pass, and aims its cards
at whoever threatens to win.

Hit or stay: the expected win chance after one more card, over the draw pile's counts (a
bust leaves 0 points, an action or a modifier leaves the score as it is), against the win
chance of staying. Like the other levels it reads only what every player sees.
"""

from __future__ import annotations

from math import exp, sqrt

from engines.flip7.cards import FIRST_ACTION
from engines.flip7.picks import FLIP7_END_VALUE, _facts, _value, _worth
from engines.flip7.resolve import EffectRules
from engines.flip7.scoring import FLIP7_BONUS
from engines.flip7.table import ACTIVE

ROUND_MEAN = 18.0
"""Points a player adds per round on average (busts included), as the simulator measures."""
ROUND_SPREAD = 14.0
"""The spread (standard deviation) of one player's round score."""
OPEN_SPREAD = 9.0
"""The spread of where a row still open this round ends, around its projection."""
OPPONENT_SCALE = 1.5
"""How much a point taken from the opponents is worth against a point of the AI's own:
the win model's trade-off (1.0) bent toward hurting, as the strong AI's weights are."""


def standings(game: EffectRules) -> list[float]:
    """Each player's game total plus what their row is set to score: its round score, and
    for an open row what it may still add (`picks._worth`)."""
    status = game.status
    return [
        total + _worth(game.round_score(p), status[p] == ACTIVE)
        for p, total in enumerate(game.totals)
    ]


def temperature(game: EffectRules, standing: list[float], *, over: bool = False) -> float:
    """The spread of the standings still to come: rows open this round (none once it is
    `over`), plus the rounds left before the best standing reaches the goal."""
    rounds = max(0.0, (game.goal - max(standing)) / ROUND_MEAN)
    open_rows = OPEN_SPREAD if not over and ACTIVE in game.status else 1.0
    # A softmax is the winner's law for Gumbel noise of scale T: sd = T * pi / sqrt(6).
    return 0.78 * sqrt(open_rows * open_rows + ROUND_SPREAD * ROUND_SPREAD * rounds)


def win_chances(standing: list[float], heat: float) -> list[float]:
    """Each player's chance to end on top: a softmax of the standings at `heat`."""
    top = max(standing)
    powers = [exp((points - top) / heat) for points in standing]
    whole = sum(powers)
    return [power / whole for power in powers]


def win_weights(game: EffectRules, seat: int) -> list[float]:
    """What a point for each player is worth to `seat`, as the win model's gradient scaled
    so its own point is worth 1: an opponent's is -(their chance) / (the others' chance),
    times OPPONENT_SCALE; the one most likely to win weighs most."""
    standing = standings(game)
    chances = win_chances(standing, temperature(game, standing))
    others = max(1e-9, 1.0 - chances[seat])
    weights = [-OPPONENT_SCALE * chance / others for chance in chances]
    weights[seat] = 1.0
    return weights


def should_hit(game: EffectRules, seat: int) -> bool:
    """Hit when one more card raises the expected win chance. Needs a card to draw; The
    Zero (must hit) is the caller's."""
    counts, total = _pool(game)
    if not total:
        return False
    standing = standings(game)
    score = game.round_score(seat)
    standing[seat] = game.totals[seat] + score
    heat = temperature(game, standing)
    facts = _facts(game, seat)
    facts = (*facts[:7], False)  # the row's round score, without open potential
    brutal = game.brutal
    mine = game.totals[seat]
    stay = _chance(standing, seat, mine + score, heat)
    others = total
    hit = 0.0
    for card in range(FIRST_ACTION):
        copies = counts[card]
        if copies:
            others -= copies
            after = _value(facts, -1, card, brutal)
            if after > FLIP7_END_VALUE and game.nums[seat] == 6:
                after -= FLIP7_END_VALUE  # the round ends: no open rows left to pass it
            hit += copies * _chance(standing, seat, mine + after, heat)
    hit += others * stay  # an action or a modifier: aimed elsewhere, the score stays
    return hit > stay * total


def _chance(standing: list[float], seat: int, points: float, heat: float) -> float:
    """`seat`'s win chance with its standing set to `points`."""
    standing[seat] = points
    top = max(standing)
    whole = 0.0
    for other in standing:
        whole += exp((other - top) / heat)
    return exp((points - top) / heat) / whole


def _pool(game: EffectRules) -> tuple[list[int], int]:
    """The cards the next draw can be, as counts, and how many: the draw pile, or the
    discard pile once it is empty (it is shuffled in)."""
    if game.draw:
        return game.unseen, len(game.draw)
    counts = game.counts_outside_rows()
    return counts, len(game.discard)


def bonus_to(game: EffectRules, seat: int, targets: list[int]) -> int:
    """Brutal Flip 7: of `targets`, the seat to give the 15 points to (itself, +15) or take
    them from (another, −15), whichever leaves `seat` the best chance to win. The round is
    over, so every standing is its total plus its round score; the first best is kept."""
    standing = [float(t + game.round_score(p)) for p, t in enumerate(game.totals)]
    best, best_chance = seat, -1.0
    for target in targets:
        moved = list(standing)
        moved[target] += FLIP7_BONUS if target == seat else -FLIP7_BONUS
        chance = win_chances(moved, temperature(game, moved, over=True))[seat]
        if chance > best_chance:
            best, best_chance = target, chance
    return best
