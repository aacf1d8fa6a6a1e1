"""What a seat may see of a Sink or Swim table (S8), as frozen dataclasses.

Field names follow the keys of the dicts the views used to be, so a renderer ports by
reading `view.players[0].showing` where it read `view["players"][0]["showing"]`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CardView:
    """A weather card in the viewer's own hand, with the belts printed on it (S2)."""

    card: int
    belts: float


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What everyone sees of one seat: never its hand or its pick, only whether it picked."""

    name: str
    showing: int | None
    belts: int
    eliminated: bool
    picked: bool
    score: int
    hand_size: int
    played: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TrickView:
    """The last resolved trick: plays and taken tide cards as (seat, value) pairs."""

    round: int
    trick: int
    plays: tuple[tuple[int, int], ...]
    took: tuple[tuple[int, int], ...]
    lost_belt: tuple[int, ...]
    eliminated: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SinkOrSwimView:
    """The table as `seat` sees it. A spectator's view (seat None) has an empty `hand`, no
    `pick` and no `known_hands`; a player's view holds only their own hidden cards."""

    round: int
    rounds: int
    trick: int
    tide_cards: tuple[int, ...]
    players: tuple[PlayerView, ...]
    round_scores: tuple[tuple[int, ...], ...]
    last_trick: TrickView | None
    is_over: bool
    winners: tuple[int, ...]
    seat: int | None = None
    hand: tuple[CardView, ...] = ()
    pick: int | None = None
    known_hands: tuple[tuple[int, ...], ...] = ()
