"""The words of Sink or Swim (cogs/games/sinkorswim/texts.py): every kind the engine emits or
raises gets a finished sentence, and no public sentence shows a hidden card (S8)."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from cogs.games.sinkorswim.texts import ERRORS, EVENTS, TEXTS
from cogs.wording.words import GameTexts, common_error
from engines.base import Event, IllegalMove
from engines.sink_or_swim import Pick, SinkOrSwimGame, action_from_code, new_game
from engines.sink_or_swim.ai import AI_LEVELS, choose, timeout_move

from .helpers import EVEN_HANDS, NAMES3, NAMES4, ann_eliminated, play, stacked

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]  # no digits, so numbers in a text are game values
GAMES_PLAYED = 200


def _sentence(text: str) -> str:
    assert text.strip() and "{" not in text and "}" not in text, text
    assert "!." not in text and ".." not in text and "?." not in text, text
    return text


def _numbers(value: Any) -> set[int]:
    """Every int inside an event's data, however nested."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value, abs(value)}
    if isinstance(value, dict):
        return set().union(*(_numbers(item) for item in value.values()))
    if isinstance(value, list | tuple):
        return set().union(*(_numbers(item) for item in value))
    return set()


def _check_event(event: Event, names: list[str]) -> None:
    text = _sentence(TEXTS.event(event, names))
    # A text tells only what its data holds: every number in it comes from the data.
    shown = {int(number) for number in re.findall(r"\d+", text)}
    assert shown <= _numbers(dict(event.data)), (event, text)
    if event.kind in ("picked", "repicked"):
        assert set(event.data) == {"seat"} and not shown, text  # S4.2: not what, only who


def _play_worded_game(players: int, seed: int) -> set[str]:
    names = NAMES[:players]
    game = new_game(names, seed)
    # The levels take turns at the seats; the hard AI, whose picks cost ten times the others'
    # and make no kind of event the others don't, plays in one game in ten.
    rotation = AI_LEVELS if seed % 10 == 0 else AI_LEVELS[:-1]
    levels = [rotation[(seed + seat) % len(rotation)] for seat in range(players)]
    kinds = set()
    for event in game.opening_events():
        _check_event(event, names)
        kinds.add(event.kind)
    while not game.is_over:
        for seat in game.to_act():
            decision = game.decision(seat)
            assert decision is not None
            _sentence(TEXTS.decision(decision, names))
            view = game.view(seat)
            for option in decision.options:
                assert len(_sentence(TEXTS.option(option, view, names))) <= 80
            events = []
            if seat == seed % players and len(game.to_act()) > 1:  # pick low, then change
                events += game.apply(seat, decision.options[0])
            events += game.apply(seat, choose(game, seat, levels[seat]))
            for event in events:
                _check_event(event, names)
                kinds.add(event.kind)
    return kinds


def test_texts_meet_the_game_texts_protocol() -> None:
    texts: GameTexts = TEXTS
    assert texts.title == "Sink or Swim"
    rules = texts.rules({})
    assert "12 weather cards" in rules and "lowest tide" in rules
    _sentence(rules)


@pytest.mark.long
def test_every_event_decision_and_option_of_200_ai_games_is_worded() -> None:
    seen: set[str] = set()
    for seed in range(GAMES_PLAYED):
        seen |= _play_worded_game(3 + seed % 3, seed)
    assert seen == set(EVENTS)


def test_s8_a_changed_pick_is_worded_without_its_card() -> None:
    game = stacked(NAMES3, EVEN_HANDS, [4, 7])
    events = game.apply(0, Pick(49)) + game.apply(0, Pick(56))
    assert [TEXTS.event(e, NAMES3) for e in events] == [
        "Ann has picked.",
        "Ann changed their pick.",
    ]
    decision = game.decision(0)
    assert decision is not None
    assert TEXTS.decision(decision, NAMES3) == (
        "You picked 56. Pick another card to change it before the last pick is in."
    )
    view = game.view(0)
    assert TEXTS.option(Pick(56), view, NAMES3) == "Keep 56 (no belt)"
    assert TEXTS.option(Pick(25), view, NAMES3) == "Play 25 (1 belt)"


def test_s4_decision_and_option_labels() -> None:
    game = stacked(NAMES3, EVEN_HANDS, [4, 7])
    decision = game.decision(0)
    assert decision is not None
    assert TEXTS.decision(decision, NAMES3) == (
        "Trick 1: the tide cards are 4 and 7. Pick a weather card."
    )
    view = game.view(0)
    assert TEXTS.option(Pick(25), view, NAMES3) == "Play 25 (1 belt)"
    assert TEXTS.option(Pick(13), view, NAMES3) == "Play 13 (half a belt)"
    assert TEXTS.option(Pick(60), view, NAMES3) == "Play 60 (no belt)"


def test_s4_reveal_tides_and_belts_are_worded() -> None:
    game = stacked(NAMES3, EVEN_HANDS, [9, 3])
    words = [TEXTS.event(e, NAMES3) for e in play(game, 56, 60, 12)]
    assert words == [
        "Ann has picked.",
        "Bob has picked.",
        "Cid has picked.",
        "Trick 1 revealed: Ann played 56, Bob played 60 and Cid played 12.",
        "Bob takes the lower tide card (3).",
        "Ann takes the higher tide card (9).",
        "Ann shows the highest tide (9) and loses a belt: 3 belts left.",
        f"Trick 2: the tide cards are {game.tide_cards[0]} and {game.tide_cards[1]}.",
    ]
    tied = stacked(NAMES3, EVEN_HANDS, [5, 5])
    words = [TEXTS.event(e, NAMES3) for e in play(tied, 56, 60, 12)]
    assert "Bob takes a tide card (5)." in words
    assert "Ann ties for the highest tide (5) and loses a belt: 3 belts left." in words


def test_s5_s6_s7_round_end_scores_and_passing_are_worded() -> None:
    hands = [
        [13, 14, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58],
        list(range(1, 13)),
        [15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 59, 60],
    ]
    game = stacked(NAMES3, hands, [1, 12, 2, 3])
    play(game, 49, 1, 60)
    words = [TEXTS.event(e, NAMES3) for e in play(game, 13, 2, 59)]
    assert words[4:] == [
        "Cid takes the lower tide card (2).",
        "Ann takes the higher tide card (3).",
        "Ann shows the highest tide (3) with no belt left and is out of the round.",
        "Round 1 ends: only 2 players are left in it.",
        "Ann scores −1 (out this round), −1 in all.",
        "Bob scores 1 (0 belts afloat and the lowest-tide bonus), 1 in all.",
        "Cid scores 5 (5 belts afloat), 5 in all.",
        "Hands pass to the left: Ann now holds Cid's hand, Bob now holds Ann's hand "
        "and Cid now holds Bob's hand.",
        "Round 2 of 3 begins. Belts afloat: Ann 5, Bob 1, Cid 0.",
        f"Trick 1: the tide cards are {game.tide_cards[0]} and {game.tide_cards[1]}.",
    ]


def test_s1_game_end_names_the_winner_or_the_shared_win() -> None:
    single = Event("game_end", {"winners": [2], "scores": [3, 4, 9]})
    shared = Event("game_end", {"winners": [0, 2], "scores": [9, 4, 9, 1]})
    one = Event("game_end", {"winners": [1], "scores": [0, 1, 0]})
    assert TEXTS.event(single, NAMES3) == "The game is over: Cid wins with 9 points."
    assert (
        TEXTS.event(shared, NAMES4) == "The game is over: Ann and Cid share the win with 9 points."
    )
    assert TEXTS.event(one, NAMES3) == "The game is over: Bob wins with 1 point."


def test_an_unknown_event_kind_is_not_silently_worded() -> None:
    with pytest.raises(LookupError):
        TEXTS.event(Event("surprise", {}), NAMES3)


def _over_game() -> SinkOrSwimGame:
    game = new_game(NAMES3, 2)
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(seat, timeout_move(game, seat))
    return game


def _eliminated_game() -> SinkOrSwimGame:
    return ann_eliminated()


def _played_game() -> SinkOrSwimGame:
    game = stacked(NAMES3, EVEN_HANDS, [4, 7])
    play(game, 56, 60, 5)
    return game


# Every refusal the engine makes, provoked for real: kind, call, and a word the text must hold.
REFUSALS: list[tuple[str, Callable[[], object], str]] = [
    ("no_such_seat", lambda: _played_game().apply(7, Pick(1)), "not playing"),
    ("game_over", lambda: _over_game().apply(0, Pick(1)), "over"),
    ("not_an_option", lambda: _played_game().apply(0, "p1"), "choices"),  # type: ignore[arg-type]
    ("bad_code", lambda: action_from_code("zz"), "button"),
    ("unknown_option", lambda: new_game(NAMES3, 1, goal=5), "setting"),
    ("out_of_round", lambda: _eliminated_game().apply(0, Pick(50)), "out of this round"),
    ("already_played", lambda: _played_game().apply(0, Pick(56)), "56"),
    ("not_in_hand", lambda: _played_game().apply(1, Pick(25)), "25"),
    ("nothing_to_pick", lambda: partial(timeout_move, _eliminated_game())(0), "Ann"),
    ("nothing_to_pick", lambda: choose(_eliminated_game(), 0), "Ann"),
    ("unknown_ai_level", lambda: choose(_played_game(), 0, "genius"), "genius"),
    ("player_count", lambda: new_game(["Ann", "Bob"], 1), "3 to 5"),
    ("duplicate_names", lambda: new_game(["Ann", "Ann", "Bob"], 1), "different name"),
    ("bad_stacked_hands", lambda: new_game(NAMES3, 1, hands=EVEN_HANDS[:2]), "12 cards"),
    (
        "bad_stacked_cards",
        lambda: new_game(NAMES3, 1, hands=[EVEN_HANDS[0]] * 3),
        "from 1 to 60",
    ),
    ("bad_tide_order", lambda: new_game(NAMES3, 1, tide_order=[5, 5, 5]), "1 to 12"),
    (
        "unknown_schema",
        lambda: SinkOrSwimGame.from_dict({**_played_game().to_dict(), "schema": 9}),
        "newer version",
    ),
]


@pytest.mark.parametrize(("kind", "call", "word"), REFUSALS)
def test_every_refusal_kind_is_worded(kind: str, call: Callable[[], object], word: str) -> None:
    with pytest.raises(IllegalMove) as error:
        call()
    assert error.value.kind == kind
    text = _sentence(TEXTS.error(error.value, NAMES4))
    assert word in text
    generic = common_error(IllegalMove("no_such_kind"), NAMES4)
    assert text != generic


def test_every_worded_refusal_kind_is_one_the_engine_raises() -> None:
    assert set(ERRORS) <= {kind for kind, _, _ in REFUSALS}
