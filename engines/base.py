"""The one contract every game engine implements, and the registry the bot finds games in.

Engines speak in data: an event, a decision and a refusal are each a *kind* plus data
(seats, cards, amounts). No engine builds a sentence; the layer above words every kind for
the person reading it, in their language.
"""

from __future__ import annotations

import copy
import random
import sys
from array import array
from base64 import b64decode, b64encode
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from functools import cache
from importlib import import_module
from math import exp
from pkgutil import iter_modules
from typing import Any, Generic, Protocol, TypeAlias, TypeVar, get_type_hints, runtime_checkable

SCHEMA = "schema"
"""The key under which `Game.to_dict()` stores its state's schema version."""


class IllegalMove(ValueError):
    """A move (or a setup) the rules refuse; nothing changed. `kind` names the reason and
    `data` holds its details, so the bot can say why in the reader's language. The
    subclasses below name the other ways a request fails, so `except IllegalMove` still
    answers all of them while a caller that must tell them apart can."""

    def __init__(self, kind: str, **data: Any) -> None:
        super().__init__(kind, data)
        self.kind = kind
        self.data = data

    def __str__(self) -> str:
        details = ", ".join(f"{key}={value!r}" for key, value in self.data.items())
        return f"{self.kind}({details})"


class BadCode(IllegalMove):
    """A move code (from a button or a select) that names no move of the game."""

    def __init__(self, kind: str = "bad_code", **data: Any) -> None:
        super().__init__(kind, **data)


class BadOption(IllegalMove):
    """A lobby option the game doesn't have ("unknown_option") or a value it doesn't allow
    ("bad_option")."""

    def __init__(self, kind: str = "bad_option", **data: Any) -> None:
        super().__init__(kind, **data)


class BadState(IllegalMove):
    """A saved state that can't be loaded: damaged ("bad_state"), or of a schema this engine
    doesn't read. The bot quarantines the match; nothing else raised while loading is."""

    def __init__(self, kind: str = "bad_state", **data: Any) -> None:
        super().__init__(kind, **data)


_MALFORMED = (KeyError, IndexError, TypeError, ValueError, AttributeError)
"""What reading a saved state of the wrong shape raises: a field missing, a list where a
number was, a number out of range (ValueError also covers a refusal met while loading)."""


@contextmanager
def reading_state() -> Iterator[None]:
    """Around a `from_dict`: a state of the wrong shape is refused with BadState, whatever
    step of the loading first trips on it."""
    try:
        yield
    except BadState:
        raise
    except _MALFORMED as error:
        raise BadState(reason=f"a field missing or of the wrong shape ({error!r})") from error


@dataclass(slots=True)
class Event:
    """Something that happened, in order: a stable kind ("bust") and its data. Nothing
    changes an event once made; it is not frozen because a frozen dataclass's `__init__`
    costs twice as much, and a game makes hundreds of events."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "data": dict(self.data)}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Event:
        return cls(raw["kind"], dict(raw.get("data", {})))


class Action(Protocol):
    """A move as a small frozen value. `code` is a short string (under 40 characters of
    `[A-Za-z0-9_.-]`) that the game's `action_from_code` turns back into an equal action;
    the bot puts it in button and select ids."""

    @property
    def code(self) -> str: ...


A = TypeVar("A", bound=Action)
"""A game's own action type (often a union of its move classes)."""
A_co = TypeVar("A_co", bound=Action, covariant=True)


@dataclass(frozen=True, slots=True)
class Decision(Generic[A_co]):
    """What one seat is asked now: a kind ("hit_or_stay", "choose_cell"), its legal options
    (exactly what `apply` accepts from this seat now) and details for wording the question."""

    kind: str
    seat: int
    options: tuple[A_co, ...]
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended, each tuple in seat order: the winning seats (several on a
    shared or team win; none on a draw), final scores, finishing places (1 is first; tied
    seats share a place, and on a draw every seat is 1st), and teams (a team number per
    seat; in a free-for-all each seat is its own team)."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    places: tuple[int, ...]
    teams: tuple[int, ...]
    # Why the match ended, as a kind from the game's rules ("goal_reached"); the layer
    # above may word it. "finished" where a game doesn't say.
    reason: str = "finished"

    @property
    def draw(self) -> bool:
        return not self.winners


@dataclass(frozen=True, slots=True)
class Hint:
    """What the game's strongest AI would do now for one seat, and why, as data: `move` is
    the move's code, `kind` names the reason ("hit_or_stay", "tide", "build", "block"…) and
    `data` holds its numbers (chances as fractions, cells, seats). It is worked out from
    that seat's view only, so a `resample`d game gives the same hint; the layer above words
    it in one line for the member who asked."""

    kind: str
    move: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Judged:
    """One decision of a finished match valued by the game's strongest AI, for an analysis:
    `values` holds each option's value by its move's code (the game's own unit: Flip 7's
    chance to win the game), `cost` what the move made gave up against the best (0: the
    best, or as good), `kind` names the decision and `data` its numbers (chances as
    fractions, seats). Worked out from what the deciding seat could see."""

    kind: str
    chosen: str
    best: str
    values: Mapping[str, float]
    cost: float
    data: Mapping[str, Any] = field(default_factory=dict)


def ranked(
    winners: Sequence[int],
    scores: Sequence[int],
    teams: Sequence[int] | None = None,
    reason: str = "finished",
) -> Outcome:
    """An outcome whose places follow the scores, higher first: a seat's place is one more
    than the number of teams ahead of it, so tied teams share a place ("1, 2, 2, 4"), and
    on a draw (no winners) everyone is 1st. Without `teams` each seat is its own team."""
    own_teams = tuple(range(len(scores))) if teams is None else tuple(teams)
    places = tuple(
        1 + len({own_teams[o] for o, other in enumerate(scores) if other > score}) if winners else 1
        for score in scores
    )
    return Outcome(tuple(winners), tuple(scores), places, own_teams, reason)


@runtime_checkable
class Game(Protocol[A]):
    """One game in progress, whose moves are of type `A` (`Game[A]`). Seats are 0-based
    indices in seating order; every method takes a seat as a plain int and refuses anything
    else with IllegalMove."""

    names: list[str]

    @property
    def is_over(self) -> bool: ...

    def opening_events(self) -> list[Event]:
        """What the setup did (an opening deal), right after `new_game`; empty once loaded."""
        ...

    def to_act(self) -> list[int]:
        """Seats whose decision the game waits for now (several for simultaneous picks)."""
        ...

    def decision(self, seat: int) -> Decision[A] | None:
        """What `seat` is asked now, or None when nothing is (not its turn, or the game is
        over)."""
        ...

    def legal_actions(self, seat: int) -> list[A]:
        """The options of `decision(seat)`; empty when there is none."""
        ...

    def apply(self, seat: int, action: A) -> list[Event]:
        """Make one move and resolve everything up to the next decision. An illegal move
        raises IllegalMove and changes nothing."""
        ...

    def view(self, seat: int | None) -> object:
        """What `seat` may see (None: a spectator), as the game's own frozen dataclass.
        Hidden cards appear only in their owner's view."""
        ...

    def resample(self, seat: int, rng: random.Random) -> Game[A]:
        """A copy of the game that `seat` could not tell from this one: every card hidden
        from them (other hands, secret picks, the draw pile's order) dealt anew from what
        they can't see (OpenSpiel's resample_from_infostate). A view that leaks something
        differs between the two, which is how the conformance tests find a leak."""
        ...

    def epoch(self) -> int:
        """A number that changes whenever a button made earlier would be out of date. A
        simultaneous game keeps it while picks come in, so a pick can still be changed."""
        ...

    def turn_id(self) -> int:
        """A number that changes whenever a new turn begins. A turn may ask its seat several
        times in a row (each step of a longer choice); a time-out completes those steps and
        stops where this number changes, so it never moves in a later turn or round. A
        simultaneous game's turn is one round of picks."""
        ...

    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data, with its schema version under SCHEMA."""
        ...


AnyGame: TypeAlias = Game[Any]
"""A game of any kind, as the platform (bot/, cogs/) holds it: moves are the game's own."""
G = TypeVar("G", bound=AnyGame)
"""A game's own class (`Flip7Game`), as its `GameInfo` makes and loads it."""


@dataclass(frozen=True, slots=True)
class Option:
    """A lobby option the host may set: an int in [low, high], one of `choices`, or a bool."""

    name: str
    default: int | bool | None
    low: int | None = None
    high: int | None = None
    choices: tuple[int, ...] = ()

    def check(self, value: Any) -> Any:
        """The value if the option allows it; BadOption("bad_option") otherwise."""
        if value is None and self.default is None:
            return None
        if isinstance(self.default, bool):
            ok = isinstance(value, bool)
        else:
            ok = isinstance(value, int) and not isinstance(value, bool)
            ok = ok and (not self.choices or value in self.choices)
            ok = ok and (self.low is None or value >= self.low)
            ok = ok and (self.high is None or value <= self.high)
        if not ok:
            raise BadOption("bad_option", option=self.name, value=value)
        return value


@dataclass(frozen=True, slots=True)
class GameInfo(Generic[G, A]):
    """Everything the platform needs to host one game, found through `GAMES[key]`:
    `GameInfo[G, A]` makes and loads games of class `G` whose moves are of type `A`.

    `new_game(names, seed, **options)` deals a new game; `from_dict` loads any schema the
    game ever saved. `ai_levels` run weakest to strongest; the strongest takes over seats.
    `simultaneous`: every seat in `to_act()` picks at once and in secret, and may change
    its pick while the epoch holds. `hidden_hands`: seats hold cards only they may see.
    """

    key: str
    min_players: int
    max_players: int
    new_game: Callable[..., G]
    from_dict: Callable[[dict[str, Any]], G]
    action_from_code: Callable[[str], A]
    choose_ai: Callable[[G, int, str], A]  # given only games this GameInfo made or loaded
    ai_levels: tuple[str, ...]
    # The move made for a member whose turn deadline passed (each step of that turn): the
    # AI's judgement, never one that harms them on purpose. It lives beside the AI.
    timeout_move: Callable[[G, int], A]
    options: tuple[Option, ...] = ()
    simultaneous: bool = False
    hidden_hands: bool = False
    # The table sizes the game plays with, when not every count from min to max (G2:
    # Sequence Numbers has no five-player game); empty: all of them.
    player_counts: tuple[int, ...] = ()
    # The table sizes a tournament may seat, when not every seat count; `tables_exact`:
    # every table of a round has that size (teams), topped up by AI seats, where otherwise a
    # table may hold fewer, down to the smallest size, when the entrants don't divide.
    tournament_tables: tuple[int, ...] = ()
    tables_exact: bool = False
    # The AI levels whose decision may take more than a few milliseconds (a search over the
    # turns to come): the platform decides them off its event loop, from the saved state
    # (`decide_from_state`), so no click waits for them. A level left out is decided where
    # it is asked, as sending the state would cost more than the decision.
    thinking_levels: tuple[str, ...] = ()
    # A practice table's hint for a seat asked a decision now (`Hint`), from that seat's view
    # only; None: the game gives none, and its practice tables show no Hint button.
    hint: Callable[[G, int], Hint] | None = None
    # A finished match's analysis: the decision `seat` faces now valued against the move it
    # made (`Judged`), None for one that is no real choice or the game doesn't value (see
    # `analyse`); None: the game offers no analysis.
    judge: Callable[[G, int, A], Judged | None] | None = None
    # What one accuracy point is worth in the unit of `Judged.cost` (see `accuracy`).
    accuracy_scale: float = 0.05

    def table_sizes(self) -> tuple[int, ...]:
        """The table sizes a tournament of this game may choose, smallest first."""
        return self.tournament_tables or self.seat_counts()

    def seat_counts(self) -> tuple[int, ...]:
        """Every number of players a table of this game may start with, smallest first."""
        return self.player_counts or tuple(range(self.min_players, self.max_players + 1))

    def option(self, name: str) -> Option:
        return next(option for option in self.options if option.name == name)

    def check_options(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """Every option's value (defaults filled in); refuses unknown names and bad values."""
        known = {option.name for option in self.options}
        for name in values:
            if name not in known:
                raise BadOption("unknown_option", option=name)
        return {
            option.name: option.check(values.get(option.name, option.default))
            for option in self.options
        }


AnyGameInfo: TypeAlias = GameInfo[AnyGame, Any]
"""Any game's `GameInfo`, as the platform reads it from GAMES."""


class _Registry(Mapping[str, AnyGameInfo]):
    """Games by key. The first read imports every package under engines/ (each registers
    itself), so games are found without a list and without import cycles."""

    def __init__(self) -> None:
        self._games: dict[str, GameInfo[Any, Any]] = {}
        self._discovered = False

    def _discover(self) -> dict[str, GameInfo[Any, Any]]:
        if not self._discovered:
            self._discovered = True
            package = import_module("engines")
            for found in iter_modules(package.__path__):
                if found.ispkg:
                    import_module(f"engines.{found.name}")
        return self._games

    def add(self, info: GameInfo[Any, Any]) -> None:
        self._games[info.key] = info

    def __getitem__(self, key: str) -> AnyGameInfo:
        return self._discover()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._discover())

    def __len__(self) -> int:
        return len(self._discover())


GAMES: Mapping[str, AnyGameInfo] = _Registry()
"""Every registered game by key, in discovery order; bot/ and cogs/ find games only here."""


def packaged_games() -> frozenset[str]:
    """The keys of the games whose engines live under engines/ (not those a test or another
    plug-in registered from elsewhere): each of them needs its cog plug-in."""
    return frozenset(key for key, info in GAMES.items() if _packaged(info))


def _packaged(info: AnyGameInfo) -> bool:
    return info.new_game.__module__.split(".")[0] == "engines"


def register(info: GameInfo[G, A]) -> GameInfo[G, A]:
    """Add a game to GAMES (the same key again replaces it, so a reload is harmless)."""
    assert isinstance(GAMES, _Registry)
    GAMES.add(info)
    return info


def decide_from_state(module: str, key: str, state: dict[str, Any], seat: int, level: str) -> str:
    """The code of the move the AI of `level` makes for `seat` in the saved `state` of game
    `key`: the same move `choose_ai` makes on the live game, since a state round-trips
    exactly (its random generator too). A worker process runs it; `module` is the one that
    registers the game, imported first so a game registered outside engines/ is found."""
    import_module(module)
    info = GAMES[key]
    return str(info.choose_ai(info.from_dict(state), seat, level).code)


def hint_from_state(module: str, key: str, state: dict[str, Any], seat: int) -> Hint:
    """A practice table's hint for `seat` in the saved `state`, as a worker process makes it
    (see `decide_from_state`): the same hint the live game gives."""
    import_module(module)
    info = GAMES[key]
    if info.hint is None:
        raise IllegalMove("no_hints", game=key)
    return info.hint(info.from_dict(state), seat)


def analyse(
    key: str, first_state: Mapping[str, Any], moves: Sequence[Sequence[Any]], seat: int
) -> list[tuple[int, Judged]]:
    """Each decision `seat` made in a match, valued (`GameInfo.judge`), with the step after
    which it stands in a replay (the move's number, from 1): the game rebuilt from its first
    state and moves (`[seat, code]`), each of the seat's moves judged before it is made. In
    a simultaneous game a pick counts once the picks are revealed: the last one the seat
    made in that turn is judged, standing at the step that revealed it."""
    info = GAMES[key]
    if info.judge is None:
        return []
    game = info.from_dict(copy.deepcopy(dict(first_state)))
    judged: list[tuple[int, Judged]] = []
    waiting: Judged | None = None  # a simultaneous pick, until the turn's picks are revealed
    for number, (mover, code) in enumerate(moves, start=1):
        action = info.action_from_code(str(code))
        epoch = game.epoch()
        if mover == seat:
            found = info.judge(game, seat, action)
            if info.simultaneous:
                waiting = found
            elif found is not None:
                judged.append((number, found))
        game.apply(int(mover), action)
        if waiting is not None and game.epoch() != epoch:
            judged.append((number, waiting))
            waiting = None
    return judged


def analyse_from_state(
    module: str, key: str, first_state: dict[str, Any], moves: list[list[Any]], seat: int
) -> list[tuple[int, Judged]]:
    """`analyse`, as a worker process runs it (see `decide_from_state`)."""
    import_module(module)
    return analyse(key, first_state, moves, seat)


def accuracy(costs: Sequence[float], scale: float) -> float | None:
    """A seat's accuracy over its valued decisions, 0 to 100: the mean of exp(-cost/scale)
    (the best move scores 100, one that gives up `scale` scores 37), None without any."""
    if not costs:
        return None
    return 100.0 * sum(exp(-max(0.0, cost) / scale) for cost in costs) / len(costs)


def check_action(action: Any, kinds: tuple[type, ...]) -> Any:
    """`action` if it is one of the game's action classes `kinds` with every field of its
    declared type; IllegalMove("not_an_option") otherwise. Equality alone would let True
    stand for seat 1 (True == 1) or a float for a card, and the state would save them."""
    if type(action) not in kinds:
        raise IllegalMove("not_an_option")
    # mypy takes no class for Hashable (python/mypy#11470); every class is hashable.
    for name, expected in _field_types(type(action)):  # type: ignore[arg-type]
        if type(getattr(action, name)) is not expected:
            raise IllegalMove("not_an_option")
    return action


@cache
def _field_types(kind: type) -> tuple[tuple[str, type], ...]:
    hints = get_type_hints(kind)
    return tuple((item.name, hints[item.name]) for item in fields(kind))


S = TypeVar("S")


def refuse_broken(state: S, checks: Iterable[Callable[[S], str | None]]) -> None:
    """Run a saved state's invariant checks in order (each says what is wrong, or None);
    the first broken one refuses the state with BadState("bad_state", reason=...). A
    field missing or of the wrong shape is a broken state too."""
    for check in checks:
        try:
            problem = check(state)
        except (KeyError, IndexError, TypeError) as error:
            problem = f"a field missing or of the wrong shape ({error!r})"
        if problem is not None:
            raise BadState(reason=problem)


def check_seat(seat: Any, players: int) -> int:
    """`seat` if it is a plain int naming a seat at a table of `players`; refuse the rest
    (True, "0", 1.0) like any illegal move."""
    if type(seat) is not int or not 0 <= seat < players:
        raise IllegalMove("no_such_seat", seat=repr(seat))
    return seat


_WORD = "I" if array("I").itemsize == 4 else "L"  # the generator's state is 32-bit words


def saved_rng(rng: random.Random) -> list[Any]:
    """A random generator's state for JSON, so a restored game deals the same future cards:
    [version, its 625 words as little-endian base64, gauss]. A list of ints would be twice
    the size and twice as slow to write, and the state is saved with every move."""
    version, internal, gauss = rng.getstate()
    words = array(_WORD, internal)
    if sys.byteorder == "big":
        words.byteswap()
    return [version, b64encode(words.tobytes()).decode("ascii"), gauss]


def rng_from_saved(saved: Sequence[Any]) -> random.Random:
    """The generator `saved_rng` saved; also the list of ints that games saved before."""
    version, internal, gauss = saved
    if isinstance(internal, str):
        words = array(_WORD, b64decode(internal, validate=True))
        if sys.byteorder == "big":
            words.byteswap()
        internal = words
    rng = random.Random()
    rng.setstate((version, tuple(internal), gauss))
    return rng
