"""A lobby's host who leaves hands it to the next member, and that is saved: a restart (a
fresh read of the row) still knows who hosts."""

from __future__ import annotations

from bot.storage import Seat
from tests.bot.storage_helpers import open_lobby


async def test_a_new_host_is_saved_with_the_lobby(any_storage):
    record = await open_lobby(any_storage)
    record.seats.append(Seat(name="bob", user_id=200))
    record.host_id, record.version = 200, 1
    await any_storage.save(record, expected_version=0, now=1001.0)
    stored = await any_storage.get_match(record.id)
    assert stored is not None and stored.host_id == 200
