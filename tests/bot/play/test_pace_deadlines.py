"""A turn's deadline and its reminder at each pace (issue 28, item 2): live keeps the host's
TURN_TIMEOUT and its late reminder; slow paces give their own time and remind when a fifth
of it is left, from a whole record or from the brief a restart reads."""

from __future__ import annotations

import pytest

from bot.core.settings import Settings
from bot.play.deadlines import deadline_for, next_due
from bot.storage import Deadline, MatchRecord, MatchStatus, OpenBrief, Seat
from engines.base import GAMES

NOW = 1_000_000.0


def _settings(tmp_path) -> Settings:
    return Settings(token="t", database_path=tmp_path / "db.sqlite3", turn_timeout=90, game_seed=1)


def _playing(pace: str) -> tuple[MatchRecord, object]:
    seats = [Seat(name="ann", user_id=1), Seat(name="bob", user_id=2)]
    game = GAMES["flip7"].new_game(["ann", "bob"], 7)
    record = MatchRecord(
        id=1,
        guild_id=1,
        channel_id=1,
        game="flip7",
        host_id=1,
        status=MatchStatus.PLAYING,
        seats=seats,
        options={},
        state=game.to_dict(),
        version=3,
        pace=pace,
    )
    return record, game


@pytest.mark.parametrize(
    ("pace", "turn", "remind_at"),
    [
        ("live", 90.0, 90.0 - 30.0),
        ("relaxed", 600.0, 600.0 * 0.8),
        ("daily", 86_400.0, 86_400.0 * 0.8),
        ("three_days", 259_200.0, 259_200.0 * 0.8),
    ],
)
def test_i28_each_pace_sets_its_deadline_and_one_reminder(tmp_path, pace, turn, remind_at):
    settings = _settings(tmp_path)
    record, game = _playing(pace)
    deadline = deadline_for(record, game, NOW, [], settings)
    assert deadline is not None and deadline.kind == "turn"
    assert deadline.due_at == NOW + turn
    due = next_due(record, deadline, NOW, settings)
    assert (due.kind, due.at) == ("remind", NOW + remind_at)
    # A restart reads only the brief, with the pace: the same reminder.
    brief = OpenBrief(1, MatchStatus.PLAYING, record.version, record.seats, deadline, None, pace)
    assert next_due(brief, deadline, NOW, settings) == due
    # Past the reminder's time, the deadline itself is next.
    late = next_due(brief, deadline, NOW + remind_at + 1, settings)
    assert (late.kind, late.at) == ("turn", NOW + turn)


def test_i28_a_lobby_expires_at_its_own_time_whatever_the_pace(tmp_path):
    settings = _settings(tmp_path)
    record, _game = _playing("daily")
    record.status, record.state = MatchStatus.LOBBY, None
    deadline = deadline_for(record, None, NOW, [], settings)
    assert deadline == Deadline(1, "lobby", 3, NOW + settings.lobby_timeout)
