"""Made the upgrade fixture `v1_matches.sqlite3` with main at a3e0f49 (run once, kept for the
record): real MatchService moves into a real SQLite file, stopping each match at a moment
a restart must survive. The upgrade test loads that file with today's code."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import sys
from pathlib import Path

from bot.errors import Refusal
from bot.games import spec_for
from bot.matches import MatchService
from bot.settings import Settings
from bot.storage import Storage

CLOCK = [1_700_000_000.0]


async def _noop(change):
    return None


async def _open(service, channel, game, players, options):
    record = await service.open_lobby(
        guild_id=1, channel_id=channel, game=game, host_id=101, host_name="ann", options=options
    )
    for index in range(1, players):
        await service.lobby_action(record.id, 101 + index, f"p{index}", "join", _noop)
    await service.lobby_action(record.id, 101, "ann", "start", _noop)
    return record.id


async def _step(service, match_id, want):
    """AI-chosen moves by the seats' members until `want(game)` holds; False if it ended."""
    for _ in range(5000):
        try:
            record, game = await service._current(match_id)
        except Refusal:  # the game ended first
            return False
        if want(game):
            return True
        if game.is_over:
            return False
        spec = spec_for(record.game)
        seat = game.to_act()[0]
        action = spec.choose_ai(game, seat, "strong")
        await service.play(
            match_id,
            record.seats[seat].user_id,
            spec.stamp(game, record.version),
            action.code,
            _noop,
        )
    return False


async def main(path: Path) -> None:
    storage = await Storage.open(path)
    settings = Settings(token="x", database_path=path, ai_delay=0)
    service = MatchService(storage, settings, lambda: CLOCK[0])
    channel = 10
    # Flip 7 waiting on a plain hit-or-stay, in round 2 or later.
    m = await _open(service, channel, "flip7", 4, {"goal": 200, "brutal": False})
    await _step(service, m, lambda g: g.round >= 2 and not g.stack)
    # Flip 7 stopped inside effects: a Swap half chosen, a Flip Four! target, a brutal bonus.
    wants = [
        (
            {"goal": 200, "brutal": False},
            lambda g: (
                g.stack and g.stack[-1][0] == 3 and len(g.stack[-1]) > 3 and g.stack[-1][3] >= 0
            ),
        ),
        ({"goal": 150, "brutal": False}, lambda g: any(e[0] == 2 for e in g.stack)),
        (
            {"goal": 250, "brutal": False},
            lambda g: g.stack and g.stack[-1][0] == 0 and g.stack[-1][2] == 17,
        ),
        ({"goal": 100, "brutal": True}, lambda g: g.stack and g.stack[-1][0] == 6),
        ({"goal": 300, "brutal": True}, lambda g: g.stack and g.stack[-1][0] == 0),
    ]
    for options, want in wants:
        for _attempt in range(200):
            channel += 1
            m = await _open(service, channel, "flip7", 5, options)
            if await _step(service, m, want):
                break
            with contextlib.suppress(Refusal):
                await service.end(m, "retry", _noop)
    # Sink or Swim mid-trick, two of four picks in, in round 2.
    channel += 1
    m = await _open(service, channel, "sinkorswim", 4, {})
    await _step(service, m, lambda g: g.round >= 2 and len(g.to_act()) == 2)
    # Sequence Numbers with a card chosen and its cell not yet (a step inside a turn).
    channel += 1
    m = await _open(service, channel, "sequence", 2, {})
    await _step(service, m, lambda g: sum(1 for c in g.chips if c >= 0) >= 6)
    record, game = await service._current(m)
    seat = game.to_act()[0]
    code = game.decision(seat).options[0].code
    await service.play(m, record.seats[seat].user_id, record.version, code, _noop)
    # Sequence with six players in three teams.
    channel += 1
    m = await _open(service, channel, "sequence", 6, {"teams": 3})
    await _step(service, m, lambda g: sum(1 for c in g.chips if c >= 0) >= 9)
    # A lobby nobody has started.
    channel += 1
    await service.open_lobby(
        guild_id=1,
        channel_id=channel,
        game="flip7",
        host_id=101,
        host_name="ann",
        options={"goal": 200, "brutal": False},
    )
    await service.stop()
    await storage.close()
    # The abandoned attempts are not part of the fixture; one finished game is.
    db = sqlite3.connect(path)
    gone = (
        "status = 'cancelled' OR (status = 'finished' AND id > "
        "(SELECT min(id) FROM matches WHERE status = 'finished'))"
    )
    for table in ("match_events", "results"):
        db.execute(f"DELETE FROM {table} WHERE match_id IN (SELECT id FROM matches WHERE {gone})")
    db.execute(f"DELETE FROM matches WHERE {gone}")
    db.commit()
    db.execute("VACUUM")
    db.close()


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1])))
