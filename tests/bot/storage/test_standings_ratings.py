"""Ratings written with the result, in the move's transaction: each equals what openskill
computes on the same input in the test (not copied numbers)."""

from __future__ import annotations

import asyncio

import pytest

from bot.rules.ratings import Skill
from bot.storage import ResultRow, Store
from engines.base import ranked
from tests.bot.rating_reference import MODEL, fresh, near
from tests.bot.standings_helpers import finish, members, win


@pytest.fixture
async def storage(any_storage):
    """Each test that takes it runs on SQLite and on PostgreSQL."""
    return any_storage


def _fresh(ranks: list[float], teams: list[list[int]]) -> dict[int, object]:
    """Every seat's (mu, sigma) after openskill rates new players in `teams` by `ranks`
    (a tie: the mean of its strict orders)."""
    rated = fresh(ranks, [len(team) for team in teams])
    return {
        seat: near(rating)
        for team, ratings in zip(teams, rated, strict=True)
        for seat, rating in zip(team, ratings, strict=True)
    }


async def _skills(storage: Store, users: list[int], season: bool = False) -> dict[int, tuple]:
    found = {}
    for seat, user in enumerate(users):
        row = (await storage.standings.member_ratings(1, user, season=season))["flip7"]
        found[seat] = (row.mu, row.sigma)
    return found


async def test_a_four_player_free_for_all(storage):
    outcome = win([40, 90, 210, 120])
    await finish(storage, members(outcome, 11, 12, 13, 14), now=2000.0)
    expected = _fresh([4, 3, 1, 2], [[0], [1], [2], [3]])
    assert await _skills(storage, [11, 12, 13, 14]) == expected
    assert await _skills(storage, [11, 12, 13, 14], season=True) == expected
    board = await storage.standings.leaderboard(1, "flip7")
    assert [r.user_id for r in board] == [13, 14, 12, 11]
    assert all(r.provisional and r.games == 1 for r in board)
    assert board[0].wins == 1 and board[0].last_change == board[0].shown - Skill.new().shown


async def test_an_unrated_match_is_recorded_but_rates_no_one(storage):
    outcome = win([40, 90, 210])
    match = await finish(storage, members(outcome, 11, 12, 13), now=2000.0, end="unrated")
    summary = await storage.standings.match_summary(match)
    assert summary is not None and summary.end_how == "unrated"
    assert [s.place for s in summary.seats] == [3, 2, 1]
    assert await storage.standings.leaderboard(1, "flip7") == []
    assert await storage.standings.member_ratings(1, 13) == {}


async def test_a_shared_place(storage):
    outcome = win([7, 7, 3])
    await finish(storage, members(outcome, 11, 12, 13), now=2000.0)
    assert await _skills(storage, [11, 12, 13]) == _fresh([1, 1, 3], [[0], [1], [2]])


async def test_sequence_two_teams_and_three_teams(storage):
    two = ranked([0, 2], [1, 0, 1, 0], teams=[0, 1, 0, 1])
    await finish(storage, members(two, 11, 12, 13, 14), now=2000.0, game="flip7")
    assert await _skills(storage, [11, 12, 13, 14]) == _fresh([1, 2], [[0, 2], [1, 3]])
    three = ranked([1, 4], [0, 2, 1, 0, 2, 1], teams=[0, 1, 2, 0, 1, 2])
    users = [21, 22, 23, 24, 25, 26]
    await finish(storage, members(three, *users), now=2100.0, channel=11)
    assert await _skills(storage, users) == _fresh([3, 1, 2], [[0, 3], [1, 4], [2, 5]])


async def test_a_draw(storage):
    draw = ranked([], [1, 0], teams=[0, 1])
    await finish(storage, members(draw, 11, 12), now=2000.0)
    assert await _skills(storage, [11, 12]) == _fresh([1, 1], [[0], [1]])


async def test_quitters_rank_last_whatever_their_score(storage):
    outcome = win([150, 120, 90, 60])
    kinds = ["member", "member_ai", "member", "left"]
    await finish(storage, members(outcome, 11, 12, 13, 14, kinds=kinds), now=2000.0)
    # Each quitter is a team of its own, ranked below every seat that played on.
    assert await _skills(storage, [11, 12, 13, 14]) == _fresh([1, 5, 3, 5], [[0], [1], [2], [3]])


async def test_a_reset_or_abandoned_match_changes_no_rating(storage):
    await finish(storage, members(win([5, 9]), 11, 12), now=2000.0)
    before = await _skills(storage, [11, 12])
    unplaced = [ResultRow(11, 0, None, False), ResultRow(12, 1, None, False)]
    reset = await finish(storage, unplaced, now=2100.0, channel=11, end="reset")
    await finish(storage, unplaced, now=2200.0, channel=12, end="abandoned")
    assert await _skills(storage, [11, 12]) == before
    summary = await storage.standings.match_summary(reset)
    assert summary.end_how == "reset"
    assert [(s.place, s.score, s.shown_after) for s in summary.seats] == [(None, None, None)] * 2


async def test_ai_seats_are_rated_per_level(storage):
    outcome = win([10, 30, 20])
    rows = [
        ResultRow(11, 0, 10, False, team=0, place=3),
        ResultRow(None, 1, 30, True, kind="ai", ai_level="strong", team=1, place=1),
        ResultRow(None, 2, 20, False, kind="ai", ai_level="simple", team=2, place=2),
    ]
    assert [r.place for r in rows] == list(outcome.places)
    await finish(storage, rows, now=2000.0)
    expected = _fresh([3, 1, 2], [[0], [1], [2]])
    levels = await storage.standings.ai_ratings(1, "flip7")
    assert (levels["strong"].mu, levels["strong"].sigma) == expected[1]
    assert (levels["simple"].mu, levels["simple"].sigma) == expected[2]
    assert [r.user_id for r in await storage.standings.leaderboard(1, "flip7")] == [11]


async def test_a_second_match_starts_from_the_first_ones_ratings(storage):
    first = win([1, 2])
    await finish(storage, members(first, 11, 12), now=2000.0)
    after_first = await _skills(storage, [11, 12])
    await finish(storage, members(win([3, 1]), 11, 12), now=2100.0, channel=11)
    start = [MODEL.rating(*after_first[0]), MODEL.rating(*after_first[1])]
    rated = MODEL.rate([[start[0]], [start[1]]], ranks=[1, 2])
    assert await _skills(storage, [11, 12]) == {
        0: (rated[0][0].mu, rated[0][0].sigma),
        1: (rated[1][0].mu, rated[1][0].sigma),
    }


async def test_two_matches_of_one_member_finishing_at_once_lose_no_update(storage):
    await asyncio.gather(
        finish(storage, members(win([5, 1]), 11, 12), now=2000.0, channel=10),
        finish(storage, members(win([5, 1]), 11, 13), now=2000.0, channel=11),
    )
    row = (await storage.standings.member_ratings(1, 11, season=False))["flip7"]
    assert row.games == 2 and row.wins == 2
    trend = await storage.standings.rating_trend(1, "flip7", 11, season=False)
    assert len(trend) == 2 and trend[-1].shown == row.shown
    # The second rating started from the first one's result, whichever ran first.
    one = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 2])[0][0]
    two = MODEL.rate([[one], [MODEL.rating()]], ranks=[1, 2])[0][0]
    assert (row.mu, row.sigma) == (two.mu, two.sigma)
