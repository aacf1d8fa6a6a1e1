"""Rows the old version wrote in English are worded the new way after the upgrade: the
end reasons it wrote become kinds (worded in the reader's language), an end reason it
never wrote is shown as written, and AI seats lose the "(AI)" baked into their names."""

from __future__ import annotations

import json
import sqlite3

import pytest

from bot.core.settings import Settings
from bot.play.matches import Change
from bot.storage import EndReason
from cogs.wording import i18n
from tests.i18n.catalogs import pseudo_translations
from tests.upgrade.saved import build_v1_database
from tests.upgrade.test_bot_upgrade import table_text

ANN = {"name": "ann", "user_id": 101, "ai": None}
AI = {"name": "Ada (AI)", "user_id": None, "ai": "strong"}
# id, status, ended_reason as the old version stored it
OLD_ROWS = [
    (300, "cancelled", "cancelled by the host"),
    (301, "cancelled", "ended by moderator Mod"),
    (302, "cancelled", "ended by the host, ann"),
    (303, "cancelled", "everyone left"),
    (304, "cancelled", "the bot was retired for the night"),  # no sentence the bot wrote
    (305, "lobby", None),
]
KINDS = {
    300: (EndReason.HOST_CANCELLED, {}),
    301: (EndReason.RESET_BY_MODERATOR, {"name": "Mod"}),
    302: (EndReason.RESET_BY_HOST, {"name": "ann"}),
    303: (EndReason.EVERYONE_LEFT, {}),
    304: (EndReason.TEXT, {"text": "the bot was retired for the night"}),
    305: (None, {}),
}
SHOWN = {
    300: "The host cancelled the game.",
    301: "Moderator Mod ended the game.",
    302: "The host, ann, ended the game.",
    303: "Everyone left, so the lobby closed.",
    304: "the bot was retired for the night",
}


@pytest.fixture
def settings(tmp_path):
    path = build_v1_database(tmp_path / "bot.sqlite3")
    with sqlite3.connect(path) as db:
        for match, status, reason in OLD_ROWS:
            db.execute(
                "INSERT INTO matches (id, guild_id, channel_id, game, host_id, status, version, "
                "seats, options, state, extra, ended_reason, created_at, updated_at) "
                "VALUES (?, 1, ?, 'flip7', 101, ?, 1, ?, '{\"goal\": 200}', NULL, '{}', ?, 1, 1)",
                (match, 1000 + match, status, json.dumps([ANN, AI]), reason),
            )
    return Settings(
        token="test-token", database_path=path, ai_delay=0, lobby_timeout=10**9, game_seed=1
    )


async def test_old_end_reasons_and_ai_seats_are_worded_the_new_way(simcord_env):
    bot = simcord_env.bot
    desk = bot.get_cog("Desk")
    for match, (kind, data) in KINDS.items():
        record = await bot.storage.get_match(match)
        assert (record.ended_reason, record.ended_data) == (kind, data)
        assert [seat.name for seat in record.seats] == ["ann", "Ada"]
        assert record.seats[1].ai == "strong"
        english = table_text(await desk.tables.table_now(Change(record, None), "en"))
        assert "Ada (AI)" in english and "Ada (AI) (AI)" not in english
        if match in SHOWN:
            assert SHOWN[match] in english
    i18n.install("vi", pseudo_translations("vi"))
    try:
        for match in SHOWN:
            record = await bot.storage.get_match(match)
            shown = table_text(await desk.tables.table_now(Change(record, None), "vi"))
            # Known reasons are worded for the reader; the unknown one stays as written.
            assert (SHOWN[match] in shown) == (match == 304), shown
    finally:
        i18n.forget("vi")
