"""The upgrade rates the matches the old version finished, once, from the saved games'
outcomes, as openskill computes on the same places (a tie: the mean of its strict orders,
as the bot rates ties from issue 46 on)."""

from __future__ import annotations

import json
import sqlite3

from bot.storage import Storage
from engines.base import GAMES
from tests.bot.rating_reference import fresh, near
from tests.upgrade.saved import build_v1_database


async def test_finished_matches_get_their_results_and_ratings(tmp_path):
    path = build_v1_database(tmp_path / "old.sqlite3")
    with sqlite3.connect(path) as db:
        finished = db.execute(
            "SELECT id, guild_id, game, seats, state FROM matches WHERE status = 'finished'"
        ).fetchall()
    assert finished
    storage = await Storage.open(path)
    try:
        for match_id, guild_id, game, seats_text, state in finished:
            outcome = GAMES[game].from_dict(json.loads(state)).outcome()
            users = [seat["user_id"] for seat in json.loads(seats_text)]
            summary = await storage.standings.match_summary(match_id)
            assert summary.end_how == "played"
            assert [s.place for s in summary.seats] == list(outcome.places)
            assert [s.score for s in summary.seats] == list(outcome.scores)
            rated = fresh(list(outcome.places))
            for user, (rating,) in zip(users, rated, strict=True):
                for season in (False, True):
                    row = (await storage.standings.member_ratings(guild_id, user, season=season))[
                        game
                    ]
                    assert (row.mu, row.sigma) == near(rating) and row.games == 1
            board = await storage.standings.leaderboard(guild_id, game)
            assert sorted(r.user_id for r in board) == sorted(users)
    finally:
        await storage.close()
    reopened = await Storage.open(path)  # rated once: a second start changes nothing
    try:
        row = (await reopened.standings.member_ratings(1, 101, season=False))["flip7"]
        assert row.games == 1
    finally:
        await reopened.close()
