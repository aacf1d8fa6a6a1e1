"""The table inside Discord (issue 47, item 3), on Discord's side: the table's "Open the
table" button answers LAUNCH_ACTIVITY, and the application's Entry Point command is
registered and kept by every command sync. Both are checked at the HTTP boundary, as the
bot sends them: SimCord 3.2 simulates neither the Entry Point (command type 4: its bulk
update refuses the `handler` field, and it has no route to create or edit one global
command) nor the LAUNCH_ACTIVITY answer (interaction callback type 12, which it answers
400), so tests/activity/discord_stand_in.py answers those as Discord does."""

from __future__ import annotations

import pytest

from tests.activity.conftest import PORTAL_ENTRY_POINT
from tests.activity.discord_stand_in import (
    CALLBACK,
    GLOBAL_COMMANDS,
    ONE_GLOBAL_COMMAND,
)
from tests.activity.test_activity_page import started_in_a_thread
from tests.cogs.helpers import buttons
from tests.cogs.players import public_table

OPEN_THE_TABLE = "Open the table"


def entry_points(commands: list[dict]) -> list[dict]:
    return [c for c in commands if c.get("type") == 4]


async def test_i47_3_open_the_table_answers_with_launch_activity(world, boundary):
    match = await started_in_a_thread(world)
    thread = next(t for t in world.channel.threads if t.id == match.thread_id)
    alice = world.people["alice"]
    table = public_table(thread, alice)
    assert OPEN_THE_TABLE in buttons(table)
    before = len(boundary.sent)
    await alice.click(table, label=OPEN_THE_TABLE)
    answered = [s for s in boundary.sent[before:] if (s.method, s.route) == ("POST", CALLBACK)]
    # Discord's LAUNCH_ACTIVITY answer, and nothing else: no message, no edit.
    assert [s.json for s in answered] == [{"type": 12}]
    assert [s.method for s in boundary.sent[before:]] == ["POST"]
    assert (await world.env.bot.storage.get_match(match.id)).version == match.version


async def test_i47_3_when_discord_refuses_to_launch_the_member_is_told_in_one_line(world, boundary):
    match = await started_in_a_thread(world)
    thread = next(t for t in world.channel.threads if t.id == match.thread_id)
    bob = world.people["bob"]
    boundary.launch_refused = True  # Activities not turned on in the Developer Portal
    result = await bob.click(public_table(thread, bob), label=OPEN_THE_TABLE)
    assert result.ephemeral
    assert result.response.content == (
        "The table can't open inside Discord here: open it in a browser instead."
    )
    assert (await world.env.bot.storage.get_match(match.id)).version == match.version


async def test_i47_3_the_entry_point_goes_with_every_global_sync(world, boundary):
    (sync,) = boundary.of("PUT", GLOBAL_COMMANDS)
    (entry,) = entry_points(sync.json)
    assert entry["type"] == 4 and entry["handler"] == 2  # Discord opens the Activity itself
    assert entry["name"] == "table"
    assert entry["description"] == "Open the live table of the game played here."
    assert entry["integration_types"] == [0] and entry["contexts"] == [0]
    assert entry["name_localizations"]["vi"] == "bàn-chơi"
    assert entry["description_localizations"]["vi"] == (
        "Mở bàn chơi trực tiếp của ván đang chơi ở đây."
    )
    assert entry["description_localizations"]["id"] == (
        "Buka meja langsung permainan yang dimainkan di sini."
    )
    # The slash commands went with it, as discord.py's own sync sends them.
    names = {c["name"] for c in sync.json if c.get("type", 1) == 1}
    assert {"games", "flip7", "sinkorswim", "sequence"} <= names
    assert boundary.entry_point is not None and boundary.entry_point["name"] == "table"


@pytest.mark.launch_on_discord
async def test_i47_3_the_entry_point_replaces_the_portals_in_the_same_sync(world, boundary):
    # Discord refuses a bulk update that drops an Entry Point; this one carries the bot's.
    (sync,) = boundary.of("PUT", GLOBAL_COMMANDS)
    assert [e["name"] for e in entry_points(sync.json)] == ["table"]
    assert boundary.entry_point["name"] == "table"


@pytest.mark.activity_off
@pytest.mark.launch_on_discord
async def test_i47_3_without_the_activity_the_portals_entry_point_is_kept(world, boundary):
    # Discord refused the first update (it dropped the Entry Point); the second sends the
    # one Discord has, unchanged, and the bot starts.
    first, second = boundary.of("PUT", GLOBAL_COMMANDS)
    assert entry_points(first.json) == []
    (kept,) = entry_points(second.json)
    # The portal's own command, less the ids Discord gives it (a bulk update names none).
    given = ("id", "application_id", "version")
    assert kept == {key: value for key, value in PORTAL_ENTRY_POINT.items() if key not in given}
    assert first.json == [c for c in second.json if c.get("type", 1) != 4]
    # And no button for it on the tables.
    match = await started_in_a_thread(world)
    thread = next(t for t in world.channel.threads if t.id == match.thread_id)
    assert OPEN_THE_TABLE not in buttons(public_table(thread, world.people["alice"]))


@pytest.mark.activity_off
async def test_i47_3_without_the_activity_no_entry_point_and_no_button(world, boundary):
    (sync,) = boundary.of("PUT", GLOBAL_COMMANDS)
    assert entry_points(sync.json) == [] and boundary.entry_point is None
    match = await started_in_a_thread(world)
    thread = next(t for t in world.channel.threads if t.id == match.thread_id)
    assert OPEN_THE_TABLE not in buttons(public_table(thread, world.people["alice"]))


@pytest.mark.dev_guild
async def test_i47_3_a_sync_to_one_server_creates_the_entry_point_by_itself(world, boundary):
    # Guild commands can't hold an Entry Point, and the guild sync leaves global ones alone.
    assert boundary.of("PUT", GLOBAL_COMMANDS) == []
    (created,) = boundary.of("POST", GLOBAL_COMMANDS)
    assert created.json["type"] == 4 and created.json["name"] == "table"
    assert boundary.of("PATCH", ONE_GLOBAL_COMMAND) == []


@pytest.mark.dev_guild
@pytest.mark.launch_on_discord
async def test_i47_3_a_sync_to_one_server_edits_the_portals_entry_point(world, boundary):
    # An application has one Entry Point at most: the portal's becomes the bot's.
    assert boundary.of("POST", GLOBAL_COMMANDS) == []
    (edited,) = boundary.of("PATCH", ONE_GLOBAL_COMMAND)
    assert edited.path.endswith("/commands/4000000000000000001")
    assert edited.json["name"] == "table" and edited.json["handler"] == 2
    assert "type" not in edited.json  # a command's type is not edited
    assert boundary.entry_point["name"] == "table"
