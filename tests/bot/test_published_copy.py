"""A published change keeps the record as it was (bot/play/published.py): later moves change
the live record's extra data, never the copy, while the replay's first state, which never
changes once kept, is shared rather than copied at every move."""

from __future__ import annotations

from bot.play.replay_log import FIRST_KEY, MOVES_KEY, copied_extra


def test_the_copy_keeps_the_moves_and_marks_as_they_were_and_shares_the_first_state():
    first = {"deck": list(range(90)), "players": [{"row": [1, 2]}]}
    extra = {FIRST_KEY: first, MOVES_KEY: [[0, "hit"]], "away": {"1": 5.0}}
    copied = copied_extra(extra)
    extra[MOVES_KEY].append([1, "stay"])
    extra["away"]["1"] = 9.0
    assert copied[MOVES_KEY] == [[0, "hit"]]
    assert copied["away"] == {"1": 5.0}
    assert copied[FIRST_KEY] is first


def test_a_record_without_a_replay_log_is_copied_whole():
    extra = {"where": "thread", "house": {"options": {"goal": 150}}}
    copied = copied_extra(extra)
    extra["house"]["options"]["goal"] = 200
    assert copied == {"where": "thread", "house": {"options": {"goal": 150}}}
