"""Issue 47, items 2 and 3: the "Open in a browser" button answers each member privately
with their own signed link, or the watchers' link; a link opens only its own match, in its
own database, for its own member; an ended match's link shows the final table read-only."""

from __future__ import annotations

import logging

import aiohttp

from cogs.live.links import Links
from cogs.ui.layout import Part
from tests.cogs.helpers import buttons, part, seat_three, table_of
from tests.cogs.live.pages import Socket, link_in, token_of


async def _page(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(url) as answer:
        return answer.status, await answer.text()


async def test_i47_2_the_button_gives_a_seated_member_their_link_and_others_the_watch_link(
    world, live
):
    table = await seat_three(world)
    alice, dave = world.people["alice"], world.people["dave"]
    assert "Open in a browser" in buttons(table)
    mine = await alice.click(table, label="Open in a browser")
    assert mine.ephemeral and "Your own live table" in mine.response.content
    link = link_in(mine.response.content)
    assert link.startswith(f"http://127.0.0.1:{live.port}/table/m/")
    theirs = await dave.click(table_of(world.channel, dave), label="Open in a browser")
    assert theirs.ephemeral and "Watch this match live" in theirs.response.content
    watch = link_in(theirs.response.content)
    assert "/table/w/" in watch
    record = (await world.env.bot.storage.open_matches())[0]
    assert live.links.read(token_of(link)).user_id == alice.id
    assert live.links.read(token_of(watch)).match_id == record.id
    status, page = await _page(link)
    assert status == 200 and 'lang="en"' in page and "table.js" in page
    # The page's socket: a snapshot of where the match stands, the public table's text.
    socket = await Socket.open(live, token_of(link))
    frame = await socket.table_at(record.version)
    assert frame["snapshot"] and frame["open"] and frame["v"] == record.version
    assert "Flip 7" in frame["html"]["table"]
    await socket.close()
    assert part(table, Part.PLAYERS)


async def test_i47_3_forged_and_foreign_links_open_nothing(world, live, caplog):
    caplog.set_level(logging.INFO, logger="cogs.live.server")
    await seat_three(world)
    record = (await world.env.bot.storage.open_matches())[0]
    alice = world.people["alice"]
    forged = live.links.member(record.id, alice.id, "en")[:-2] + "xx"
    other_database = Links("a-secret-for-the-tests", "ffff0000").member(record.id, alice.id, "en")
    other_secret = Links("another-secret", live.links.database).watch(record.id)
    nobody = live.links.member(record.id, world.people["erin"].id, "en")
    gone = live.links.watch(record.id + 50)
    for token in (forged, other_database, other_secret, nobody, gone, "garbage"):
        status, page = await _page(f"http://127.0.0.1:{live.port}/table/m/{token}")
        assert status == 403 and '<p class="refused">' in page, token
        socket = await Socket.open(live, token)
        bye = await socket.next()
        assert bye["t"] == "bye" and bye["text"], token
        await socket.close()
    refused = [r for r in caplog.records if r.getMessage().startswith("live table: ")]
    assert len(refused) == 12  # each link once for its page and once for its socket
