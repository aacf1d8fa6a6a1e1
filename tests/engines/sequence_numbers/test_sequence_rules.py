"""Rule tests for Sequence Numbers, named by rule id (G1-G10)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from engines.base import IllegalMove
from engines.sequence_numbers import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Back,
    ChooseCard,
    ChooseRow,
    Exchange,
    Play,
    action_from_code,
    new_game,
)
from engines.sequence_numbers.board import CELLS_BY_NUMBER, CORNERS, NUMBERS, cell_name
from engines.sequence_numbers.cards import FULL_DECK, answer, label
from engines.sequence_numbers.scoring import count_sequences, fives_in_run

from .helpers import NAMES, card_for, full_board_pattern, table

# ---- G3 / G4: board and deck ---------------------------------------------------------------


def test_g3_every_number_twice_and_four_free_corners():
    numbers = Counter(n for row in NUMBERS for n in row)
    assert numbers.pop(0) == 4
    assert numbers == Counter({n: 2 for n in range(1, 49)})
    assert [cell_name(c) for c in sorted(CORNERS)] == ["A1", "A10", "J1", "J10"]
    assert [cell_name(c) for c in CELLS_BY_NUMBER[7]] == ["B2", "H1"]


def test_g4_deck_has_104_cards_with_correct_arithmetic():
    deck = Counter(FULL_DECK)
    assert sum(deck.values()) == 104
    assert deck["P"] == 4 and deck["M"] == 4
    for n in range(1, 49):
        a, b = (int(x) for x in label(f"a{n}").split(" + "))
        c, d = (int(x) for x in label(f"s{n}").split(" − "))
        assert a + b == n and c - d == n
        assert answer(f"a{n}") == answer(f"s{n}") == n
    assert label("a11") == "5 + 6" and label("s7") == "14 − 7"
    assert label("P") == "Plus" and label("M") == "Minus"


# ---- G2 / G5: players, teams, setup --------------------------------------------------------


def test_g2_five_players_refused_with_clear_message():
    with pytest.raises(IllegalMove, match="can't be played by 5"):
        new_game(NAMES[:5], 1)
    for bad in (1, 7):
        with pytest.raises(IllegalMove, match="2 to 6"):
            new_game(["X"] * bad, 1)
    assert (MIN_PLAYERS, MAX_PLAYERS) == (2, 6)


def test_g2_team_colours_for_four_players_alternate_seats():
    view = new_game(NAMES[:4], 3).view(None)
    assert view["teams"] == [
        {"name": "Team Blue", "colour": "Blue", "seats": [0, 2]},
        {"name": "Team Orange", "colour": "Orange", "seats": [1, 3]},
    ]


def test_g2_six_players_two_teams_of_three_or_three_of_two():
    two = new_game(NAMES, 3).view(None)["teams"]
    assert [t["seats"] for t in two] == [[0, 2, 4], [1, 3, 5]]
    three = new_game(NAMES, 3, teams=3).view(None)["teams"]
    assert [t["seats"] for t in three] == [[0, 3], [1, 4], [2, 5]]
    assert [t["colour"] for t in three] == ["Blue", "Orange", "Green"]
    with pytest.raises(IllegalMove, match="2 or 3 teams"):
        new_game(NAMES, 3, teams=6)
    with pytest.raises(IllegalMove, match="4 players"):
        new_game(NAMES[:4], 3, teams=3)


def test_g2_two_and_three_players_play_alone():
    teams = new_game(NAMES[:3], 3).view(None)["teams"]
    assert [(t["name"], t["seats"]) for t in teams] == [("Ann", [0]), ("Bob", [1]), ("Cat", [2])]


@pytest.mark.parametrize(("players", "size"), [(2, 5), (3, 5), (4, 4), (6, 4)])
def test_g5_hand_sizes_by_player_count(players, size):
    game = new_game(NAMES[:players], 9)
    assert game.view(None)["hand_sizes"] == [size] * players
    assert game.view(None)["draw_pile"] == 104 - size * players


def test_g5_random_first_player_and_deal_from_first_player():
    assert {new_game(NAMES[:4], seed).turn for seed in range(40)} == {0, 1, 2, 3}
    game = new_game(NAMES[:2], 0, deck=["a1", "a2", "a3", "a4"], first=1)
    assert game.hands[1][:2] == ["a1", "a3"] and game.hands[0][:2] == ["a2", "a4"]


# ---- G6: a turn ------------------------------------------------------------------------------


def test_g6_equation_card_goes_on_either_answer_cell():
    for cell in ("C8", "H6"):  # both show 11
        game = table(hands=[["a11"], []])
        events = game.apply(0, Play("a11", cell))
        assert events[0].text == f"Ann played 5 + 6 on {cell}."
        assert game.view(None)["board"][ord(cell[0]) - 65][int(cell[1:]) - 1] == 0


def test_g6_equation_card_refused_off_its_cells_or_on_a_chip():
    game = table(hands=[["a11"], []], chips={"C8": 1})
    with pytest.raises(IllegalMove, match="5 \\+ 6 makes 11: it goes on C8 or H6, not A2"):
        game.apply(0, Play("a11", "A2"))
    with pytest.raises(IllegalMove, match="C8 already holds a chip"):
        game.apply(0, Play("a11", "C8"))
    assert Play("a11", "C8") not in game.legal_actions(0)


def test_g6_plus_anywhere_empty_but_not_a_corner():
    game = table(hands=[["P"], []], chips={"B2": 1})
    cells = {a.cell for a in game.legal_actions(0) if a.card == "P"}
    assert len(cells) == 95 and "B2" not in cells and "A1" not in cells
    with pytest.raises(IllegalMove, match="free space"):
        game.apply(0, Play("P", "A1"))
    assert game.apply(0, Play("P", "E5"))[0].text == "Ann played Plus on E5."


def test_g6_minus_removes_an_opponent_chip_and_places_none():
    game = table(hands=[["M"], []], chips={"C3": 1, "C4": 0})
    assert {a.cell for a in game.legal_actions(0) if a.card == "M"} == {"C3"}
    with pytest.raises(IllegalMove, match="not your own"):
        game.apply(0, Play("M", "C4"))
    with pytest.raises(IllegalMove, match="no chip on C5"):
        game.apply(0, Play("M", "C5"))
    events = game.apply(0, Play("M", "C3"))
    assert events[0].text == "Ann played Minus and removed Bob's chip from C3."
    assert game.view(None)["board"][2][2:4] == [None, 0]
    assert game.view(None)["last_move"] == {
        "seat": 0,
        "card": "Minus",
        "cell": "C3",
        "kind": "minus",
    }


def test_g6_play_discards_face_up_and_draws_one():
    game = table(hands=[["a11"], []], draws=["a20"])
    game.apply(0, Play("a11", "C8"))
    assert "a20" in game.hands[0] and len(game.hands[0]) == 5
    assert game.view(None)["discard_top"] == "5 + 6"
    assert game.turn == 1


def test_g6_out_of_turn_and_card_not_held_are_refused_without_change():
    game = table(hands=[["a11"], ["a12"]])
    before = game.to_dict()
    with pytest.raises(IllegalMove, match="It is Ann's turn"):
        game.apply(1, Play("a12", "D5"))
    with pytest.raises(IllegalMove, match="You don't hold 4 \\+ 6"):
        game.apply(0, Play("a10", "E4"))
    assert game.to_dict() == before


# ---- G7: dead cards --------------------------------------------------------------------------


def test_g7_dead_card_exchange_once_per_turn():
    game = table(hands=[["a7", "s7", "a11"], []], chips={"B2": 1, "H1": 1}, draws=["a20", "a21"])
    view = game.view(0)["hand"]
    assert view[0]["dead"] and view[0]["cells"] == [
        {"cell": "B2", "free": False},
        {"cell": "H1", "free": False},
    ]
    assert Exchange("a7") in game.legal_actions(0)
    assert not any(isinstance(a, Play) and a.card == "a7" for a in game.legal_actions(0))
    events = game.apply(0, Exchange("a7"))
    assert [e.text for e in events] == ["Ann exchanged the dead card 4 + 3."]
    assert "a7" not in game.hands[0] and "a20" in game.hands[0]
    assert game.turn == 0 and game.view(None)["discard_top"] == "4 + 3"
    with pytest.raises(IllegalMove, match="already exchanged"):
        game.apply(0, Exchange("s7"))
    game.apply(0, Play("a11", "C8"))
    assert Exchange("s7") not in game.legal_actions(1)  # Bob does not hold it


def test_g7_live_card_cannot_be_exchanged():
    game = table(hands=[["a7"], []], chips={"B2": 1})
    with pytest.raises(IllegalMove, match="not dead: H1 still free"):
        game.apply(0, Exchange("a7"))


# ---- G8 / G1: sequences, locking, winning ----------------------------------------------------

DIRECTIONS = {
    "across": ["C2", "C3", "C4", "C5", "C6"],
    "down": ["B3", "C3", "D3", "E3", "F3"],
    "diagonal": ["C3", "D4", "E5", "F6", "G7"],
    "anti_diagonal": ["B8", "C7", "D6", "E5", "F4"],
}


@pytest.mark.parametrize("direction", list(DIRECTIONS))
def test_g8_sequence_in_every_direction_wins_two_player_game_g1(direction):
    line = DIRECTIONS[direction]
    last = line[2]
    game = table(hands=[[card_for(last)], []], chips={c: 0 for c in line if c != last})
    events = game.apply(0, Play(card_for(last), last))
    assert events[1].text == f"Ann completed a SEQUENCE ({line[0]}–{line[-1]})."
    assert events[-1].text == "Ann wins with a SEQUENCE."
    assert game.is_over and game.winners() == [0] and game.final_scores() == [1, 0]
    assert sorted(game.view(None)["locked"]) == sorted(line)
    assert game.to_act() == [] and game.decision(0) is None


@pytest.mark.parametrize(
    ("line", "last"),
    [(["A2", "A3", "A4", "A5"], "A3"), (["F6", "G7", "H8", "I9"], "G7")],
)
def test_g8_corners_count_for_every_colour(line, last):
    chips = {c: 1 for c in line if c != last}
    game = table(hands=[[], [card_for(last)]], chips=chips, first=1)
    events = game.apply(1, Play(card_for(last), last))
    assert events[-1].kind == "win" and game.winners() == [1]
    assert not any(c in game.view(None)["locked"] for c in ("A1", "J10"))
    assert count_sequences(game.chips, 0) == 0


def test_g8_line_of_nine_is_two_sequences_and_wins_four_player_game():
    row = [f"D{c}" for c in range(1, 10)]
    game = table(
        players=4, hands=[[card_for("D5")], [], [], []], chips={c: 0 for c in row if c != "D5"}
    )
    events = game.apply(0, Play(card_for("D5"), "D5"))
    assert events[1].text == "Team Blue completed 2 SEQUENCES (D1–D9)."
    assert events[-1].text == "Team Blue win with 2 SEQUENCES."
    assert game.winners() == [0, 2] and game.final_scores() == [2, 0, 2, 0]


def test_g8_largest_set_sharing_at_most_one_cell():
    assert [fives_in_run(n) for n in range(4, 14)] == [0, 1, 1, 1, 1, 2, 2, 2, 2, 3]
    chips = [-1] * 100
    for cell in ["C1", "C2", "C3", "C4", "C5", "D3", "E3", "F3", "G3"]:  # cross at C3
        chips[(ord(cell[0]) - 65) * 10 + int(cell[1:]) - 1] = 0
    assert count_sequences(chips, 0) == 2


def test_g8_one_sequence_in_four_player_game_is_not_a_win_yet():
    game = table(
        players=4, hands=[[card_for("C6")], [], [], []], chips={f"C{c}": 0 for c in (2, 3, 4, 5)}
    )
    game.apply(0, Play(card_for("C6"), "C6"))
    assert not game.is_over and game.view(None)["sequences"] == [1, 0]


def test_g8_minus_refused_on_locked_chip():
    line = ["C2", "C3", "C4", "C5", "C6"]
    game = table(players=4, hands=[["M"], [], [], []], chips={**{c: 1 for c in line}, "J5": 1})
    assert game.view(None)["sequences"] == [0, 1]
    with pytest.raises(IllegalMove, match="part of a SEQUENCE"):
        game.apply(0, Play("M", "C4"))
    assert {a.cell for a in game.legal_actions(0) if a.card == "M"} == {"J5"}


# ---- G9: running out -------------------------------------------------------------------------


def test_g9_empty_draw_pile_reshuffles_the_discard_pile():
    game = table(hands=[["a11"], []])
    game.discard, game.draw_pile = game.draw_pile, []
    events = game.apply(0, Play("a11", "C8"))
    assert [e.kind for e in events] == ["play", "reshuffle"]
    assert len(game.hands[0]) == 5 and game.view(None)["discard_top"] is None


def test_g9_no_legal_move_passes_and_everyone_passing_is_a_draw():
    chips = full_board_pattern(empty="C8")
    dead = ["a20", "a21", "a22", "a23"]
    game = table(
        hands=[["a11", *dead], ["P", "P", "P", "P", "a24"]],
        chips=chips,
        draws=["a25", "a26", "a27"],
    )
    game.apply(0, Play("a11", "C8"))
    assert game.turn == 1 and game.legal_actions(1) == [Exchange("a24")]
    events = game.apply(1, Exchange("a24"))
    assert [e.text for e in events] == [
        "Bob exchanged the dead card 10 + 14.",
        "Bob has no legal move and passes.",
    ]
    game.apply(0, Exchange("a20"))
    assert game.is_over and game.winners() == [] and game.final_scores() == [0, 0]
    assert game.view(None)["is_over"]


# ---- G10: what people see --------------------------------------------------------------------


def test_g10_views_hide_other_hands_and_the_draw_order():
    game = new_game(NAMES[:3], 5)
    spectator = game.view(None)
    assert "hand" not in spectator
    text = repr(spectator)
    for hand in game.hands:
        assert not any(f"'{card}'" in text for card in hand)
    mine = game.view(1)
    assert [c["code"] for c in mine["hand"]] == game.hands[1]
    assert set(mine) - set(spectator) == {"hand", "seat", "team"}
    assert spectator["draw_pile"] == len(game.draw_pile)
    assert set(spectator) >= {
        "board", "numbers", "locked", "sequences", "teams", "turn", "last_move",
        "discard_top", "draw_pile", "hand_sizes",
    }  # fmt: skip
    assert spectator["numbers"][0][0] is None and spectator["board"][0][0] == "free"
    assert spectator["numbers"][1][0] == 22


# ---- decisions, labels and codes -------------------------------------------------------------


def test_decision_card_then_cell_with_back():
    game = table(hands=[["a11", "a7"], []], chips={"B2": 1, "H1": 1})
    first = game.decision(0)
    assert first.kind == "choose_card"
    assert [game.label(o) for o in first.options][:1] == ["5 + 6 (C8 or H6)"]
    assert Exchange("a7") in first.options and ChooseCard("a7") not in first.options
    assert game.decision(1) is None
    game.apply(0, ChooseCard("a11"))
    step = game.decision(0)
    assert step.kind == "choose_cell" and step.options == [
        Play("a11", "C8"),
        Play("a11", "H6"),
        Back(),
    ]
    game.apply(0, Back())
    assert game.decision(0).kind == "choose_card"


def test_decision_plus_goes_through_rows_and_every_step_fits_a_menu():
    game = table(hands=[["P"], []])
    game.apply(0, ChooseCard("P"))
    rows = game.decision(0)
    assert rows.kind == "choose_row" and len(rows.options) == 11
    game.apply(0, ChooseRow("A"))
    cells = game.decision(0)
    assert cells.kind == "choose_cell"
    assert [o.code for o in cells.options] == [f"P.A{c}" for c in range(2, 10)] + ["back"]
    game.apply(0, Back())
    assert game.decision(0).kind == "choose_row"
    assert game.apply(0, action_from_code("P.e5"))[0].text == "Ann played Plus on E5."


def test_codes_round_trip_and_garbage_is_refused():
    for action in (Play("a11", "C8"), Play("M", "J10"), Exchange("s7"), ChooseCard("P"),
                   ChooseRow("C"), Back()):  # fmt: skip
        assert action_from_code(action.code) == action
        assert re.fullmatch(r"[A-Za-z0-9_.-]{1,39}", action.code)
    for bad in ("", "zz", "a11.K1", "a11.C11", "q9.C8", "r.Z", "x."):
        with pytest.raises(IllegalMove):
            action_from_code(bad)


def test_labels_are_short_and_plain():
    game = table(hands=[["M", "a11"], []], chips={"C3": 1})
    assert game.label(Play("M", "C3")) == "Minus: remove C3 (Bob)"
    assert game.label(Play("a11", "C8")) == "5 + 6 on C8"
    assert game.label(Exchange("a11")) == "Exchange dead card 5 + 6"
    assert all(len(game.label(a)) <= 80 for a in game.legal_actions(0))
