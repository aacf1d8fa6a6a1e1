"""The cards' application emojis kept in step with their faces: a first start makes one
per card, a restart with nothing redrawn makes none (one call: the list), a redrawn
picture replaces its emoji, an emoji gone from Discord is made again, and a refused one
leaves every card as text, said in one log line."""

from __future__ import annotations

import logging
from dataclasses import replace

import pytest
import simcord.http.client
from simcord.backend.errors import BackendError

from cogs.app import create_bot
from cogs.games.flip7.faces import FACES as FLIP7
from cogs.games.sequence.faces import FACES as SEQUENCE
from cogs.games.sinkorswim.faces import FACES as SINK_OR_SWIM

EVERY_NAME = {face.name for face in (*FLIP7, *SINK_OR_SWIM, *SEQUENCE)}

pytestmark = pytest.mark.card_emojis


@pytest.fixture
def emoji_calls(monkeypatch):
    """Every REST call the bot makes on its application's emojis, as (method, path)."""
    calls: list[tuple[str, str]] = []
    real = simcord.http.client.FakeHTTPClient.request

    async def counted(self, route, **kwargs):
        if "/emojis" in route.path:
            calls.append((route.method, route.path))
        return await real(self, route, **kwargs)

    monkeypatch.setattr(simcord.http.client.FakeHTTPClient, "request", counted)
    return calls


async def synced(env) -> bool:
    assert env.bot.emoji_sync is not None
    return await env.bot.emoji_sync


async def restart(env, settings):
    await env.bot.shutdown_storage()
    await env.restart_bot(create_bot(settings))
    return await synced(env)


def names_on_discord(env) -> dict[str, int]:
    return {emoji.name: emoji.id for emoji in env.backend.application_emojis.values()}


async def test_first_start_makes_every_card_and_a_restart_none(emoji_calls, simcord_env, settings):
    assert await synced(simcord_env)
    made = names_on_discord(simcord_env)
    assert set(made) == EVERY_NAME and len(made) == 198
    assert emoji_calls.count(("GET", "/applications/{application_id}/emojis")) == 1
    assert len(emoji_calls) == 1 + 198
    recorded = await simcord_env.bot.storage.app_emojis()
    assert {name: emoji_id for name, (_hash, emoji_id) in recorded.items()} == made

    emoji_calls.clear()
    assert await restart(simcord_env, settings)
    assert emoji_calls == [("GET", "/applications/{application_id}/emojis")]
    assert names_on_discord(simcord_env) == made
    assert simcord_env.bot.app_emojis.get("f7_12").id == made["f7_12"]


async def test_a_redrawn_picture_replaces_its_emoji_alone(emoji_calls, simcord_env, settings):
    assert await synced(simcord_env)
    before = names_on_discord(simcord_env)
    # The database remembers another picture under f7_12: the face was redrawn since.
    await simcord_env.bot.storage.save_app_emoji("f7_12", "an older drawing", before["f7_12"])
    emoji_calls.clear()
    assert await restart(simcord_env, settings)
    methods = [method for method, _path in emoji_calls]
    assert methods == ["GET", "DELETE", "POST"]
    after = names_on_discord(simcord_env)
    assert after["f7_12"] != before["f7_12"]
    assert {n: i for n, i in after.items() if n != "f7_12"} == {
        n: i for n, i in before.items() if n != "f7_12"
    }
    recorded = await simcord_env.bot.storage.app_emojis()
    assert recorded["f7_12"][1] == after["f7_12"]


async def test_an_emoji_gone_from_discord_is_made_again(emoji_calls, simcord_env, settings):
    assert await synced(simcord_env)
    gone = names_on_discord(simcord_env)["sos_w37"]
    simcord_env.backend.delete_application_emoji(gone)
    emoji_calls.clear()
    assert await restart(simcord_env, settings)
    assert [method for method, _path in emoji_calls] == ["GET", "POST"]
    assert "sos_w37" in names_on_discord(simcord_env)


async def test_a_picture_no_longer_drawn_loses_its_emoji(emoji_calls, simcord_env, settings):
    assert await synced(simcord_env)
    old = simcord_env.backend.create_application_emoji("f7_old_card")
    await simcord_env.bot.storage.save_app_emoji("f7_old_card", "a card since removed", old.id)
    assert await restart(simcord_env, settings)
    assert "f7_old_card" not in names_on_discord(simcord_env)
    assert "f7_old_card" not in await simcord_env.bot.storage.app_emojis()


async def test_a_refused_emoji_leaves_every_card_as_text(
    emoji_calls, simcord_env, settings, caplog, monkeypatch
):
    assert await synced(simcord_env)
    for emoji_id in list(simcord_env.backend.application_emojis)[:5]:
        simcord_env.backend.delete_application_emoji(emoji_id)

    def full(name, **kwargs):
        raise BackendError(400, 30008, "Maximum number of emojis reached")

    monkeypatch.setattr(simcord_env.backend, "create_application_emoji", full)
    caplog.set_level(logging.INFO, logger="bot.process.app_emojis")
    assert not await restart(simcord_env, settings)
    assert len(simcord_env.bot.app_emojis) == 0
    said = [r for r in caplog.records if r.name == "bot.process.app_emojis"]
    assert len(said) == 1 and said[0].levelno == logging.WARNING
    assert "cards are shown as text" in said[0].getMessage()


async def test_card_emojis_off_makes_no_call(emoji_calls, simcord_env, settings):
    assert await synced(simcord_env)
    emoji_calls.clear()
    await restart_without(simcord_env, settings)
    assert emoji_calls == [] and len(simcord_env.bot.app_emojis) == 0


async def restart_without(env, settings):
    await env.bot.shutdown_storage()
    await env.restart_bot(create_bot(replace(settings, card_emojis=False)))
    assert env.bot.emoji_sync is None
