"""The page shows the viewer's hand and moves itself (issue 47, item 2): its table's prompt
names no Discord button to press, while the thread's table still does."""

from __future__ import annotations

import pytest

from tests.cogs.helpers import embed_text, table_of
from tests.cogs.live.pages import Socket
from tests.cogs.players import open_game

DISCORD_ONLY = {
    "sequence": "tap “Your hand” to play",
    "sinkorswim": "Press “Pick a card” to see your hand",
}
ON_THE_PAGE = {"sequence": ": your turn.", "sinkorswim": "Waiting for "}


@pytest.mark.parametrize("key", ["sequence", "sinkorswim"])
async def test_i47_2_the_pages_prompt_names_no_discord_button(world, live, key):
    alice, bob, carol = (world.people[name] for name in ("alice", "bob", "carol"))
    await open_game(world.channel, alice, [bob, carol], key)
    record = (await world.env.bot.storage.open_matches())[0]
    assert DISCORD_ONLY[key] in embed_text(table_of(world.channel, alice))
    for link in (live.links.member(record.id, bob.id, "en"), live.links.watch(record.id)):
        socket = await Socket.open(live, link)
        frame = await socket.table_at(record.version)
        await socket.close()
        table = frame["html"]["table"]
        assert ON_THE_PAGE[key] in table and DISCORD_ONLY[key] not in table, table
