"""While the bot stops, the gate (bot/process/service.py) lets no new click or command in: each is
told, privately and in the member's language, that the bot is restarting, and nothing
changes; the drain then finds nothing in flight."""

from __future__ import annotations

import asyncio

from cogs.wording.i18n import reading
from cogs.wording.replies import RESTARTING
from tests.cogs.games.test_flip7 import first_turn
from tests.cogs.helpers import buttons, table_of


async def test_a_click_or_command_while_stopping_is_told_the_bot_is_restarting(world):
    env, channel, people = world.env, world.channel, world.people
    table, actor = await first_turn(world)
    before = await env.bot.storage.open_match_in_channel(channel.id)
    assert before is not None
    stopping = asyncio.create_task(env.bot.gate.drain())
    await asyncio.sleep(0)  # the drain has begun: the gate is closed
    assert env.bot.gate.closed

    click = await people[actor].click(table, label="Hit")
    assert click.ephemeral and click.response.content == str(RESTARTING)
    command = await people["dave"].slash(channel, "flip7 rules")
    assert command.ephemeral and command.response.content == str(RESTARTING)
    assert await stopping == 0  # nothing was in flight
    assert env.bot.gate.refused == 2
    after = await env.bot.storage.open_match_in_channel(channel.id)
    assert after is not None and after.version == before.version  # the click changed nothing
    assert "Hit" in buttons(table_of(channel, people["alice"]))


def test_the_restarting_answer_is_worded_in_each_language():
    english = str(RESTARTING)
    for language in ("vi", "id"):
        with reading(language):
            worded = str(RESTARTING)
        assert worded and worded != english and "\n" not in worded
