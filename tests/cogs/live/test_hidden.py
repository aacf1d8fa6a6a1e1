"""Issue 47, item 3 (who may see what): over whole seeded games of each game, played from
the members' pages, no frame sent to a watcher or to another seat carries a seat's hidden
cards or its secret pick; the public table in every frame is the watchers' own."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.storage import MatchStatus
from cogs.games.sequence.faces import face as sequence_face
from cogs.games.sinkorswim.faces import weather
from tests.cogs.live.pages import offered
from tests.cogs.live.play import Pages
from tests.cogs.players import open_game


def hidden(key: str, change: Any, seat: int) -> tuple[set[str], set[str]]:
    """The faces of the cards only `seat` may see at this change, and the move codes that
    would name them (its pick among them), as the engine's own view of the seat says."""
    view = change.game.view(seat)
    if key == "sinkorswim":  # the weather cards come back round after round
        cards = {card.card for card in view.hand} | ({view.pick} if view.pick else set())
        shown = {c for player in change.game.view(None).players for c in player.played}
        shown |= set(_numbers([event.data for event in change.record.log or []]))
        secret = cards - shown
        return {weather(card).name for card in secret}, {f"p{card}" for card in secret}
    if key == "sequence":
        held = {card.code for card in view.hand}
        public = {str(event.data.get("card")) for event in change.record.log or []}
        public |= {change.game.view(None).discard_top}
        secret = held - public
        return {sequence_face(card).name for card in secret}, {f"c.{card}" for card in secret}
    assert view == change.game.view(None)  # Flip 7 hides nothing from anyone's own view
    return set(), set()


def _numbers(data: Any) -> list[int]:
    """Every whole number in an event's data, however nested."""
    if isinstance(data, bool):
        return []
    if isinstance(data, int):
        return [data]
    if isinstance(data, dict):
        data = list(data.values())
    if isinstance(data, list | tuple):
        return [number for item in data for number in _numbers(item)]
    return []


def _table(frame: dict[str, Any]) -> str:
    """A frame's public table, its pictures' addresses without the viewer's link."""
    return re.sub(r"picture/[^/]+/", "picture/", frame["html"]["table"])


def faces_in(frame: dict[str, Any]) -> set[str]:
    return set(re.findall(r"card/([A-Za-z0-9_]+)\.png", str(frame)))


def codes_in(frame: dict[str, Any]) -> set[str]:
    return {code for code, _stamp in offered(frame)}


def check_frames(key: str, pages: Pages) -> int:
    """Scan every frame: the watcher's and each seat's carry no hidden card of another seat;
    a seat's table is the watcher's table at the same version. The frames scanned."""
    assert pages.watcher is not None
    public = {f["v"]: f for f in pages.watcher.frames if f["t"] == "table"}
    scanned = 0
    viewers = [(None, pages.watcher), *pages.seats.items()]
    for viewer, socket in viewers:
        for frame in socket.frames:
            if frame["t"] != "table":
                continue
            change = pages.changes[frame["v"]]
            seats = range(len(change.record.seats))
            for other in (s for s in seats if s != viewer):
                faces, codes = hidden(key, change, other)
                if viewer is not None:  # a card both hold is the viewer's to see
                    mine_faces, mine_codes = hidden(key, change, viewer)
                    faces, codes = faces - mine_faces, codes - mine_codes
                assert not faces & faces_in(frame), (key, viewer, other, frame["v"])
                assert not codes & codes_in(frame), (key, viewer, other, frame["v"])
            if viewer is None:
                assert frame["html"]["hand"] is None and frame["moves"] == []
            elif frame["v"] in public:
                assert _table(frame) == _table(public[frame["v"]])
            scanned += 1
    return scanned


@pytest.mark.game_seed(47)
@pytest.mark.parametrize(
    ("key", "options"), [("flip7", {"goal": 50}), ("sinkorswim", {}), ("sequence", {})]
)
async def test_i47_3_no_frame_carries_another_seats_hidden_cards(world, live, key, options):
    alice, bob, carol = (world.people[name] for name in ("alice", "bob", "carol"))
    await open_game(world.channel, alice, [bob, carol], key, **options)
    record = (await world.env.bot.storage.open_matches())[0]
    pages = Pages(world.env.bot, live, record.id)
    await pages.open()
    try:
        await pages.play_to_end()
    finally:
        await pages.close()
    ended = await world.env.bot.storage.get_match(record.id)
    assert ended.status == MatchStatus.FINISHED
    assert check_frames(key, pages) > 3 * 20
    seen = set().union(*(faces_in(f) for s in pages.seats.values() for f in s.frames))
    if key != "flip7":  # the hands' cards were shown to their owners, as pictures
        assert seen
