"""The conformance checks catch what they are for: each runs on a copy of a game broken on
purpose (Nim, or a small hidden-card game) and must fail, while the sound copy passes."""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Any

import pytest

from engines.base import (
    Decision,
    Event,
    GameInfo,
    IllegalMove,
    Outcome,
    check_action,
    check_seat,
    ranked,
)
from tests.conformance.contract import Seen, check_texts, check_views, play
from tests.nim.engine import NIM, NimGame, Take


def _nim_info(game_class: type[NimGame]) -> GameInfo:
    def new_game(names: list[str], seed: int, *, stones: int = 15) -> NimGame:
        return game_class(names, stones, turn=seed % len(names))

    return dataclasses.replace(NIM, new_game=new_game, from_dict=game_class.from_dict)


class TrustingNim(NimGame):
    """Takes any action equal to a legal one, so Take(True) passes for Take(1)."""

    def apply(self, seat: int, action: Any) -> list[Event]:
        if isinstance(action, Take) and action in self.legal_actions(seat):
            return super().apply(seat, Take(int(action.stones)))
        return super().apply(seat, action)


class MysteryNim(NimGame):
    """Emits an event kind its texts have no words for."""

    def apply(self, seat: int, action: Any) -> list[Event]:
        return [*super().apply(seat, action), Event("mystery", {"seat": seat})]


class SilentNim(NimGame):
    """Makes no event for a move, which its renderer has no replay words for."""

    def apply(self, seat: int, action: Any) -> list[Event]:
        events = super().apply(seat, action)
        return [event for event in events if event.kind != "took"]


def test_a_wrong_typed_apply_is_caught() -> None:
    info = _nim_info(NimGame)
    play(info, info.new_game(["a", "b"], 1), 1, Seen())  # the sound game passes
    broken = _nim_info(TrustingNim)
    with pytest.raises(AssertionError, match=r"was accepted"):
        play(broken, broken.new_game(["a", "b"], 1), 1, Seen())


async def test_an_unworded_event_kind_is_caught(simcord_env) -> None:
    renderer = simcord_env.bot.get_cog("Desk").renderers["nim"]
    sound, seen = _nim_info(NimGame), Seen()
    play(sound, sound.new_game(["a", "b"], 1), 1, seen)
    check_texts(renderer, seen, ["a", "b"])
    broken, seen = _nim_info(MysteryNim), Seen()
    play(broken, broken.new_game(["a", "b"], 1), 1, seen)
    with pytest.raises(AssertionError, match="no words for event 'mystery'"):
        check_texts(renderer, seen, ["a", "b"])


async def test_i46_4_a_move_without_an_event_or_replay_words_is_caught(simcord_env) -> None:
    """A replay tells every step: a move that makes no event needs the renderer's words."""
    renderer = simcord_env.bot.get_cog("Desk").renderers["nim"]
    broken, seen = _nim_info(SilentNim), Seen()
    play(broken, broken.new_game(["a", "b"], 1), 1, seen)
    assert seen.quiet
    with pytest.raises(AssertionError, match="no replay words for Take"):
        check_texts(renderer, seen, ["a", "b"])


# -- a small game with hidden cards: each seat holds one secret card; the higher one wins --


@dataclass(frozen=True)
class Reveal:
    @property
    def code(self) -> str:
        return "reveal"


@dataclass(frozen=True)
class HighCardView:
    own: int | None
    revealed: tuple[int, ...]


class HighCard:
    def __init__(self, names: list[str], cards: list[int], revealed: int = 0) -> None:
        self.names, self.cards, self.revealed = list(names), list(cards), revealed

    @property
    def is_over(self) -> bool:
        return self.revealed == len(self.names)

    def opening_events(self) -> list[Event]:
        return []

    def to_act(self) -> list[int]:
        return [] if self.is_over else [self.revealed]

    def decision(self, seat: int) -> Decision | None:
        return Decision("reveal", seat, (Reveal(),)) if seat in self.to_act() else None

    def legal_actions(self, seat: int) -> list[Any]:
        return [Reveal()] if seat in self.to_act() else []

    def apply(self, seat: int, action: Any) -> list[Event]:
        check_seat(seat, len(self.names))
        check_action(action, (Reveal,))
        if seat not in self.to_act():
            raise IllegalMove("not_your_turn", seat=self.revealed)
        self.revealed += 1
        return []

    def view(self, seat: int | None) -> HighCardView:
        own = None if seat is None else self.cards[seat]
        return HighCardView(own, tuple(self.cards[: self.revealed]))

    def resample(self, seat: int, rng: random.Random) -> HighCard:
        hidden = [s for s in range(self.revealed, len(self.names)) if s != seat]
        unseen = [
            c for c in range(1, 20) if c not in self.view(seat).revealed and c != self.cards[seat]
        ]
        cards = list(self.cards)
        for other, card in zip(hidden, rng.sample(unseen, len(hidden)), strict=True):
            cards[other] = card
        return type(self)(self.names, cards, self.revealed)

    def epoch(self) -> int:
        return self.revealed

    def turn_id(self) -> int:
        return self.revealed

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        return ranked([self.cards.index(max(self.cards))], self.cards, reason="cards_shown")

    def to_dict(self) -> dict[str, Any]:
        return {"names": self.names, "cards": self.cards, "revealed": self.revealed}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> HighCard:
        return cls(raw["names"], raw["cards"], raw["revealed"])


DECK = range(1, 20)


class LeakyHighCard(HighCard):
    """Shows everyone's cards in every view."""

    def view(self, seat: int | None) -> HighCardView:
        return HighCardView(None if seat is None else self.cards[seat], tuple(self.cards))


def _high_card_info(game_class: type[HighCard]) -> GameInfo:
    return GameInfo(
        key="highcard",
        min_players=2,
        max_players=4,
        new_game=lambda names, seed: game_class(
            names, random.Random(seed).sample(range(1, 20), len(names))
        ),
        from_dict=game_class.from_dict,
        action_from_code=lambda code: Reveal(),
        choose_ai=lambda game, seat, level: Reveal(),
        ai_levels=("simple",),
        timeout_move=lambda game, seat: Reveal(),
        hidden_hands=True,
    )


def test_a_view_that_leaks_a_hand_is_caught() -> None:
    sound = _high_card_info(HighCard)
    game = sound.new_game(["a", "b", "c"], 3)
    assert check_views(sound, game, 3, "sound")  # hidden cards moved, views kept
    broken = _high_card_info(LeakyHighCard)
    game = broken.new_game(["a", "b", "c"], 3)
    with pytest.raises(AssertionError, match="view shows hidden cards"):
        check_views(broken, game, 3, "leaky")
