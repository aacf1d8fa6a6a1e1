"""The strong Flip 7 AI's Swap, Steal and Discard, and what a row is worth to it.

A search tries every complete pick consistent with the steps already taken, scores the rows
it would leave with `_value` (round score plus an active row's open potential), weighs each
player's change (+1 for the AI itself, most negative for the leader) and keeps the best.
Like the rest of the AI it reads only public information.
"""

from __future__ import annotations

from collections.abc import Iterator
from math import inf
from operator import add

from engines.flip7.actions import CARD_CHOICES, PLAYER_CHOICES, Action
from engines.flip7.cards import (
    FIRST_ACTION,
    HALVE,
    LUCKY_13,
    MINUS,
    NOT_PLAIN,
    UNLUCKY_7,
    VALUE,
    ZERO,
)
from engines.flip7.effects import NOT_CHOSEN, DiscardPick, Pick, StealPick, SwapPick
from engines.flip7.resolve import EffectRules
from engines.flip7.scoring import FLIP7_BONUS, round_points
from engines.flip7.table import ACTIVE, BUSTED

LEADER_WEIGHT = -1.5
"""What a point for the leading opponent is worth to the AI (its own points are worth 1)."""
OPEN_ROW_TARGET = 25
"""Round score an active player roughly aims for; the gap is the row's open potential."""
FLIP7_END_VALUE = 20
"""Extra worth of ending the round by Flip 7 (everyone else's open rows stop growing)."""
NOBODY = -(1 << 62)
"""A standing below any player's: leaves a seat out of the search for the leader."""


def quick_weights(game: EffectRules, seat: int) -> list[float]:
    """`ai._weights` on a cheaper standing: the game total plus the row's number sum (0 for a
    busted row) stands in for the total plus the round score. +1 for `seat`, -1.5 for the
    first opponent with the best standing, an even share of -1 for the others."""
    totals, status = game.totals, game.status
    standing = list(map(add, totals, game.numsum))
    if BUSTED in status:
        for p, state in enumerate(status):
            if state == BUSTED:
                standing[p] = totals[p]
    standing[seat] = NOBODY
    count = len(totals)
    weights = [-1.0 / (count - 2 if count > 3 else 1)] * count
    weights[standing.index(max(standing))] = LEADER_WEIGHT
    weights[seat] = 1.0
    return weights


_plan_cache: list[object] = [None, None, ()]
"""The last plan as [game, stack entry, plan]: later steps of the same Swap/Steal/Discard
follow it instead of searching again. A fresh search gives the same plan (the steps taken
restrict the search to a set that still holds it), so this only saves time."""


def pick_steps(game: EffectRules, seat: int, top: Pick) -> list[Action]:
    """The strong AI's remaining steps of the Swap/Steal/Discard entry `top`, in order: the
    bot takes the first, the simulator takes them all in a row."""
    plan = _plan_cache[2]
    if not (_plan_cache[0] is game and _plan_cache[1] is top and _fits(top, plan)):
        plan = search_pick(game, seat, top, quick_weights(game, seat))
        _plan_cache[:] = [game, top, plan]
    assert isinstance(plan, tuple)
    return plan_steps(top, plan)


def plan_steps(top: Pick, plan: tuple[int, ...]) -> list[Action]:
    """The steps of `top` still to take to make the complete pick `plan`, in order."""
    if not isinstance(top, SwapPick):
        victim, index = plan
        if top.victim != NOT_CHOSEN:
            return [CARD_CHOICES[victim][index]]
        return [PLAYER_CHOICES[victim], CARD_CHOICES[victim][index]]
    first, index, second, other = plan
    # The steps are taken in this order: first player, their card, second player.
    taken = (top.first != NOT_CHOSEN) + (top.first_index != NOT_CHOSEN) + (top.second != NOT_CHOSEN)
    steps: list[Action] = [
        PLAYER_CHOICES[first],
        CARD_CHOICES[first][index],
        PLAYER_CHOICES[second],
        CARD_CHOICES[second][other],
    ]
    return steps[taken:]


def pick_plans(game: EffectRules, seat: int, top: Pick) -> Iterator[tuple[tuple[int, ...], float]]:
    """Every complete Swap (p1, i1, p2, i2) or Steal/Discard (victim, index) consistent with
    the steps in `top`, each with its worth to `seat` as the search weighs it, unpruned: for
    a policy that first sets some picks aside (the time-out's) and then wants the best of
    the rest."""
    weights = quick_weights(game, seat)
    holders = game.holders()
    brutal = game.brutal
    facts = {p: _facts(game, p) for p in holders}
    now = {p: _row_worth(game, p) for p in holders}
    rows = game.rows
    if isinstance(top, SwapPick):
        for p1, i1, p2 in _swap_candidates(top, holders, rows):
            c1 = rows[p1][i1]
            for i2, c2 in enumerate(rows[p2]):
                worth = weights[p1] * (_value(facts[p1], c1, c2, brutal) - now[p1])
                worth += weights[p2] * (_value(facts[p2], c2, c1, brutal) - now[p2])
                yield (p1, i1, p2, i2), worth
        return
    steal = isinstance(top, StealPick)
    thief = _facts(game, seat) if steal else None
    thief_now = _row_worth(game, seat) if steal else 0.0
    victims = [top.victim] if top.victim != NOT_CHOSEN else holders
    for p in victims:
        if steal and p == seat:
            continue  # never one's own row (F10)
        for i, card in enumerate(rows[p]):
            worth = weights[p] * (_value(facts[p], card, -1, brutal) - now[p])
            if thief is not None:
                worth += _value(thief, -1, card, brutal) - thief_now
            yield (p, i), worth


def _fits(top: Pick, plan: object) -> bool:
    if not isinstance(plan, tuple) or not plan:
        return False
    if isinstance(top, SwapPick):
        return (
            len(plan) == 4
            and top.first in (NOT_CHOSEN, plan[0])
            and top.first_index in (NOT_CHOSEN, plan[1])
            and top.second in (NOT_CHOSEN, plan[2])
        )
    return len(plan) == 2 and top.victim in (NOT_CHOSEN, plan[0])


def search_pick(game: EffectRules, seat: int, top: Pick, weights: list[float]) -> tuple[int, ...]:
    """The best complete Swap (p1, i1, p2, i2) or Steal/Discard (victim, index) consistent
    with the steps in `top`, by the weighted change in the rows' worth; the first best in
    candidate order. With no step taken and a row of its own, the AI swaps one of its own
    cards (`_search_own_swap`): pairs of two other players are left out (half the pairs of
    four players, little lost)."""
    holders = game.holders()
    if not isinstance(top, SwapPick):
        return _search_take(game, seat, top, holders, weights)
    if top.first == NOT_CHOSEN and seat in holders:
        return _search_own_swap(game, seat, holders, weights)
    return _search_swap(game, top, holders, weights)


def _bounds(
    game: EffectRules, players: list[int], weights: list[float]
) -> tuple[dict[int, float], dict[int, float]]:
    """Each player's row worth now, and the most its weighted change can add to a pick.
    Outside brutal mode a row is worth at least 0, so an opponent's term w * (worth - now) is
    at most w * (0.0 - now) (w < 0), in floats too (rounding is monotonic): a candidate whose
    bound is not above the best found can be skipped without changing the pick."""
    now: dict[int, float] = {}
    bound: dict[int, float] = {}
    for p in players:
        now_p = now[p] = _row_worth(game, p)
        w = weights[p]
        bound[p] = inf if game.brutal or w >= 0 else w * (0.0 - now_p)
    return now, bound


class _Best:
    """The best plan a search has found so far and its value (the first best kept)."""

    __slots__ = ("plan", "value")

    def __init__(self) -> None:
        self.value = -inf
        self.plan: tuple[int, ...] = ()

    def offer(self, value: float, plan: tuple[int, ...]) -> None:
        if value > self.value:
            self.value, self.plan = value, plan

    def offer_smallest(self, value: float, plan: tuple[int, ...]) -> None:
        """Like `offer`, but a tie goes to the smaller plan."""
        if value > self.value or (value == self.value and plan < self.plan):
            self.value, self.plan = value, plan


def _search_swap(
    game: EffectRules, top: SwapPick, holders: list[int], weights: list[float]
) -> tuple[int, ...]:
    """A Swap by a seat with no row of its own, or one whose first steps are taken."""
    now, bound = _bounds(game, holders, weights)
    facts = {p: _facts(game, p) for p in holders}
    best = _Best()
    for p1, i1, p2 in _swap_candidates(top, holders, game.rows):
        if bound[p1] + bound[p2] > best.value:
            _try_swaps(game, best, (p1, i1, p2), weights, now, bound, facts)
    return best.plan


def _swap_candidates(
    top: SwapPick, holders: list[int], rows: list[list[int]]
) -> Iterator[tuple[int, int, int]]:
    """(first player, their card, second player) of every Swap consistent with the steps
    taken; with no player chosen, each pair of players once (a swap is symmetric)."""
    first, index, second = top.first, top.first_index, top.second
    for p1 in [first] if first >= 0 else holders:
        for i1 in [index] if index >= 0 else range(len(rows[p1])):
            for p2 in [second] if second >= 0 else holders:
                if p2 != p1 and (first >= 0 or p2 > p1):
                    yield p1, i1, p2


def _try_swaps(
    game: EffectRules,
    best: _Best,
    step: tuple[int, int, int],
    weights: list[float],
    now: dict[int, float],
    bound: dict[int, float],
    facts: dict[int, Facts],
) -> None:
    """Offer every card of the second player's row for the first player's card, skipping
    those whose bound cannot beat the best (the bounded term first)."""
    p1, i1, p2 = step
    brutal, c1 = game.brutal, game.rows[p1][i1]
    w1, now1, facts1, bound1 = weights[p1], now[p1], facts[p1], bound[p1]
    w2, now2, facts2, bound2 = weights[p2], now[p2], facts[p2], bound[p2]
    if bound2 == inf and bound1 < bound2:  # bound the other term first
        for i2, c2 in enumerate(game.rows[p2]):
            gain2 = w2 * (_value(facts2, c2, c1, brutal) - now2)
            if bound1 + gain2 > best.value:
                best.offer(w1 * (_value(facts1, c1, c2, brutal) - now1) + gain2, (p1, i1, p2, i2))
        return
    for i2, c2 in enumerate(game.rows[p2]):
        gain1 = w1 * (_value(facts1, c1, c2, brutal) - now1)
        if gain1 + bound2 > best.value:
            best.offer(gain1 + w2 * (_value(facts2, c2, c1, brutal) - now2), (p1, i1, p2, i2))


def _search_take(
    game: EffectRules,
    seat: int,
    top: StealPick | DiscardPick,
    holders: list[int],
    weights: list[float],
) -> tuple[int, ...]:
    """A Steal or a Discard: one card taken from a row, into the seat's own or away. Rows
    of plain numbers (see `NOT_PLAIN`) take `_value` in short: a card going out takes its
    value from the sum, one coming in busts the row if it holds the value."""
    steal = isinstance(top, StealPick)
    players = _take_victims(seat, top, holders, weights, steal)
    now, bound = _bounds(game, players, weights)
    best = _Best()
    mine_now = _row_worth(game, seat) if steal else 0.0
    plain_mine = not game.mask[seat] & NOT_PLAIN
    for p in players:
        if (steal and p == seat) or (not steal and bound[p] <= best.value):
            continue
        if not game.mask[p] & NOT_PLAIN and (plain_mine or not steal):
            _take_plain(game, best, seat if steal else NOBODY, p, weights[p], now[p], mine_now)
        else:
            _take_any(game, best, seat if steal else NOBODY, p, weights[p], now[p], mine_now)
    return best.plan


def _take_victims(
    seat: int, top: StealPick | DiscardPick, holders: list[int], weights: list[float], steal: bool
) -> list[int]:
    """The rows searched: the chosen victim's; with none chosen yet only the leader's (any
    row if the leader has none to take from), and its own row for a Discard."""
    if top.victim != NOT_CHOSEN:
        return [top.victim]
    players = [p for p in holders if weights[p] == LEADER_WEIGHT] or holders
    if not steal and seat in holders and seat not in players:
        players.append(seat)
    return players


def _take_plain(
    game: EffectRules, best: _Best, thief: int, p: int, w: float, now_p: float, mine_now: float
) -> None:
    """Offer each card of `p`'s plain row, taken away or (`thief` not NOBODY) into the
    thief's plain row."""
    sum_p, active_p = game.numsum[p], game.status[p] == ACTIVE
    for i, card in enumerate(game.rows[p]):
        value = w * (_worth(sum_p - card, active_p) - now_p)
        if thief != NOBODY:
            value += _plain_steal_gain(game, thief, card, mine_now)
        if value > best.value:
            best.offer(value, (p, i))


def _plain_steal_gain(game: EffectRules, thief: int, card: int, mine_now: float) -> float:
    """The change in the worth of the thief's plain row when plain `card` arrives."""
    if game.mask[thief] >> card & 1:
        return 0.0 - mine_now
    sum_mine = game.numsum[thief]
    if game.nums[thief] == 6:
        return sum_mine + card + FLIP7_BONUS + FLIP7_END_VALUE - mine_now
    return _worth(sum_mine + card, game.status[thief] == ACTIVE) - mine_now


def _take_any(
    game: EffectRules, best: _Best, thief: int, p: int, w: float, now_p: float, mine_now: float
) -> None:
    """`_take_plain` for rows of any cards, through their facts."""
    brutal = game.brutal
    facts_p = _facts(game, p)
    mine = _facts(game, thief) if thief != NOBODY else None
    for i, card in enumerate(game.rows[p]):
        value = w * (_value(facts_p, card, -1, brutal) - now_p)
        if mine is not None:
            value += _value(mine, -1, card, brutal) - mine_now
        if value > best.value:
            best.offer(value, (p, i))


def _search_own_swap(
    game: EffectRules, seat: int, holders: list[int], weights: list[float]
) -> tuple[int, ...]:
    """`search_pick` for the commonest Swap: no step taken, and the seat has a row, so it swaps
    one of its own cards with an opponent's. Opponents are tried from the one with the most
    to lose; once even busting an opponent, plus the most the seat's own row could gain,
    cannot beat the best swap found, the rest are skipped. A tie goes to the plan `search_pick`
    would meet first: the smallest tuple."""
    mine_now = _row_worth(game, seat)
    most_mine = _most_own_gain(game, seat, weights[seat], mine_now)
    now, bound = _bounds(game, [p for p in holders if p != seat], weights)
    best = _Best()
    plain_mine = not game.mask[seat] & NOT_PLAIN
    for p in sorted(bound, key=bound.__getitem__, reverse=True):
        if bound[p] + most_mine < best.value:
            break  # nor can anyone after: their bounds are no higher
        pair = (seat, p, mine_now, now[p], bound[p])
        if plain_mine and not game.mask[p] & NOT_PLAIN:
            _own_swaps_plain(game, best, pair, weights)
        else:
            _own_swaps_any(game, best, pair, weights)
    return best.plan


def _most_own_gain(game: EffectRules, seat: int, w_mine: float, mine_now: float) -> float:
    """The most the seat's weighted row worth can gain by a swap of its own: giving a card
    and taking one leaves at most the number sum + 13 and one more number card; a row's
    worth rises with its score. The 1.0 covers float rounding."""
    if w_mine <= 0:
        return inf
    ceiling = game.numsum[seat] + 13
    most: float
    if game.nums[seat] >= 6:
        most = ceiling + FLIP7_BONUS + FLIP7_END_VALUE
    elif ceiling < OPEN_ROW_TARGET:
        most = ceiling + 0.4 * (OPEN_ROW_TARGET - ceiling)
    else:
        most = ceiling
    return w_mine * (most - mine_now) + 1.0


def _own_swaps_plain(
    game: EffectRules,
    best: _Best,
    pair: tuple[int, int, float, float, float],
    weights: list[float],
) -> None:
    """Offer each swap of a card of the seat's with one of `p`'s, both rows plain numbers
    (ids are values, each value once, no Zero): `_plain_worth` instead of `_value`."""
    seat, p, mine_now, now_p, bound_p = pair
    w_mine, w = weights[seat], weights[p]
    mask_mine, active_mine, sum_mine = (
        game.mask[seat],
        game.status[seat] == ACTIVE,
        game.numsum[seat],
    )
    mask_p, active_p, sum_p = game.mask[p], game.status[p] == ACTIVE, game.numsum[p]
    for i_mine, c_mine in enumerate(game.rows[seat]):
        for i_p, c_p in enumerate(game.rows[p]):
            gain = w_mine * (_plain_worth(mask_mine, active_mine, sum_mine, c_mine, c_p) - mine_now)
            if gain + bound_p < best.value:
                continue
            value = gain + w * (_plain_worth(mask_p, active_p, sum_p, c_p, c_mine) - now_p)
            if value >= best.value:
                best.offer_smallest(value, _own_plan(seat, i_mine, p, i_p))


def _own_swaps_any(
    game: EffectRules,
    best: _Best,
    pair: tuple[int, int, float, float, float],
    weights: list[float],
) -> None:
    """`_own_swaps_plain` for rows of any cards, through their facts."""
    seat, p, mine_now, now_p, bound_p = pair
    brutal = game.brutal
    w_mine, w = weights[seat], weights[p]
    mine, facts_p = _facts(game, seat), _facts(game, p)
    for i_mine, c_mine in enumerate(game.rows[seat]):
        for i_p, c_p in enumerate(game.rows[p]):
            gain = w_mine * (_value(mine, c_mine, c_p, brutal) - mine_now)
            if gain + bound_p < best.value:
                continue
            value = gain + w * (_value(facts_p, c_p, c_mine, brutal) - now_p)
            if value >= best.value:
                best.offer_smallest(value, _own_plan(seat, i_mine, p, i_p))


def _own_plan(seat: int, i_mine: int, p: int, i_p: int) -> tuple[int, int, int, int]:
    """A swap of the seat's own card as the plan `search_pick` would write it: lower seat first."""
    return (seat, i_mine, p, i_p) if seat < p else (p, i_p, seat, i_mine)


def _plain_worth(mask: int, active: bool, numsum: int, out: int, card: int) -> float:
    """`_value` of a row of plain numbers when plain `out` leaves it and plain `card`
    arrives: a bust if the row holds the value (unless it is the card going out), else the
    sum changes by the difference."""
    if card != out and mask >> card & 1:
        return 0.0
    return _worth(numsum - out + card, active)


def _row_worth(game: EffectRules, seat: int) -> float:
    """`_value(_facts(game, seat), -1, -1, brutal)` for a row in play during a pick (never a
    Flip 7: that ends the round; never busted: out of every search), from the engine's row
    sums instead of card by card: its `round_score` plus its open potential."""
    return _worth(game.round_score(seat), game.status[seat] == ACTIVE)


Facts = tuple[int, int, int, int, int, int, list[int], bool]
"""A row summed up by `_facts`: number sum and count, ÷2 count, minus total, Zeros, Lucky
13s, number cards per value, and whether the player is still active."""


def _facts(game: EffectRules, seat: int) -> Facts:
    """A row summed up once per search (see `Facts`)."""
    numsum = nums = halves = minus = zeros = luckies = 0
    per_value = [0] * 14
    for held in game.rows[seat]:
        if held < FIRST_ACTION:
            value = VALUE[held]
            numsum += value
            nums += 1
            per_value[value] += 1
            if held == ZERO:
                zeros += 1
            elif held == LUCKY_13:
                luckies += 1
        elif held == HALVE:
            halves += 1
        else:
            minus += MINUS[held]
    return numsum, nums, halves, minus, zeros, luckies, per_value, game.status[seat] == ACTIVE


def _value(facts: Facts, out: int, card: int, brutal: bool) -> float:
    """Worth of a row after card `out` leaves it and `card` arrives (-1: none): its round
    score (0 on a bust, Unlucky 7 wiping first, a bonus for Flip 7) plus an active row's open
    potential. O(1), as this runs for every candidate pair: each card's share of the sums is
    looked up or compared, not branched on."""
    numsum, nums, halves, minus, zeros, luckies, per_value, active = facts
    out_value = VALUE[out]  # -1 for no card (VALUE[-1]), an action or a modifier
    if out >= 0:  # the card leaves: each sum loses its share
        numsum -= _POINTS[out]
        nums -= out < FIRST_ACTION
        halves -= out == HALVE
        minus -= MINUS[out]
        zeros -= out == ZERO
        luckies -= out == LUCKY_13
    if card == UNLUCKY_7:  # it wipes the row, then stays alone in it (F8)
        numsum, nums, halves, minus, zeros = 7, 1, 0, 0, 0
    elif card >= 0:
        value = VALUE[card]
        same = per_value[value] - (out_value == value) if value >= 0 else 0
        if same and not (value == 13 and same == 1 and (luckies or card == LUCKY_13)):
            return 0.0  # a bust; Lucky 13 allows one other 13 (F8)
        numsum += _POINTS[card]
        nums += card < FIRST_ACTION
        halves += card == HALVE
        minus += MINUS[card]
        zeros += card == ZERO
    flip7 = nums >= 7
    score = round_points(numsum, halves, minus, zero=zeros > 0, flip7=flip7, brutal=brutal)
    return score + FLIP7_END_VALUE if flip7 else _worth(score, active)


_POINTS = tuple(max(value, 0) for value in VALUE)
"""What each card adds to a row's number sum (0 for actions and modifiers)."""


def _worth(score: int, active: bool) -> float:
    """A row's worth from its round score: an active row also counts what it may still add
    (its open potential)."""
    if active and score < OPEN_ROW_TARGET:
        return score + 0.4 * (OPEN_ROW_TARGET - score)
    return float(score)
