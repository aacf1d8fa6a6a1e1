"""Issue 47, item 2: a page's frames. A move from the page is played as a click is and shows
in the channel's table; a move out of turn, a watcher's move, garbage and an oversized frame
are each refused in one short line (logged once per socket) and change nothing; a page that
reconnects after a version resumes with the changes after it, no gap and no repeat; an ended
match's link shows its final table, read-only."""

from __future__ import annotations

import json
import logging

from cogs.ui.layout import Part
from tests.cogs.helpers import acting_name, part, seat_three, table_of
from tests.cogs.live.pages import Socket, offered, page_rows, thread_rows, version_of
from tests.cogs.players import play_step, play_to_end
from tests.waiting import until


async def _sockets(world, live, names=("alice", "bob")):
    record = (await world.env.bot.storage.open_matches())[0]
    sockets = {}
    for name in names:
        token = live.links.member(record.id, world.people[name].id, "en")
        sockets[name] = await Socket.open(live, token)
        await sockets[name].table_at(record.version)
    return record, sockets


async def test_i47_2_a_move_on_the_page_is_played_and_shows_in_the_channel(world, live):
    await seat_three(world)
    alice = world.people["alice"]
    record, sockets = await _sockets(world, live, ("alice", "bob", "carol"))
    acting = acting_name(table_of(world.channel, alice))
    frame = sockets[acting].frames[-1]
    assert frame["moves"], frame
    code, stamp = offered(frame)[0]
    await sockets[acting].move(code, stamp)
    after = await sockets["alice"].table_at(record.version + 1)
    assert not after["snapshot"] and after["happened"]
    assert await version_of(world.env.bot, record.id) == record.version + 1
    # The channel's table shows the match as the page does: each seat's row and scores.
    page = page_rows(after["html"]["table"])
    assert set(page) == {"alice", "bob", "carol"}
    await until(
        lambda: thread_rows(part(table_of(world.channel, alice), Part.PLAYERS)) == page,
        "the channel's table showing the page's move",
    )
    for socket in sockets.values():
        await socket.close()


async def test_i47_2_bad_frames_and_moves_out_of_turn_change_nothing(world, live, caplog):
    caplog.set_level(logging.INFO, logger="cogs.live.server")
    await seat_three(world)
    alice = world.people["alice"]
    record, sockets = await _sockets(world, live, ("alice", "bob", "carol"))
    acting = acting_name(table_of(world.channel, alice))
    waiting = next(name for name in sockets if name != acting)
    code, stamp = offered(sockets[acting].frames[-1])[0]
    assert not sockets[waiting].frames[-1]["moves"]  # nothing offered off one's turn
    watcher = await Socket.open(live, live.links.watch(record.id))
    await watcher.table_at(record.version)
    sent = [
        (sockets[waiting], json.dumps({"t": "move", "code": code, "stamp": stamp})),
        (watcher, json.dumps({"t": "move", "code": code, "stamp": stamp})),
        (sockets[acting], json.dumps({"t": "move", "code": code, "stamp": stamp + 1})),
        (sockets[acting], "not json at all"),
        (sockets[acting], json.dumps({"t": "move", "code": "<script>", "stamp": stamp})),
        (sockets[acting], json.dumps({"t": "move", "code": code, "stamp": str(stamp)})),
        (sockets[acting], json.dumps({"t": "chat", "text": "hi"})),
        (sockets[acting], b"\x00\x01binary"),
        (sockets[acting], json.dumps({"t": "move", "code": "x" * 5000, "stamp": stamp})),
    ]
    answers = []
    for socket, data in sent:
        await socket.send(data)
        answer = await socket.next()
        assert answer["t"] == "refused" and answer["text"] and "\n" not in answer["text"], data
        answers.append(answer["text"])
    assert answers[0] == f"It's {acting}'s turn, not yours."
    assert answers[1].startswith("You're not playing in this game")
    assert "out of date" in answers[2]
    assert answers[-1] == "That message was too long to read; nothing was changed."
    assert set(answers[3:-1]) == {"That message couldn't be read; nothing was changed."}
    assert await version_of(world.env.bot, record.id) == record.version  # nothing changed
    logged = [r for r in caplog.records if r.getMessage().startswith("live table: match")]
    assert len(logged) == 1  # the acting page's bad frames, logged once for that socket
    for socket in (*sockets.values(), watcher):
        await socket.close()


async def test_i47_2_a_page_that_reconnects_resumes_without_gap_or_repeat(world, live):
    await seat_three(world)
    people = world.people
    record, sockets = await _sockets(world, live, ("alice",))
    seen = record.version
    await sockets["alice"].close()
    everyone = [people[name] for name in ("alice", "bob", "carol")]
    for _move in range(3):  # the members play on in the channel while the page is away
        assert await play_step(world.env, world.channel, everyone, one=True)
    now = await version_of(world.env.bot, record.id)
    assert now >= seen + 3
    again = await Socket.open(live, live.links.member(record.id, people["alice"].id, "en"), seen)
    await again.table_at(now)
    versions = [frame["v"] for frame in again.frames if frame["t"] == "table"]
    assert versions == list(range(seen + 1, now + 1))
    assert not any(frame["snapshot"] for frame in again.frames)
    await again.close()


async def test_i47_3_an_ended_matchs_link_shows_its_final_table_read_only(world, live):
    await seat_three(world)
    people = world.people
    record = (await world.env.bot.storage.open_matches())[0]
    token = live.links.member(record.id, people["bob"].id, "en")
    await play_to_end(world.env, world.channel, [people[n] for n in ("alice", "bob", "carol")])
    ended = await world.env.bot.storage.get_match(record.id)
    assert not ended.is_open
    socket = await Socket.open(live, token)
    final = await socket.table_at(ended.version)
    assert final["open"] is False and final["moves"] == [] and final["html"]["hand"] is None
    assert final["clock"] is None
    await socket.move("hit", 0)
    refused = await socket.next()
    assert refused == {"t": "refused", "text": "This game has already ended."}
    assert await version_of(world.env.bot, record.id) == ended.version
    await socket.close()


async def test_i47_2_many_watchers_of_one_version_cost_one_drawing(world, live, monkeypatch):
    import cogs.live.frames

    drawn: list[int] = []
    real = cogs.live.frames.draw_table

    async def counted(change, renderers):
        drawn.append(change.record.version)
        return await real(change, renderers)

    monkeypatch.setattr(cogs.live.frames, "draw_table", counted)
    await seat_three(world)
    record = (await world.env.bot.storage.open_matches())[0]
    watchers = [await Socket.open(live, live.links.watch(record.id)) for _ in range(30)]
    for watcher in watchers:
        assert (await watcher.table_at(record.version))["snapshot"]
    everyone = [world.people[name] for name in ("alice", "bob", "carol")]
    assert await play_step(world.env, world.channel, everyone, one=True)
    for watcher in watchers:
        frame = await watcher.table_at(record.version + 1)
        assert not frame["snapshot"] and frame["moves"] == []
    assert drawn.count(record.version) == 1 and drawn.count(record.version + 1) == 1
    for watcher in watchers:
        await watcher.close()
