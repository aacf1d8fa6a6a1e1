"""Every event, decision, option and refusal of Flip 7 has a plain sentence (cogs texts)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from flip7_support import ANN, BOB, play, stacked, with_no_card_left

from cogs.games.flip7.texts import DECISION_KINDS, EVENT_KINDS, TEXTS
from cogs.wording.words import COMMON_ERRORS, GameTexts
from engines.base import Decision, Event, IllegalMove
from engines.flip7 import HIT, STAY, ChooseCard, ChoosePlayer, Flip7Game, action_from_code, new_game
from engines.flip7.ai import choose
from engines.flip7.cards import card_from_label

NAMES = ["ann", "bob", "cat", "dan", "eve", "fay"]
ASCII_MINUS = re.compile(r"-\d")


def clean(text: str) -> str:
    assert text and text.strip() == text
    assert "{" not in text and "}" not in text, text
    assert "!." not in text, text
    assert not ASCII_MINUS.search(text), text
    return text


def test_texts_meet_the_protocol() -> None:
    texts: GameTexts = TEXTS
    assert texts.title == "Flip 7: With a Vengeance"


def test_every_kind_of_300_ai_games_is_worded() -> None:
    seen_events: set[str] = set()
    seen_decisions: set[str] = set()
    for seed in range(300):
        players = 2 + seed % 5
        names = NAMES[:players]
        levels = ["strong", "simple"]
        game = new_game(names, seed, goal=100 + 50 * (seed % 3), brutal=seed % 2 == 1)
        events: list[Event] = game.opening_events()
        while True:
            for event in events:
                clean(TEXTS.event(event, names))
                seen_events.add(event.kind)
            if game.is_over:
                break
            (seat,) = game.to_act()
            decision = game.decision(seat)
            assert decision is not None
            seen_decisions.add(decision.kind)
            clean(TEXTS.decision(decision, names))
            view = game.view(seat)
            for option in decision.options:
                label = clean(TEXTS.option(option, view, names))
                assert len(label) <= 80
            events = game.apply(seat, choose(game, seat, levels[(seat + seed) % 2]))
    assert seen_events <= EVENT_KINDS and seen_decisions <= DECISION_KINDS
    # Every kind the rules can produce in AI play showed up (no_card needs an empty deck).
    assert EVENT_KINDS - seen_events <= {"no_card", "discarded"} | {"tie"}
    assert seen_decisions == DECISION_KINDS


def words(game: Flip7Game, events: list[Event]) -> list[str]:
    return [clean(TEXTS.event(event, NAMES)) for event in events]


def test_sentences_read_plainly() -> None:
    game = stacked(["Just One More!", "5", "6"], players=3)
    assert words(game, game.opening_events())[1] == "ann was dealt Just One More!"
    assert clean(TEXTS.decision(game.decision(ANN), NAMES)) == (  # type: ignore[arg-type]
        "ann: play Just One More! on whom?"
    )
    view = game.view(ANN)
    assert [TEXTS.option(o, view, NAMES) for o in game.legal_actions(ANN)] == ["ann", "bob", "cat"]
    events = play(game, (ANN, ChoosePlayer(BOB)))
    assert words(game, events)[:3] == [
        "ann plays Just One More! on bob.",
        "bob flipped 5 (Just One More!).",
        "bob must stay (Just One More!).",
    ]
    game = stacked(["5", "6", "Swap", "2"])
    events = play(game, (ANN, HIT))
    assert "ann drew Swap." in words(game, events)
    game = stacked(["5", "6", "5", "−6"])
    events = play(game, (ANN, HIT), (BOB, HIT))
    assert "bob keeps −6." in words(game, events)
    game = stacked(["5", "6", "−4"])
    play(game, (ANN, HIT))
    assert TEXTS.decision(game.decision(ANN), NAMES) == "ann: give −4 to whom?"  # type: ignore[arg-type]
    assert TEXTS.option(ChoosePlayer(BOB), game.view(ANN), NAMES) == "bob"
    game = stacked(["5", "6", "Steal"])
    assert TEXTS.option(ChooseCard(BOB, 0), game.view(ANN), NAMES) == "bob's 6"
    assert TEXTS.option(HIT, game.view(ANN), NAMES) == "Hit"
    assert TEXTS.option(STAY, game.view(ANN), NAMES) == "Stay"
    game = stacked(["Zero", "5"])
    assert TEXTS.decision(game.decision(ANN), NAMES) == "ann holds The Zero and must hit."  # type: ignore[arg-type]
    long = ["a" * 100, "b"]
    assert len(TEXTS.option(ChoosePlayer(0), game.view(ANN), long)) <= 80


def test_brutal_scores_and_bonus_read_with_a_real_minus() -> None:
    raw = stacked(["1", "9", "2", "3", "4", "5", "6", "8"], brutal=True).to_dict()
    raw["totals"] = [0, 40]
    game = Flip7Game.from_dict(raw)
    play(game, (ANN, HIT), (BOB, STAY), (ANN, HIT), (ANN, HIT), (ANN, HIT), (ANN, HIT))
    play(game, (ANN, HIT))
    decision = game.decision(ANN)
    assert decision is not None
    assert TEXTS.decision(decision, NAMES) == (
        "ann: take +15 for Flip 7, or take 15 from another player's total?"
    )
    view = game.view(ANN)
    assert TEXTS.option(ChoosePlayer(ANN), view, NAMES) == "+15 to ann"
    assert TEXTS.option(ChoosePlayer(BOB), view, NAMES) == "−15 to bob"
    events = play(game, (ANN, ChoosePlayer(BOB)))
    assert "ann takes 15 from bob's total." in words(game, events)
    score = Event("round_score", {"seat": 1, "score": -2, "total": -7})
    assert TEXTS.event(score, NAMES) == "bob scores −2 this round (total −7)."


def refusal(call: Callable[[], Any]) -> IllegalMove:
    with pytest.raises(IllegalMove) as refused:
        call()
    return refused.value


def test_every_refusal_is_worded() -> None:
    game = stacked(["Zero", "5"])
    over = new_game(["a", "b"], 1, goal=50)
    while not over.is_over:
        (seat,) = over.to_act()
        over.apply(seat, choose(over, seat))
    errors = [
        refusal(lambda: game.apply(5, HIT)),
        refusal(lambda: game.apply(BOB, HIT)),
        refusal(lambda: game.apply(ANN, STAY)),
        refusal(lambda: game.apply(ANN, ChoosePlayer(0))),
        refusal(lambda: over.apply(0, HIT)),
        refusal(lambda: action_from_code("zap")),
        refusal(lambda: new_game(["a"], 1)),
        refusal(lambda: new_game(["a", ""], 1)),
        refusal(lambda: new_game(["a", "b"], 1, goal=5)),
        refusal(lambda: new_game(["a", "b"], 1, brutal="yes")),  # type: ignore[arg-type]
        refusal(lambda: new_game(["a", "b"], 1, deck=["Swap"] * 3)),
        refusal(lambda: card_from_label("Joker")),
        refusal(lambda: choose(game, ANN, "genius")),
        refusal(lambda: Flip7Game.from_dict({**game.to_dict(), "schema": 9})),
    ]
    kinds = [error.kind for error in errors]
    assert kinds == [
        "no_such_seat",
        "not_your_turn",
        "must_hit",
        "not_an_option",
        "game_over",
        "bad_code",
        "player_count",
        "bad_names",
        "bad_option",
        "bad_option",
        "deck_exhausted",
        "unknown_card",
        "unknown_ai_level",
        "unknown_schema",
    ]
    fallback = "That move isn't allowed right now."
    sentences = {
        error.kind + str(error.data.get("option", "")): clean(TEXTS.error(error, NAMES))
        for error in errors
    }
    assert fallback not in sentences.values()
    assert sentences["not_your_turn"] == COMMON_ERRORS["not_your_turn"].format(name="ann")
    assert sentences["must_hit"] == "You hold The Zero: you must hit."
    assert sentences["player_count"] == "Flip 7 needs 2 to 24 players."
    assert sentences["bad_optiongoal"] == "The goal must be a whole number from 50 to 1,000."
    assert sentences["deck_exhausted"] == "The deck has no more Swap cards."


def test_rules_follow_the_match_options() -> None:
    plain = clean(TEXTS.rules({"goal": 350, "brutal": False}))
    brutal = clean(TEXTS.rules({"goal": 120, "brutal": True}))
    assert "(350)" in plain and "200" not in plain and "not in brutal mode" in plain
    assert "(120)" in brutal and "played in **brutal mode**" in brutal


def test_decision_kinds_are_all_worded() -> None:
    data = {
        "card": 17,
        "first": None,
        "first_card": None,
        "second": None,
        "victim": None,
        "amount": 15,
        "must_hit": False,
    }
    for kind in DECISION_KINDS:
        clean(TEXTS.decision(Decision(kind, 0, (), data), NAMES))


def test_rarer_events_are_worded() -> None:
    game = stacked(["5", "Flip Four!", "Swap", "8", "5", "9"])
    assert "bob was dealt Flip Four!" in words(game, game.opening_events())
    said = words(game, play(game, (BOB, ChoosePlayer(ANN))))
    assert "Set-aside cards are discarded: Swap." in said
    assert said[:3] == [
        "bob plays Flip Four! on ann.",
        "ann drew Swap (Flip Four! 1 of 4).",
        "ann flipped 8 (Flip Four! 2 of 4).",
    ]
    game = with_no_card_left(stacked(["Zero", "6"]))
    assert words(game, play(game, (ANN, HIT))) == [
        "No card is left to draw; ann receives nothing.",
        "ann has nothing to draw and stays.",
    ]
    raw = stacked(["5", "5", "3", "4"], goal=50).to_dict()
    raw["totals"] = [45, 45]
    game = Flip7Game.from_dict(raw)
    assert "ann and bob are tied at 50; another round is played." in words(
        game, play(game, (ANN, STAY), (BOB, STAY))
    )
    flip7 = Event("discarded", {"seat": 0, "cards": [17, 19], "reason": "flip7"})
    assert TEXTS.event(flip7, NAMES) == "Unresolved cards are discarded: Flip Four!, Steal."
    busted = Event("discarded", {"seat": 1, "cards": [18], "reason": "busted"})
    assert TEXTS.event(busted, NAMES) == "Swap is discarded: bob has busted."
