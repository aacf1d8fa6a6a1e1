"""A published change keeps the record as it was (bot/play/published.py): later moves change
the live record's typed fields and unsaved replay moves, never the copy's, while the
replay's first state, which never changes once kept, is shared rather than copied."""

from __future__ import annotations

from bot.play.published import record_copy
from bot.storage import MatchExtra, MatchRecord, MatchStatus
from bot.storage.records import ReplayLog


def _record() -> MatchRecord:
    first = {"deck": list(range(90)), "players": [{"row": [1, 2]}]}
    return MatchRecord(
        id=1,
        guild_id=1,
        channel_id=1,
        game="flip7",
        host_id=1,
        status=MatchStatus.PLAYING,
        version=3,
        seats=[],
        options={},
        state=None,
        extra=MatchExtra(away={"1": 5.0}, house={"options": {"goal": 150}}, replay_moves=0),
        replay=ReplayLog(first, [[0, "hit"]]),
    )


def test_i49_3_the_copy_keeps_the_moves_and_marks_as_they_were_and_shares_the_first_state():
    record = _record()
    copied = record_copy(record)
    record.replay.moves.append([1, "stay"])
    record.extra.away["1"] = 9.0
    record.extra.house["options"]["goal"] = 200  # type: ignore[index]
    assert copied.replay.moves == [[0, "hit"]]
    assert copied.extra.away == {"1": 5.0}
    assert copied.extra.house == {"options": {"goal": 150}}
    assert copied.replay.first is record.replay.first
