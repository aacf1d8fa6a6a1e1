"""A fourth game, Nim, plugged in through the one contract: lobby, turns, a deadline, a
restart and the leaderboard work with no line about Nim outside tests/nim/."""

from pathlib import Path

import pytest

from bot.app import create_bot
from bot.errors import Refusal
from tests.cogs.helpers import buttons, embed_text, table_of
from tests.nim.conftest import NIM_PLUGIN

ROOT = Path(__file__).parents[2]


async def _start(world, stones=7):
    alice, bob = world.people["alice"], world.people["bob"]
    assert (await alice.slash(world.channel, "nim start", stones=stones)).acknowledged
    assert (await bob.click(table_of(world.channel, alice), label="Join")).acknowledged
    assert (await alice.click(table_of(world.channel, alice), label="Start")).acknowledged
    return alice, bob


def _whose_turn(world):
    footer = table_of(world.channel, world.people["alice"]).embeds[0].footer.text
    return world.people[footer.split(":")[0]]


async def test_nim_plays_from_lobby_through_deadline_and_restart_to_leaderboard(world, settings):
    env = world.env
    alice, _bob = await _start(world, stones=7)
    table = table_of(world.channel, alice)
    assert "Nim — 7 stones" in embed_text(table)
    first = _whose_turn(world)
    assert (await first.click(table, label="take3")).acknowledged  # 4 left
    assert "took 3; 4 left" in embed_text(table_of(world.channel, alice))

    # The next player lets the turn deadline pass: the bot takes one stone for them.
    late = _whose_turn(world)
    await env.advance_time(settings.turn_timeout + 1)
    shown = embed_text(table_of(world.channel, alice))
    assert f"{late.name} ran out of time" in shown and "3 left" in shown

    # A restart in the middle: the old message's buttons still work on the new bot.
    await env.bot.shutdown_storage()
    await env.restart_bot(create_bot(settings, extra_plugins=(NIM_PLUGIN,)))
    table = table_of(world.channel, alice)
    winner = _whose_turn(world)
    assert "take3" in buttons(table)
    assert (await winner.click(table, label="take3")).acknowledged
    assert f"Nim — {winner.name} wins!" in embed_text(table_of(world.channel, alice))
    shown = [embed_text(m) for m in world.channel.history(viewer=alice)]
    assert any(f"{winner.name} took the last stone and wins!" in text for text in shown)

    board = await alice.slash(world.channel, "games leaderboard", game="nim")
    assert board.acknowledged and not board.ephemeral
    assert f"<@{winner.id}>" in embed_text(board.response)


async def test_a_stale_nim_button_is_refused(world):
    alice, _bob = await _start(world)
    table = table_of(world.channel, alice)
    old_id = buttons(table)["take1"].custom_id
    player = _whose_turn(world)
    assert (await player.click(table, label="take1")).acknowledged
    other = _whose_turn(world)
    # The first player's button, clicked again by the next player once the move was made
    # (SimCord only clicks visible buttons, so send it the way the button handler does).
    _, match_id, stamp, code = old_id.split(":")

    async def answer(change):
        raise AssertionError("a stale click must change nothing")

    with pytest.raises(Refusal, match="out of date"):
        await world.env.bot.matches.play(int(match_id), other.id, int(stamp), code, answer)


def test_nothing_outside_tests_nim_names_nim():
    """The platform serves Nim without a line of its own about it."""
    for folder in ("bot", "cogs", "engines"):
        for path in (ROOT / folder).rglob("*.py"):
            assert "nim" not in path.read_text().lower().replace("animat", ""), path
