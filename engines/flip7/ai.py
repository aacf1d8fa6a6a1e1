"""AI seats for Flip 7.

Both levels read only public information: the rows, statuses and totals everyone sees, the
discard pile and `game.unseen`, the draw pile as counts per card. Those counts are what an
attentive player knows (every other card is face up, in the discard pile or was seen
flipped); the order of the draw pile is never read. The fields are read directly rather than
through `view()` because a decision has to cost microseconds for the simulator.
"""

from __future__ import annotations

from engines.base import IllegalMove
from engines.flip7.actions import HIT, STAY, Action, ChooseCard, ChoosePlayer
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
    RESOLVE,
    STEAL_STEP,
    SWAP_STEP,
    Flip7Game,
)
from engines.flip7.scoring import FLIP7_BONUS, busts, row_score

AI_LEVELS = ("simple", "strong")
SIMPLE_STAY_AT = 20
_NUMBER_VALUES = VALUE[:FIRST_ACTION]


def choose(game: Flip7Game, seat: int, level: str = "strong") -> Action:
    """The move this seat's AI makes now."""
    if level not in AI_LEVELS:
        raise IllegalMove(f"Unknown AI level {level!r}; use one of {', '.join(AI_LEVELS)}.")
    if not game.stack:
        if game.mask[seat] & 1:
            return HIT
        if level == "simple":
            return HIT if game.round_score(seat) < SIMPLE_STAY_AT else STAY
        return HIT if _should_hit(game, seat) else STAY
    decision = game.decision(seat)
    if decision is None:
        raise IllegalMove("This seat has nothing to decide.")
    if level == "simple":
        return _simple_choice(seat, decision.options)
    return _strong_choice(game, seat, decision.options)


# ------------------------------------------------------------------ simple


def _simple_choice(seat: int, options: list[Action]) -> Action:
    """First option aimed at someone else, else the first option."""
    for option in options:
        if getattr(option, "seat", seat) != seat:
            return option
    return options[0]


# ------------------------------------------------------------------ hit or stay


def _pool(game: Flip7Game) -> tuple[list[int], int]:
    """Counts of the cards the next draw can be: the draw pile, or the discard pile if the
    draw pile is empty (it is reshuffled in)."""
    if game.draw:
        return game.unseen, len(game.draw)
    counts = [0] * len(game.unseen)
    for card in game.discard:
        counts[card] += 1
    return counts, len(game.discard)


def _bust_cards(row: list[int], counts: list[int]) -> tuple[int, int]:
    """How many of `counts` would bust `row`, and their total value (F4, F8)."""
    bust = 0
    value = 0
    thirteens = 0
    lucky = False
    for card in row:
        if card >= FIRST_ACTION:
            continue
        held = VALUE[card]
        if held == 13:
            thirteens += 1
            lucky = lucky or card == LUCKY_13
        else:
            bust += counts[held]
            value += held * counts[held]
    if thirteens == 1 and not lucky:
        bust += counts[13]
        value += 13 * counts[13]
    elif thirteens >= 2:
        bust += counts[13] + counts[LUCKY_13]
        value += 13 * (counts[13] + counts[LUCKY_13])
    return bust, value


def hit_value(game: Flip7Game, seat: int) -> float:
    """Expected round score after one more card, from the public card counts."""
    counts, total = _pool(game)
    row = game.rows[seat]
    if not total:
        return float(game.round_score(seat))
    number_sum = 0
    halves = 0
    minus = 0
    zero = False
    for card in row:
        if card < FIRST_ACTION:
            number_sum += VALUE[card]
            zero = zero or card == ZERO
        elif card == HALVE:
            halves += 1
        else:
            minus += MINUS[card]
    numbers = sum(counts[:FIRST_ACTION])
    number_value = sum(map(int.__mul__, counts[:FIRST_ACTION], _NUMBER_VALUES))
    bust, bust_value = _bust_cards(row, counts)
    unlucky = counts[UNLUCKY_7]
    safe = numbers - bust - unlucky
    expected = 0.0
    if safe > 0:
        mean = (number_value - bust_value - 7 * unlucky) / safe
        score = max(0.0, (number_sum + mean) / (1 << halves) - minus)
        if game.nums[seat] == 6:
            expected += safe * (score + FLIP7_BONUS)
        elif not zero:
            expected += safe * score
    expected += unlucky * 7
    expected += (total - numbers) * game.round_score(seat)
    return expected / total


def _should_hit(game: Flip7Game, seat: int) -> bool:
    """One-step expected value, bent by the race to the goal (F1)."""
    score = game.round_score(seat)
    mine = game.totals[seat] + score
    best_other = max((t + game.round_score(p) for p, t in enumerate(game.totals) if p != seat),
                     default=0)
    if mine >= game.goal and mine > best_other + 5:
        return False
    if best_other >= game.goal and best_other >= mine and _others_done(game, seat):
        return True
    return hit_value(game, seat) > score


def _others_done(game: Flip7Game, seat: int) -> bool:
    return all(s != ACTIVE for p, s in enumerate(game.status) if p != seat)


# ------------------------------------------------------------------ targets and picks


def _weights(game: Flip7Game, seat: int) -> list[float]:
    """How much a point for each player is worth to `seat`: +1 for itself, negative for
    opponents, most negative for whoever leads the race."""
    standing = [t + game.round_score(p) for p, t in enumerate(game.totals)]
    leader = max((standing[p] for p in range(len(standing)) if p != seat), default=0)
    weights = []
    for p, points in enumerate(standing):
        if p == seat:
            weights.append(1.0)
        elif points == leader:
            weights.append(-1.5)
        else:
            weights.append(-1.0 / max(1, len(standing) - 2))
    return weights


def _bust_chance(game: Flip7Game, seat: int) -> float:
    counts, total = _pool(game)
    if not total:
        return 0.0
    return _bust_cards(game.rows[seat], counts)[0] / total


def _future(game: Flip7Game, seat: int) -> float:
    """What an active player still stands to add by hitting on (lost if forced to stay)."""
    if game.status[seat] != ACTIVE:
        return 0.0
    return max(0.0, 0.4 * (25 - game.round_score(seat)))


def _draws_delta(game: Flip7Game, seat: int, draws: int) -> float:
    """Rough change in a player's round score from taking `draws` more cards."""
    score = game.round_score(seat)
    chance = _bust_chance(game, seat)
    survive = 1.0
    for k in range(draws):
        survive *= max(0.0, 1.0 - chance - 0.06 * k)
    gain = survive * (score + 6.5 * draws) - score
    if game.nums[seat] + draws >= 7:
        gain += survive * FLIP7_BONUS
    return gain


def _strong_choice(game: Flip7Game, seat: int, options: list[Action]) -> Action:
    top = game.stack[-1]
    weights = _weights(game, seat)
    if top[0] == BONUS:
        return max(options, key=lambda o: FLIP7_BONUS * (1.0 if o.seat == seat
                                                         else -weights[o.seat]))
    if top[0] == RESOLVE:
        card = top[2]
        if card >= FIRST_MODIFIER:
            return max(options, key=lambda o: _modifier_value(game, weights, o.seat, card))
        draws = 1 if card == JUST_ONE_MORE else 4

        def target_value(option: Action) -> float:
            p = option.seat  # type: ignore[union-attr]
            delta = _draws_delta(game, p, draws)
            if draws == 1:
                delta -= _future(game, p)
            return weights[p] * delta

        return max(options, key=target_value)
    return _best_pick(game, seat, top, weights)


def _modifier_value(game: Flip7Game, weights: list[float], target: int, card: int) -> float:
    """Value to the giver of the change a modifier makes to `target`'s round score."""
    status = game.status[target]
    if status == BUSTED:
        delta = float(-MINUS[card])
    elif status == ACTIVE:
        delta = -(MINUS[card] or max(game.round_score(target), 12) / 2)
    else:
        row = game.rows[target]
        delta = row_score([*row, card], brutal=game.brutal) - row_score(row, brutal=game.brutal)
    return weights[target] * delta


def _best_pick(game: Flip7Game, seat: int, top: list[int], weights: list[float]) -> Action:
    """Enumerate every complete Swap/Steal/Discard consistent with the steps taken so far,
    score the resulting rows, and take the step that leads to the best one."""
    kind = top[0]
    holders = [p for p, row in enumerate(game.rows) if row and game.status[p] != BUSTED]
    best: tuple[float, Action] | None = None

    def consider(value: float, step: Action) -> None:
        nonlocal best
        if best is None or value > best[0]:
            best = (value, step)

    if kind == SWAP_STEP:
        first, index, second = top[3], top[4], top[5]
        for p1 in [first] if first >= 0 else holders:
            for i1 in [index] if index >= 0 else range(len(game.rows[p1])):
                for p2 in [second] if second >= 0 else holders:
                    if p2 == p1:
                        continue
                    for i2 in range(len(game.rows[p2])):
                        value = _swap_value(game, weights, p1, i1, p2, i2)
                        if first < 0:
                            step: Action = ChoosePlayer(p1)
                        elif index < 0:
                            step = ChooseCard(p1, i1)
                        elif second < 0:
                            step = ChoosePlayer(p2)
                        else:
                            step = ChooseCard(p2, i2)
                        consider(value, step)
    else:
        victim = top[3]
        steal = kind == STEAL_STEP
        for p in [victim] if victim >= 0 else holders:
            if steal and p == seat:
                continue
            for i in range(len(game.rows[p])):
                if steal:
                    value = _steal_value(game, weights, seat, p, i)
                else:
                    row = game.rows[p]
                    value = weights[p] * (_score_of(game, p, row[:i] + row[i + 1:])
                                          - game.round_score(p))
                consider(value, ChoosePlayer(p) if victim < 0 else ChooseCard(p, i))
    assert best is not None
    return best[1]


def _score_of(game: Flip7Game, seat: int, row: list[int]) -> float:
    """Round score of a non-busted row, valuing an active player's open potential a little."""
    score = row_score(row, brutal=game.brutal)
    return score + (0.2 * max(0, 25 - score) if game.status[seat] == ACTIVE else 0.0)


def _after_arrival(game: Flip7Game, seat: int, row: list[int], card: int) -> float:
    """Score of `row` after `card` arrives by Swap or Steal (bust, Unlucky 7, Flip 7)."""
    if card < FIRST_ACTION:
        if card == UNLUCKY_7:
            return _score_of(game, seat, [card])
        if busts(row, card):
            return 0.0
        new_row = [*row, card]
        if sum(1 for c in new_row if c < FIRST_ACTION) == 7:
            return row_score(new_row, flip7=True, brutal=game.brutal) + 20.0
        return _score_of(game, seat, new_row)
    return _score_of(game, seat, [*row, card])


def _swap_value(game: Flip7Game, weights: list[float], p1: int, i1: int, p2: int,
                i2: int) -> float:
    row1, row2 = game.rows[p1], game.rows[p2]
    c1, c2 = row1[i1], row2[i2]
    new1 = _after_arrival(game, p1, row1[:i1] + row1[i1 + 1:], c2)
    new2 = _after_arrival(game, p2, row2[:i2] + row2[i2 + 1:], c1)
    return (weights[p1] * (new1 - _score_of(game, p1, row1))
            + weights[p2] * (new2 - _score_of(game, p2, row2)))


def _steal_value(game: Flip7Game, weights: list[float], seat: int, victim: int,
                 index: int) -> float:
    row = game.rows[victim]
    card = row[index]
    gain = _after_arrival(game, seat, game.rows[seat], card) - _score_of(game, seat,
                                                                         game.rows[seat])
    loss = _score_of(game, victim, row[:index] + row[index + 1:]) - _score_of(game, victim, row)
    return gain + weights[victim] * loss
