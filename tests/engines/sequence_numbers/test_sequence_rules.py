"""Rule tests for Sequence Numbers, named by rule id (G1-G10)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import FrozenInstanceError, fields
from functools import partial

import pytest

from engines.base import SCHEMA, Decision, Event, Game, IllegalMove, Outcome
from engines.sequence_numbers import (
    INFO,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Back,
    CellView,
    ChooseCard,
    ChooseRow,
    Exchange,
    LastMove,
    Pass,
    Play,
    SequenceGame,
    TeamView,
    action_from_code,
    new_game,
)
from engines.sequence_numbers.ai import timeout_move
from engines.sequence_numbers.board import CELLS_BY_NUMBER, CORNERS, NUMBERS, cell_name
from engines.sequence_numbers.cards import FULL_DECK, answer, label
from engines.sequence_numbers.scoring import count_sequences, fives_in_run, longest_line

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
    with pytest.raises(IllegalMove) as refused:
        new_game(NAMES[:5], 1)
    assert (refused.value.kind, refused.value.data) == ("five_players", {"players": 5})
    for bad in (1, 7):
        with pytest.raises(IllegalMove) as refused:
            new_game(["X"] * bad, 1)
        assert refused.value.kind == "bad_player_count"
        assert refused.value.data == {"players": bad, "low": 2, "high": 6}
    assert (MIN_PLAYERS, MAX_PLAYERS) == (2, 6)


def test_g2_team_colours_for_four_players_alternate_seats():
    view = new_game(NAMES[:4], 3).view(None)
    assert view.teams == (TeamView(0, "Blue", (0, 2)), TeamView(1, "Orange", (1, 3)))


def test_g2_six_players_two_teams_of_three_or_three_of_two():
    two = new_game(NAMES, 3).view(None).teams
    assert [t.seats for t in two] == [(0, 2, 4), (1, 3, 5)]
    three = new_game(NAMES, 3, teams=3).view(None).teams
    assert [t.seats for t in three] == [(0, 3), (1, 4), (2, 5)]
    assert [t.colour for t in three] == ["Blue", "Orange", "Green"]
    with pytest.raises(IllegalMove) as refused:
        new_game(NAMES, 3, teams=6)
    assert refused.value.kind == "bad_teams"
    assert refused.value.data == {"players": 6, "teams": 6, "allowed": [2, 3]}
    with pytest.raises(IllegalMove) as refused:
        new_game(NAMES[:4], 3, teams=3)
    assert refused.value.data == {"players": 4, "teams": 3, "allowed": [2]}


def test_g2_two_and_three_players_play_alone():
    teams = new_game(NAMES[:3], 3).view(None).teams
    assert [(t.index, t.seats) for t in teams] == [(0, (0,)), (1, (1,)), (2, (2,))]


@pytest.mark.parametrize(("players", "size"), [(2, 5), (3, 5), (4, 4), (6, 4)])
def test_g5_hand_sizes_by_player_count(players, size):
    game = new_game(NAMES[:players], 9)
    assert game.view(None).hand_sizes == (size,) * players
    assert game.view(None).draw_pile == 104 - size * players
    assert game.opening_events() == [Event("deal", {"first": game.turn, "hand_size": size})]


def test_g5_random_first_player_and_deal_from_first_player():
    assert {new_game(NAMES[:4], seed).turn for seed in range(40)} == {0, 1, 2, 3}
    game = new_game(NAMES[:2], 0, deck=["a1", "a2", "a3", "a4"], first=1)
    assert game.hands[1][:2] == ["a1", "a3"] and game.hands[0][:2] == ["a2", "a4"]


# ---- G6: a turn ------------------------------------------------------------------------------


def test_g6_equation_card_goes_on_either_answer_cell():
    for cell in ("C8", "H6"):  # both show 11
        game = table(hands=[["a11"], []])
        events = game.apply(0, Play("a11", cell))
        assert events[0] == Event("play", {"seat": 0, "team": 0, "card": "a11", "cell": cell})
        assert game.view(None).board[ord(cell[0]) - 65][int(cell[1:]) - 1] == 0


def test_g6_equation_card_refused_off_its_cells_or_on_a_chip():
    game = table(hands=[["a11"], []], chips={"C8": 1})
    with pytest.raises(IllegalMove) as refused:
        game.apply(0, Play("a11", "A2"))
    assert refused.value.kind == "wrong_cell"
    assert refused.value.data == {"card": "a11", "answer": 11, "cells": ["C8", "H6"], "cell": "A2"}
    with pytest.raises(IllegalMove) as refused:
        game.apply(0, Play("a11", "C8"))
    assert (refused.value.kind, refused.value.data) == ("cell_taken", {"cell": "C8"})
    assert Play("a11", "C8") not in game.complete_moves(0)


def test_g6_plus_anywhere_empty_but_not_a_corner():
    game = table(hands=[["P"], []], chips={"B2": 1})
    cells = {a.cell for a in game.complete_moves(0) if a.card == "P"}
    assert len(cells) == 95 and "B2" not in cells and "A1" not in cells
    with pytest.raises(IllegalMove) as refused:
        game.apply(0, Play("P", "A1"))
    assert (refused.value.kind, refused.value.data) == ("free_space", {"cell": "A1"})
    events = game.apply(0, Play("P", "E5"))
    assert events[0] == Event("plus", {"seat": 0, "team": 0, "card": "P", "cell": "E5"})


def test_g6_minus_removes_an_opponent_chip_and_places_none():
    game = table(hands=[["M"], []], chips={"C3": 1, "C4": 0})
    assert {a.cell for a in game.complete_moves(0) if a.card == "M"} == {"C3"}
    with pytest.raises(IllegalMove) as refused:
        game.apply(0, Play("M", "C4"))
    assert (refused.value.kind, refused.value.data) == ("own_chip", {"cell": "C4"})
    with pytest.raises(IllegalMove) as refused:
        game.apply(0, Play("M", "C5"))
    assert (refused.value.kind, refused.value.data) == ("no_chip", {"cell": "C5"})
    events = game.apply(0, Play("M", "C3"))
    assert events[0] == Event(
        "minus",
        {"seat": 0, "team": 0, "card": "M", "cell": "C3", "victim": 1, "victim_seats": [1]},
    )
    assert game.view(None).board[2][2:4] == (None, 0)
    assert game.view(None).last_move == LastMove(seat=0, card="M", cell="C3", kind="minus")


def test_g6_play_discards_face_up_and_draws_one():
    game = table(hands=[["a11"], []], draws=["a20"])
    game.apply(0, Play("a11", "C8"))
    assert "a20" in game.hands[0] and len(game.hands[0]) == 5
    assert game.view(None).discard_top == "a11"
    assert game.turn == 1


def test_g6_out_of_turn_and_card_not_held_are_refused_without_change():
    game = table(hands=[["a11"], ["a12"]])
    before = game.to_dict()
    with pytest.raises(IllegalMove) as refused:
        game.apply(1, Play("a12", "D5"))
    assert (refused.value.kind, refused.value.data) == ("not_your_turn", {"seat": 0})
    with pytest.raises(IllegalMove) as refused:
        game.apply(0, Play("a10", "E4"))
    assert (refused.value.kind, refused.value.data) == ("card_not_held", {"card": "a10"})
    assert game.to_dict() == before


# ---- G7: dead cards --------------------------------------------------------------------------


def test_g7_dead_card_exchange_once_per_turn():
    game = table(hands=[["a7", "s7", "a11"], []], chips={"B2": 1, "H1": 1}, draws=["a20", "a21"])
    hand = game.view(0).hand
    assert hand[0].dead and hand[0].cells == (CellView("B2", False), CellView("H1", False))
    assert Exchange("a7") in game.legal_actions(0)
    assert not any(isinstance(a, Play) and a.card == "a7" for a in game.complete_moves(0))
    events = game.apply(0, Exchange("a7"))
    assert events == [Event("exchange", {"seat": 0, "team": 0, "card": "a7"})]
    assert "a7" not in game.hands[0] and "a20" in game.hands[0]
    assert game.turn == 0 and game.view(None).discard_top == "a7"
    with pytest.raises(IllegalMove) as refused:
        game.apply(0, Exchange("s7"))
    assert refused.value.kind == "already_exchanged"
    game.apply(0, Play("a11", "C8"))
    assert Exchange("s7") not in game.complete_moves(1)  # Bob does not hold it


def test_g7_live_card_cannot_be_exchanged():
    game = table(hands=[["a7", "a11"], []], chips={"B2": 1})
    with pytest.raises(IllegalMove) as refused:
        game.apply(0, Exchange("a7"))
    assert (refused.value.kind, refused.value.data) == (
        "not_dead",
        {"card": "a7", "free_cells": ["H1"]},
    )
    with pytest.raises(IllegalMove) as refused:
        game.apply(0, Exchange("a11"))
    assert refused.value.data == {"card": "a11", "free_cells": ["C8", "H6"]}


def test_g7_g9_plus_and_minus_are_never_dead_and_say_so():
    """Exchanging a Plus names no cells; exchanging a Minus calls no chip "free", even when
    there is no chip it could remove."""
    game = table(hands=[["P", "M"], []], chips={"B2": 1})
    with pytest.raises(IllegalMove) as refused:
        game.apply(0, Exchange("P"))
    assert (refused.value.kind, refused.value.data) == ("plus_never_dead", {"card": "P"})
    with pytest.raises(IllegalMove) as refused:
        game.apply(0, Exchange("M"))
    assert (refused.value.kind, refused.value.data) == ("minus_never_dead", {"card": "M"})
    lonely = table(hands=[["M", "a11"], []])
    with pytest.raises(IllegalMove) as refused:
        lonely.apply(0, Exchange("M"))
    assert refused.value.kind == "minus_never_dead"
    with pytest.raises(IllegalMove) as refused:
        lonely.apply(0, ChooseCard("M"))
    assert (refused.value.kind, refused.value.data) == ("no_removable_chip", {"card": "M"})


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
    assert events[1] == Event(
        "sequence", {"team": 0, "seats": [0], "cells": line, "count": 1, "total": 1}
    )
    assert events[-1] == Event("win", {"team": 0, "seats": [0], "count": 1, "required": 1})
    assert game.is_over and game.outcome() == Outcome(
        winners=(0,), scores=(1, 0), places=(1, 2), teams=(0, 1), reason="sequences_completed"
    )
    assert sorted(game.view(None).locked) == sorted(line)
    assert game.to_act() == [] and game.decision(0) is None


@pytest.mark.parametrize(
    ("line", "last"),
    [(["A2", "A3", "A4", "A5"], "A3"), (["F6", "G7", "H8", "I9"], "G7")],
)
def test_g8_corners_count_for_every_colour(line, last):
    chips = {c: 1 for c in line if c != last}
    game = table(hands=[[], [card_for(last)]], chips=chips, first=1)
    events = game.apply(1, Play(card_for(last), last))
    assert events[-1].kind == "win" and game.outcome().winners == (1,)
    assert not any(c in game.view(None).locked for c in ("A1", "J10"))
    assert count_sequences(game.chips, 0) == 0


def test_g8_line_of_nine_is_two_sequences_and_wins_four_player_game():
    row = [f"D{c}" for c in range(1, 10)]
    game = table(
        players=4, hands=[[card_for("D5")], [], [], []], chips={c: 0 for c in row if c != "D5"}
    )
    events = game.apply(0, Play(card_for("D5"), "D5"))
    assert events[1] == Event(
        "sequence", {"team": 0, "seats": [0, 2], "cells": row, "count": 2, "total": 2}
    )
    assert events[-1] == Event("win", {"team": 0, "seats": [0, 2], "count": 2, "required": 2})
    assert game.outcome() == Outcome(
        winners=(0, 2),
        scores=(2, 0, 2, 0),
        places=(1, 2, 1, 2),
        teams=(0, 1, 0, 1),
        reason="sequences_completed",
    )


def test_g8_extending_a_sequence_does_not_count_it_again():
    """A sixth chip in line with a SEQUENCE makes no new one (six cells hold one five);
    filling the gap to a line of nine makes exactly the second."""
    game = table(
        players=4, hands=[[card_for("C7")], [], [], []], chips={f"C{c}": 0 for c in range(2, 7)}
    )
    assert game.view(None).sequences == (1, 0)
    events = game.apply(0, Play(card_for("C7"), "C7"))
    assert [e.kind for e in events if e.kind in ("sequence", "win")] == []
    assert game.view(None).sequences == (1, 0) and not game.is_over
    assert "C7" in game.view(None).locked  # it lies in a complete five

    nine = table(
        players=4,
        hands=[[card_for("C6")], [], [], []],
        chips={f"C{c}": 0 for c in (1, 2, 3, 4, 5, 7, 8, 9)},
    )
    assert nine.view(None).sequences == (1, 0)
    events = nine.apply(0, Play(card_for("C6"), "C6"))
    assert [e.data["count"] for e in events if e.kind == "sequence"] == [1]
    assert events[-1] == Event("win", {"team": 0, "seats": [0, 2], "count": 2, "required": 2})


def test_g8_largest_set_sharing_at_most_one_cell():
    assert [fives_in_run(n) for n in range(4, 14)] == [0, 1, 1, 1, 1, 2, 2, 2, 2, 3]
    chips = [-1] * 100
    for cell in ["C1", "C2", "C3", "C4", "C5", "D3", "E3", "F3", "G3"]:  # cross at C3
        chips[(ord(cell[0]) - 65) * 10 + int(cell[1:]) - 1] = 0
    assert count_sequences(chips, 0) == 2


def test_i46_5_longest_line_counts_a_free_corner_only_beside_a_chip():
    """The race picture's figure: the most cells of a team in one straight line, a corner
    counting as it does toward a SEQUENCE, but no chip, no line."""
    chips = [-1] * 100

    def put(team, *cells):
        for cell in cells:
            chips[(ord(cell[0]) - 65) * 10 + int(cell[1:]) - 1] = team

    assert longest_line(chips, 0) == 0  # the corners alone are nobody's line
    put(0, "E5")
    assert longest_line(chips, 0) == 1
    put(0, "A2", "A3")
    assert longest_line(chips, 0) == 3  # A1 (free), A2, A3
    put(0, "B5", "C5", "D5")
    put(1, "F5")  # blocks the column below E5
    assert longest_line(chips, 0) == 4 and longest_line(chips, 1) == 1
    put(0, "G5", "H5", "I5", "J5")
    assert longest_line(chips, 0) == 4  # two lines of four, F5 between them
    put(-1, "F5")
    put(0, "F5")
    assert longest_line(chips, 0) == 9


def test_g8_one_sequence_in_four_player_game_is_not_a_win_yet():
    game = table(
        players=4, hands=[[card_for("C6")], [], [], []], chips={f"C{c}": 0 for c in (2, 3, 4, 5)}
    )
    game.apply(0, Play(card_for("C6"), "C6"))
    assert not game.is_over and game.view(None).sequences == (1, 0)
    assert game.outcome() is None


def test_g8_minus_refused_on_locked_chip():
    line = ["C2", "C3", "C4", "C5", "C6"]
    game = table(players=4, hands=[["M"], [], [], []], chips={**{c: 1 for c in line}, "J5": 1})
    assert game.view(None).sequences == (0, 1)
    with pytest.raises(IllegalMove) as refused:
        game.apply(0, Play("M", "C4"))
    assert (refused.value.kind, refused.value.data) == ("locked_chip", {"cell": "C4"})
    assert {a.cell for a in game.complete_moves(0) if a.card == "M"} == {"J5"}


# ---- G9: running out -------------------------------------------------------------------------


def test_g9_empty_draw_pile_reshuffles_the_discard_pile():
    game = table(hands=[["a11"], []])
    game.discard, game.draw_pile = game.draw_pile, []
    events = game.apply(0, Play("a11", "C8"))
    assert [e.kind for e in events] == ["play", "reshuffle"]
    assert events[1].data == {"cards": len(game.draw_pile) + 1}
    assert len(game.hands[0]) == 5 and game.view(None).discard_top is None


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
    assert events == [Event("exchange", {"seat": 1, "team": 1, "card": "a24"})]
    assert game.decision(1) == Decision("pass", 1, (Pass(),), {"exchange_used": True})
    assert game.apply(1, Pass()) == [Event("pass", {"seat": 1, "team": 1})]
    game.apply(0, Exchange("a20"))
    assert game.apply(0, Pass()) == [
        Event("pass", {"seat": 0, "team": 0}),
        Event("draw", {"passes": 2}),
    ]
    assert game.is_over and game.outcome() == Outcome(
        winners=(), scores=(0, 0), places=(1, 1), teams=(0, 1), reason="every_seat_passed"
    )
    assert game.outcome().draw and game.view(None).is_over


def _four_minus_deck(players: int, first: int) -> list[str]:
    """A stacked deck dealing four Minus cards to `first` and plain cards to the rest."""
    plain = iter(f"a{n}" for n in range(1, 49))
    return ["M" if index % players == 0 else next(plain) for index in range(4 * players)]


@pytest.mark.parametrize(("players", "teams", "first"), [(4, None, 2), (6, 2, 5), (6, 3, 0)])
def test_g9_first_player_dealt_four_minus_cards_passes_at_the_start(players, teams, first):
    """With an empty board no chip can be removed: the first player's only option is to
    pass, and the timeout plays it, so the table never freezes."""
    game = new_game(
        NAMES[:players], 7, deck=_four_minus_deck(players, first), first=first, teams=teams
    )
    assert game.hands[first] == ["M"] * 4
    assert game.decision(first) == Decision("pass", first, (Pass(),), {"exchange_used": False})
    assert game.legal_actions(first) == [Pass()] == game.complete_moves(first)
    assert timeout_move(game, first) == Pass()
    events = game.apply(first, Pass())
    assert events == [Event("pass", {"seat": first, "team": first % game.num_teams})]
    assert game.hands[first] == ["M"] * 4  # a pass draws nothing
    following = (first + 1) % players
    assert game.turn == following and game.decision(following).kind == "choose_card"


def test_g9_pass_is_refused_while_a_play_or_exchange_exists():
    game = table(hands=[["a7", "M", "M", "M", "M"], []], chips={"B2": 0, "H1": 0})
    assert game.legal_actions(0) == [Exchange("a7")]
    with pytest.raises(IllegalMove) as refused:
        game.apply(0, Pass())
    assert refused.value.kind == "must_play"
    game = table(hands=[["a11"], []])
    with pytest.raises(IllegalMove) as refused:
        game.apply(0, Pass())
    assert refused.value.kind == "must_play"


# ---- G1: the goal and its house option ------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "teams", "required"),
    [(2, None, 1), (3, None, 1), (4, None, 2), (6, 2, 2), (6, 3, 2)],
)
def test_g1_required_sequences_follow_the_player_count_by_default(players, teams, required):
    assert new_game(NAMES[:players], 1, teams=teams).view(None).required == required
    assert new_game(NAMES[:players], 1, teams=teams, sequences=None).required == required


def test_g1_house_option_one_sequence_wins_a_four_player_game():
    game = table(
        players=4,
        hands=[[card_for("C6")], [], [], []],
        chips={f"C{c}": 0 for c in (2, 3, 4, 5)},
        sequences=1,
    )
    assert game.view(None).required == 1
    events = game.apply(0, Play(card_for("C6"), "C6"))
    assert events[-1] == Event("win", {"team": 0, "seats": [0, 2], "count": 1, "required": 1})
    assert game.outcome() == Outcome(
        winners=(0, 2),
        scores=(1, 0, 1, 0),
        places=(1, 2, 1, 2),
        teams=(0, 1, 0, 1),
        reason="sequences_completed",
    )


def test_g1_house_option_two_sequences_for_two_players():
    game = table(
        hands=[[card_for("C6")], []], chips={f"C{c}": 0 for c in (2, 3, 4, 5)}, sequences=2
    )
    events = game.apply(0, Play(card_for("C6"), "C6"))
    assert [e.kind for e in events] == ["play", "sequence"]
    assert not game.is_over and game.view(None).sequences == (1, 0)


def test_g1_house_option_is_checked_and_saved():
    for bad in (0, 3, True, "2"):
        with pytest.raises(IllegalMove) as refused:
            new_game(NAMES[:2], 1, sequences=bad)
        assert refused.value.kind == "bad_option"
        assert refused.value.data == {"option": "sequences", "value": bad}
    assert INFO.check_options({}) == {"teams": None, "sequences": None}
    assert INFO.check_options({"sequences": 1, "teams": 3}) == {"teams": 3, "sequences": 1}
    with pytest.raises(IllegalMove) as refused:
        INFO.check_options({"sequences": 3})
    assert refused.value.kind == "bad_option"
    game = INFO.new_game(NAMES[:6], 1, **INFO.check_options({"sequences": 1, "teams": 3}))
    assert SequenceGame.from_dict(game.to_dict()).required == 1


# ---- G10: what people see --------------------------------------------------------------------


def test_g10_views_hide_other_hands_and_the_draw_order():
    game = new_game(NAMES[:3], 5)
    spectator = game.view(None)
    assert spectator.hand is None and spectator.seat is None and spectator.team is None
    text = repr(spectator)
    for hand in game.hands:
        assert not any(f"'{card}'" in text for card in hand)
    mine = game.view(1)
    assert [c.code for c in mine.hand] == game.hands[1]
    differ = {f.name for f in fields(mine) if getattr(mine, f.name) != getattr(spectator, f.name)}
    assert differ == {"hand", "seat", "team"}
    assert (mine.seat, mine.team) == (1, 1)
    assert spectator.draw_pile == len(game.draw_pile)
    assert spectator.numbers[0][0] is None and spectator.board[0][0] == "free"
    assert spectator.numbers[1][0] == 22
    with pytest.raises(FrozenInstanceError):
        spectator.turn = 2  # type: ignore[misc]


# ---- the contract: seats, decisions, codes ---------------------------------------------------


def test_contract_registration_and_protocol():
    game = new_game(NAMES[:2], 1)
    assert isinstance(game, Game)
    assert (INFO.key, INFO.min_players, INFO.max_players) == ("sequence", 2, 6)
    assert [o.name for o in INFO.options] == ["teams", "sequences"]
    assert INFO.hidden_hands and not INFO.simultaneous
    assert INFO.from_dict(game.to_dict()).to_dict() == game.to_dict()
    assert game.to_dict()[SCHEMA] == 2


@pytest.mark.parametrize("bad", [True, False, "0", 2, -1, 1.0, None])
def test_seats_must_be_plain_ints_at_the_table(bad):
    game = table(hands=[["a11"], []])
    before = game.to_dict()
    calls = [
        game.decision,
        game.legal_actions,
        partial(timeout_move, game),
        game.complete_moves,
        lambda seat: game.apply(seat, Play("a11", "C8")),
    ]
    if bad is not None:
        calls.append(game.view)
    for call in calls:
        with pytest.raises(IllegalMove) as refused:
            call(bad)
        assert refused.value.kind == "no_such_seat"
    assert game.to_dict() == before


def test_over_game_asks_nothing_of_any_seat():
    line = DIRECTIONS["across"]
    game = table(
        players=4,
        hands=[[card_for("C4")], [], [], []],
        chips={c: 0 for c in line if c != "C4"},
        sequences=1,
    )
    game.apply(0, Play(card_for("C4"), "C4"))
    assert game.is_over and game.to_act() == []
    for seat in range(4):
        assert game.decision(seat) is None
        assert game.legal_actions(seat) == [] == game.complete_moves(seat)
        with pytest.raises(IllegalMove) as refused:
            timeout_move(game, seat)
        assert refused.value.kind == "game_over"
    with pytest.raises(IllegalMove) as refused:
        game.apply(1, Play("a1", "A8"))
    assert refused.value.kind == "game_over"


def test_epoch_changes_with_every_accepted_step_only():
    game = table(hands=[["P", "a11"], ["a12"]])
    seen = [game.epoch()]
    for action in (ChooseCard("P"), ChooseRow("C"), Back(), Back(), Play("a11", "C8")):
        game.apply(game.turn, action)
        assert game.epoch() not in seen
        seen.append(game.epoch())
    with pytest.raises(IllegalMove):
        game.apply(1, Play("a12", "A2"))
    assert game.epoch() == seen[-1]


def test_decision_card_then_cell_with_back():
    game = table(hands=[["a11", "a7"], []], chips={"B2": 1, "H1": 1})
    first = game.decision(0)
    assert first.kind == "choose_card" and first.seat == 0
    assert first.options[0] == ChooseCard("a11") and first.data == {"exchange_used": False}
    assert Exchange("a7") in first.options and ChooseCard("a7") not in first.options
    assert game.legal_actions(0) == list(first.options)
    assert game.decision(1) is None and game.legal_actions(1) == []
    game.apply(0, ChooseCard("a11"))
    assert game.decision(0) == Decision(
        "choose_cell",
        0,
        (Play("a11", "C8"), Play("a11", "H6"), Back()),
        {"card": "a11", "row": None},
    )
    game.apply(0, Back())
    assert game.decision(0).kind == "choose_card"


def test_decision_plus_goes_through_rows_and_every_step_fits_a_menu():
    game = table(hands=[["P"], []])
    game.apply(0, ChooseCard("P"))
    rows = game.decision(0)
    assert rows.kind == "choose_row" and len(rows.options) == 11 and rows.data == {"card": "P"}
    game.apply(0, ChooseRow("A"))
    cells = game.decision(0)
    assert cells.kind == "choose_cell" and cells.data == {"card": "P", "row": "A"}
    assert [o.code for o in cells.options] == [f"P.A{c}" for c in range(2, 10)] + ["back"]
    game.apply(0, Back())
    assert game.decision(0).kind == "choose_row"
    events = game.apply(0, action_from_code("P.e5"))
    assert events[0] == Event("plus", {"seat": 0, "team": 0, "card": "P", "cell": "E5"})


def test_step_errors_are_kinds():
    game = table(hands=[["a11", "P"], []], chips={"C8": 1})
    for action, kind in ((ChooseRow("A"), "choose_card_first"), (Back(), "nothing_to_undo")):
        with pytest.raises(IllegalMove) as refused:
            game.apply(0, action)
        assert refused.value.kind == kind
    game.apply(0, ChooseCard("a11"))
    with pytest.raises(IllegalMove) as refused:
        game.apply(0, ChooseRow("A"))
    assert (refused.value.kind, refused.value.data) == (
        "row_has_no_cell",
        {"card": "a11", "row": "A"},
    )
    with pytest.raises(IllegalMove) as refused:
        game.apply(0, "a11.H6")  # type: ignore[arg-type]
    assert refused.value.kind == "not_an_option"
    assert game.apply(0, Play("P", "A2"))[0].kind == "plus"  # a complete move at any step


def test_g7_dead_card_cannot_be_chosen():
    game = table(hands=[["a7", "a11"], []], chips={"B2": 1, "H1": 0})
    with pytest.raises(IllegalMove) as refused:
        game.apply(0, ChooseCard("a7"))
    assert (refused.value.kind, refused.value.data) == (
        "dead_card",
        {"card": "a7", "cells": ["B2", "H1"]},
    )


def test_codes_round_trip_and_garbage_is_refused():
    for action in (Play("a11", "C8"), Play("M", "J10"), Exchange("s7"), ChooseCard("P"),
                   ChooseRow("C"), Back(), Pass()):  # fmt: skip
        assert action_from_code(action.code) == action
        assert re.fullmatch(r"[A-Za-z0-9_.-]{1,39}", action.code)
    for bad in ("", "zz", "a11.K1", "a11.C11", "q9.C8", "r.Z", "x.", "passs", None):
        with pytest.raises(IllegalMove) as refused:
            action_from_code(bad)  # type: ignore[arg-type]
        assert refused.value.kind == "bad_code"


def test_bad_setups_are_refused_as_kinds():
    cases = [
        ({"names": ["Ann", " "]}, "missing_name"),
        ({"names": NAMES[:2], "deck": ["P"] * 5}, "bad_deck"),
        ({"names": NAMES[:2], "deck": ["zz"]}, "bad_card"),
        ({"names": NAMES[:2], "first": 2}, "no_such_seat"),
    ]
    for kwargs, kind in cases:
        with pytest.raises(IllegalMove) as refused:
            new_game(seed=1, **kwargs)
        assert refused.value.kind == kind
    with pytest.raises(IllegalMove) as refused:
        SequenceGame.from_dict({**new_game(NAMES[:2], 1).to_dict(), SCHEMA: 3})
    assert (refused.value.kind, refused.value.data) == ("bad_schema", {"schema": 3})
