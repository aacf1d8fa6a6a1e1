"""The simulator runs AI-only games and prints the figures the issue asks for."""

from __future__ import annotations

import pytest

from engines.base import IllegalMove
from engines.sink_or_swim.ai import choose
from engines.sink_or_swim.game import new_game
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


def _round_points(players: int, seed: int, levels: list[str]) -> int:
    """Every round's points in one game, as its round_score events give them (S6)."""
    game = new_game([f"P{i + 1}" for i in range(players)], seed)
    points = 0
    while not game.is_over:
        for seat in game.to_act():
            events = game.apply(seat, choose(game, seat, levels[seat]))
            points += sum(e.data["points"] for e in events if e.kind == "round_score")
    return points


def test_simulator_final_scores_are_the_sum_of_the_rounds_points(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The printed average final score is the games' round points summed (S6), over as
    many rounds as players (S7)."""
    levels = parse_levels("strong,simple", 4)
    points = sum(_round_points(4, seed, levels) for seed in range(3))
    tally = Tally()
    for seed in range(3):
        play_game(4, seed, levels, tally)
    assert tally.score_sum == points and tally.rounds == 3 * 4
    main(["--games", "3", "--players", "4", "--seed", "0", "--levels", "strong,simple"])
    assert f"average final score per player: {points / 12:.2f}" in capsys.readouterr().out
