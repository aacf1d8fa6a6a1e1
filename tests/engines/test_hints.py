"""Practice hints as data (issue 30, item 3): each game's hint names the hard AI's move,
is made from the asking seat's view only (a game `resample`d for that seat gives the same
hint), changes nothing, and its numbers mean what they say."""

from __future__ import annotations

import random

import pytest

from engines.base import GAMES, Hint
from engines.flip7.actions import HIT
from engines.flip7.cards import is_number
from engines.flip7.table import BUSTED
from engines.sequence_numbers.board import WINDOWS, parse_cell
from engines.sink_or_swim.hints import AIMS

TABLES = [
    ("flip7", 3),
    ("flip7", 5),
    ("sinkorswim", 3),
    ("sinkorswim", 5),
    ("sequence", 2),
    ("sequence", 4),
]
KINDS = {
    "flip7": {"hit_or_stay", "choose_target", "choose_pick"},
    "sinkorswim": {"tide"},
    "sequence": {"build", "block", "remove", "complete", "exchange", "pass"},
}


def _hinted_decisions(key: str, players: int, seed: int, limit: int = 400):
    """Every decision of a seeded hard-AI game, with the hint for its seat."""
    info = GAMES[key]
    game = info.new_game([f"p{n}" for n in range(players)], seed)
    for _step in range(limit):
        if game.is_over:
            return
        seat = game.to_act()[0]
        yield game, seat, info.hint(game, seat)
        game.apply(seat, info.choose_ai(game, seat, "hard"))


@pytest.mark.parametrize(("key", "players"), TABLES)
def test_a_hint_is_the_hard_move_from_the_seats_view_alone(key, players):
    info = GAMES[key]
    rng = random.Random(9)
    seen = set()
    for seed in range(3):
        for game, seat, hint in _hinted_decisions(key, players, seed):
            state = game.to_dict()
            assert isinstance(hint, Hint) and hint.kind in KINDS[key]
            assert hint.move == info.choose_ai(game, seat, "hard").code
            assert game.to_dict() == state  # asking changes nothing
            assert info.hint(game.resample(seat, rng), seat) == hint
            seen.add(hint.kind)
    assert seen >= {"hit_or_stay", "tide", "build", "block"} & KINDS[key]


def _next_card_odds(game, seat: int, samples: int) -> tuple[float, float]:
    """By drawing: how often the next card is a number that busts the row, and the round
    score left on average (a card that is no number counted as leaving it as it is)."""
    rng = random.Random(seat)
    busts, scores = 0, 0.0
    before = game.round_score(seat)
    for _ in range(samples):
        copy = game.resample(seat, rng)
        events = copy.apply(seat, HIT)
        card = next(e.data["card"] for e in events if e.kind == "flip")
        if not is_number(card):
            scores += before
        elif copy.status[seat] == BUSTED:
            busts += 1
        else:
            scores += copy.round_score(seat)
    return busts / samples, scores / samples


def test_a_flip7_hint_s_bust_chance_and_hit_score_are_what_drawing_finds():
    """Against 1,500 draws from what the seat can't see, at a few decisions to hit."""
    checked = 0
    for game, seat, hint in _hinted_decisions("flip7", 4, 11):
        if hint.kind != "hit_or_stay" or game.round_score(seat) < 15 or checked >= 4:
            continue
        bust, score = _next_card_odds(game, seat, 1500)
        assert abs(bust - hint.data["bust"]) < 0.05, (bust, hint)
        assert abs(score - hint.data["hit_score"]) < 2.0, (score, hint)
        assert hint.data["stay_score"] == game.round_score(seat)
        checked += 1
    assert checked == 4


def test_a_sink_or_swim_hint_names_a_card_in_hand_and_a_tide_card_on_the_table():
    for game, seat, hint in _hinted_decisions("sinkorswim", 4, 3):
        data = hint.data
        assert data["card"] in game.hand(seat)
        assert data["aim"] in AIMS and 0 < data["chance"] <= 1
        low, high = sorted(game.view(seat).tide_cards)
        assert data["tide"] == {"low": low, "high": high, "none": None}[data["aim"]]


def _window(first: str, last: str) -> tuple[int, ...]:
    ends = {parse_cell(first), parse_cell(last)}
    return next(w for w in WINDOWS if {w[0], w[-1]} == ends)


def test_a_sequence_hint_s_line_holds_the_chips_it_counts():
    """A built line counts our chips (corners too) and the new one, with no rival's in it;
    a blocked or broken line counts the rival's, with none of ours."""
    for players in (2, 4):
        for game, seat, hint in _hinted_decisions("sequence", players, 5):
            data = hint.data
            if hint.kind not in {"build", "block", "remove"} or "first" not in data:
                continue
            view = game.view(seat)
            cells = _window(data["first"], data["last"])
            assert parse_cell(data["cell"]) in cells
            shown = [view.board[c // 10][c % 10] for c in cells]
            team = data["team"]
            counted = sum(1 for owner in shown if owner in (team, "free"))
            others = [o for o in shown if isinstance(o, int) and o != team]
            if hint.kind == "build":
                assert team == view.team and counted + 1 == data["line"] and not others
            else:  # two colours at these tables: the line holds the rival's chips alone
                assert team != view.team and counted == data["line"] and not others
