"""The Discord desk draws a change from the change alone (issue 47, item 1): while the
match lock is held it reads nothing from storage, from the first move a process makes in a
match (its log, its watchers and its server's language read by the platform as it
publishes the change) to the end."""

from __future__ import annotations

import inspect

from cogs.desk.tables import Tables
from tests.cogs.games import test_flip7 as flip7
from tests.cogs.helpers import moves_open, table_of


async def test_i47_1_the_desk_reads_no_storage_while_it_decides_a_change(thread_world, monkeypatch):
    world = thread_world
    storage = world.env.bot.storage
    deciding: list[int] = []
    reads_while_deciding: list[str] = []
    calls: list[str] = []

    def recorded(name, method):
        async def call(*args, **kwargs):
            calls.append(name)
            if deciding:
                reads_while_deciding.append(name)
            return await method(*args, **kwargs)

        return call

    for name, method in inspect.getmembers(storage, inspect.iscoroutinefunction):
        if not name.startswith("_"):
            monkeypatch.setattr(storage, name, recorded(name, method))
    original = Tables.decide

    async def watched(self, change, interaction=None):
        deciding.append(change.record.id)
        try:
            return await original(self, change, interaction)
        finally:
            deciding.pop()

    monkeypatch.setattr(Tables, "decide", watched)
    await flip7.open_table(world.channel, world.people, goal=150)
    (thread,) = world.channel.threads
    await flip7.play_to_end(world.env, thread, world.people)
    assert not moves_open(table_of(thread, world.people["alice"]))
    assert calls.count("save") >= 10  # a whole game's moves were made, and saved
    # read by the platform, once: the log, the watchers, the server's language (a scoped key)
    assert {"events", "scoped", "watchers"} <= set(calls)
    assert reads_while_deciding == []
