"""Shared helpers for the storage tests."""

from bot.storage import NewMatch, Seat


async def open_lobby(storage, channel=10, now=1000.0, **kw):
    """A Flip 7 lobby with one seat, as the lobby command makes it."""
    lobby = NewMatch(
        guild_id=1,
        channel_id=channel,
        game="flip7",
        host_id=100,
        seats=[Seat("Ann", 100)],
        options={"goal": 200},
        **kw,
    )
    return await storage.create_match(lobby, now=now)
