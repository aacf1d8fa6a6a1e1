"""The strong Flip 7 AI's Swap, Steal and Discard, and what a row is worth to it.

A search tries every complete pick consistent with the steps already taken, scores the rows
it would leave with `_value` (round score plus an active row's open potential), weighs each
player's change (+1 for the AI itself, most negative for the leader) and keeps the best.
Like the rest of the AI it reads only public information.
"""

from __future__ import annotations

from operator import add

from engines.flip7.actions import Action, card_choice, player_choice
from engines.flip7.cards import (
    FIRST_ACTION,
    HALVE,
    LUCKY_13,
    MINUS,
    NOT_PLAIN,
    UNLUCKY_7,
    VALUE,
    ZERO,
    ZERO_BIT,
)
from engines.flip7.effects import NOT_CHOSEN, Pick, StealPick, SwapPick
from engines.flip7.game import Flip7Game
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


def quick_weights(game: Flip7Game, seat: int) -> list[float]:
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


def pick_steps(game: Flip7Game, seat: int, top: Pick) -> list[Action]:
    """The strong AI's remaining steps of the Swap/Steal/Discard entry `top`, in order: the
    bot takes the first, the simulator takes them all in a row."""
    plan = _plan_cache[2]
    if not (_plan_cache[0] is game and _plan_cache[1] is top and _fits(top, plan)):
        plan = _search(game, seat, top, quick_weights(game, seat))
        _plan_cache[:] = [game, top, plan]
    assert isinstance(plan, tuple)
    if not isinstance(top, SwapPick):
        victim, index = plan
        if top.victim != NOT_CHOSEN:
            return [card_choice(victim, index)]
        return [player_choice(victim), card_choice(victim, index)]
    first, index, second, other = plan
    # The steps are taken in this order: first player, their card, second player.
    taken = sum(step != NOT_CHOSEN for step in (top.first, top.first_index, top.second))
    steps = [
        player_choice(first),
        card_choice(first, index),
        player_choice(second),
        card_choice(second, other),
    ]
    return steps[taken:]


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


def _search(game: Flip7Game, seat: int, top: Pick, weights: list[float]) -> tuple[int, ...]:
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
    game: Flip7Game, players: list[int], weights: list[float]
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
        bound[p] = float("inf") if game.brutal or w >= 0 else w * (0.0 - now_p)
    return now, bound


def _search_swap(
    game: Flip7Game, top: Pick, holders: list[int], weights: list[float]
) -> tuple[int, ...]:
    """A Swap by a seat with no row of its own, or one whose first steps are taken."""
    rows, brutal = game.rows, game.brutal
    now, bound = _bounds(game, holders, weights)
    facts = {p: _facts(game, p) for p in holders}
    inf = float("inf")
    best_value = float("-inf")
    best: tuple[int, ...] = ()
    first, index, second = top.first, top.first_index, top.second
    for p1 in [first] if first >= 0 else holders:
        row1, w1, now1, facts1, bound1 = rows[p1], weights[p1], now[p1], facts[p1], bound[p1]
        for i1 in [index] if index >= 0 else range(len(row1)):
            c1 = row1[i1]
            for p2 in [second] if second >= 0 else holders:
                if p2 == p1 or (first < 0 and p2 < p1):
                    continue  # a swap is symmetric: try each pair of players once
                w2, now2, facts2, bound2 = weights[p2], now[p2], facts[p2], bound[p2]
                if bound1 + bound2 <= best_value:
                    continue
                if bound2 == inf and bound1 < inf:  # bound the other term first
                    for i2, c2 in enumerate(rows[p2]):
                        gain2 = w2 * (_value(facts2, c2, c1, brutal) - now2)
                        if bound1 + gain2 <= best_value:
                            continue
                        value = w1 * (_value(facts1, c1, c2, brutal) - now1) + gain2
                        if value > best_value:
                            best_value, best = value, (p1, i1, p2, i2)
                    continue
                for i2, c2 in enumerate(rows[p2]):
                    gain1 = w1 * (_value(facts1, c1, c2, brutal) - now1)
                    if gain1 + bound2 <= best_value:
                        continue
                    value = gain1 + w2 * (_value(facts2, c2, c1, brutal) - now2)
                    if value > best_value:
                        best_value, best = value, (p1, i1, p2, i2)
    return best


def _search_take(
    game: Flip7Game, seat: int, top: Pick, holders: list[int], weights: list[float]
) -> tuple[int, ...]:
    """A Steal or a Discard: one card taken from a row, into the seat's own or away."""
    steal = isinstance(top, StealPick)
    if top.victim != NOT_CHOSEN:
        players = [top.victim]
    else:
        # With no victim chosen yet the AI looks only at the leader's row (any row if the
        # leader has none to take from), and at its own row for a Discard.
        players = [p for p in holders if weights[p] == LEADER_WEIGHT] or holders
        if not steal and seat in holders and seat not in players:
            players.append(seat)
    rows, status, mask, brutal = game.rows, game.status, game.mask, game.brutal
    now, bound = _bounds(game, players, weights)
    best_value = float("-inf")
    best: tuple[int, ...] = ()
    # Rows of plain numbers (see `NOT_PLAIN`) take `_value` in short: a card going out takes
    # its value from the sum, one coming in busts the row if it holds the value.
    mask_mine = mask[seat]
    plain_mine = not mask_mine & NOT_PLAIN
    mine: tuple[int, int, int, int, int, int, list[int], bool] | None = None  # when needed
    mine_now = _row_worth(game, seat) if steal else 0.0
    sum_mine, active_mine = game.numsum[seat], status[seat] == ACTIVE
    flip7_next = game.nums[seat] == 6
    for p in players:
        if (steal and p == seat) or (not steal and bound[p] <= best_value):
            continue
        w, now_p = weights[p], now[p]
        if not mask[p] & NOT_PLAIN and (plain_mine or not steal):
            sum_p, active_p = game.numsum[p], status[p] == ACTIVE
            for i, card in enumerate(rows[p]):
                value = w * (_worth(sum_p - card, active_p) - now_p)
                if steal:
                    if mask_mine >> card & 1:
                        value += 0.0 - mine_now
                    elif flip7_next:
                        value += sum_mine + card + FLIP7_BONUS + FLIP7_END_VALUE - mine_now
                    else:
                        value += _worth(sum_mine + card, active_mine) - mine_now
                if value > best_value:
                    best_value, best = value, (p, i)
            continue
        facts_p = _facts(game, p)
        if steal and mine is None:
            mine = _facts(game, seat)
        for i, card in enumerate(rows[p]):
            value = w * (_value(facts_p, card, -1, brutal) - now_p)
            if mine is not None:
                value += _value(mine, -1, card, brutal) - mine_now
            if value > best_value:
                best_value, best = value, (p, i)
    return best


def _search_own_swap(
    game: Flip7Game, seat: int, holders: list[int], weights: list[float]
) -> tuple[int, ...]:
    """`_search` for the commonest Swap: no step taken, and the seat has a row, so it swaps
    one of its own cards with an opponent's. Opponents are tried from the one with the most
    to lose; once even busting an opponent, plus the most the seat's own row could gain,
    cannot beat the best swap found, the rest are skipped. A tie goes to the plan `_search`
    would meet first: the smallest tuple."""
    brutal = game.brutal
    rows = game.rows
    mine: tuple[int, int, int, int, int, int, list[int], bool] | None = None  # when needed
    mine_now = _row_worth(game, seat)
    w_mine = weights[seat]
    # Giving a card and taking one leaves at most the number sum + 13 and one more number
    # card; a row's worth rises with its score. The 1.0 covers float rounding.
    ceiling = game.numsum[seat] + 13
    if game.nums[seat] >= 6:
        most = ceiling + FLIP7_BONUS + FLIP7_END_VALUE
    else:
        most = ceiling + 0.4 * (OPEN_ROW_TARGET - ceiling) if ceiling < OPEN_ROW_TARGET else ceiling
    most_mine = w_mine * (most - mine_now) + 1.0 if w_mine > 0 else float("inf")
    now, bound = _bounds(game, [p for p in holders if p != seat], weights)
    best_value = float("-inf")
    best: tuple[int, ...] = ()
    row_mine = rows[seat]
    mask, status = game.mask, game.status
    mask_mine, active_mine, sum_mine = mask[seat], status[seat] == ACTIVE, game.numsum[seat]
    plain_mine = not mask_mine & NOT_PLAIN
    for p in sorted(bound, key=bound.__getitem__, reverse=True):
        bound_p = bound[p]
        if bound_p + most_mine < best_value:
            break  # nor can anyone after: their bounds are no higher
        now_p, w = now[p], weights[p]
        row_p = rows[p]
        if plain_mine and not mask[p] & NOT_PLAIN:
            # Two rows of plain numbers (ids are values, each value once, no Zero): a card
            # busts a row that holds its value, unless that is the card going out, and
            # otherwise the sum changes by the difference. `_value` in short.
            mask_p, active_p, sum_p = mask[p], status[p] == ACTIVE, game.numsum[p]
            for i_mine, c_mine in enumerate(row_mine):
                for i_p, c_p in enumerate(row_p):
                    gain = w_mine * (
                        (
                            0.0
                            if c_p != c_mine and mask_mine >> c_p & 1
                            else _worth(sum_mine - c_mine + c_p, active_mine)
                        )
                        - mine_now
                    )
                    if gain + bound_p < best_value:
                        continue
                    value = gain + w * (
                        (
                            0.0
                            if c_mine != c_p and mask_p >> c_mine & 1
                            else _worth(sum_p - c_p + c_mine, active_p)
                        )
                        - now_p
                    )
                    if value >= best_value:
                        plan = (seat, i_mine, p, i_p) if seat < p else (p, i_p, seat, i_mine)
                        if value > best_value or plan < best:
                            best_value, best = value, plan
            continue
        facts_p = _facts(game, p)
        if mine is None:
            mine = _facts(game, seat)
        for i_mine, c_mine in enumerate(row_mine):
            for i_p, c_p in enumerate(row_p):
                gain = w_mine * (_value(mine, c_mine, c_p, brutal) - mine_now)
                if gain + bound_p < best_value:
                    continue
                value = gain + w * (_value(facts_p, c_p, c_mine, brutal) - now_p)
                if value >= best_value:
                    plan = (seat, i_mine, p, i_p) if seat < p else (p, i_p, seat, i_mine)
                    if value > best_value or plan < best:
                        best_value, best = value, plan
    return best


def _row_worth(game: Flip7Game, seat: int) -> float:
    """`_value(_facts(game, seat), -1, -1, brutal)` for a row in play during a pick (never a
    Flip 7: that ends the round), from the engine's row sums instead of card by card: its
    `round_score`, inlined as this runs for every row a search weighs."""
    score = round_points(
        game.numsum[seat],
        game.halves[seat],
        game.minus[seat],
        zero=bool(game.mask[seat] & ZERO_BIT),
        brutal=game.brutal,
    )
    return _worth(score, game.status[seat] == ACTIVE)


def _facts(game: Flip7Game, seat: int) -> tuple[int, int, int, int, int, int, list[int], bool]:
    """A row summed up once per search: number sum and count, ÷2 count, minus total,
    Zeros, Lucky 13s, number cards per value, and whether the player is still active."""
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


def _value(
    facts: tuple[int, int, int, int, int, int, list[int], bool], out: int, card: int, brutal: bool
) -> float:
    """Worth of a row after card `out` leaves it and `card` arrives (-1: none): its round
    score (0 on a bust, Unlucky 7 wiping first, a bonus for Flip 7) plus an active row's open
    potential. O(1), as this runs for every candidate pair."""
    numsum, nums, halves, minus, zeros, luckies, per_value, active = facts
    out_value = -1
    if out >= 0:
        if out < FIRST_ACTION:
            out_value = VALUE[out]
            numsum -= out_value
            nums -= 1
            if out == ZERO:
                zeros -= 1
            elif out == LUCKY_13:
                luckies -= 1
        elif out == HALVE:
            halves -= 1
        else:
            minus -= MINUS[out]
    if card >= 0:
        if card == UNLUCKY_7:
            numsum, nums, halves, minus, zeros = 7, 1, 0, 0, 0
        elif card < FIRST_ACTION:
            value = VALUE[card]
            same = per_value[value] - (out_value == value)
            if same and not (value == 13 and same == 1 and (luckies or card == LUCKY_13)):
                return 0.0
            numsum += value
            nums += 1
            if card == ZERO:
                zeros += 1
        elif card == HALVE:
            halves += 1
        else:
            minus += MINUS[card]
    flip7 = nums >= 7
    score = round_points(numsum, halves, minus, zero=zeros > 0, flip7=flip7, brutal=brutal)
    return score + FLIP7_END_VALUE if flip7 else _worth(score, active)


def _worth(score: int, active: bool) -> float:
    """A row's worth from its round score: an active row also counts what it may still add
    (its open potential)."""
    if active and score < OPEN_ROW_TARGET:
        return score + 0.4 * (OPEN_ROW_TARGET - score)
    return float(score)
