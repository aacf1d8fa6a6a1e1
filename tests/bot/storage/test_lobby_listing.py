"""The listing behind `/games open` (issue 48, item 1): a server's lobbies with a free seat,
counted and paged by the database, alike on SQLite and PostgreSQL."""

from __future__ import annotations

from bot.storage import MatchExtra, NewMatch, Seat, TournamentRecord

MOST = {"flip7": 3, "sequence": 2}  # small tables, so a few seats fill one


async def _lobby(store, *, guild=1, channel=10, game="flip7", seats=1, **kw):
    names = ["Ann", 'Bo "name": x', "**Cy**", "Di"][:seats]  # a name that looks like a key
    new = NewMatch(
        guild_id=guild,
        channel_id=channel,
        game=game,
        host_id=100,
        seats=[Seat(name, 100 + n) for n, name in enumerate(names)],
        options={},
        **kw,
    )
    return await store.create_match(new, now=1000.0)


async def test_i48_1_lobbies_with_a_free_seat_are_counted_and_paged_oldest_first(
    any_storage, backend
):
    store = any_storage
    free = [await _lobby(store, channel=10 + n % 2, seats=1 + n % 2) for n in range(7)]
    await _lobby(store, seats=3)  # full: Flip 7 seats three here
    await _lobby(store, game="sequence", seats=2)  # full
    spare = await _lobby(store, game="sequence", seats=1, channel=12)
    await _lobby(store, game="gone", seats=1)  # a game this bot no longer plays
    await _lobby(store, guild=2)  # another server's
    await _lobby(store, channel=99)  # a channel the asker can't see
    await _lobby(store, channel=10, extra=MatchExtra(where="thread"))
    started = await _lobby(store)
    await backend.execute("UPDATE matches SET status = 'playing' WHERE id = ?", started.id)
    damaged = await _lobby(store)
    await backend.execute("UPDATE matches SET seats = ? WHERE id = ?", "[{not json", damaged.id)
    tournament = await store.create_tournament(
        TournamentRecord(0, 1, 10, "flip7", "signing_up", 7, 1000.0, 5000.0)
    )
    tabled = await _lobby(store, tournament_id=tournament.id)  # the runner seats its tables

    places = [10, 11, 12]
    first = await store.lobbies_with_seats(1, places, MOST, offset=0, limit=5)
    rest = await store.lobbies_with_seats(1, places, MOST, offset=5, limit=5)
    ids = [r.id for r in first.lobbies + rest.lobbies]
    assert first.total == rest.total == 10 and len(first.lobbies) == 5
    assert ids == sorted(ids) and set(ids) >= {r.id for r in free} | {spare.id}
    assert damaged.id in ids  # counted as its text reads; quarantined when it is loaded
    assert started.id not in ids and tabled.id not in ids
    assert [r.id for r in first.lobbies] == ids[:5]

    only_twelve = await store.lobbies_with_seats(1, [12], MOST, offset=0, limit=5)
    assert [r.id for r in only_twelve.lobbies] == [spare.id] and only_twelve.total == 1
    past = await store.lobbies_with_seats(1, places, MOST, offset=50, limit=5)
    assert past.lobbies == [] and past.total == 10
    nothing = await store.lobbies_with_seats(1, [], MOST, offset=0, limit=5)
    assert nothing.total == 0 and nothing.lobbies == []
