"""A saved Sequence Numbers state's invariants, checked when it loads. A state that breaks
one (a turn at a seat that doesn't exist, a card that isn't one or is there twice, a chip
of no team) is refused with IllegalMove("bad_state") instead of playing on wrongly; the
bot quarantines it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from engines.base import IllegalMove
from engines.sequence_numbers.board import CORNERS, SIZE
from engines.sequence_numbers.cards import FULL_DECK
from engines.sequence_numbers.scoring import EMPTY

if TYPE_CHECKING:
    from engines.sequence_numbers.game import SequenceGame


def check_game(game: SequenceGame, allowed_teams: Callable[[int], tuple[int, ...]]) -> None:
    """Raise IllegalMove("bad_state", reason=...) at the first invariant the state breaks.
    `allowed_teams(players)` gives the team counts the rules allow at that table (G2)."""
    checks: tuple[Callable[[], str | None], ...] = (
        lambda: _seats(game, allowed_teams),
        lambda: _cards(game),
        lambda: _board(game),
        lambda: _progress(game),
    )
    for check in checks:
        problem = check()
        if problem is not None:
            raise IllegalMove("bad_state", reason=problem)


def _seats(game: SequenceGame, allowed_teams: Callable[[int], tuple[int, ...]]) -> str | None:
    if not all(isinstance(name, str) and name.strip() for name in game.names):
        return "a seat without a name"
    if game.num_teams not in allowed_teams(len(game.names)):
        return f"{game.num_teams!r} teams at {len(game.names)} seats"
    if game.required not in (1, 2) or type(game.required) is not int:
        return f"{game.required!r} SEQUENCES to win"
    if len(game.hands) != len(game.names) or len(game.sequences) != game.num_teams:
        return f"hands for {len(game.hands)} seats, counts for {len(game.sequences)} teams"
    return None


def _cards(game: SequenceGame) -> str | None:
    """The draw pile, the discard pile and the hands hold the deck, each card once (G4)."""
    held = [*game.draw_pile, *game.discard, *(card for hand in game.hands for card in hand)]
    if Counter(held) != Counter(FULL_DECK):
        return "the cards don't add up to the deck"
    if game.pending_card is not None and game.pending_card not in game.hands[game.turn]:
        return f"a card chosen that isn't in the hand: {game.pending_card!r}"
    return None


def _board(game: SequenceGame) -> str | None:
    teams = range(game.num_teams)
    if len(game.chips) != SIZE * SIZE:
        return f"a board of {len(game.chips)} cells"
    if not all(chip == EMPTY or chip in teams for chip in game.chips):
        return "a chip of no team"
    if any(game.chips[corner] != EMPTY for corner in CORNERS):
        return "a chip on a free corner"
    if not all(type(cell) is int and game.chips[cell] in teams for cell in game.locked):
        return "a locked cell without a chip"
    if not all(type(count) is int and count >= 0 for count in game.sequences):
        return f"SEQUENCE counts {game.sequences}"
    return None


def _progress(game: SequenceGame) -> str | None:
    if type(game.turn) is not int or not 0 <= game.turn < len(game.names):
        return f"turn {game.turn!r} of {len(game.names)} seats"
    if game.winner_team is not None and game.winner_team not in range(game.num_teams):
        return f"winner {game.winner_team!r}"
    if not all(type(n) is int and n >= 0 for n in (game.turns, game.steps, game.passes)):
        return "turn counts that aren't counts"
    return None
