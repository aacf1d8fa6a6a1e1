"""The simulator runs AI-only games and prints the figures the issue asks for."""

from __future__ import annotations

import pytest

from engines.base import IllegalMove
from engines.sink_or_swim.simulate import Tally, main, parse_levels, play_game


def test_simulator_prints_key_figures(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--games", "3", "--players", "3", "--seed", "2", "--levels", "strong,simple"])
    out = capsys.readouterr().out
    for label in ("games/s", "average final score", "elimination rate", "tricks per round"):
        assert label in out
    assert "seat 1 (strong) win rate" in out and "seat 2 (simple) win rate" in out


def test_simulator_tally_adds_up() -> None:
    tally = Tally()
    for seed in range(3):
        play_game(4, seed, ["strong", "simple", "strong", "simple"], tally)
    assert tally.games == 3 and tally.rounds == 12
    assert sum(tally.wins.values()) == pytest.approx(3)
    assert 12 * 2 <= tally.tricks <= 12 * 12


def test_simulator_levels_repeat_round_the_table() -> None:
    assert parse_levels("strong,simple", 5) == ["strong", "simple", "strong", "simple", "strong"]
    with pytest.raises(IllegalMove):
        parse_levels("strong,wizard", 3)
