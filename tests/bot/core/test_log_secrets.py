"""Whole games at DEBUG leave no secret in the log: no interaction or bot token, no random
generator state, no hand."""

from __future__ import annotations

import functools
import json
import logging
import random
import sqlite3

import pytest
from simcord.gateway import FakeGateway
from simcord.http.client import FakeHTTPClient, FakeWebhookAdapter

from bot.core.log_format import JsonFormatter, install_record_context
from bot.core.settings import load_settings
from bot.process.app import RedactSecrets, install_log_redaction, secrets_of
from bot.storage import MatchStatus
from tests.cogs.games.test_sink_or_swim import open_table, pick, seat_user, state

INTERACTION_TOKEN = "simcord_interaction_"  # how SimCord spells every interaction token
HAND_FIELD = "Your cards"  # the private hand's field, in a request body


@pytest.fixture(autouse=True)
def transport_logs(monkeypatch):
    """SimCord replaces discord.py's HTTP client, webhook adapter and gateway, and with them
    the DEBUG lines those write on a real connection (URLs with tokens, bodies with hands,
    each gateway event whole: a click on a private hand carries the hand). Write the same
    lines, with discord.py's own formats and loggers, around SimCord's transports."""
    http_log = logging.getLogger("discord.http")
    hook_log = logging.getLogger("discord.webhook.async_")
    http_request, hook_request = FakeHTTPClient.request, FakeWebhookAdapter.request

    async def logged_http(self, route, **kwargs):
        body = json.dumps(kwargs.get("json"))
        result = await http_request(self, route, **kwargs)
        http_log.debug("%s %s with %s has returned %s", route.method, route.url, body, 200)
        http_log.debug("%s %s has received %s", route.method, route.url, result)
        return result

    async def logged_hook(self, route, session, **kwargs):
        result = await hook_request(self, route, session, **kwargs)
        hook_log.debug(
            "Webhook ID %s with %s %s has returned status code %s",
            route.webhook_id,
            route.method,
            route.url,
            200,
        )
        return result

    gateway_log = logging.getLogger("discord.gateway")
    feed = FakeGateway.feed

    def logged_feed(self, event, payload):
        message = {"op": 0, "t": event, "d": payload}
        gateway_log.debug("For Shard ID %s: WebSocket Event: %s", None, message)
        return feed(self, event, payload)

    monkeypatch.setattr(FakeHTTPClient, "request", logged_http)
    monkeypatch.setattr(FakeWebhookAdapter, "request", logged_hook)
    monkeypatch.setattr(FakeGateway, "feed", logged_feed)


def _captured(caplog) -> str:
    """Every record captured during the test, as a handler would write it."""
    formatter = logging.Formatter("%(name)s %(message)s")
    return "\n".join(formatter.format(record) for record in caplog.records)


async def _play_sink_or_swim(world) -> list[str]:
    """A whole game with picks from the private hands; the hands' card lists as stored.
    At the end a hand and a state go through the libraries' DEBUG lines (see `_log_secrets`)."""
    await open_table(world)
    chooser = random.Random(3)
    hands: list[str] = []
    while True:
        record, game = await state(world)
        if record.status == MatchStatus.FINISHED:
            _log_secrets(record.state, json.loads(hands[-3]))
            return hands
        for seat in game.to_act():
            hand = game.hand(seat)
            if len(hand) > 2:
                hands += [json.dumps(hand), repr(hand), ", ".join(map(str, hand))]
            await pick(world, seat_user(world, record, seat), chooser.choice(hand))


def _log_secrets(saved_state: dict, hand: list[int]) -> None:
    """What discord.py and aiosqlite write at DEBUG when a private hand goes out through the
    bot's HTTP client and a saved state through the driver (as writes once did): the game
    itself no longer sends either there, so these lines give the searches something to find
    unredacted, and the redaction something to remove."""
    body = {"embeds": [{"fields": [{"name": HAND_FIELD, "value": json.dumps(hand)}]}]}
    logging.getLogger("discord.http").debug(
        "%s %s with %s has returned %s", "POST", "/channels/1/messages", json.dumps(body), 200
    )
    statement = functools.partial(
        sqlite3.Connection.execute, "UPDATE matches SET state = ?", (json.dumps(saved_state),)
    )
    logging.getLogger("aiosqlite").debug("executing %s", statement)


@pytest.fixture
def debug_log(caplog):
    caplog.set_level(logging.DEBUG)
    install_log_redaction(["test-token"], handlers=[caplog.handler])
    yield caplog
    caplog.handler.filters.clear()
    logging.getLogger("aiosqlite").setLevel(logging.NOTSET)


async def test_a_whole_game_at_debug_logs_no_token_state_or_hand(world, debug_log):
    hands = await _play_sink_or_swim(world)
    text = _captured(debug_log)
    assert len(debug_log.records) > 100 and hands  # the game was logged at DEBUG
    assert INTERACTION_TOKEN not in text
    assert "test-token" not in text
    assert '"rng"' not in text and "'rng'" not in text
    assert HAND_FIELD not in text
    leaked = [hand for hand in hands if hand in text]
    assert not leaked, leaked[:3]


async def test_without_the_redaction_the_same_game_leaks(world, caplog):
    """The search above can find what it looks for: unfiltered, the log holds the tokens,
    and the state and hand that `_log_secrets` sends through the libraries' loggers."""
    caplog.set_level(logging.DEBUG)
    logging.getLogger("aiosqlite").setLevel(logging.DEBUG)
    try:
        hands = await _play_sink_or_swim(world)
    finally:
        logging.getLogger("aiosqlite").setLevel(logging.NOTSET)
    text = _captured(caplog)
    assert hands and INTERACTION_TOKEN in text
    assert f"/webhooks/{world.env.bot.application_id}/{INTERACTION_TOKEN}" in text
    # The searches for states and hands find them where they are logged: a click on a
    # private hand's button comes in as a gateway event that carries the hand's message.
    gateway = "\n".join(r.getMessage() for r in caplog.records if r.name == "discord.gateway")
    assert "INTERACTION_CREATE" in gateway and HAND_FIELD in gateway
    assert '"rng"' in text and HAND_FIELD in text
    assert any(hand in text for hand in hands)


def test_redaction_of_rest_paths_payloads_and_bot_tokens():
    redactor = RedactSecrets(["s3cret-bot-token"])
    record = logging.LogRecord(
        "discord.http",
        logging.DEBUG,
        __file__,
        1,
        "%s %s with %s has returned %s",
        (
            "POST",
            "https://discord.com/api/v10/interactions/123/aW50ZXJhY3Rpb24/callback",
            {"token": "aW50ZXJhY3Rpb24", "auth": "s3cret-bot-token"},
            204,
        ),
        None,
    )
    redactor.filter(record)
    webhook = redactor.redact("PATCH /webhooks/42/abcDEF_123-xyz/messages/@original")
    bot_token = redactor.redact(
        "MTA5ODc2NTQzMjEwOTg3NjU0Mw.GaBcDe.abcdefghijklmnopqrstuvwxyz012345"
    )
    assert "aW50ZXJhY3Rpb24" not in record.getMessage()
    assert "s3cret-bot-token" not in record.getMessage()
    assert "/interactions/123/<token>/callback" in record.getMessage()
    assert webhook == "PATCH /webhooks/42/<token>/messages/@original"
    assert bot_token == "<token>"


async def test_json_log_lines_parse_one_by_one_and_keep_the_same_secrets(world, debug_log):
    """LOG_FORMAT=json: the same whole game at DEBUG, each record written by the JSON
    formatter, is one JSON object per line, names the match and server of a click's lines,
    and holds none of the secrets the plain lines are searched for."""
    install_record_context()
    hands = await _play_sink_or_swim(world)
    formatter = JsonFormatter()
    lines = [formatter.format(record) for record in debug_log.records]
    parsed = [json.loads(line) for line in lines]  # raises on any line that is not JSON
    assert len(parsed) > 100 and all("\n" not in line for line in lines)
    assert {"time", "level", "logger", "message", "match_id", "guild_id", "shard"} <= set(parsed[0])
    assert any(p["match_id"] is not None and p["guild_id"] == world.guild.id for p in parsed)
    text = "\n".join(p["message"] + p.get("exception", "") for p in parsed)
    assert INTERACTION_TOKEN not in text and "test-token" not in text
    assert '"rng"' not in text and "'rng'" not in text
    assert HAND_FIELD not in text
    assert not [hand for hand in hands if hand in text]


def test_i47_3_the_client_secret_never_reaches_the_log():
    settings = load_settings(
        {
            "DISCORD_TOKEN": "MTA5ODc2NTQzMjEwOTg3NjU0Mw.GaBcDe.abcdefghijklmnopqrstuvwxyz012345",
            "DATABASE_URL": "postgresql://tabletop:db-pass-word@127.0.0.1/tabletop",
            "TABLE_PORT": "9106",
            "DISCORD_CLIENT_SECRET": "client-secret-from-the-portal",
        }
    )
    redactor = RedactSecrets(secrets_of(settings))
    line = redactor.redact("POST /oauth2/token client_secret=client-secret-from-the-portal")
    assert line == "POST /oauth2/token client_secret=<token>"
    assert "db-pass-word" not in redactor.redact("connecting with db-pass-word")
