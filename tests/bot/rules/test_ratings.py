"""Ratings are openskill's Plackett-Luce updates of the outcome's places and teams, checked
against the library itself on the same input (not against copied numbers): a result without
a tie is one call of the library, a tie the mean of the library's strict orders."""

from __future__ import annotations

import random
import time

import pytest
from openskill.models import PlackettLuce

from bot.rules.ratings import DISPLAY_BASE, Rated, Skill, rate
from bot.rules.tie_breaks import MAX_ORDERS, arrangement_count, arrangements, tie_breaks
from engines.base import Outcome, ranked
from tests.bot.rating_reference import every_order, near

MODEL = PlackettLuce()


def _members(count: int) -> list[Rated]:
    return [Rated("member", str(100 + seat)) for seat in range(count)]


def _library(teams: list[list[Skill]], ranks: list[float]) -> list[list[Skill]]:
    rated = MODEL.rate([[MODEL.rating(s.mu, s.sigma) for s in team] for team in teams], ranks=ranks)
    return [[Skill(r.mu, r.sigma) for r in team] for team in rated]


def _reference(teams: list[list[Skill]], ranks: list[int]) -> list[list[object]]:
    """The library's mean over the tie's strict orders, each (mu, sigma) as `near` compares."""
    rated = every_order([[(s.mu, s.sigma) for s in team] for team in teams], ranks)
    return [[near(pair) for pair in team] for team in rated]


def _pairs(skills: list[Skill]) -> list[tuple[float, float]]:
    return [(s.mu, s.sigma) for s in skills]


def _places(seats: int, start: int, size: int) -> tuple[int, ...]:
    """Places of `seats` with seats start..start+size-1 tied."""
    return tuple(s + 1 if s < start or s >= start + size else start + 1 for s in range(seats))


def _ffa(places: tuple[int, ...]) -> Outcome:
    return Outcome((), (0,) * len(places), places, tuple(range(len(places))))


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
    skills = [Skill(27, 6), Skill(22, 8), Skill(25, 7)]
    after = rate(outcome, _members(3), skills)
    assert _pairs(after) == [team[0] for team in _reference([[s] for s in skills], [1, 1, 3])]
    assert after[1].mu - skills[1].mu > after[0].mu - skills[0].mu  # the weaker gains more


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
    assert _pairs(after) == [team[0] for team in _reference([[s] for s in skills], [1, 1])]
    assert after[0].mu < skills[0].mu and after[1].mu > skills[1].mu


def test_a_quitter_ranks_last_whatever_their_score() -> None:
    outcome = ranked([0], [150, 120, 90])
    seats = [*_members(2), Rated("member", "102", quit=True)]
    seats[1] = Rated("member", "101", quit=True)
    skills = [Skill.new(), Skill(27, 5), Skill(21, 7)]
    after = rate(outcome, seats, skills)
    expected = _reference([[skills[0]], [skills[1]], [skills[2]]], [1, 4, 4])
    assert _pairs(after) == [team[0] for team in expected]
    assert after[1].ordinal < skills[1].ordinal and after[0].ordinal > skills[0].ordinal


def test_ai_seats_are_rated_by_level_like_players() -> None:
    outcome = ranked([1], [10, 30])
    seats = [Rated("member", "100"), Rated("ai", "strong")]
    skills = [Skill.new(), Skill(28, 4)]
    after = rate(outcome, seats, skills)
    assert after == [team[0] for team in _library([[s] for s in skills], [2, 1])]


@pytest.mark.parametrize("seats", [2, 3, 5, 8])
def test_i46_3_a_tie_rates_between_its_neighbours(seats: int) -> None:
    """Every tie of new players, at every place: each tied seat's shown change lies between
    the place before the tie and the place after it, and between what the tie's first and
    last place give in the same game without the tie; and the tied stay equal."""
    fresh = [Skill.new()] * seats
    strict = [s.shown for s in rate(_ffa(_places(seats, 0, 1)), _members(seats), fresh)]
    for start in range(seats - 1):
        for size in range(2, seats - start + 1):
            places = _places(seats, start, size)
            shown = [s.shown for s in rate(_ffa(places), _members(seats), fresh)]
            tied = shown[start : start + size]
            assert len(set(tied)) == 1, places
            assert strict[start + size - 1] < tied[0] < strict[start], places
            if start > 0:
                assert tied[0] < shown[start - 1], places
            if start + size < seats:
                assert tied[0] > shown[start + size], places


def test_i46_3_the_eight_seat_story_rates_the_tie_for_third_above_fifth() -> None:
    """The issue's Flip 7 of eight first-time players: Cleo and Eve tied for third got +13
    each while Fay, fifth, got +42. Now the tie gets the mean of 3rd and 4th."""
    fresh = [Skill.new()] * 8
    base = Skill.new().shown
    tie = [s.shown - base for s in rate(_ffa((1, 2, 3, 3, 5, 6, 7, 8)), _members(8), fresh)]
    strict = [s.shown - base for s in rate(_ffa(_places(8, 0, 1)), _members(8), fresh)]
    assert tie[1] > tie[2] == tie[3] > tie[4]
    assert abs(tie[2] - (strict[2] + strict[3]) / 2) <= 1
    assert tie[4:] == strict[4:] and tie[:2] == strict[:2]  # the others keep their place's


@pytest.mark.parametrize("seats", [3, 5, 8])
def test_i46_3_equal_players_who_tie_stay_equal(seats: int) -> None:
    """Two equal players tied among others of different skill, in a tie of two and a tie of
    three with a stronger third, at every place: they end exactly equal, as the library's
    own mean of the strict orders says."""
    rng = random.Random(seats)
    for start in range(seats - 1):
        for size in (2, 3):
            if start + size > seats:
                continue
            skills = [Skill(rng.uniform(18, 32), rng.uniform(3, 8)) for _ in range(seats)]
            skills[start + 1] = skills[start]
            places = _places(seats, start, size)
            after = rate(_ffa(places), _members(seats), skills)
            assert after[start] == after[start + 1], places
            expected = _reference([[s] for s in skills], list(places))
            assert _pairs(after) == [team[0] for team in expected], places


def test_i46_3_a_draw_of_three_teams_is_the_mean_of_their_orders() -> None:
    """A Sequence Numbers draw of three teams of two: each seat gets the mean of the six
    orders the teams could have finished in; a team's two seats move by their own skills."""
    outcome = ranked([], [0] * 6, teams=[0, 1, 2, 0, 1, 2])
    skills = [Skill(20 + seat, 7 - seat / 3) for seat in range(6)]
    after = rate(outcome, _members(6), skills)
    teams = [[skills[t], skills[t + 3]] for t in range(3)]
    expected = _reference(teams, [1, 1, 1])
    assert _pairs(after) == [expected[seat % 3][seat // 3] for seat in range(6)]
    assert after[0].mu > skills[0].mu and after[2].mu < skills[2].mu  # the weakest team gains


def test_i46_3_quitters_tied_last_stay_below_everyone_and_equal_ones_equal() -> None:
    """A 24-seat game with eight quitters of different skills, two of them equal: more
    orders than are rated exactly, so MAX_ORDERS of them are drawn; the rating is the same
    every time, each quitter ends lower than they began, below every seat that stayed,
    the two equal quitters stay equal, and it takes well under a second."""
    seats = 24
    outcome = ranked([0], [200 - seat for seat in range(seats)])
    quit = set(range(3, 24, 3))
    who = [Rated("member", str(seat), quit=seat in quit) for seat in range(seats)]
    skills = [Skill(18 + seat / 3, 3 + seat / 8) for seat in range(seats)]
    skills[9] = skills[6]
    assert arrangement_count([skills[s] for s in sorted(quit)]) > MAX_ORDERS
    start = time.perf_counter()
    after = rate(outcome, who, skills)
    assert time.perf_counter() - start < 1.0
    assert rate(outcome, who, skills) == after
    assert after[6] == after[9]
    assert all(after[q].mu < skills[q].mu for q in quit)
    stayed = [s for s in range(seats) if s not in quit]
    changes = {s: after[s].shown - skills[s].shown for s in range(seats)}
    assert max(changes[q] for q in quit) < min(changes[s] for s in stayed)


def test_i46_3_tie_breaks_lists_each_distinct_order_once() -> None:
    assert sorted(arrangements("aab")) == [tuple("aab"), tuple("aba"), tuple("baa")]
    assert arrangement_count("aab") == 3 and arrangement_count("abcd") == 24
    every = tie_breaks([["x"], ["a", "b"], ["c", "c", "d"]])
    assert len(every) == len(set(every)) == 6
    drawn = tie_breaks([list("abcdef")], limit=50)
    assert len(drawn) == 50 and drawn == tie_breaks([list("abcdef")], limit=50)
    assert all(sorted(order[0]) == list("abcdef") for order in drawn)
