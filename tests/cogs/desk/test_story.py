"""The table's story across a restart: the recent events a table retells are read back
from the stored events, and a move writes them only there (not into the match row)."""

from __future__ import annotations

import json
import sqlite3

from cogs.app import create_bot
from tests.cogs.helpers import embed_text, seat_three, table_of


def _extra(settings) -> dict:
    with sqlite3.connect(settings.database_path) as db:
        (text,) = db.execute("SELECT extra FROM matches WHERE status = 'playing'").fetchone()
    return json.loads(text)


async def _restart(world, settings) -> None:
    await world.env.bot.shutdown_storage()
    await world.env.restart_bot(create_bot(settings))


async def test_a_restart_mid_round_still_tells_the_round(world, settings, stacked_flip7):
    stacked_flip7(["5", "9", "3", "4"])
    people = world.people
    alice, bob, carol = people["alice"], people["bob"], people["carol"]
    told = ["Round 1 begins; carol deals.", "alice was dealt 5.", "alice stays."]
    assert (await alice.click(await seat_three(world), label="Stay")).acknowledged
    await _restart(world, settings)
    # The table posted again after the restart tells the round as it was.
    reposted = embed_text((await bob.slash(world.channel, "flip7 table")).response.message)
    assert "This round" in reposted and all(line in reposted for line in told)
    # The first move after it adds to that story (the record read its events once).
    assert (await bob.click(table_of(world.channel, bob), label="Stay")).acknowledged
    after = embed_text(table_of(world.channel, carol))
    assert all(line in after for line in [*told, "bob stays."]), after
    # The round ends; after another restart its summary still shows until the next move.
    assert (await carol.click(table_of(world.channel, carol), label="Stay")).acknowledged
    await _restart(world, settings)
    ended = embed_text((await alice.slash(world.channel, "flip7 table")).response.message)
    assert "Round 1: how it ended" in ended and "**bob** 9: `9`" in ended, ended


async def test_a_move_writes_no_log_into_the_match_row(world, settings, stacked_flip7):
    """The events are rows of match_events; the match row keeps none, and a row an earlier
    version saved with its log in `extra` loses it at its next move."""
    stacked_flip7(["5", "9", "3", "4"])
    alice, bob = world.people["alice"], world.people["bob"]
    assert (await alice.click(await seat_three(world), label="Stay")).acknowledged
    assert "log" not in _extra(settings)
    await world.env.bot.shutdown_storage()
    with sqlite3.connect(settings.database_path) as db:
        db.execute(
            "UPDATE matches SET extra = json_set(extra, '$.log', json('[\"an old line.\"]')) "
            "WHERE status = 'playing'"
        )
    assert _extra(settings)["log"] == ["an old line."]
    await world.env.restart_bot(create_bot(settings))
    assert (await bob.click(table_of(world.channel, bob), label="Stay")).acknowledged
    assert "log" not in _extra(settings)
    assert "bob stays." in embed_text(table_of(world.channel, bob))
