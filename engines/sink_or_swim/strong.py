"""The strong Sink or Swim AI: the card with the best expected value over who takes which
tide card, with each opponent's pick guessed from what the seat knows of their hand. The
hard AI reuses its pieces to guess the others' picks."""

from __future__ import annotations

from bisect import bisect_left
from math import prod

from engines.sink_or_swim.cards import WEATHER_CARDS
from engines.sink_or_swim.game import TRICKS_PER_ROUND
from engines.sink_or_swim.views import PlayerView, SinkOrSwimView

# Weights of the strong AI, tuned by simulation against the simple one.
SHOWING_WEIGHT = 0.1  # cost of a showing tide card that tops the rivals', per trick still to play
RAW_WEIGHT = 0.5  # share of that cost that grows with the tide value itself
CARD_WEIGHT = 0.1  # cost of spending a card that beats the table, early in the round
ELIMINATION_COST = 1.5  # an owed belt with none left: −1 and no more bonus
INTENT_WEIGHT = 0.8  # how surely an opponent plays top card to grab a lower tide, else bottom
UNIFORM_WEIGHT = 1 - INTENT_WEIGHT  # the share of players who pick any card alike


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

    def below(self, cards: list[int]) -> list[float]:
        """Chance this opponent plays under each of `cards`. They are expected to play their
        top card when the lower tide card would help them and their bottom card when it would
        not, blended with a uniform pick for the players who think otherwise. (All cards in
        one call: the hard AI asks it of every card of many hands per pick.)"""
        if self.size == 0:
            return [1.0] * len(cards)
        # locals: this loop runs for every card of every hand the hard AI imagines
        known, unknown, pool, size, wants = (
            self.known,
            self.unknown,
            self.pool,
            self.size,
            self.wants,
        )
        all_known, pool_size = len(known), len(pool) or 1  # no pool: no share of it below
        shares = []
        for card in cards:
            known_below = bisect_left(known, card)
            pool_share = bisect_left(pool, card) / pool_size
            uniform = (known_below + unknown * pool_share) / size
            if wants:
                extreme = pool_share**unknown if known_below == all_known else 0.0
            else:
                extreme = 1.0 if known_below else 1 - (1 - pool_share) ** unknown
            shares.append(INTENT_WEIGHT * extreme + UNIFORM_WEIGHT * uniform)
        return shares


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


class Outlook:
    """What a seat's pick can lead to, whatever the cards in anyone's hand: the value of
    taking the lower tide card, the higher one, or none (S4.3), and the tricks still to play.
    Worked out once per seat; the hard AI reuses it in every deal."""

    def __init__(self, view: SinkOrSwimView, seat: int) -> None:
        players = view.players
        low, high = view.tide_cards
        mine = level_of(players[seat].showing)
        self.others = [s for s, p in enumerate(players) if s != seat and not p.eliminated]
        rivals = [level_of(players[s].showing) for s in self.others]
        self.tricks_left = TRICKS_PER_ROUND - view.trick
        belt_cost = 1.0 if players[seat].belts > 0 else ELIMINATION_COST
        self.takes_low, self.takes_high, self.takes_none = (
            trick_outcome(shown, [*rivals, rest], belt_cost, self.tricks_left)
            for shown, rest in ((low, high), (high, low), (mine, high))
        )


def strong_pick(view: SinkOrSwimView, cards: list[int]) -> int:
    """Choose the card with the best expected value over who takes which tide card."""
    assert view.seat is not None
    outlook = Outlook(view, view.seat)
    return best_card(cards, beliefs(view, cards, outlook.others, view.tide_cards[0]), outlook)


Odds = tuple[float, float, float, float]
"""For one card, from the opponents' chances to play under it: the chance it takes the lower
tide card (all play under it), the higher (all but one do) or none, and the mean chance an
opponent plays over it."""


def best_card(
    cards: list[int],
    opponents: list[Opponent],
    outlook: Outlook,
    known_odds: dict[tuple[float, ...], Odds] | None = None,
) -> int:
    """The card with the best expected value against `opponents`. `known_odds` keeps the
    odds of the chances met before: the hard AI meets the same ones many times a decision."""
    memo = {} if known_odds is None else known_odds
    tricks_left = outlook.tricks_left
    # per card, each opponent's chance to play under it
    columns = _below_columns(opponents, cards)
    belows = list(zip(*columns, strict=True)) if columns else [()] * len(cards)
    best, best_value = cards[0], float("-inf")
    previous: tuple[float, ...] | None = None
    for card, below in zip(cards, belows, strict=True):
        if below == previous:
            continue  # the same chances as the card before: the same value, which didn't beat it
        previous = below
        if below not in memo:
            memo[below] = odds(below)
        low, high, none, beaten = memo[below]
        value = (
            low * outlook.takes_low
            + high * outlook.takes_high
            + none * outlook.takes_none
            - CARD_WEIGHT * (1 - beaten) * tricks_left / TRICKS_PER_ROUND
        )
        if value > best_value:
            best, best_value = card, value
    return best


def odds(below: tuple[float, ...]) -> Odds:
    """A card's `Odds` from each opponent's chance to play under it (`below`)."""
    # the products and the sum in this order, which the values' last bits depend on
    low = prod(below, start=1.0)
    high = 0.0
    for i in range(len(below)):
        high += prod((*below[:i], *below[i + 1 :]), start=1 - below[i])
    none = max(0.0, 1 - low - high)
    beaten = sum([1 - share for share in below]) / max(1, len(below))
    return low, high, none, beaten


def _below_columns(opponents: list[Opponent], cards: list[int]) -> list[list[float]]:
    """Each opponent's `below` of the cards, asked once of a belief opponents share."""
    asked: dict[int, list[float]] = {}
    for opponent in opponents:
        if id(opponent) not in asked:
            asked[id(opponent)] = opponent.below(cards)
    return [asked[id(opponent)] for opponent in opponents]


def beliefs(view: SinkOrSwimView, cards: list[int], others: list[int], low: int) -> list[Opponent]:
    """Each opponent's possible cards: the ones known to be in their hand, plus their unknown
    cards drawn from every card not yet accounted for."""
    return beliefs_from(view.players, view.known_hands, cards, others, low, unplayed(view))


def unplayed(view: SinkOrSwimView) -> set[int]:
    """The weather cards not played yet this round, wherever they are."""
    return set(WEATHER_CARDS).difference(*(player.played for player in view.players))


def beliefs_from(
    players: tuple[PlayerView, ...],
    known: tuple[tuple[int, ...], ...],
    cards: list[int],
    others: list[int],
    low: int,
    unplayed: set[int],
) -> list[Opponent]:
    """`beliefs` from its parts: the hard AI asks it of many imagined views of one table,
    which share the players and the cards played."""
    pool = sorted(unplayed.difference(cards, *known))
    # Opponents known alike (often all of them early in a round) share one belief, which the
    # pickers then ask once.
    alike: dict[tuple[tuple[int, ...], int, bool], Opponent] = {}
    beliefs = []
    for s in others:
        unknown = players[s].hand_size - len(known[s])
        wants = low < level_of(players[s].showing)
        belief = (known[s], unknown, wants)
        if belief not in alike:
            alike[belief] = Opponent(list(known[s]), unknown, pool, wants)
        beliefs.append(alike[belief])
    return beliefs
