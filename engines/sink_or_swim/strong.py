"""The strong Sink or Swim AI: the card with the best expected value over who takes which
tide card, with each opponent's pick guessed from what the seat knows of their hand. The
hard AI reuses its pieces to guess the others' picks."""

from __future__ import annotations

from bisect import bisect_left

from engines.sink_or_swim.cards import WEATHER_CARDS
from engines.sink_or_swim.game import TRICKS_PER_ROUND
from engines.sink_or_swim.views import SinkOrSwimView

# Weights of the strong AI, tuned by simulation against the simple one.
SHOWING_WEIGHT = 0.1  # cost of a showing tide card that tops the rivals', per trick still to play
RAW_WEIGHT = 0.5  # share of that cost that grows with the tide value itself
CARD_WEIGHT = 0.1  # cost of spending a card that beats the table, early in the round
ELIMINATION_COST = 1.5  # an owed belt with none left: −1 and no more bonus
INTENT_WEIGHT = 0.8  # how surely an opponent plays top card to grab a lower tide, else bottom


def level_of(shown: int | None) -> int:
    return shown or 0


class Opponent:
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


def trick_outcome(shown: int, rival_levels: list[int], belt_cost: float, tricks_left: int) -> float:
    """What showing tide `shown` after a trick is worth against the rivals' `rival_levels`:
    a belt lost when it is the highest (S4.4), a price for staying exposed over the tricks
    still to play, and the lowest-tide bonus on the last trick (S6)."""
    value = -belt_cost if floods(shown, rival_levels) else 0.0
    exposed = sum(
        1.0 if level < shown else 0.5 if level == shown else 0.0 for level in rival_levels
    ) / max(1, len(rival_levels))
    value -= SHOWING_WEIGHT * tricks_left * (exposed * exposed + RAW_WEIGHT * shown / 12)
    if tricks_left == 0 and shown <= min(rival_levels, default=0):
        value += 1.0  # the lowest-tide bonus
    return value


def floods(shown: int, rival_levels: list[int]) -> bool:
    """Whether showing tide `shown` after a trick costs a belt: the highest, ties too (S4.4)."""
    return shown > 0 and shown >= max(rival_levels, default=0)


def strong_pick(view: SinkOrSwimView, cards: list[int]) -> int:
    """Choose the card with the best expected value over who takes which tide card."""
    seat = view.seat
    assert seat is not None
    players = view.players
    low, high = view.tide_cards
    mine = level_of(players[seat].showing)
    others = [s for s, p in enumerate(players) if s != seat and not p.eliminated]
    opponents = beliefs(view, cards, others, low)
    rivals = [level_of(players[s].showing) for s in others]
    tricks_left = TRICKS_PER_ROUND - view.trick
    belt_cost = 1.0 if players[seat].belts > 0 else ELIMINATION_COST
    # what taking the lower tide card, the higher one, or none is worth: the same for every card
    takes_low, takes_high, takes_none = (
        trick_outcome(shown, [*rivals, rest], belt_cost, tricks_left)
        for shown, rest in ((low, high), (high, low), (mine, high))
    )
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
            first * takes_low
            + second * takes_high
            + none * takes_none
            - CARD_WEIGHT * (1 - beaten) * tricks_left / TRICKS_PER_ROUND
        )
        if value > best_value:
            best_card, best_value = card, value
    return best_card


def beliefs(view: SinkOrSwimView, cards: list[int], others: list[int], low: int) -> list[Opponent]:
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
        wants = low < level_of(players[s].showing)
        beliefs.append(Opponent(list(known[s]), unknown, pool, wants))
    return beliefs
