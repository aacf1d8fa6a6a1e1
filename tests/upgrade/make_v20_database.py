"""Made `v20_matches.sql`: a database of schema 20 (the bot at commit 5d000b8, before issue
49 gave records typed fields), with every key the old `extra` bag held in use. Run it at
that commit, with the old code first on the path:

    git worktree add /tmp/at-5d000b8 5d000b8
    cd /tmp && PYTHONPATH=/tmp/at-5d000b8 python \
        "$OLDPWD"/tests/upgrade/make_v20_database.py "$OLDPWD"/tests/upgrade/v20_matches.sql

It drives the old match service itself (no Discord): lobbies, a playing match of each
game with moves kept for its replay, a practice table, house rules, a member away at a
daily table, matches ended for each reason the service can give, a finished match and its
rematch, and a tournament (unrated) whose tables are dealt and played a little. Its keys:
where, practice, house, away, rematch_of, moved, missed, left, ai_from, tournament_round,
tournament_table, tournament_rounds, unrated, replay_first, replay_moves, turn_due."""

from __future__ import annotations

import asyncio
import sqlite3
import sys
import tempfile
from pathlib import Path
from typing import Any

from bot.core.settings import Settings
from bot.play.house import HouseRules
from bot.play.matches import MatchService
from bot.storage import Storage
from bot.tournament.runner import Tournaments
from bot.tournament.terms import Terms
from engines.base import GAMES

GUILD = 1001
START = 1_800_000_000.0
PEOPLE = {101: "alice", 102: "bob", 103: "carol", 104: "dave"}


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


async def _noop(change: Any) -> None:
    return None


async def _play(matches: MatchService, match_id: int, moves: int) -> bool:
    """Play `moves` members' moves (the strongest AI's choice); True if the match ended."""
    for _ in range(moves):
        record, game = await matches.sessions.current(match_id)
        assert game is not None
        seat = game.to_act()[0]
        user = record.seats[seat].user_id
        assert user is not None, "a member acts at these tables"
        action = GAMES[record.game].choose_ai(game, seat, "strong")
        change = await matches.moves.play(match_id, user, game.epoch(), action.code, _noop)
        if not change.record.is_open:
            return True
    return False


async def _seated(
    matches: MatchService,
    channel: int,
    game: str,
    members: list[int],
    **lobby: Any,
) -> int:
    host = members[0]
    record = await matches.seating.open_lobby(
        guild_id=GUILD,
        channel_id=channel,
        game=game,
        host_id=host,
        host_name=PEOPLE[host],
        options={},
        **lobby,
    )
    for member in members[1:]:
        await matches.seating.lobby_action(record.id, member, PEOPLE[member], "join", _noop)
    return record.id


async def _started(
    matches: MatchService, channel: int, game: str, members: list[int], **lobby: Any
) -> int:
    match_id = await _seated(matches, channel, game, members, **lobby)
    await matches.seating.lobby_action(match_id, members[0], PEOPLE[members[0]], "start", _noop)
    return match_id


async def build(path: Path) -> None:
    clock = Clock()
    settings = Settings(
        token="x", database_path=path, ai_delay=0, game_seed=7, turn_timeout=90, lobby_timeout=900
    )
    storage = await Storage.open(path, create=True)
    matches = MatchService(storage, settings, clock)
    tournaments = Tournaments(
        matches.sessions, matches.seating, matches.moves, matches.auto, matches.failures
    )
    three = [101, 102, 103]
    try:
        # A lobby waiting for players, and one of a practice table.
        await _seated(matches, 1, "flip7", [101, 102])
        await _seated(matches, 2, "sequence", [103], practice=True, where="thread")
        # A playing match of each game, moves kept for its replay.
        for channel, game in ((3, "flip7"), (4, "sinkorswim"), (5, "sequence")):
            members = three if game != "sequence" else [101, 102]
            match_id = await _started(matches, channel, game, members)
            assert not await _play(matches, match_id, 12)
        # House rules (a daily pace) and a member away at that daily table.
        await storage.set_away(102, START - 3600, START + 3 * 86400)
        match_id = await _started(matches, 6, "sinkorswim", three, house=HouseRules(pace="daily"))
        assert not await _play(matches, match_id, 3)
        # A finished match and its rematch.
        match_id = await _started(matches, 7, "sequence", [103, 104])
        assert await _play(matches, match_id, 3000)
        await matches.seating.rematch(match_id, 104, PEOPLE[104], _noop)
        # A member left the running game (the AI took the seat), the others play on.
        match_id = await _started(matches, 8, "flip7", three)
        await _play(matches, match_id, 2)
        await matches.seating.lobby_action(match_id, 103, "carol", "leave", _noop)
        # Ended without a result, for each reason the service gives.
        lobby = await _seated(matches, 9, "flip7", [101])
        await matches.seating.lobby_action(lobby, 101, "alice", "cancel", _noop)  # host_cancelled
        lobby = await _seated(matches, 10, "flip7", [102])
        await matches.seating.lobby_action(lobby, 102, "bob", "leave", _noop)  # everyone_left
        match_id = await _started(matches, 11, "flip7", three)
        await _play(matches, match_id, 2)
        await matches.moves.end(match_id, "reset_by_moderator", "dave", _noop)
        match_id = await _started(matches, 12, "sinkorswim", three)
        await matches.moves.end(match_id, "reset_by_host", "alice", _noop)
        match_id = await _started(matches, 13, "sequence", [101, 102])
        await _play(matches, match_id, 2)
        for member in (101, 102):  # every_player_left
            await matches.seating.lobby_action(match_id, member, PEOPLE[member], "leave", _noop)
        # A tournament, unrated, its first round dealt and played a little.
        terms = Terms("swiss", 4, 2, pace="live", rated=False)
        doc = await tournaments.create(
            guild_id=GUILD, channel_id=20, game="flip7", by=101, terms=terms, starts_at=START
        )
        for user, name in PEOPLE.items():
            await tournaments.join(doc.id, user, name)
        await tournaments.start(doc.id)
        for table in await storage.open_matches(GUILD):
            if table.tournament_id == doc.id:
                await _play(matches, table.id, 5)
    finally:
        await matches.stop()
        await tournaments.stop()
        await storage.close()


def main() -> None:
    out = Path(sys.argv[1])
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bot.sqlite3"
        asyncio.run(build(path))
        db = sqlite3.connect(path)
        try:
            lines = [line for line in db.iterdump() if not line.startswith("BEGIN")]
            # The schema's number, which a dump leaves out: the new bot migrates from it.
            (schema,) = db.execute("PRAGMA user_version").fetchone()
        finally:
            db.close()
    lines = [line for line in lines if line != "COMMIT;"]
    out.write_text("\n".join([*lines, f"PRAGMA user_version = {schema};"]) + "\n", "utf-8")


if __name__ == "__main__":
    main()
