"""The simulator's speed layer: the rules engine's game with its hottest paths inlined.

`FastGame` is a `Flip7Game` that builds no events (it only counts busts and Flip 7s) and
whose hit-or-stay turns (the bulk of every game), deal, card arrivals and round ends run
inline on the engine's lists. Rarer effects go through the rules engine's own methods. For
AI-only games `play_ai` also inlines the strong AI's hit rule for rows of plain numbers and
takes a Swap/Steal/Discard plan's steps in a row. The rules engine never imports this
package; `test_flip7_fast.py` plays thousands of games both ways and requires identical
states at every step.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from math import inf
from typing import Any

from engines.base import Event
from engines.flip7 import ai, picks
from engines.flip7.actions import HIT, Action, ChooseCard, ChoosePlayer
from engines.flip7.arrivals import FLIP7_SIZE
from engines.flip7.cards import (
    DISCARD,
    FIRST_ACTION,
    FIRST_MODIFIER,
    FLIP_FOUR,
    HALVE,
    JUST_ONE_MORE,
    LUCKY_13,
    NOT_PLAIN,
    ODD_CARDS,
    SWAP,
    UNLUCKY_7,
    VALUE,
    VALUE_BIT,
    ZERO_BIT,
)
from engines.flip7.effects import (
    NOT_CHOSEN,
    Bonus,
    DiscardPick,
    Effect,
    FlipFour,
    JustOneMore,
    Pick,
    Resolve,
    StealPick,
    SwapPick,
)
from engines.flip7.game import DEFAULT_GOAL, Flip7Game, start
from engines.flip7.picks import (
    FLIP7_END_VALUE,
    LEADER_WEIGHT,
    OPEN_ROW_TARGET,
    quick_weights,
)
from engines.flip7.picks import _value as row_value
from engines.flip7.scoring import FLIP7_BONUS, busts
from engines.flip7.table import ACTIVE, BUSTED, DEAL, FLIP7, NOBODY, OVER, PLAY, STAYED

_NO_CARD = 99  # what the turn loop "draws" from an empty pile: no card id
_PICKS = (SwapPick, StealPick, DiscardPick)
_PLAIN_LIMIT = 13  # a plain number below 13 busts a row holding its value (no Lucky 13)


class _Tally(list[Event]):
    """An event sink that keeps no event, only the counts the simulator reports (the few
    events FastGame still builds, on rare paths, pass through here)."""

    __slots__ = ("busts", "flip7s")

    def __init__(self) -> None:
        super().__init__()
        self.busts = 0
        self.flip7s = 0

    def append(self, event: Event) -> None:
        if event.kind == "bust":
            self.busts += 1
        elif event.kind == "flip7":
            self.flip7s += 1


class FastGame(Flip7Game):
    """A Flip7Game for AI-only play: `play_ai`, or `turn_runner` and `choose_steps`,
    instead of `apply` (which still works, but returns only the events of rare paths)."""

    __slots__ = ("tally",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tally = _Tally()

    # ------------------------------------------------------------------ driving the game

    def choose_steps(self, actions: Iterable[Action]) -> None:
        """Apply choices on the pending stack effect, legal by construction (the AI picks
        among the options), then resolve on to the next decision."""
        stack, tally = self.stack, self.tally
        for action in actions:
            self._choose(stack[-1], action, tally)
        self._run(tally)

    def play_ai(self, strong: list[bool]) -> None:
        """Play the game to its end with AI seats (`strong[seat]`: the strong AI, else the
        simple one): the same game as `choose` + `apply` move by move. A strong seat's
        Swap/Steal/Discard takes its whole plan (`pick_plan`) at once, and its aim of a
        modifier, Just One More! or Flip Four! is `aim_target`."""
        stack, tally = self.stack, self.tally
        run_turns = self.turn_runner(None, strong)
        strong_choice, simple_choice = ai._strong_choice, ai._simple_choice
        while self.phase != OVER:
            if not stack:
                run_turns()
                continue
            top = stack[-1]
            seat = top.seat
            if not strong[seat]:
                self.choose_steps([simple_choice(seat, self.stack_options())])
            elif isinstance(top, Resolve):
                self._options = None
                self._aim_at(top, aim_target(self, seat, top.card))
                self._run(tally)
            elif isinstance(top, _PICKS):
                self._take_plan(top, pick_plan(self, seat, top))
            else:
                self.choose_steps([strong_choice(self, seat, self.stack_options())])

    def _take_plan(self, top: Pick, plan: tuple[int, ...]) -> None:
        """Carry out a whole Swap (p1, i1, p2, i2) or Steal/Discard (victim, index) as its
        steps through `_choose` would, then resolve on."""
        self._options = None
        self.stack.pop()
        discard = self.discard
        discard.append(top.card)
        tally = self.tally
        if len(plan) == 4:
            first, index, second, other = plan
            out_first = self._take_from_row(first, index)
            out_second = self._take_from_row(second, other)
            self._arrive(first, out_second, tally)
            self._arrive(second, out_first, tally)
        else:
            victim, index = plan
            taken = self._take_from_row(victim, index)
            if type(top) is StealPick:
                self._arrive(top.seat, taken, tally)
            else:
                discard.append(taken)
        self._run(tally)

    def turn_runner(
        self, decide: Callable[[int], bool] | None, strong: list[bool] | None = None
    ) -> Callable[[], None]:
        """A function that plays hit-or-stay turns until a stack choice is pending or the
        game is over: the same as apply(seat, HIT or STAY) turn by turn. Each turn is
        decided by `decide(seat)` (True: hit), or with `decide` None by the AI of `strong`,
        whose hit rule is inlined for a strong seat with a draw pile and no Zero (the race
        check, then `the plain-row rule of `ai._should_hit`, else the odds rule
        `ai._odds_favour_hit`). A stay and
        the commonest hits (a number the row lacks short of Flip 7, or a plain number it
        holds: a bust) are inlined; every other card goes through `_hit`. The game's lists
        keep their identity for the whole game, so they are bound once."""
        stack, status, draw, rows = self.stack, self.status, self.draw, self.rows
        mask, nums, numsum, unseen = self.mask, self.nums, self.numsum, self.unseen
        clockwise, tally, bust_len, totals = self.clockwise, self.tally, self.bust_len, self.totals
        strong = strong or []
        goal, decks = self.goal, self.decks
        race_from = goal - ai.RACE_MARGIN
        bust_cards = ai._bust_cards
        levels = ["strong" if seat_strong else "simple" for seat_strong in strong]
        halves, minus, brutal = self.halves, self.minus, self.brutal

        def run_turns() -> None:
            if stack or self.phase == OVER:
                return
            seat = self.turn
            while True:
                if decide is not None:
                    self.turn = seat  # a test's `decide` compares whole states
                    hit = decide(seat)
                elif not strong[seat] or not draw or mask[seat] & ZERO_BIT:
                    self.turn = seat
                    hit = ai.choose(self, seat, levels[seat]) is HIT
                else:  # ai._should_hit inlined, and its rule for a row of plain numbers
                    odd = mask[seat] & ODD_CARDS
                    score = numsum[seat]
                    if odd:
                        score = (score >> halves[seat]) - minus[seat]
                        if score < 0 and not brutal:
                            score = 0
                    hit = None
                    if self.best_total >= race_from and (
                        totals[seat] + score >= goal or status.count(ACTIVE) == 1
                    ):
                        # ai._race, the round scores of plain and busted rows inlined
                        mine = totals[seat] + score
                        best_other = -(1 << 62)
                        for p, total in enumerate(totals):
                            if p == seat:
                                continue
                            state = status[p]
                            if state != BUSTED and state != FLIP7 and not mask[p] & NOT_PLAIN:
                                total += numsum[p]
                            elif state != BUSTED or brutal:
                                total += self.round_score(p)
                            if total > best_other:
                                best_other = total
                        if mine >= goal and mine > best_other + 5:
                            hit = False
                        elif (
                            best_other >= goal and best_other >= mine and status.count(ACTIVE) == 1
                        ):
                            hit = True
                    if hit is None and odd:  # ai._odds_favour_hit
                        bust, bust_points = bust_cards(rows[seat], unseen)
                        unlucky = unseen[UNLUCKY_7]
                        total = len(draw)
                        numbers = total - self.unseen_others
                        points = self.unseen_points
                        safe = numbers - bust - unlucky
                        flip7_next = nums[seat] == 6
                        if not halves[seat] and not minus[seat]:
                            gain = points - bust_points + (FLIP7_BONUS * safe if flip7_next else 0)
                            hit = gain > score * (bust + unlucky)
                        else:
                            expected = unlucky * 7.0 + (total - numbers) * score
                            if safe > 0:
                                mean = (points - bust_points - 7 * unlucky) / safe
                                after = (numsum[seat] + mean) / (1 << halves[seat]) - minus[seat]
                                if after < 0 and not brutal:
                                    after = 0.0
                                expected += safe * (after + FLIP7_BONUS if flip7_next else after)
                            hit = expected > score * total
                    elif hit is None:
                        unlucky = unseen[UNLUCKY_7]
                        points = self.unseen_points
                        if score * (decks * (score + 13) + unlucky) < points:
                            hit = True
                        else:
                            bust = bust_points = 0
                            for held in rows[seat]:
                                copies = unseen[held]
                                bust += copies
                                bust_points += held * copies
                            points -= bust_points
                            if nums[seat] == 6:
                                safe = len(draw) - self.unseen_others - bust - unlucky
                                points += FLIP7_BONUS * safe
                            hit = points > score * (bust + unlucky)
                if hit:
                    card = draw[-1] if draw else _NO_CARD
                    held = mask[seat]
                    if card < UNLUCKY_7 and not held & VALUE_BIT[card] and nums[seat] != 6:
                        # A plain number the row lacks, short of Flip 7: the row grows.
                        draw.pop()
                        unseen[card] -= 1
                        self.unseen_points -= card
                        rows[seat].append(card)
                        mask[seat] = held | VALUE_BIT[card]
                        numsum[seat] += card
                        nums[seat] += 1
                    elif card < _PLAIN_LIMIT and held & VALUE_BIT[card]:
                        # A plain number below 13 the row holds: a bust.
                        draw.pop()
                        unseen[card] -= 1
                        self.unseen_points -= card
                        row = rows[seat]
                        row.append(card)
                        status[seat] = BUSTED
                        bust_len[seat] = len(row)
                        tally.busts += 1
                    else:  # anything else: the card arrives as the rules engine has it
                        self.turn = seat
                        self.acted = True
                        if card == _NO_CARD:  # the discard pile comes in, or no card
                            if self._deal_card(seat, "hit", tally) is None and held & ZERO_BIT:
                                status[seat] = STAYED  # F7: a Zero holder with no card stays
                        elif card < FIRST_ACTION:  # 13s, Unlucky 7, Lucky 13, Flip 7
                            draw.pop()
                            unseen[card] -= 1
                            self.unseen_points -= VALUE[card]
                            self._add_number(seat, card, tally)
                        else:  # an action or a modifier to resolve
                            draw.pop()
                            unseen[card] -= 1
                            self.unseen_others -= 1
                            stack.append(Resolve(seat, card))
                        self._run(tally)
                        if stack or self.phase == OVER:
                            return
                        seat = self.turn
                        continue
                else:
                    status[seat] = STAYED  # the stack is empty, no Flip 7 is pending
                for nxt in clockwise[seat]:  # the turn passes to the next active player
                    if status[nxt] == ACTIVE:
                        seat = nxt
                        break
                else:  # nobody is active: the round ends
                    self.turn = seat
                    self.acted = True
                    self._run(tally)
                    if stack or self.phase == OVER:
                        return
                    seat = self.turn

        return run_turns

    # ------------------------------------------------------------------ the engine, event-free

    def _run(self, events: list[Event]) -> None:
        """`Flip7Game._run` with the commonest effect steps and the turn passing inlined.
        A choice it stops for keeps its options when it computed them."""
        stack, status = self.stack, self.status
        while self.phase != OVER:
            if stack:
                top = stack[-1]
                if isinstance(top, Resolve):
                    card = top.card
                    if SWAP <= card <= DISCARD:
                        if self._begin_pick(top, events):
                            return
                    elif status[top.seat] == BUSTED:
                        stack.pop()
                        self.discard.append(card)
                    else:  # step_options: everyone, or all but the busted (never 0)
                        busted = status.count(BUSTED)
                        if (
                            not busted
                            or len(status) - busted != 1
                            or (self.brutal and FIRST_MODIFIER <= card < HALVE)
                        ):
                            self._options = None  # computed when asked for
                            return
                        self._aim_at(top, top.seat)  # the one player not busted
                elif isinstance(top, JustOneMore):
                    if not top.drawn:
                        top.drawn = True
                        self._deal_card(top.seat, "jom", events)
                    else:
                        stack.pop()
                        self.discard.append(top.card)
                        if status[top.seat] == ACTIVE:
                            status[top.seat] = STAYED
                elif isinstance(top, FlipFour):
                    self._step_flip_four(top, events)
                elif self._needs_choice(top, events):
                    return
            elif self.flip7 != NOBODY:
                self._end_round(events)
            elif self.phase == DEAL:
                self._deal(events)
            elif self.acted or status[self.turn] != ACTIVE:
                self.acted = False
                for nxt in self.clockwise[self.turn]:
                    if status[nxt] == ACTIVE:
                        self.turn = nxt
                        return
                self._end_round(events)
            else:
                return

    def _aim_at(self, top: Resolve, target: int) -> None:
        """`_aim` without its event."""
        stack = self.stack
        stack.pop()
        card = top.card
        if card >= FIRST_MODIFIER:
            self._put_modifier(target, card)
        elif card == JUST_ONE_MORE:
            stack.append(JustOneMore(target, card))
        else:
            stack.append(FlipFour(target, card))

    def _choose(
        self, top: Effect, action: Action, events: list[Event], *, forced: bool = False
    ) -> None:
        """`_choose` without events for an aim and the last step of a pick."""
        self._options = None
        if isinstance(top, Resolve) and isinstance(action, ChoosePlayer):
            self._aim_at(top, action.seat)
        elif isinstance(top, (StealPick, DiscardPick)) and isinstance(action, ChooseCard):
            self.stack.pop()  # a Steal's or a Discard's card
            self.discard.append(top.card)
            taken = self._take_from_row(top.victim, action.index)
            if isinstance(top, StealPick):
                self._arrive(top.seat, taken, events)
            else:
                self.discard.append(taken)
        else:  # a Swap's step, the bonus (F12), or a Steal's or a Discard's player
            super()._choose(top, action, events, forced=forced)

    def _flip_one_of_four(self, top: FlipFour, events: list[Event]) -> bool:
        card = self._draw(events)
        if card is None:
            return True
        if card < FIRST_ACTION:
            self._add_number(top.seat, card, events)
            return self.flip7 == NOBODY and self.status[top.seat] != BUSTED
        top.aside.append(card)
        return True

    def _deal(self, events: list[Event]) -> None:
        """The opening deal (F5): while the cards of a fresh deal are plain numbers each one
        simply starts an empty row (no bust, no Flip 7); then card by card."""
        count = len(self.names)
        draw, status, first = self.draw, self.status, self.dealer + 1
        if self.deal_next == 0:
            unseen, rows, mask, numsum, nums = (
                self.unseen,
                self.rows,
                self.mask,
                self.numsum,
                self.nums,
            )
            dealt = 0
            while dealt < count and draw and draw[-1] < UNLUCKY_7:
                card = draw.pop()
                seat = (first + dealt) % count
                unseen[card] -= 1
                self.unseen_points -= card
                rows[seat].append(card)
                mask[seat] = VALUE_BIT[card]
                numsum[seat] = card
                nums[seat] = 1
                dealt += 1
            self.deal_next = dealt
        stack = self.stack
        while self.deal_next < count and not stack and self.flip7 == NOBODY:
            seat = (first + self.deal_next) % count
            self.deal_next += 1
            if status[seat] == ACTIVE:
                self._deal_card(seat, "deal", events)
        if self.deal_next == count and not stack and self.flip7 == NOBODY:
            self.phase = PLAY
            self.turn = self.dealer
            self.acted = True

    def _deal_card(self, seat: int, how: str, events: list[Event]) -> int | None:
        card = self._draw(events)
        if card is None:
            return None
        if card < FIRST_ACTION:
            self._add_number(seat, card, events)
        else:
            self.stack.append(Resolve(seat, card))
        return card

    def _add_number(self, seat: int, card: int, events: list[Event]) -> None:
        row = self.rows[seat]
        value = VALUE[card]
        if card == UNLUCKY_7:
            self.discard.extend(row)
            row.clear()
            row.append(UNLUCKY_7)
            self.mask[seat] = VALUE_BIT[7] | ODD_CARDS
            self.nums[seat], self.numsum[seat] = 1, 7
            self.halves[seat] = self.minus[seat] = 0
            return
        if self.mask[seat] & VALUE_BIT[value] and busts(row, card):
            row.append(card)
            self.status[seat] = BUSTED
            self.bust_len[seat] = len(row)
            self.tally.busts += 1
            return
        row.append(card)
        self.mask[seat] |= VALUE_BIT[value] | (ODD_CARDS if card == LUCKY_13 else 0)
        self.numsum[seat] += value
        self.nums[seat] += 1
        if self.nums[seat] == FLIP7_SIZE:
            self._flip_seven(seat, events)

    def _flip_seven(self, seat: int, events: list[Event]) -> None:
        self.status[seat] = FLIP7
        self.flip7 = seat
        self.tally.flip7s += 1
        stack = self.stack
        if stack:
            self.discard.extend(self.held_cards())
            stack.clear()
        if self.brutal:
            stack.append(Bonus(seat))

    def _end_round(self, events: list[Event]) -> None:
        """Score (F7, with the usual row inlined), apply a brutal −15 (F12), end the game
        (F1) or start the next round, as `Flip7Game._end_round` does."""
        totals, mask, numsum, halves, minus = (
            self.totals,
            self.mask,
            self.numsum,
            self.halves,
            self.minus,
        )
        brutal = self.brutal
        for p, state in enumerate(self.status):
            if state > STAYED:
                if state != BUSTED or brutal:
                    totals[p] += self.round_score(p)
            elif not mask[p] & 1:
                score = (numsum[p] >> halves[p]) - minus[p]
                totals[p] += score if score > 0 or brutal else 0
        if self.bonus_to not in (NOBODY, self.flip7):
            totals[self.bonus_to] -= FLIP7_BONUS
        top = self.best_total = max(totals)
        if top >= self.goal and totals.count(top) == 1:
            self.winner = totals.index(top)
            self.phase = OVER
            return
        self._start_round((self.dealer + 1) % len(self.names), events)

    def _start_round(self, dealer: int, events: list[Event]) -> None:
        discard = self.discard
        for row in self.rows:
            discard += row
            row.clear()
        zeros = [0] * len(self.names)  # ACTIVE is 0; lists keep their identity
        self.status[:] = zeros
        self.bust_len[:] = zeros
        self.mask[:] = zeros
        self.nums[:] = zeros
        self.numsum[:] = zeros
        self.halves[:] = zeros
        self.minus[:] = zeros
        self.flip7 = self.bonus_to = NOBODY
        self.round += 1
        self.dealer = dealer
        self.phase = DEAL
        self.deal_next = 0
        self.acted = False


def new_fast_game(
    names: list[str], seed: int, *, goal: int = DEFAULT_GOAL, brutal: bool = False
) -> FastGame:
    """`game.new_game` as a FastGame: the same deal from the same seed."""
    game = start(FastGame, names, seed, goal=goal, brutal=brutal, deck=None, dealer=None)
    game._opening = []
    return game


# ------------------------------------------------------------------ the AI's aims, inlined


def aim_target(game: Flip7Game, seat: int, card: int) -> int:
    """`ai._strong_choice` for a Resolve entry with a choice pending (a modifier, Just One
    More! or Flip Four!; the seat is not busted): the seat it aims the card at. A modifier
    goes to an active leader, or to a leader whom it costs points; Just One More! or Flip
    Four! weighs the seat itself against a leader still in the round."""
    leader = _leader(game, seat)
    state = game.status[leader]
    if card >= FIRST_MODIFIER:
        if state == ACTIVE or (
            state != BUSTED and ai._modifier_delta(game, leader, card, game.round_score(leader)) < 0
        ):
            return leader
        # A Resolve's options are all players (`step_options`); mypy can't tell.
        options: list[ChoosePlayer] = game.stack_options()  # type: ignore[assignment]
        return ai._modifier_choice(game, card, options, quick_weights(game, seat)).seat
    if state == BUSTED or card not in (JUST_ONE_MORE, FLIP_FOUR):
        # `ai._strong_choice` for this Resolve, which is not a modifier's.
        players: list[ChoosePlayer] = game.stack_options()  # type: ignore[assignment]
        return ai._draws_choice(game, seat, card, players, quick_weights(game, seat)).seat
    counts, total, _, _ = ai._pool(game)
    draws = 1 if card == JUST_ONE_MORE else 4
    draws_delta = ai._draws_delta
    mine = 1.0 * draws_delta(game, seat, draws, counts, total, game.round_score(seat))
    theirs = LEADER_WEIGHT * draws_delta(
        game, leader, draws, counts, total, game.round_score(leader)
    )
    if seat < leader:
        return seat if mine >= theirs else leader
    return leader if theirs >= mine else seat


# ------------------------------------------------------------------ the AI's picks, inlined


def _leader(game: Flip7Game, seat: int) -> int:
    """The seat `picks.quick_weights` weighs as the leader: the first opponent with the best
    game total plus number sum (the total alone for a busted row)."""
    totals, numsum, status = game.totals, game.numsum, game.status
    leader, best = -1, 0
    for p, total in enumerate(totals):
        if p != seat:
            standing = total if status[p] == BUSTED else total + numsum[p]
            if leader < 0 or standing > best:
                leader, best = p, standing
    return leader


def _open_worth(score: int, active: bool) -> float:
    """`picks._worth`."""
    if active and score < OPEN_ROW_TARGET:
        return score + 0.4 * (OPEN_ROW_TARGET - score)
    return float(score)


def pick_plan(game: Flip7Game, seat: int, top: Pick) -> tuple[int, ...]:
    """`picks.search_pick` with `quick_weights`, as `picks.pick_steps` searches a pick no step of
    which is taken (a Steal's or a Discard's lone victim may be set): the same plan, the
    commonest searches (a Steal or Discard, a Swap of one of the seat's own cards) inlined
    with the same arithmetic, the same pruning and the same tie rules."""
    status, rows, mask = game.status, game.rows, game.mask
    holders = [p for p, row in enumerate(rows) if row and status[p] != BUSTED]
    count = len(rows)  # picks.quick_weights, from `_leader`
    weights = [-1.0 / (count - 2 if count > 3 else 1)] * count
    weights[_leader(game, seat)] = LEADER_WEIGHT
    weights[seat] = 1.0
    if isinstance(top, SwapPick):
        if top.first != NOT_CHOSEN or seat not in holders:
            return picks.search_pick(game, seat, top, weights)
        return _own_swap_plan(game, seat, holders, weights)
    steal = isinstance(top, StealPick)
    victim = top.victim
    if victim != NOT_CHOSEN:
        players = [victim]
    else:
        players = [p for p in holders if weights[p] == LEADER_WEIGHT] or holders
        if not steal and seat in holders and seat not in players:
            players.append(seat)
    brutal, numsum = game.brutal, game.numsum
    best_value = -inf
    plan: tuple[int, ...] = ()
    mine: picks.Facts | None = None  # the thief's row, summed up when first needed
    if steal:
        mine_now = _open_worth(game.round_score(seat), status[seat] == ACTIVE)
        plain_mine = not mask[seat] & NOT_PLAIN
        sum_mine, active_mine, mask_mine = numsum[seat], status[seat] == ACTIVE, mask[seat]
        flip7_mine = game.nums[seat] == 6
    for p in players:
        if steal and p == seat:
            continue
        active_p = status[p] == ACTIVE
        now_p = _open_worth(game.round_score(p), active_p)
        w = weights[p]
        if not steal and not brutal and w < 0 and w * (0.0 - now_p) <= best_value:
            continue
        if not mask[p] & NOT_PLAIN and (not steal or plain_mine):
            sum_p = numsum[p]
            for i, card in enumerate(rows[p]):
                score = sum_p - card
                if active_p and score < OPEN_ROW_TARGET:
                    value = w * (score + 0.4 * (OPEN_ROW_TARGET - score) - now_p)
                else:
                    value = w * (float(score) - now_p)
                if steal:
                    if mask_mine >> card & 1:
                        value += 0.0 - mine_now
                    elif flip7_mine:
                        value += sum_mine + card + FLIP7_BONUS + FLIP7_END_VALUE - mine_now
                    else:
                        score = sum_mine + card
                        if active_mine and score < OPEN_ROW_TARGET:
                            value += score + 0.4 * (OPEN_ROW_TARGET - score) - mine_now
                        else:
                            value += float(score) - mine_now
                if value > best_value:
                    best_value, plan = value, (p, i)
        else:
            facts_p = picks._facts(game, p)
            if steal and mine is None:
                mine = picks._facts(game, seat)
            for i, card in enumerate(rows[p]):
                value = w * (row_value(facts_p, card, -1, brutal) - now_p)
                if mine is not None:  # a Steal: the card comes into the thief's row
                    value += row_value(mine, -1, card, brutal) - mine_now
                if value > best_value:
                    best_value, plan = value, (p, i)
    return plan


def _own_swap_plan(
    game: Flip7Game, seat: int, holders: list[int], weights: list[float]
) -> tuple[int, ...]:
    """`picks._search_own_swap` inlined (the seat's own weight is 1.0: its gain unscaled)."""
    status, rows, mask, numsum, brutal = game.status, game.rows, game.mask, game.numsum, game.brutal
    active_mine = status[seat] == ACTIVE
    mine_now = _open_worth(game.round_score(seat), active_mine)
    most_mine = picks._most_own_gain(game, seat, 1.0, mine_now)
    now: dict[int, float] = {}
    bound: dict[int, float] = {}
    for p in holders:
        if p != seat:
            now_p = now[p] = _open_worth(game.round_score(p), status[p] == ACTIVE)
            w = weights[p]
            bound[p] = inf if brutal or w >= 0 else w * (0.0 - now_p)
    best_value = -inf
    plan: tuple[int, ...] = ()
    mask_mine, sum_mine, row_mine = mask[seat], numsum[seat], rows[seat]
    plain_mine = not mask_mine & NOT_PLAIN
    mine = None
    for p in sorted(bound, key=bound.__getitem__, reverse=True):
        bound_p = bound[p]
        if bound_p + most_mine < best_value:
            break
        w, now_p, row_p = weights[p], now[p], rows[p]
        if plain_mine and not mask[p] & NOT_PLAIN:
            mask_p, active_p, sum_p = mask[p], status[p] == ACTIVE, numsum[p]
            for i_mine, c_mine in enumerate(row_mine):
                base_mine = sum_mine - c_mine
                base_p = sum_p + c_mine
                p_busts = mask_p >> c_mine & 1
                for i_p, c_p in enumerate(row_p):
                    if c_p != c_mine and mask_mine >> c_p & 1:
                        gain = 0.0 - mine_now
                    else:
                        score = base_mine + c_p
                        if active_mine and score < OPEN_ROW_TARGET:
                            gain = score + 0.4 * (OPEN_ROW_TARGET - score) - mine_now
                        else:
                            gain = float(score) - mine_now
                    if gain + bound_p < best_value:
                        continue
                    if c_mine != c_p and p_busts:
                        value = gain + w * (0.0 - now_p)
                    else:
                        score = base_p - c_p
                        if active_p and score < OPEN_ROW_TARGET:
                            value = gain + w * (score + 0.4 * (OPEN_ROW_TARGET - score) - now_p)
                        else:
                            value = gain + w * (float(score) - now_p)
                    if value >= best_value:
                        own = (seat, i_mine, p, i_p) if seat < p else (p, i_p, seat, i_mine)
                        if value > best_value or own < plan:
                            best_value, plan = value, own
        else:
            if mine is None:
                mine = picks._facts(game, seat)
            facts_p = picks._facts(game, p)
            for i_mine, c_mine in enumerate(row_mine):
                for i_p, c_p in enumerate(row_p):
                    gain = 1.0 * (row_value(mine, c_mine, c_p, brutal) - mine_now)
                    if gain + bound_p < best_value:
                        continue
                    value = gain + w * (row_value(facts_p, c_p, c_mine, brutal) - now_p)
                    if value >= best_value:
                        own = (seat, i_mine, p, i_p) if seat < p else (p, i_p, seat, i_mine)
                        if value > best_value or own < plan:
                            best_value, plan = value, own
    return plan
