"""Issue 47, item 4: without TABLE_PORT the bot runs as before: no live table is served and
no table offers "Open in a browser"."""

from __future__ import annotations

import dataclasses

import pytest

from tests.cogs.helpers import buttons, seat_three


@pytest.fixture
def settings(settings):
    return dataclasses.replace(settings, table_port=None)


async def test_i47_4_without_a_table_port_no_table_is_served_and_no_button_offered(world):
    table = await seat_three(world)
    assert world.env.bot.get_cog("LiveTable") is None
    assert "Open in a browser" not in buttons(table)
    assert {"Hit", "Stay"} & set(buttons(table))
