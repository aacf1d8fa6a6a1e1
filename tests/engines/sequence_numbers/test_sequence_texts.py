"""Every kind the engine speaks in gets a sentence: AI games walked step by step, and every
refusal kind provoked on purpose."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cogs.games.sequence.texts import ERROR_KINDS, EVENTS, TEXTS, card_label, team_name
from cogs.wording.words import COMMON_ERRORS
from engines.base import Decision, IllegalMove
from engines.sequence_numbers import (
    Back,
    ChooseCard,
    ChooseRow,
    Exchange,
    Pass,
    Play,
    SequenceGame,
    action_from_code,
    choose,
    new_game,
)
from engines.sequence_numbers.table import SCHEMA_VERSION

from .helpers import NAMES, full_board_pattern, table

SETUPS = [(2, None, None), (3, None, None), (4, None, None), (6, 2, None), (6, 3, None)]
SETUPS += [(6, 3, 1), (4, None, 1)]
ENGINE = Path(__file__).parents[3] / "engines" / "sequence_numbers"


def _sentence(text: str) -> str:
    assert text.strip(), "empty text"
    assert "{" not in text and "}" not in text, text
    return text


def _word_decision(game: SequenceGame, decision: Decision, seen: dict[str, set[str]]) -> None:
    seen["decisions"].add(decision.kind)
    _sentence(TEXTS.decision(decision, game.names))
    view = game.view(decision.seat)
    for option in decision.options:
        label = _sentence(TEXTS.option(option, view, game.names))
        assert len(label) <= 80
        seen["options"].add(type(option).__name__)


def _walk(game: SequenceGame, seat: int, move, seen: dict[str, set[str]]) -> list:
    """Make `move` the way a person does: card, row (for a wild card), then cell."""
    events = []
    steps = [move]
    if isinstance(move, Play):
        steps = [ChooseCard(move.card), ChooseRow(move.cell[0]), move]
    for step in steps:
        decision = game.decision(seat)
        _word_decision(game, decision, seen)
        if step in decision.options:
            events += game.apply(seat, step)
    return events


def _play_worded_game(players: int, teams, sequences, seed: int, seen) -> None:
    game = new_game(NAMES[:players], seed, teams=teams, sequences=sequences)
    events = game.opening_events()
    levels = ("strong", "simple")
    while not game.is_over:
        (seat,) = game.to_act()
        move = choose(game, seat, levels[(seat + seed) % 2])
        events += _walk(game, seat, move, seen)
    for event in events:
        seen["events"].add(event.kind)
        _sentence(TEXTS.event(event, game.names))


def test_texts_word_every_event_decision_and_option_of_a_hundred_ai_games():
    seen: dict[str, set[str]] = {"events": set(), "decisions": set(), "options": set()}
    for seed in range(100):
        players, teams, sequences = SETUPS[seed % len(SETUPS)]
        _play_worded_game(players, teams, sequences, seed, seen)
    assert seen["events"] == set(EVENTS)
    assert seen["decisions"] == {"choose_card", "choose_row", "choose_cell", "pass"}
    assert seen["options"] == {"ChooseCard", "ChooseRow", "Play", "Exchange", "Back", "Pass"}


def test_texts_sentences_read_as_before():
    game = table(hands=[["M", "a11"], []], chips={"C3": 1})
    view, names = game.view(0), game.names
    assert TEXTS.title == "Sequence Numbers"
    assert TEXTS.option(Play("M", "C3"), view, names) == "Minus: remove C3 (Bob)"
    assert TEXTS.option(Play("a11", "C8"), view, names) == "5 + 6 on C8"
    assert TEXTS.option(ChooseCard("a11"), view, names) == "5 + 6 (C8 or H6)"
    assert TEXTS.option(Exchange("a11"), view, names) == "Exchange dead card 5 + 6"
    assert TEXTS.option(ChooseRow("C"), view, names) == "Row C"
    assert TEXTS.option(Back(), view, names) == "Back"
    assert TEXTS.option(Pass(), view, names) == "Pass"
    events = game.apply(0, Play("M", "C3"))
    assert TEXTS.event(events[0], names) == "Ann played Minus and removed Bob's chip from C3."
    four = table(players=4, hands=[["M"], [], [], []], chips={"C3": 1})
    assert team_name(1, four.view(None), four.names) == "Team Orange"
    label = TEXTS.option(Play("M", "C3"), four.view(0), four.names)
    assert label == "Minus: remove C3 (Team Orange)"
    assert card_label("P") == "Plus" and card_label("s7") == "14 − 7"


def test_texts_sequence_and_win_sentences():
    row = [f"D{c}" for c in range(1, 10)]
    game = table(players=4, hands=[["a12"], [], [], []], chips={c: 0 for c in row if c != "D5"})
    sequence, win = game.apply(0, Play("a12", "D5"))[1:]
    assert TEXTS.event(sequence, game.names) == "Team Blue completed 2 SEQUENCES (D1–D9)."
    assert TEXTS.event(win, game.names) == "Team Blue win with 2 SEQUENCES."
    duel = table(hands=[["a25"], []], chips={f"C{c}": 0 for c in (1, 2, 3, 4)})
    sequence, win = duel.apply(0, Play("a25", "C5"))[1:]
    assert TEXTS.event(sequence, duel.names) == "Ann completed a SEQUENCE (C1–C5)."
    assert TEXTS.event(win, duel.names) == "Ann wins with a SEQUENCE."


def _refusals() -> list[IllegalMove]:
    """One refusal of every kind the engine raises, each provoked through its public API."""
    made: list[IllegalMove] = []

    def catch(call) -> None:
        with pytest.raises(IllegalMove) as refused:
            call()
        made.append(refused.value)

    game = table(hands=[["a11", "a7", "P", "M"], ["a12"]], chips={"B2": 1, "H1": 1, "C3": 0})
    catch(lambda: new_game(NAMES[:5], 1))
    catch(lambda: new_game(NAMES[:1], 1))
    catch(lambda: new_game(NAMES[:4], 1, teams=3))
    catch(lambda: new_game(["Ann", ""], 1))
    catch(lambda: new_game(NAMES[:2], 1, deck=["P"] * 5))
    catch(lambda: new_game(NAMES[:2], 1, deck=["q1"]))
    catch(lambda: new_game(NAMES[:2], 1, sequences=3))
    catch(lambda: SequenceGame.from_dict({**game.to_dict(), "schema": SCHEMA_VERSION + 1}))
    catch(lambda: SequenceGame.from_dict({**new_game(NAMES[:2], 1).to_dict(), "turn": 7}))
    catch(lambda: choose(game, 0, "genius"))
    catch(lambda: action_from_code("zz"))
    catch(lambda: game.apply(0, Play("a11", "Z9")))
    catch(lambda: game.apply(True, Pass()))
    catch(lambda: game.apply(1, Pass()))
    catch(lambda: game.apply(0, "pass"))
    catch(lambda: game.apply(0, Play("a10", "E4")))
    catch(lambda: game.apply(0, ChooseCard("a7")))
    catch(lambda: game.apply(0, ChooseRow("A")))
    catch(lambda: game.apply(0, Back()))
    catch(lambda: game.apply(0, Pass()))
    catch(lambda: game.apply(0, Play("M", "C5")))
    catch(lambda: game.apply(0, Play("M", "C3")))
    catch(lambda: game.apply(0, Play("P", "A1")))
    catch(lambda: game.apply(0, Play("P", "C3")))
    catch(lambda: game.apply(0, Play("a11", "A2")))
    catch(lambda: game.apply(0, Exchange("P")))
    catch(lambda: game.apply(0, Exchange("M")))
    catch(lambda: game.apply(0, Exchange("a11")))
    game.apply(0, ChooseCard("a11"))
    catch(lambda: game.apply(0, ChooseRow("A")))
    game.apply(0, Exchange("a7"))
    catch(lambda: game.apply(0, Exchange("a7")))
    line = {c: 1 for c in ("E1", "E2", "E3", "E4", "E5")}
    locked = table(players=4, hands=[["M"], [], [], []], chips=line | {"J5": 1})
    catch(lambda: locked.apply(0, Play("M", "E3")))
    bare = table(players=4, hands=[["M"], [], [], []], chips=line)
    catch(lambda: bare.apply(0, ChooseCard("M")))
    full = table(hands=[["P"], []], chips=full_board_pattern(empty="C8") | {"C8": 0})
    catch(lambda: full.apply(0, ChooseCard("P")))
    won = table(hands=[["a25"], []], chips={f"C{c}": 0 for c in (1, 2, 3, 4)})
    won.apply(0, Play("a25", "C5"))
    catch(lambda: won.apply(1, Pass()))
    return made


def test_texts_word_every_refusal_kind_the_engine_raises():
    raised_in_source = set()
    for path in ENGINE.glob("*.py"):
        found = re.findall(
            r'(?:IllegalMove|BadCode|BadOption|BadState)\(\s*"(\w+)"', path.read_text()
        )
        raised_in_source |= set(found)
    refusals = _refusals()
    provoked = {error.kind for error in refusals}
    assert raised_in_source <= provoked | {"bad_code"}
    assert raised_in_source <= ERROR_KINDS | set(COMMON_ERRORS)
    generic = "That move isn't allowed right now."
    for error in refusals:
        text = _sentence(TEXTS.error(error, NAMES[:2]))
        assert text != generic, error
        assert len(text) < 120 and text.count(". ") == 0, text
    assert TEXTS.error(IllegalMove("not_your_turn", seat=0), NAMES) == "It's Ann's turn, not yours."


def test_texts_exchange_refusals_are_short_and_true():
    game = table(hands=[["P", "M", "a7", "a11"], []], chips={"B2": 1})
    worded = {}
    for card in ("P", "M", "a7", "a11"):
        with pytest.raises(IllegalMove) as refused:
            game.apply(0, Exchange(card))
        worded[card] = TEXTS.error(refused.value, game.names)
    assert worded == {
        "P": "A Plus is never dead: play it on any empty cell.",
        "M": "A Minus is never dead, so it can't be exchanged.",
        "a7": "4 + 3 is not dead: H1 is still free.",
        "a11": "5 + 6 is not dead: C8 and H6 are still free.",
    }
    with pytest.raises(IllegalMove) as refused:
        table(hands=[["M"], []], chips={"B2": 0}).apply(0, ChooseCard("M"))
    assert TEXTS.error(refused.value, game.names) == (
        "There is no opponent chip a Minus can remove now."
    )


@pytest.mark.parametrize(
    ("options", "goal"),
    [
        ({}, "With 2 or 3 players one SEQUENCE wins; with 4 or 6 you need two."),
        ({"sequences": 1}, "One SEQUENCE wins."),
        ({"sequences": 2, "teams": None}, "Two SEQUENCES win."),
        ({"players": 3}, "One SEQUENCE wins."),
        ({"players": 6, "teams": 3}, "Two SEQUENCES win."),
    ],
)
def test_texts_rules_follow_the_options(options, goal):
    rules = _sentence(TEXTS.rules(options))
    assert goal in rules
    assert ("three teams of two" in rules) == (options.get("teams") == 3)
    assert ("one is advised" in rules) == (options.get("teams") == 3)
