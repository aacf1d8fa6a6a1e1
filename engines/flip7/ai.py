"""AI seats for Flip 7.

Both levels read only public information: the rows, statuses and totals everyone sees, the
discard pile and `game.unseen`, the draw pile as counts per card. Those counts are what an
attentive player knows (every other card is face up, in the discard pile or was seen
flipped); the order of the draw pile is never read. The fields are read directly rather than
through `view()` because a decision has to cost microseconds for the simulator.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import add

from engines.base import IllegalMove
from engines.flip7.actions import HIT, STAY, Action, card_choice, player_choice
from engines.flip7.cards import (
    FIRST_ACTION,
    FIRST_MODIFIER,
    HALVE,
    JUST_ONE_MORE,
    LUCKY_13,
    MINUS,
    UNLUCKY_7,
    VALUE,
    ZERO,
)
from engines.flip7.game import (
    ACTIVE,
    BONUS,
    BUSTED,
    ODD_CARDS,
    RESOLVE,
    STAYED,
    STEAL_STEP,
    SWAP_STEP,
    Flip7Game,
)
from engines.flip7.scoring import FLIP7_BONUS

AI_LEVELS = ("simple", "strong")
SIMPLE_STAY_AT = 20
RACE_MARGIN = 60
"""Points from the goal at which the race starts to bend hit-or-stay decisions."""
LEADER_WEIGHT = -1.5
"""What a point for the leading opponent is worth to the AI (its own points are worth 1)."""
OPEN_ROW_TARGET = 25
"""Round score an active player roughly aims for; the gap is the row's open potential."""
FLIP7_END_VALUE = 20
"""Extra worth of ending the round by Flip 7 (everyone else's open rows stop growing)."""
_NUMBER_VALUES = VALUE[:FIRST_ACTION]
_UNPLAIN = ODD_CARDS | 1
"""Mask bits of a row that is more than plain numbers: The Zero, Unlucky 7, Lucky 13 or a
modifier."""
_NOBODY = -(1 << 62)
"""A standing below any player's: leaves a seat out of the search for the leader."""


def choose(game: Flip7Game, seat: int, level: str = "strong") -> Action:
    """The move this seat's AI makes now."""
    if not game.stack and seat == game.turn and game.winner < 0 and level in AI_LEVELS:
        return HIT if _hits(game, seat, level == "strong") else STAY
    if level not in AI_LEVELS:
        raise IllegalMove(f"Unknown AI level {level!r}; use one of {', '.join(AI_LEVELS)}.")
    if game.winner >= 0 or seat != game._decider():
        raise IllegalMove("This seat has nothing to decide.")
    # Not over, the decider, and no hit-or-stay turn (handled above): a stack choice.
    options = game._stack_options()
    if level == "simple":
        return _simple_choice(seat, options)
    return _strong_choice(game, seat, options)


def _hits(game: Flip7Game, seat: int, strong: bool) -> bool:
    """Hit or stay: The Zero must hit; the simple AI stays from 20 points; the strong one
    weighs its chances (`_should_hit`)."""
    if game.mask[seat] & 1:
        return True
    if strong:
        return _should_hit(game, seat)
    return game.round_score(seat) < SIMPLE_STAY_AT


# ------------------------------------------------------------------ simple


def _simple_choice(seat: int, options: list[Action]) -> Action:
    """First option aimed at someone else, else the first option."""
    for option in options:
        if getattr(option, "seat", seat) != seat:
            return option
    return options[0]


# ------------------------------------------------------------------ hit or stay


def _pool(game: Flip7Game) -> tuple[list[int], int, int, int]:
    """The cards the next draw can be, as (counts, cards, number cards, number points): the
    draw pile, or the discard pile when the draw pile is empty (it is reshuffled in)."""
    if game.draw:
        return game.unseen, len(game.draw), game.unseen_numbers, game.unseen_points
    counts = game.counts_outside_rows()  # the draw pile is empty: the discard pile
    numbers = counts[:FIRST_ACTION]
    return (counts, len(game.discard), sum(numbers),
            sum(map(int.__mul__, numbers, _NUMBER_VALUES)))


def _bust_cards(row: list[int], counts: list[int]) -> tuple[int, int]:
    """How many of `counts` would bust `row`, and their points (F4, F8)."""
    bust = 0
    points = 0
    thirteens = 0
    lucky = False
    for card in row:
        if card < 13:
            bust += counts[card]
            points += card * counts[card]
        elif card == 13 or card == LUCKY_13:
            thirteens += 1
            lucky = lucky or card == LUCKY_13
        elif card == UNLUCKY_7:
            bust += counts[7]
            points += 7 * counts[7]
    if thirteens == 1 and not lucky:
        bust += counts[13]
        points += 13 * counts[13]
    elif thirteens >= 2:
        bust += counts[13] + counts[LUCKY_13]
        points += 13 * (counts[13] + counts[LUCKY_13])
    return bust, points


def _should_hit(game: Flip7Game, seat: int) -> bool:
    """Hit when the expected round score after one more card beats the score now, judged
    from the public card counts and bent by the race to the goal (F1). Actions and
    modifiers count as leaving the score unchanged (the drawer aims them elsewhere).

    One flat function, as it runs for many moves: the round score of an active row without
    The Zero (the caller handled The Zero), then the common case of a draw pile and no 13
    in the row (bit 13 of the row's value mask) inlined. The simulator's `hit_rule` answers
    rows of plain numbers itself and sends the others here."""
    numsum = game.numsum[seat]
    halves = game.halves[seat]
    minus = game.minus[seat]
    brutal = game.brutal
    score = (numsum >> halves) - minus
    if score < 0 and not brutal:
        score = 0
    goal = game.goal
    if game.best_total + RACE_MARGIN >= goal and (
            game.totals[seat] + score >= goal or game.status.count(ACTIVE) == 1):
        race = _race(game, seat, score)
        if race is not None:
            return race
    total = len(game.draw)
    if total and not game.mask[seat] & 8192:
        counts = game.unseen
        bust = bust_points = 0
        for card in game.rows[seat]:
            if card < 13:
                copies = counts[card]
                bust += copies
                bust_points += card * copies
            elif card == 14:  # Unlucky 7
                copies = counts[7]
                bust += copies
                bust_points += 7 * copies
        numbers = game.unseen_numbers
        points = game.unseen_points
    else:
        counts, total, numbers, points = _pool(game)
        if not total:
            return False
        bust, bust_points = _bust_cards(game.rows[seat], counts)
    unlucky = counts[14]
    safe = numbers - bust - unlucky
    if not halves and not minus:
        # The float rule below with score = numsum, multiplied out: exact in integers.
        if game.nums[seat] == 6:
            return points - bust_points + FLIP7_BONUS * safe > score * (bust + unlucky)
        return points - bust_points > score * (bust + unlucky)
    expected = unlucky * 7.0 + (total - numbers) * score
    if safe > 0:
        mean = (points - bust_points - 7 * unlucky) / safe
        after = (numsum + mean) / (1 << halves) - minus
        if after < 0 and not brutal:
            after = 0.0
        expected += safe * (after + FLIP7_BONUS if game.nums[seat] == 6 else after)
    return expected > score * total


def hit_rule(game: Flip7Game, strong: list[bool]) -> Callable[[int], bool]:
    """For the simulator: `decide(seat)` answers whether the seat whose hit-or-stay turn it is
    hits (`strong[seat]`: the strong AI, else the simple one), the same answer as `choose` (a
    test holds the two together). The strong AI's commonest case, a row of plain numbers
    (no Zero either) with a draw pile to draw from, is `_should_hit` cut down to it; every
    other case asks `choose`'s rules. It binds the game's lists once, relying on the engine
    keeping their identity for the whole game."""
    numsum, mask, nums, rows = game.numsum, game.mask, game.nums, game.rows
    totals, status, draw, unseen = game.totals, game.status, game.draw, game.unseen
    goal, decks = game.goal, game.decks
    race_from = goal - RACE_MARGIN

    def decide(seat: int) -> bool:
        if mask[seat] & _UNPLAIN or not draw or not strong[seat]:
            return _hits(game, seat, strong[seat])
        score = numsum[seat]
        if game.best_total >= race_from and (
                totals[seat] + score >= goal or status.count(ACTIVE) == 1):
            race = _race(game, seat, score)
            if race is not None:
                return race
        # Plain numbers only: each card's id is its value, and the cards that bust the row
        # are the unseen copies of those values (a plain 13 is busted by a plain 13 only).
        # A deck holds at most v copies of value v, so the bust cards weigh
        # sum(copies * (v + score)) <= decks * score * (score + 13): a low row below the
        # points still to come hits without counting them (the rule below would agree).
        unlucky = unseen[UNLUCKY_7]
        if score * (decks * (score + 13) + unlucky) < game.unseen_points:
            return True
        bust = bust_points = 0
        for card in rows[seat]:
            copies = unseen[card]
            bust += copies
            bust_points += card * copies
        if nums[seat] == 6:
            safe = game.unseen_numbers - bust - unlucky
            return (game.unseen_points - bust_points + FLIP7_BONUS * safe
                    > score * (bust + unlucky))
        return game.unseen_points - bust_points > score * (bust + unlucky)

    return decide


def _race(game: Flip7Game, seat: int, score: int) -> bool | None:
    """Near the goal: stay on a clear win; hit when the last one playing and someone else
    is set to win. The caller checks first that one of the two can apply."""
    totals = game.totals
    mine = totals[seat] + score
    scores = _round_scores(game)
    best_other = max(t + scores[p] for p, t in enumerate(totals) if p != seat)
    if mine >= game.goal and mine > best_other + 5:
        return False
    if best_other >= game.goal and best_other >= mine and game.status.count(ACTIVE) == 1:
        return True
    return None


# ------------------------------------------------------------------ targets and modifiers


def _round_scores(game: Flip7Game) -> list[int]:
    """Every seat's `round_score`, with the usual row (not busted, no Flip 7) inlined."""
    mask, numsum, halves, minus = game.mask, game.numsum, game.halves, game.minus
    brutal = game.brutal
    scores = []
    for p, status in enumerate(game.status):
        if status > STAYED:
            scores.append(0 if status == BUSTED and not brutal else game.round_score(p))
        elif mask[p] & 1:
            scores.append(0)
        else:
            score = (numsum[p] >> halves[p]) - minus[p]
            scores.append(0 if score < 0 and not brutal else score)
    return scores


def _weights(game: Flip7Game, seat: int, scores: list[int]) -> list[float]:
    """What a point for each player is worth to `seat`: +1 for itself, negative for
    opponents, most negative for whoever leads the race. `scores` are the round scores."""
    standing = [t + score for t, score in zip(game.totals, scores, strict=True)]
    mine = standing[seat]
    standing[seat] = _NOBODY
    leader = max(standing)
    standing[seat] = mine
    other = -1.0 / max(1, len(standing) - 2)
    weights = [LEADER_WEIGHT if points == leader else other for points in standing]
    weights[seat] = 1.0
    return weights


def _open_potential(game: Flip7Game, seat: int, score: int) -> float:
    """What an active player still stands to add by hitting on."""
    if game.status[seat] != ACTIVE:
        return 0.0
    return max(0.0, 0.4 * (OPEN_ROW_TARGET - score))


def _draws_delta(game: Flip7Game, seat: int, draws: int, counts: list[int],
                 total: int, score: int) -> float:
    """Rough change in a player's round score (`score` now) from being made to take `draws`
    cards (1 for Just One More!, 4 for Flip Four!): each card busts with the row's chance, a
    little more for every card already taken, and is otherwise worth about 6.5 points."""
    chance = _bust_cards(game.rows[seat], counts)[0] / total if total else 0.0
    if draws == 1:
        survive = 1.0 - chance
        gain = survive * (score + 6.5) - score - _open_potential(game, seat, score)
    else:
        survive = 0.0 if chance >= 0.82 else (
            (1.0 - chance) * (0.94 - chance) * (0.88 - chance) * (0.82 - chance))
        gain = survive * (score + 26.0) - score
    if game.nums[seat] + draws >= 7:
        gain += survive * FLIP7_BONUS
    return gain


def _modifier_delta(game: Flip7Game, target: int, card: int, score: int) -> float:
    """The change a modifier makes to `target`'s round score (`score` now; guessed for open
    rows)."""
    status = game.status[target]
    if status == BUSTED:
        return float(-MINUS[card])
    if status == ACTIVE:
        return -(MINUS[card] or max(score, 12) / 2)
    if game.mask[target] & 1:
        return 0.0  # The Zero already makes it 0
    if card == HALVE:
        numsum = game.numsum[target]
        return -(numsum >> game.halves[target]) + (numsum >> (game.halves[target] + 1))
    after = score - MINUS[card]
    return float((after if after > 0 or game.brutal else 0) - score)


def _quick_weights(game: Flip7Game, seat: int) -> list[float]:
    """`_weights` on a cheaper standing: the game total plus the row's number sum (0 for a
    busted row) stands in for the total plus the round score. +1 for `seat`, -1.5 for the
    first opponent with the best standing, an even share of -1 for the others."""
    totals, status = game.totals, game.status
    standing = list(map(add, totals, game.numsum))
    if BUSTED in status:
        for p, state in enumerate(status):
            if state == BUSTED:
                standing[p] = totals[p]
    standing[seat] = _NOBODY
    count = len(totals)
    weights = [-1.0 / (count - 2 if count > 3 else 1)] * count
    weights[standing.index(max(standing))] = LEADER_WEIGHT
    weights[seat] = 1.0
    return weights


def _strong_choice(game: Flip7Game, seat: int, options: list[Action]) -> Action:
    top = game.stack[-1]
    kind = top[0]
    if kind != RESOLVE and kind != BONUS:
        return _best_pick(game, seat, top)
    weights = _quick_weights(game, seat)
    if kind == BONUS:
        return max(options, key=lambda o: FLIP7_BONUS * (1.0 if o.seat == seat  # type: ignore
                                                         else -weights[o.seat]))  # type: ignore
    card = top[2]
    round_score = game.round_score
    # The first option with the highest worth, as max() would pick, without a key lambda.
    best = options[0]
    best_worth = float("-inf")
    leader = weights.index(LEADER_WEIGHT)
    focus = game.status[leader] != BUSTED  # the leader is one of the options
    if card >= FIRST_MODIFIER:
        # A modifier that hurts the leader goes to the leader; else every option is weighed.
        # (On an active row every modifier counts as a loss: see _modifier_delta.)
        if focus and (game.status[leader] == ACTIVE
                      or _modifier_delta(game, leader, card, round_score(leader)) < 0):
            return player_choice(leader)
        for option in options:
            target = option.seat  # type: ignore[union-attr]
            worth = weights[target] * _modifier_delta(game, target, card, round_score(target))
            if worth > best_worth:
                best, best_worth = option, worth
        return best
    counts, total, _, _ = _pool(game)
    draws = 1 if card == JUST_ONE_MORE else 4
    # Only itself and the leader are weighed when the leader can be a target (the options
    # are in seat order, so the lower seat wins a tie).
    targets = [option.seat for option in options] if not focus else (  # type: ignore[union-attr]
        [seat, leader] if seat < leader else [leader, seat])
    best_target = targets[0]
    for target in targets:
        worth = weights[target] * _draws_delta(game, target, draws, counts, total,
                                               round_score(target))
        if worth > best_worth:
            best_target, best_worth = target, worth
    return player_choice(best_target)


# ------------------------------------------------------------------ Swap, Steal, Discard

_plan_cache: list[object] = [None, None, ()]
"""The last plan as [game, stack entry, plan]: later steps of the same Swap/Steal/Discard
follow it instead of searching again. A fresh search gives the same plan (the steps taken
restrict the search to a set that still holds it), so this only saves time."""


def _best_pick(game: Flip7Game, seat: int, top: list[int]) -> Action:
    """Search every complete Swap/Steal/Discard consistent with the steps taken so far, score
    the rows it leaves, and take the next step of the best one."""
    return pick_steps(game, seat, top)[0]


def pick_steps(game: Flip7Game, seat: int, top: list[int]) -> list[Action]:
    """The strong AI's remaining steps of the Swap/Steal/Discard entry `top`, in order: the
    bot takes the first, the simulator takes them all in a row."""
    plan = _plan_cache[2]
    if not (_plan_cache[0] is game and _plan_cache[1] is top and _fits(top, plan)):
        plan = _search(game, seat, top, _quick_weights(game, seat))
        _plan_cache[:] = [game, top, plan]
    assert isinstance(plan, tuple)
    if top[0] != SWAP_STEP:
        victim, index = plan
        if top[3] >= 0:
            return [card_choice(victim, index)]
        return [player_choice(victim), card_choice(victim, index)]
    first, index, second, other = plan
    taken = (top[3] >= 0) + (top[4] >= 0) + (top[5] >= 0)  # steps are taken in this order
    steps = [player_choice(first), card_choice(first, index), player_choice(second),
             card_choice(second, other)]
    return steps[taken:]


def _fits(top: list[int], plan: object) -> bool:
    if not isinstance(plan, tuple) or not plan:
        return False
    if top[0] == SWAP_STEP:
        return len(plan) == 4 and top[3] in (-1, plan[0]) and top[4] in (-1, plan[1]) and (
            top[5] in (-1, plan[2]))
    return len(plan) == 2 and top[3] in (-1, plan[0])


def _search(game: Flip7Game, seat: int, top: list[int], weights: list[float]) -> tuple[int, ...]:
    """The best complete Swap (p1, i1, p2, i2) or Steal/Discard (victim, index) consistent
    with the steps in `top`, by the weighted change in the rows' worth; the first best in
    candidate order. With no step taken and a row of its own, the AI swaps one of its own
    cards (`_search_own_swap`): pairs of two other players are left out (half the pairs of
    four players, little lost)."""
    rows = game.rows
    status = game.status
    holders: list[int] = []
    for p, row in enumerate(rows):
        if row and status[p] != BUSTED:
            holders.append(p)
    if top[0] == SWAP_STEP and top[3] < 0 and seat in holders:
        return _search_own_swap(game, seat, holders, weights)
    steal = top[0] == STEAL_STEP
    players = holders
    if top[0] != SWAP_STEP:
        if top[3] >= 0:
            players = [top[3]]
        else:
            # With no victim chosen yet the AI looks only at the leader's row (any row if
            # the leader has none to take from), and at its own row for a Discard.
            players = []
            for p in holders:
                if weights[p] == LEADER_WEIGHT:
                    players.append(p)
            players = players or holders
            if not steal and seat in holders and seat not in players:
                players.append(seat)
    best_value = float("-inf")
    best: tuple[int, ...] = ()
    brutal = game.brutal
    # Pruning that cannot change the pick: outside brutal mode a row is worth at least 0, so
    # an opponent's term w * (worth - now) is at most w * (0.0 - now) (w < 0), in floats too
    # (rounding is monotonic); a candidate whose bound is not above the best is skipped.
    inf = float("inf")
    now: dict[int, float] = {}
    bound: dict[int, float] = {}
    for p in players:
        now_p = now[p] = _row_worth(game, p)
        w = weights[p]
        bound[p] = inf if brutal or w >= 0 else w * (0.0 - now_p)
    if top[0] == SWAP_STEP:
        facts = {p: _facts(game, p) for p in players}
        first, index, second = top[3], top[4], top[5]
        # A Swap by a seat with no row of its own, or one whose first steps are taken.
        for p1 in [first] if first >= 0 else holders:
            row1, w1, now1, facts1, bound1 = rows[p1], weights[p1], now[p1], facts[p1], bound[p1]
            seconds = [second] if second >= 0 else holders
            for i1 in [index] if index >= 0 else range(len(row1)):
                c1 = row1[i1]
                for p2 in seconds:
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
    mask = game.mask
    mask_mine = mask[seat]
    # Rows of plain numbers (see `_UNPLAIN`) take `_value` in short: a card going out takes
    # its value from the sum, one coming in busts the row if it holds the value.
    plain_mine = not mask_mine & _UNPLAIN
    mine: tuple[int, int, int, int, int, int, list[int], bool] | None = None  # when needed
    if steal:
        mine_now = _row_worth(game, seat)
        sum_mine, active_mine = game.numsum[seat], status[seat] == ACTIVE
        flip7_next = game.nums[seat] == 6
    for p in players:
        if (steal and p == seat) or (not steal and bound[p] <= best_value):
            continue
        w, now_p = weights[p], now[p]
        if not mask[p] & _UNPLAIN and (plain_mine or not steal):
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


def _search_own_swap(game: Flip7Game, seat: int, holders: list[int],
                     weights: list[float]) -> tuple[int, ...]:
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
    now: dict[int, float] = {}
    bound: dict[int, float] = {}
    for p in holders:
        if p != seat:
            now_p = now[p] = _row_worth(game, p)
            w = weights[p]
            bound[p] = float("inf") if brutal or w >= 0 else w * (0.0 - now_p)
    best_value = float("-inf")
    best: tuple[int, ...] = ()
    row_mine = rows[seat]
    mask, status = game.mask, game.status
    mask_mine, active_mine, sum_mine = mask[seat], status[seat] == ACTIVE, game.numsum[seat]
    plain_mine = not mask_mine & _UNPLAIN
    for p in sorted(bound, key=bound.__getitem__, reverse=True):
        bound_p = bound[p]
        if bound_p + most_mine < best_value:
            break  # nor can anyone after: their bounds are no higher
        now_p, w = now[p], weights[p]
        row_p = rows[p]
        if plain_mine and not mask[p] & _UNPLAIN:
            # Two rows of plain numbers (ids are values, each value once, no Zero): a card
            # busts a row that holds its value, unless that is the card going out, and
            # otherwise the sum changes by the difference. `_value` in short.
            mask_p, active_p, sum_p = mask[p], status[p] == ACTIVE, game.numsum[p]
            for i_mine, c_mine in enumerate(row_mine):
                for i_p, c_p in enumerate(row_p):
                    gain = w_mine * ((0.0 if c_p != c_mine and mask_mine >> c_p & 1 else
                                      _worth(sum_mine - c_mine + c_p, active_mine)) - mine_now)
                    if gain + bound_p < best_value:
                        continue
                    value = gain + w * ((0.0 if c_mine != c_p and mask_p >> c_mine & 1 else
                                         _worth(sum_p - c_p + c_mine, active_p)) - now_p)
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
    """`_value(_facts(game, seat), -1, -1, brutal)` from the engine's row sums: the row's
    worth as it stands, without summing it up card by card."""
    score = (game.numsum[seat] >> game.halves[seat]) - game.minus[seat]
    if score < 0 and not game.brutal:
        score = 0
    if game.nums[seat] >= 7:
        return score + FLIP7_BONUS + FLIP7_END_VALUE
    return _worth(0 if game.mask[seat] & 1 else score, game.status[seat] == ACTIVE)


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


def _value(facts: tuple[int, int, int, int, int, int, list[int], bool], out: int, card: int,
           brutal: bool) -> float:
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
    score = (numsum >> halves) - minus
    if score < 0 and not brutal:
        score = 0
    if nums >= 7:
        return score + FLIP7_BONUS + FLIP7_END_VALUE
    return _worth(0 if zeros else score, active)


def _worth(score: int, active: bool) -> float:
    """A row's worth from its round score: an active row also counts what it may still add
    (its open potential)."""
    if active and score < OPEN_ROW_TARGET:
        return score + 0.4 * (OPEN_ROW_TARGET - score)
    return float(score)
