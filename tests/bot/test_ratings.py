"""Ratings are openskill's Plackett-Luce updates of the outcome's places and teams, checked
against the library itself on the same input (not against copied numbers)."""

from __future__ import annotations

from openskill.models import PlackettLuce

from bot.rules.ratings import DISPLAY_BASE, Rated, Skill, rate
from engines.base import ranked

MODEL = PlackettLuce()


def _members(count: int) -> list[Rated]:
    return [Rated("member", str(100 + seat)) for seat in range(count)]


def _library(teams: list[list[Skill]], ranks: list[float]) -> list[list[Skill]]:
    rated = MODEL.rate([[MODEL.rating(s.mu, s.sigma) for s in team] for team in teams], ranks=ranks)
    return [[Skill(r.mu, r.sigma) for r in team] for team in rated]


def test_a_new_player_shows_the_base_rating() -> None:
    assert Skill.new().shown == DISPLAY_BASE


def test_a_four_player_free_for_all_rates_each_by_place() -> None:
    outcome = ranked([2], [40, 90, 210, 120])
    skills = [Skill(25 + seat, 8 - seat / 2) for seat in range(4)]
    after = rate(outcome, _members(4), skills)
    expected = _library([[s] for s in skills], [4, 3, 1, 2])
    assert after == [team[0] for team in expected]
    assert after[2].mu > skills[2].mu and after[0].mu < skills[0].mu  # 1st up, last down


def test_a_shared_place_is_a_tie() -> None:
    outcome = ranked([0, 1], [7, 7, 3])
    skills = [Skill.new() for _ in range(3)]
    after = rate(outcome, _members(3), skills)
    assert after == [team[0] for team in _library([[s] for s in skills], [1, 1, 3])]
    assert after[0] == after[1]


def test_sequence_teams_of_two_and_of_three_teams() -> None:
    skills = [Skill(20 + seat, 7) for seat in range(6)]
    two = ranked([0, 2], [1, 0, 1, 0], teams=[0, 1, 0, 1])
    after = rate(two, _members(4), skills[:4])
    expected = _library([[skills[0], skills[2]], [skills[1], skills[3]]], [1, 2])
    assert after == [expected[0][0], expected[1][0], expected[0][1], expected[1][1]]
    three = ranked([1, 4], [0, 2, 1, 0, 2, 1], teams=[0, 1, 2, 0, 1, 2])
    after = rate(three, _members(6), skills)
    expected = _library(
        [[skills[0], skills[3]], [skills[1], skills[4]], [skills[2], skills[5]]], [3, 1, 2]
    )
    assert after == [expected[t][i] for i in range(2) for t in range(3)]


def test_a_draw_rates_every_seat_as_tied() -> None:
    outcome = ranked([], [1, 0], teams=[0, 1])
    skills = [Skill(30, 6), Skill(22, 8)]
    after = rate(outcome, _members(2), skills)
    assert after == [team[0] for team in _library([[s] for s in skills], [1, 1])]


def test_a_quitter_ranks_last_whatever_their_score() -> None:
    outcome = ranked([0], [150, 120, 90])
    seats = [*_members(2), Rated("member", "102", quit=True)]
    seats[1] = Rated("member", "101", quit=True)
    skills = [Skill.new() for _ in range(3)]
    after = rate(outcome, seats, skills)
    expected = _library([[skills[0]], [skills[1]], [skills[2]]], [1, 4, 4])
    assert after == [team[0] for team in expected]
    assert after[1].ordinal < after[0].ordinal


def test_ai_seats_are_rated_by_level_like_players() -> None:
    outcome = ranked([1], [10, 30])
    seats = [Rated("member", "100"), Rated("ai", "strong")]
    skills = [Skill.new(), Skill(28, 4)]
    after = rate(outcome, seats, skills)
    assert after == [team[0] for team in _library([[s] for s in skills], [2, 1])]
