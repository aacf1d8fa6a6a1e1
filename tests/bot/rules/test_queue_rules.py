"""A server's queue settings read from its scoped keys (issue 48, item 2): a game's table
size stays within its player counts, bad or unknown values fall back to the defaults."""

from __future__ import annotations

from bot.rules.queue import DEFAULT_EXPIRY, QueueSettings, read_settings


def test_i48_2_a_table_size_is_the_games_least_unless_the_server_sets_one_within_its_counts():
    settings = read_settings({"queue_sizes": {"sinkorswim": 4, "flip7": 99, "sequence": 1}})
    assert settings.size("sinkorswim") == 4
    assert settings.size("flip7") == 24  # Flip 7 seats at most 24
    assert settings.size("sequence") == 2  # Sequence Numbers at least 2
    assert QueueSettings().size("sinkorswim") == 3


def test_i48_2_bad_or_unknown_stored_values_fall_back_to_the_defaults():
    settings = read_settings(
        {
            "queue_channel": "not a channel",
            "queue_sizes": {"chess": 4, "flip7": "three"},
            "queue_expiry": 0,
        }
    )
    assert settings == QueueSettings(channel_id=None, sizes={}, expiry=DEFAULT_EXPIRY)
    assert read_settings({"queue_channel": 5, "queue_expiry": 45}) == QueueSettings(5, {}, 45)
