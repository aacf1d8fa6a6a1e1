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
chance of staying; where that says stay, two cards ahead. The work is fixed by the cards,
not by a clock: at most 16 kinds of number card, each followed by 16 (about 0.3 ms at p99
on the development machine), so a decision is the same on any machine. It uses no random
numbers and reads only what every player sees (never the draw pile's order).
"""

from __future__ import annotations

from math import exp, sqrt

from engines.flip7.arrivals import FLIP7_SIZE
from engines.flip7.cards import FIRST_ACTION, LUCKY_13, UNLUCKY_7, VALUE, ZERO
from engines.flip7.picks import _facts, _worth
from engines.flip7.resolve import EffectRules
from engines.flip7.scoring import FLIP7_BONUS, round_points
from engines.flip7.table import ACTIVE, NOBODY

ROUND_MEAN = 16.0
"""Points a player is reckoned to add per round: a little below the 18 the simulator
measures (busts included), which played better on the bench."""
ROUND_SPREAD = 20.0
"""The spread taken for one player's round score. A round score's standard deviation is
about 14, but 20 plays better on the bench (issue 39: 58.0 % against 56.5 % in normal
mode, 59.2 % against 57.4 % in brutal, 10,000 games from seed 700001): the win model
then stays nearer the points race until later in the game."""
OPEN_SPREAD = 9.0
"""The spread of where a row still open this round ends, around its projection."""
OPPONENT_SCALE = 2.0
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


def temperature(game: EffectRules, standing: list[float], seat: int) -> float:
    """The spread of the standings still to come, as `seat` sees them: other rows still
    open this round (its own is what it decides), plus the rounds left before the best
    standing reaches the goal. `seat` NOBODY: the round is over."""
    rounds = max(0.0, (game.goal - max(standing)) / ROUND_MEAN)
    status = game.status
    open_rows = 1.0
    if seat != NOBODY and any(state == ACTIVE and p != seat for p, state in enumerate(status)):
        open_rows = OPEN_SPREAD
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
    chances = win_chances(standing, temperature(game, standing, seat))
    others = max(1e-9, 1.0 - chances[seat])
    weights = [-OPPONENT_SCALE * chance / others for chance in chances]
    weights[seat] = 1.0
    return weights


def should_hit(game: EffectRules, seat: int) -> bool:
    """Hit when one more card raises the expected win chance, looking two cards ahead
    where one does not: after a safe card the AI may stay or hit once more, whichever is
    worth more (an action or a modifier drawn leaves the row as it is). Needs a card to
    draw; The Zero (must hit) is the caller's."""
    worked = _hit_and_stay(game, seat)
    if worked is None:
        return False
    hit, stay, second, total = worked
    return hit > stay or second > stay * total


def hit_and_stay(game: EffectRules, seat: int) -> tuple[float, float] | None:
    """The hard AI's own value of Hit and of Stay for `seat`: its expected chance to win
    the game after each (Hit: one card, or where one says stay, the better of two cards
    ahead, as `should_hit` weighs it). None: no card to draw. For an analysis."""
    worked = _hit_and_stay(game, seat)
    if worked is None:
        return None
    hit, stay, second, total = worked
    return (hit if hit > stay else second / total), stay


def _hit_and_stay(game: EffectRules, seat: int) -> tuple[float, float, float, int] | None:
    """One card's expected win chance, staying's, and the sum over the pool of the two
    cards ahead (0.0 when one card is already worth more), with the pool's size."""
    counts, total = _pool(game)
    if not total:
        return None
    standing = standings(game)
    score = game.round_score(seat)
    standing[seat] = game.totals[seat] + score
    chance = _Chances(standing, seat, game.totals[seat], temperature(game, standing, seat))
    row = _row(game, seat)
    brutal = game.brutal
    stay = chance(score)
    hit = _hit_chance(chance, row, counts, total, stay, brutal)
    if hit > stay:
        return hit, stay, 0.0, total
    # A second card: each safe first card leads to the better of staying and hitting again.
    second = 0.0
    others = total
    for card in range(FIRST_ACTION):
        copies = counts[card]
        if not copies:
            continue
        others -= copies
        after = _arrive(row, card)
        if after is None:
            second += copies * chance(0)
            continue
        now = _score(after, brutal)
        if after[1] >= FLIP7_SIZE:  # Flip 7 ends the round
            second += copies * chance(now)
            continue
        counts[card] -= 1
        again = _hit_chance(chance, after, counts, total - 1, chance(now), brutal)
        counts[card] += 1
        second += copies * (again if after[4] else max(chance(now), again))
    second += others * max(stay, hit)
    return hit, stay, second, total


Row = tuple[int, int, int, int, int, int, tuple[int, ...]]
"""A row summed up: number sum and count, ÷2 count, minus total, Zeros, Lucky 13s, and
number cards per value."""


def _row(game: EffectRules, seat: int) -> Row:
    numsum, nums, halves, minus, zeros, luckies, per_value, _ = _facts(game, seat)
    return numsum, nums, halves, minus, zeros, luckies, tuple(per_value)


def _arrive(row: Row, card: int) -> Row | None:
    """The row after number `card` arrives, or None if it busts (F4, F8): Unlucky 7 wipes
    the row and stays alone in it; Lucky 13 allows one other 13."""
    numsum, nums, halves, minus, zeros, luckies, per_value = row
    if card == UNLUCKY_7:
        return 7, 1, 0, 0, 0, 0, tuple(int(value == 7) for value in range(14))
    value = VALUE[card]
    same = per_value[value]
    if same and not (value == 13 and same == 1 and (luckies or card == LUCKY_13)):
        return None
    counted = list(per_value)
    counted[value] += 1
    return (
        numsum + value,
        nums + 1,
        halves,
        minus,
        zeros + (card == ZERO),
        luckies + (card == LUCKY_13),
        tuple(counted),
    )


def _score(row: Row, brutal: bool) -> int:
    """The row's round score, with Flip 7's bonus once it holds seven numbers (F7)."""
    numsum, nums, halves, minus, zeros, _, _ = row
    flip7 = nums >= FLIP7_SIZE
    return round_points(numsum, halves, minus, zero=zeros > 0, flip7=flip7, brutal=brutal)


def _hit_chance(
    chance: _Chances, row: Row, counts: list[int], total: int, stay: float, brutal: bool
) -> float:
    """The expected win chance of taking one card from `counts` (`total` cards) and then
    staying; `stay` is the chance of staying now (what an action or a modifier leaves)."""
    if not total:
        return stay
    expected = 0.0
    others = total
    for card in range(FIRST_ACTION):
        copies = counts[card]
        if copies:
            others -= copies
            after = _arrive(row, card)
            expected += copies * chance(0 if after is None else _score(after, brutal))
    return (expected + others * stay) / total


class _Chances:
    """`seat`'s win chance with its round score set to a given value, the others' standings
    fixed; remembered per score, as one decision asks for the same scores many times."""

    __slots__ = ("base", "heat", "known", "rest", "top")

    def __init__(self, standing: list[float], seat: int, total: int, heat: float) -> None:
        others = [points for p, points in enumerate(standing) if p != seat]
        self.base = total
        self.top = max(others)
        self.heat = heat
        self.rest = sum(exp((points - self.top) / heat) for points in others)
        self.known: dict[int, float] = {}

    def __call__(self, score: int) -> float:
        known = self.known.get(score)
        if known is None:
            known = self.known[score] = self._work_out(score)
        return known

    def _work_out(self, score: int) -> float:
        lead = (self.base + score - self.top) / self.heat
        if lead > 0:  # the same quotient, with no exp() that could overflow
            return 1.0 / (1.0 + self.rest * exp(-lead))
        mine = exp(lead)
        return mine / (mine + self.rest)


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
        chance = win_chances(moved, temperature(game, moved, NOBODY))[seat]
        if chance > best_chance:
            best, best_chance = target, chance
    return best
