"""Nim, the test suite's own game: proof that the platform serves any game that keeps the
contract in engines/base.py, with no line about it anywhere in bot/ or the shared cogs.

A heap of stones; in turn each player takes one, two or three; whoever takes the last
stone wins. Registered in `engines.GAMES` when this module is imported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engines.base import (
    SCHEMA,
    BadCode,
    Decision,
    Event,
    Game,
    GameInfo,
    IllegalMove,
    Option,
    Outcome,
    check_action,
    check_seat,
    ranked,
    reading_state,
    refuse_broken,
    register,
)

MOST_PER_TURN = 3


@dataclass(frozen=True, slots=True)
class Take:
    stones: int

    @property
    def code(self) -> str:
        return f"take{self.stones}"


@dataclass(frozen=True, slots=True)
class NimView:
    stones: int
    turn: int | None
    winner: int | None


class NimGame:
    def __init__(self, names: list[str], stones: int, turn: int = 0, moves: int = 0) -> None:
        self.names = list(names)
        self.stones = stones
        self.turn = turn
        self.moves = moves
        self.winner: int | None = None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def opening_events(self) -> list[Event]:
        return [Event("heap", {"stones": self.stones})]

    def to_act(self) -> list[int]:
        return [] if self.is_over else [self.turn]

    def decision(self, seat: int) -> Decision[Take] | None:
        if self.is_over or seat != self.turn:
            return None
        options = tuple(Take(n) for n in range(1, min(MOST_PER_TURN, self.stones) + 1))
        return Decision("take", seat, options, {"stones": self.stones})

    def legal_actions(self, seat: int) -> list[Take]:
        decision = self.decision(seat)
        return list(decision.options) if decision else []

    def apply(self, seat: int, action: Take) -> list[Event]:
        check_seat(seat, len(self.names))
        if self.is_over:
            raise IllegalMove("game_over")
        if seat != self.turn:
            raise IllegalMove("not_your_turn", seat=self.turn)
        if check_action(action, (Take,)) not in self.legal_actions(seat):
            raise IllegalMove("too_many", left=self.stones)
        self.stones -= action.stones
        self.moves += 1
        events = [Event("took", {"seat": seat, "stones": action.stones, "left": self.stones})]
        if self.stones == 0:
            self.winner = seat
            events.append(Event("won", {"seat": seat}))
        else:
            self.turn = (seat + 1) % len(self.names)
        return events

    def view(self, seat: int | None) -> NimView:
        return NimView(self.stones, None if self.is_over else self.turn, self.winner)

    def epoch(self) -> int:
        return self.moves

    def resample(self, seat: int, rng: Any) -> NimGame:
        return NimGame.from_dict(self.to_dict())  # nothing is hidden in Nim

    def turn_id(self) -> int:
        return self.moves

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        scores = [int(seat == self.winner) for seat in range(len(self.names))]
        return ranked([self.winner], scores, reason="last_stone_taken")

    def to_dict(self) -> dict[str, Any]:
        return {
            SCHEMA: 1,
            "names": self.names,
            "stones": self.stones,
            "turn": self.turn,
            "moves": self.moves,
            "winner": self.winner,
        }

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> NimGame:
        with reading_state():
            game = cls(raw["names"], raw["stones"], raw["turn"], raw["moves"])
            game.winner = raw["winner"]
            refuse_broken(game, (_seats, _heap))
            return game


def _seats(game: NimGame) -> str | None:
    players = len(game.names)
    if not 2 <= players <= 4 or not all(type(name) is str for name in game.names):
        return f"names {game.names!r}"
    if type(game.turn) is not int or not 0 <= game.turn < players:
        return f"turn {game.turn!r}"
    if game.winner is not None and (type(game.winner) is not int or not 0 <= game.winner < players):
        return f"winner {game.winner!r}"
    return None


def _heap(game: NimGame) -> str | None:
    if type(game.stones) is not int or type(game.moves) is not int or game.moves < 0:
        return f"stones {game.stones!r}, moves {game.moves!r}"
    if game.stones < 0 or (game.stones == 0) != (game.winner is not None):
        return f"{game.stones} stones left, winner {game.winner!r}"
    return None


def new_game(names: list[str], seed: int, *, stones: int = 15) -> NimGame:
    return NimGame(names, stones, turn=seed % len(names))


def action_from_code(code: str) -> Take:
    found = re.fullmatch(r"take([1-3])", code)
    if found is None:
        raise BadCode()
    return Take(int(found.group(1)))


def choose(game: Any, seat: int, level: str) -> Take:
    """The perfect player leaves a multiple of four when it can."""
    assert isinstance(game, NimGame)
    best = game.stones % (MOST_PER_TURN + 1)
    return Take(best if best and level == "perfect" else 1)


NIM = register(
    GameInfo(
        key="nim",
        min_players=2,
        max_players=4,
        new_game=new_game,
        from_dict=NimGame.from_dict,
        action_from_code=action_from_code,
        choose_ai=choose,
        ai_levels=("simple", "perfect"),
        timeout_move=lambda game, seat: Take(1),
        options=(Option("stones", 15, 5, 30),),
    )
)

if TYPE_CHECKING:  # mypy holds the game class to the contract, with its own moves
    _CONTRACT: type[Game[Take]] = NimGame
