"""A match played on Discord keeps what its replay needs (issue 39, item 1): its first
state and every move, whoever made it."""

from __future__ import annotations

from bot.play.replay import steps
from bot.play.replay_log import kept
from engines.base import GAMES
from tests.cogs.desk.test_rematch import finished_game


async def test_a_match_played_on_discord_keeps_what_replays_it_exactly(world):
    """Issue 39, item 1: the first state and every move (members', the AI's, timeouts')
    are kept, and stepping through them rebuilds exactly the saved end."""
    await finished_game(world, names=("alice", "bob", "carol"))
    record = await world.env.bot.storage.latest_match_in_channel(world.channel.id, "flip7")
    saved = await kept(world.env.bot.storage, record)
    assert saved is not None
    first, moves = saved
    assert moves and {move.seat for move in moves} == {0, 1, 2}
    last = list(steps("flip7", first, moves))[-1].game
    assert last.to_dict() == record.state
    assert last.outcome() == GAMES["flip7"].from_dict(record.state).outcome()
