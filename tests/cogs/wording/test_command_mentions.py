"""Issue 26, item 2: a sentence names a slash command so its reader can use it: as
Discord's command mention once the sync gave the ids (each client shows it in its own
language, a click opens it), else written out in the reader's language."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from cogs.wording import command_mentions
from playground.sim_locales import client_locales
from tests.cogs.helpers import seat_three


@pytest.fixture
def settings(settings):
    """One open game per member, so a second start is refused with a pointer to
    /games mine."""
    return replace(settings, member_match_limit=1)


async def test_i26_a_refusal_names_the_command_as_a_clickable_mention(world):
    await seat_three(world)
    synced = {command.name: command.id for command in await world.env.bot.tree.fetch_commands()}
    busy = await world.people["alice"].slash(world.channel, "flip7 start")
    assert busy.ephemeral
    assert f"</games mine:{synced['games']}>" in busy.response.content
    assert "/games mine " not in busy.response.content


async def test_i26_without_ids_a_command_is_written_in_the_readers_language(world):
    dave, erin, frank = (world.people[name] for name in ("dave", "erin", "frank"))
    locales = client_locales(world.env)
    locales.set(dave, "vi")
    locales.set(erin, "id")
    for person in (dave, erin, frank):
        await person.slash(world.channel, "flip7 start")
    command_mentions.remember([])  # as before the first sync answered
    in_vietnamese = await dave.slash(world.channel, "sinkorswim start")
    assert "/trò-chơi của-tôi" in in_vietnamese.response.content
    in_indonesian = await erin.slash(world.channel, "sinkorswim start")
    assert "/permainan punyaku" in in_indonesian.response.content
    in_english = await frank.slash(world.channel, "sinkorswim start")
    assert re.search(r"/games mine\b", in_english.response.content)
