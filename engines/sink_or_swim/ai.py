"""AI seats for Sink or Swim. They choose among `game.decision(seat).options` and decide from
`game.view(seat)` only: their own hand, the public tide piles and belts, and the cards they
know are gone or held (`known_hands`)."""

from __future__ import annotations

from bisect import bisect_left
from itertools import permutations

from engines.base import Game, IllegalMove
from engines.sink_or_swim.actions import Pick
from engines.sink_or_swim.cards import WEATHER_CARDS
from engines.sink_or_swim.game import TRICKS_PER_ROUND
from engines.sink_or_swim.views import SinkOrSwimView

AI_LEVELS = ("simple", "strong")

# Weights of the strong AI, tuned by simulation against the simple one.
SHOWING_WEIGHT = 0.1  # cost of a showing tide card that tops the rivals', per trick still to play
RAW_WEIGHT = 0.5  # share of that cost that grows with the tide value itself
CARD_WEIGHT = 0.1  # cost of spending a card that beats the table, early in the round
ELIMINATION_COST = 1.5  # an owed belt with none left: −1 and no more bonus
INTENT_WEIGHT = 0.8  # how surely an opponent plays top card to grab a lower tide, else bottom


def choose(game: Game[Pick], seat: int, level: str = "strong") -> Pick:
    """Pick a card for `seat`; "simple" follows one rule of thumb, "strong" weighs the odds."""
    if level not in AI_LEVELS:
        raise IllegalMove("unknown_ai_level", level=level, levels=AI_LEVELS)
    decision = game.decision(seat)
    if decision is None:
        raise IllegalMove("nothing_to_pick", seat=seat)
    view = game.view(seat)
    assert isinstance(view, SinkOrSwimView)
    cards = sorted(option.card for option in decision.options if isinstance(option, Pick))
    card = _simple(view, cards) if level == "simple" else _strong(view, cards)
    return Pick(card)


def timeout_move(game: Game[Pick], seat: int) -> Pick:
    """A seat that lets its time run out plays safe: its lowest card among those that can't
    cost it a belt whatever the others pick (`_worst_cost`), judged from its own view; when
    every card might, its lowest of the least costly."""
    decision = game.decision(seat)
    if decision is None:
        raise IllegalMove("nothing_to_pick", seat=seat)
    view = game.view(seat)
    assert isinstance(view, SinkOrSwimView)
    cards = sorted(option.card for option in decision.options if isinstance(option, Pick))
    others = [s for s, p in enumerate(view.players) if s != seat and not p.eliminated]
    ranges = [_card_range(opponent) for opponent in _beliefs(view, cards, others, 0)]
    return Pick(min(cards, key=lambda card: (_worst_cost(view, card, others, ranges), card)))


def _card_range(opponent: _Opponent) -> tuple[int, int]:
    """The lowest and highest card an opponent may hold."""
    possible = opponent.known + (opponent.pool if opponent.unknown else [])
    return (min(possible), max(possible)) if possible else (0, 0)


def _worst_cost(
    view: SinkOrSwimView, card: int, others: list[int], ranges: list[tuple[int, int]]
) -> int:
    """What playing `card` can cost at worst: 0, a belt (1), or the round (2: no belt left,
    S5). The card takes the lower tide card if no opponent plays above it, the higher if one
    does, nothing otherwise (S4); the opponents' cards are known only as ranges."""
    assert view.seat is not None
    me = view.players[view.seat]
    low, high = view.tide_cards
    outcomes = ((low, [high]), (high, [low]), (me.showing, [low, high]))
    surely_above = sum(1 for least, _ in ranges if least > card)
    maybe_above = sum(1 for _, most in ranges if most > card)
    ranks = {min(rank, 2) for rank in range(surely_above, maybe_above + 1)}
    shown = {s: view.players[s].showing for s in others}
    if not any(_may_flood(*outcomes[rank], shown) for rank in ranks):
        return 0
    return 2 if me.belts == 0 else 1


def _may_flood(mine: int | None, rest: list[int], shown: dict[int, int | None]) -> bool:
    """Whether showing `mine` can be the highest (ties too, S4.4) once the tide cards `rest`
    go to some of the others (`shown`: what each shows now), each to a different one."""
    if mine is None:
        return False  # showing nothing is never the highest
    for takers in permutations(shown, len(rest)):
        after = shown | dict(zip(takers, rest, strict=True))
        if max((level for level in after.values() if level is not None), default=-1) <= mine:
            return True
    return False


def _level(shown: int | None) -> int:
    return shown or 0


def _simple(view: SinkOrSwimView, cards: list[int]) -> int:
    """Grab the lower tide card with the top card when it would lower my tide, else duck."""
    assert view.seat is not None
    mine = _level(view.players[view.seat].showing)
    low = view.tide_cards[0]
    return cards[-1] if low < mine else cards[0]


class _Opponent:
    """What is known about one opponent's next pick: a belief about the cards they hold."""

    def __init__(self, known: list[int], unknown: int, pool: list[int], wants: bool) -> None:
        self.known = known
        self.unknown = unknown
        self.pool = pool
        self.size = len(known) + unknown
        self.wants = wants

    def below(self, card: int) -> float:
        """Chance this opponent plays under `card`. They are expected to play their top card
        when the lower tide card would help them and their bottom card when it would not,
        blended with a uniform pick for the players who think otherwise."""
        if self.size == 0:
            return 1.0
        known_below = bisect_left(self.known, card)
        pool_share = bisect_left(self.pool, card) / len(self.pool) if self.pool else 0.0
        uniform = (known_below + self.unknown * pool_share) / self.size
        if self.wants:
            extreme = pool_share**self.unknown if known_below == len(self.known) else 0.0
        else:
            extreme = 1.0 if known_below else 1 - (1 - pool_share) ** self.unknown
        return INTENT_WEIGHT * extreme + (1 - INTENT_WEIGHT) * uniform


def _strong(view: SinkOrSwimView, cards: list[int]) -> int:
    """Choose the card with the best expected value over who takes which tide card."""
    seat = view.seat
    assert seat is not None
    players = view.players
    low, high = view.tide_cards
    mine = _level(players[seat].showing)
    others = [s for s, p in enumerate(players) if s != seat and not p.eliminated]
    opponents = _beliefs(view, cards, others, low)
    rivals = [_level(players[s].showing) for s in others]
    tricks_left = TRICKS_PER_ROUND - view.trick
    belt_cost = 1.0 if players[seat].belts > 0 else ELIMINATION_COST

    def outcome(shown: int, rival_levels: list[int]) -> float:
        value = -belt_cost if shown > 0 and shown >= max(rival_levels, default=0) else 0.0
        exposed = sum(
            1.0 if level < shown else 0.5 if level == shown else 0.0 for level in rival_levels
        ) / max(1, len(rival_levels))
        value -= SHOWING_WEIGHT * tricks_left * (exposed * exposed + RAW_WEIGHT * shown / 12)
        if tricks_left == 0 and shown <= min(rival_levels, default=0):
            value += 1.0  # the lowest-tide bonus
        return value

    best_card, best_value = cards[0], float("-inf")
    for card in cards:
        below = [opponent.below(card) for opponent in opponents]
        first = 1.0
        for share in below:
            first *= share
        second = 0.0
        for i, share in enumerate(below):
            rest = 1 - share
            for j, other in enumerate(below):
                if j != i:
                    rest *= other
            second += rest
        none = max(0.0, 1 - first - second)
        beaten = sum(1 - share for share in below) / max(1, len(below))
        value = (
            first * outcome(low, [*rivals, high])
            + second * outcome(high, [*rivals, low])
            + none * outcome(mine, [*rivals, high])
            - CARD_WEIGHT * (1 - beaten) * tricks_left / TRICKS_PER_ROUND
        )
        if value > best_value:
            best_card, best_value = card, value
    return best_card


def _beliefs(
    view: SinkOrSwimView, cards: list[int], others: list[int], low: int
) -> list[_Opponent]:
    """Each opponent's possible cards: the ones known to be in their hand, plus their unknown
    cards drawn from every card not yet accounted for."""
    players = view.players
    known = view.known_hands
    accounted = set(cards)
    for s, player in enumerate(players):
        accounted.update(known[s])
        accounted.update(player.played)
    pool = [card for card in WEATHER_CARDS if card not in accounted]
    beliefs = []
    for s in others:
        unknown = players[s].hand_size - len(known[s])
        wants = low < _level(players[s].showing)
        beliefs.append(_Opponent(list(known[s]), unknown, pool, wants))
    return beliefs
