"""AI seats for Flip 7.

Both levels read only public information: the rows, statuses and totals everyone sees, the
discard pile and `game.unseen`, the draw pile as counts per card. Those counts are what an
attentive player knows (every other card is face up, in the discard pile or was seen
flipped); the order of the draw pile is never read. The fields are read directly rather than
through `view()` because a decision has to cost microseconds for the simulator. A game is
typed as `EffectRules` (the table and its pending choice) where that is all a choice reads.
The time-out policy (`timeout_move`: the strong AI's judgement, played safe for the absent
player) lives here too: the rules import no AI.
"""

from __future__ import annotations

from collections.abc import Callable
from math import inf
from operator import add

from engines.base import IllegalMove
from engines.flip7 import hard
from engines.flip7.actions import HIT, PLAYER_CHOICES, STAY, Action, ChoosePlayer, player_choice
from engines.flip7.arrivals import FLIP7_SIZE
from engines.flip7.cards import (
    FIRST_MODIFIER,
    HALVE,
    JUST_ONE_MORE,
    LUCKY_13,
    MINUS,
    UNLUCKY_7,
    ZERO_BIT,
    is_number,
    number_totals,
)
from engines.flip7.effects import Bonus, DiscardPick, Pick, StealPick, SwapPick
from engines.flip7.game import Flip7Game
from engines.flip7.picks import (
    LEADER_WEIGHT,
    NOBODY,
    NOT_PLAIN,
    OPEN_ROW_TARGET,
    pick_plans,
    pick_steps,
    plan_steps,
    quick_weights,
    search_pick,
)
from engines.flip7.resolve import EffectRules
from engines.flip7.scoring import FLIP7_BONUS, busts, round_points, row_score
from engines.flip7.table import ACTIVE, BUSTED, OVER

AI_LEVELS = ("simple", "strong", "hard")
SIMPLE_STAY_AT = 20
RACE_MARGIN = 60
"""Points from the goal at which the race starts to bend hit-or-stay decisions."""


def choose(game: EffectRules, seat: int, level: str = "strong") -> Action:
    """The move this seat's AI makes now."""
    if not game.stack and seat == game.turn and game.phase != OVER:  # hit or stay
        must_hit = game.mask[seat] & ZERO_BIT  # The Zero forbids staying (F8)
        if level == "strong":
            return HIT if must_hit or _should_hit(game, seat) else STAY
        if level == "hard":
            return HIT if must_hit or hard.should_hit(game, seat) else STAY
        if level == "simple":  # stays from 20 points
            return HIT if must_hit or game.round_score(seat) < SIMPLE_STAY_AT else STAY
    if level not in AI_LEVELS:
        raise IllegalMove("unknown_ai_level", level=level)
    if game.is_over:
        raise IllegalMove("game_over")
    if seat != game.decider():
        raise IllegalMove("not_your_turn", seat=game.decider())
    # Not over, the decider, and no hit-or-stay turn (handled above): a stack choice.
    options = game.stack_options()
    if level == "simple":
        return _simple_choice(seat, options)
    if level == "hard":
        return _hard_choice(game, seat, options)
    return _strong_choice(game, seat, options)


def timeout_move(game: Flip7Game, seat: int) -> Action:
    """A member's lapsed turn, played safe for them: Stay (Hit while holding The Zero), +15
    for their own Flip 7 (F12), an action or a modifier aimed at someone else while someone
    else can take it, and a Swap, Steal or Discard that keeps their row whole (`_row_cost`)
    when one can, else the one that costs them least. Within that, the strong AI's
    judgement, which may well hurt the others. Like the AI it reads only what everyone sees."""
    game.check_turn(seat)
    if not game.stack:
        return HIT if game.mask[seat] & ZERO_BIT else STAY
    top = game.stack[-1]
    if isinstance(top, Bonus):
        return PLAYER_CHOICES[seat]
    if isinstance(top, (SwapPick, StealPick, DiscardPick)):
        return _safe_pick(game, seat, top)
    action = choose(game, seat, "strong")
    if action == PLAYER_CHOICES[seat]:
        others = [option for option in game.stack_options() if option != action]
        if others:
            return _strong_choice(game, seat, others)
    return action


Cost = tuple[bool, int, int, bool]
"""What a pick costs the absent seat's row, worst first: a bust, points off their round
score, number cards lost (a Flip 7 further away), a card of theirs given to someone."""
NO_COST: Cost = (False, 0, 0, False)


def _safe_pick(game: Flip7Game, seat: int, top: Pick) -> Action:
    """The next step of the complete Swap/Steal/Discard that costs `seat` least, the
    strong AI's best of those. Each step searches again and meets the same pick: the steps
    taken narrow the picks to a set that still holds it."""
    best: tuple[Cost, float] | None = None
    chosen: tuple[int, ...] = ()
    for plan, worth in pick_plans(game, seat, top):
        key = (_pick_cost(game, seat, top, plan), -worth)
        if best is None or key < best:
            best, chosen = key, plan
    return plan_steps(top, chosen)[0]


def _pick_cost(game: Flip7Game, seat: int, top: Pick, plan: tuple[int, ...]) -> Cost:
    """What the complete pick `plan` of `top` does to `seat`'s row."""
    rows = game.rows
    if isinstance(top, SwapPick):
        first, index, second, other = plan
        if seat == first:
            return _row_cost(game, seat, index, rows[second][other])
        if seat == second:
            return _row_cost(game, seat, other, rows[first][index])
        return NO_COST
    victim, index = plan
    if isinstance(top, StealPick):
        return _row_cost(game, seat, None, rows[victim][index])
    return _row_cost(game, seat, index, None) if victim == seat else NO_COST


def _row_cost(game: Flip7Game, seat: int, out: int | None, card: int | None) -> Cost:
    """The cost to `seat` of the card at index `out` leaving their row and `card` arriving
    (None: nothing), as the rules would move them (F8, F10): a number can bust the row or
    wipe it (Unlucky 7), The Zero zeroes it, a modifier goes straight in. A card leaving
    for another row (`out` and `card` both given: a Swap) is given away."""
    row = list(game.rows[seat])
    if out is not None:
        row.pop(out)
    if card is not None and is_number(card):
        if busts(row, card):  # the row scores nothing, and counts no number card
            lost = game.nums[seat]
            return (True, max(0, game.round_score(seat)), lost, out is not None)
        row = [card] if card == UNLUCKY_7 else [*row, card]
    elif card is not None:
        row.append(card)
    numbers = sum(1 for held in row if is_number(held))
    after = row_score(row, flip7=numbers >= FLIP7_SIZE, brutal=game.brutal)
    return (
        False,
        max(0, game.round_score(seat) - after),
        max(0, game.nums[seat] - numbers),
        out is not None and card is not None,
    )


# ------------------------------------------------------------------ simple


def _simple_choice(seat: int, options: list[Action]) -> Action:
    """First option aimed at someone else, else the first option."""
    for option in options:
        if getattr(option, "seat", seat) != seat:
            return option
    return options[0]


# ------------------------------------------------------------------ hit or stay


def _pool(game: EffectRules) -> tuple[list[int], int, int, int]:
    """The cards the next draw can be, as (counts, cards, number cards, number points): the
    draw pile, or the discard pile when the draw pile is empty (it is reshuffled in)."""
    if game.draw:
        return game.unseen, len(game.draw), game.unseen_numbers, game.unseen_points
    counts = game.counts_outside_rows()  # the draw pile is empty: the discard pile
    return (counts, len(game.discard), *number_totals(counts))


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


def _should_hit(game: EffectRules, seat: int) -> bool:
    """The strong AI's hit or stay: hit when the expected round score after one more card
    beats the score now, judged from the public card counts and bent by the race to the
    goal (F1). Actions and modifiers count as leaving the score unchanged (the drawer aims
    them elsewhere). The caller handled The Zero, so the row scores its `round_points`
    without it.

    The commonest row, plain numbers only (see `NOT_PLAIN`) with a draw pile, is worked out
    here: each card's id is its value, the score is the number sum, and the cards that bust
    the row are the unseen copies of its cards (a plain 13 is busted by a plain 13 only). A
    deck holds at most v copies of value v, so the bust cards weigh sum(copies * (v + score))
    <= decks * score * (score + 13): a low row below the points still to come hits without
    counting them (`_odds_favour_hit` would agree)."""
    plain = not game.mask[seat] & NOT_PLAIN
    if plain:
        score = game.numsum[seat]
    else:
        score = round_points(
            game.numsum[seat], game.halves[seat], game.minus[seat], zero=False, brutal=game.brutal
        )
    if game.best_total + RACE_MARGIN >= game.goal and (
        game.totals[seat] + score >= game.goal or game.status.count(ACTIVE) == 1
    ):
        race = _race(game, seat, score)
        if race is not None:
            return race
    if not plain or not game.draw:
        return _odds_favour_hit(game, seat, score)
    unseen = game.unseen
    unlucky = unseen[UNLUCKY_7]
    points = game.unseen_points
    if score * (game.decks * (score + 13) + unlucky) < points:
        return True
    bust = bust_points = 0
    for card in game.rows[seat]:
        copies = unseen[card]
        bust += copies
        bust_points += card * copies
    gain = points - bust_points  # what the safe cards add, summed over the draw pile
    if game.nums[seat] == 6:
        gain += FLIP7_BONUS * (game.unseen_numbers - bust - unlucky)
    return gain > score * (bust + unlucky)


def _odds_favour_hit(game: EffectRules, seat: int, score: int) -> bool:
    """Does one more card raise the expected round score? Bust cards score 0, Unlucky 7
    leaves 7, actions and modifiers leave `score`, a safe number adds the mean of the safe
    numbers (and Flip 7's bonus as the seventh). Without ÷2 and minus cards the rule is
    multiplied out, exact in integers."""
    counts, total, numbers, points = _pool(game)
    if not total:
        return False
    bust, bust_points = _bust_cards(game.rows[seat], counts)
    unlucky = counts[UNLUCKY_7]
    safe = numbers - bust - unlucky
    flip7_next = game.nums[seat] == 6
    if not game.halves[seat] and not game.minus[seat]:
        gain = points - bust_points + (FLIP7_BONUS * safe if flip7_next else 0)
        return gain > score * (bust + unlucky)
    expected = unlucky * 7.0 + (total - numbers) * score
    if safe > 0:
        mean = (points - bust_points - 7 * unlucky) / safe
        after = (game.numsum[seat] + mean) / (1 << game.halves[seat]) - game.minus[seat]
        if after < 0 and not game.brutal:
            after = 0.0
        expected += safe * (after + FLIP7_BONUS if flip7_next else after)
    return expected > score * total


def _race(game: EffectRules, seat: int, score: int) -> bool | None:
    """Near the goal: stay on a clear win; hit when the last one playing and someone else
    is set to win. The caller checks first that one of the two can apply."""
    totals = game.totals
    mine = totals[seat] + score
    standing = list(map(add, totals, game.round_scores()))
    standing[seat] = NOBODY
    best_other = max(standing)
    if mine >= game.goal and mine > best_other + 5:
        return False
    if best_other >= game.goal and best_other >= mine and game.status.count(ACTIVE) == 1:
        return True
    return None


# ------------------------------------------------------------------ targets and modifiers


def _weights(game: EffectRules, seat: int, scores: list[int]) -> list[float]:
    """What a point for each player is worth to `seat`: +1 for itself, negative for
    opponents, most negative for whoever leads the race. `scores` are the round scores."""
    standing = [t + score for t, score in zip(game.totals, scores, strict=True)]
    mine = standing[seat]
    standing[seat] = NOBODY
    leader = max(standing)
    standing[seat] = mine
    other = -1.0 / max(1, len(standing) - 2)
    weights = [LEADER_WEIGHT if points == leader else other for points in standing]
    weights[seat] = 1.0
    return weights


def _open_potential(game: EffectRules, seat: int, score: int) -> float:
    """What an active player still stands to add by hitting on."""
    if game.status[seat] != ACTIVE:
        return 0.0
    return max(0.0, 0.4 * (OPEN_ROW_TARGET - score))


def _draws_delta(
    game: EffectRules, seat: int, draws: int, counts: list[int], total: int, score: int
) -> float:
    """Rough change in a player's round score (`score` now) from being made to take `draws`
    cards (1 for Just One More!, 4 for Flip Four!): each card busts with the row's chance, a
    little more for every card already taken, and is otherwise worth about 6.5 points."""
    chance = _bust_cards(game.rows[seat], counts)[0] / total if total else 0.0
    if draws == 1:
        survive = 1.0 - chance
        gain = survive * (score + 6.5) - score - _open_potential(game, seat, score)
    else:
        survive = (
            0.0
            if chance >= 0.82
            else ((1.0 - chance) * (0.94 - chance) * (0.88 - chance) * (0.82 - chance))
        )
        gain = survive * (score + 26.0) - score
    if game.nums[seat] + draws >= 7:
        gain += survive * FLIP7_BONUS
    return gain


def _modifier_delta(game: EffectRules, target: int, card: int, score: int) -> float:
    """The change a modifier makes to `target`'s round score (`score` now; guessed for open
    rows)."""
    status = game.status[target]
    if status == BUSTED:
        return float(-MINUS[card])
    if status == ACTIVE:
        return -(MINUS[card] or max(score, 12) / 2)
    if game.mask[target] & ZERO_BIT:
        return 0.0  # The Zero already makes it 0
    if card == HALVE:
        numsum = game.numsum[target]
        halves = game.halves[target]
        return round_points(numsum, halves + 1, 0, zero=False) - round_points(
            numsum, halves, 0, zero=False
        )
    after = score - MINUS[card]
    return float((after if after > 0 or game.brutal else 0) - score)


def _strong_choice(game: EffectRules, seat: int, options: list[Action]) -> Action:
    top = game.stack[-1]
    if isinstance(top, (SwapPick, StealPick, DiscardPick)):  # search the picks
        return pick_steps(game, seat, top)[0]
    # The bonus's and a Resolve's options are all players (`step_options`), which mypy can't
    # tell from the entry's class. (Just One More! and Flip Four! never wait for a choice.)
    players: list[ChoosePlayer] = options  # type: ignore[assignment]
    weights = quick_weights(game, seat)
    if isinstance(top, Bonus):
        return _bonus_choice(seat, players, weights)
    if top.card >= FIRST_MODIFIER:
        return _modifier_choice(game, top.card, players, weights)
    return _draws_choice(game, seat, top.card, players, weights)


def _bonus_choice(seat: int, options: list[ChoosePlayer], weights: list[float]) -> ChoosePlayer:
    """Brutal Flip 7: +15 for itself, or −15 for whoever it weighs most (F12)."""
    return max(options, key=lambda o: FLIP7_BONUS * (1.0 if o.seat == seat else -weights[o.seat]))


def _modifier_choice(
    game: EffectRules, card: int, options: list[ChoosePlayer], weights: list[float]
) -> ChoosePlayer:
    """A modifier that hurts the leader goes to the leader; else every option is weighed,
    the first with the highest worth taken, as max() would. (On an active row every modifier
    counts as a loss: see _modifier_delta.)"""
    leader = weights.index(LEADER_WEIGHT)
    status = game.status[leader]
    if status != BUSTED and (
        status == ACTIVE or _modifier_delta(game, leader, card, game.round_score(leader)) < 0
    ):
        return player_choice(leader)
    best = options[0]
    best_worth = -inf
    for option in options:
        target = option.seat
        worth = weights[target] * _modifier_delta(game, target, card, game.round_score(target))
        if worth > best_worth:
            best, best_worth = option, worth
    return best


def _draws_choice(
    game: EffectRules, seat: int, card: int, options: list[ChoosePlayer], weights: list[float]
) -> ChoosePlayer:
    """Just One More! or Flip Four!: weigh each target's expected change. Only itself and
    the leader are weighed when the leader can be a target (the options are in seat order,
    so the lower seat wins a tie)."""
    counts, total, _, _ = _pool(game)
    draws = 1 if card == JUST_ONE_MORE else 4
    leader = weights.index(LEADER_WEIGHT)
    targets = [option.seat for option in options]
    if game.status[leader] != BUSTED:  # the leader is one of the options
        targets = [target for target in sorted((seat, leader)) if target in targets]
    best_target = targets[0]
    best_worth = -inf
    for target in targets:
        delta = _draws_delta(game, target, draws, counts, total, game.round_score(target))
        worth = weights[target] * delta
        if worth > best_worth:
            best_target, best_worth = target, worth
    return player_choice(best_target)


# ------------------------------------------------------------------ the hard AI's choices


def _hard_choice(game: EffectRules, seat: int, options: list[Action]) -> Action:
    """The strong AI's searches and estimates, weighed by the win model (`hard.py`): a
    point for each opponent weighs by their chance to win, brutal Flip 7's 15 points go
    where they leave the best chance."""
    top = game.stack[-1]
    weights = hard.win_weights(game, seat)
    if isinstance(top, (SwapPick, StealPick, DiscardPick)):
        return plan_steps(top, search_pick(game, seat, top, weights))[0]
    players: list[ChoosePlayer] = options  # type: ignore[assignment]  # as in _strong_choice
    if isinstance(top, Bonus):
        return player_choice(hard.bonus_to(game, seat, [option.seat for option in players]))
    return _weighed_target(players, weights, target_delta(game))


def target_delta(game: EffectRules) -> Callable[[int], float]:
    """For the pending card that targets a player (a modifier, Just One More!, Flip Four!,
    brutal Flip 7's 15 points), the change it is expected to make to a target's round score,
    as the hard AI reckons it (a practice hint gives the same number)."""
    top = game.stack[-1]
    if isinstance(top, Bonus):
        decider = game.decider()
        return lambda target: float(FLIP7_BONUS if target == decider else -FLIP7_BONUS)
    if top.card >= FIRST_MODIFIER:
        return lambda target: _modifier_delta(game, target, top.card, game.round_score(target))
    counts, total, _, _ = _pool(game)
    draws = 1 if top.card == JUST_ONE_MORE else 4
    return lambda target: _draws_delta(game, target, draws, counts, total, game.round_score(target))


def _weighed_target(
    options: list[ChoosePlayer], weights: list[float], delta: Callable[[int], float]
) -> ChoosePlayer:
    """The option whose weighed change `weights[target] * delta(target)` is highest, the
    first of equals."""
    return max(options, key=lambda option: weights[option.seat] * delta(option.seat))
