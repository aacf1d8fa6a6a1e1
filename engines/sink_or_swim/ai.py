"""AI seats for Sink or Swim. They choose among `game.decision(seat).options` and decide from
`game.view(seat)` only: their own hand, the public tide piles and belts, and the cards they
know are gone or held (`known_hands`)."""

from __future__ import annotations

from itertools import permutations

from engines.base import Game, IllegalMove
from engines.sink_or_swim.actions import Pick
from engines.sink_or_swim.hard import hard_pick
from engines.sink_or_swim.strong import Opponent, beliefs, level_of, strong_pick
from engines.sink_or_swim.views import SinkOrSwimView

AI_LEVELS = ("simple", "strong", "hard")


def choose(game: Game[Pick], seat: int, level: str = "strong") -> Pick:
    """Pick a card for `seat`; "simple" follows one rule of thumb, "strong" weighs the odds,
    "hard" plays against the picks it expects of the others."""
    if level not in AI_LEVELS:
        raise IllegalMove("unknown_ai_level", level=level, levels=AI_LEVELS)
    view, cards = pick_choices(game, seat)
    return Pick(PICKERS[level](view, cards))


def pick_choices(game: Game[Pick], seat: int) -> tuple[SinkOrSwimView, list[int]]:
    """The seat's own view and the cards it may pick now, lowest first (what every level
    and the practice hint decide from)."""
    decision = game.decision(seat)
    if decision is None:
        raise IllegalMove("nothing_to_pick", seat=seat)
    view = game.view(seat)
    assert isinstance(view, SinkOrSwimView)
    return view, sorted(option.card for option in decision.options if isinstance(option, Pick))


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
    ranges = [_card_range(opponent) for opponent in beliefs(view, cards, others, 0)]
    return Pick(min(cards, key=lambda card: (_worst_cost(view, card, others, ranges), card)))


def _card_range(opponent: Opponent) -> tuple[int, int]:
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


def _simple(view: SinkOrSwimView, cards: list[int]) -> int:
    """Grab the lower tide card with the top card when it would lower my tide, else duck."""
    assert view.seat is not None
    mine = level_of(view.players[view.seat].showing)
    low = view.tide_cards[0]
    return cards[-1] if low < mine else cards[0]


PICKERS = {"simple": _simple, "strong": strong_pick, "hard": hard_pick}
