"""A match followed and played across processes (issue 47, item 1): two bot processes on one
PostgreSQL, shards 0 and 1 of 2. Every save notifies its match, version and server; a follower in
the process that does not serve the match gets every change the other saves, in order,
with no event missing or repeated; a move made in that process reaches the serving one,
whose in-memory copy, follower, timers and Discord table carry on from it."""

from __future__ import annotations

import asyncio
import json
import logging
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import asyncpg
import discord
import pytest

from bot.core.settings import Settings
from bot.play import relay as relay_module
from bot.play.lobby import LobbyRequest
from bot.play.matches import MatchService
from bot.storage import MatchStatus, PostgresStorage, ResultRow, StaleMatch
from bot.storage.interface import doors_of
from bot.storage.postgres.changes_relay import CHANNEL, parse, payload
from bot.storage.shards import shard_of
from cogs.desk.desk import desk_of_bot
from cogs.live.server import TableServer
from cogs.ui.layout import Part
from cogs.wording.language import Languages
from engines.base import GAMES
from engines.sequence_numbers import Exchange
from engines.sequence_numbers.actions import Pass
from engines.sequence_numbers.ai import choose as choose_sequence
from tests.bot.shard_runner import quiet
from tests.bot.storage_helpers import open_lobby
from tests.cogs.games.test_flip7 import first_turn, play_one
from tests.cogs.games.test_sequence import fresh, open_hand
from tests.cogs.games.test_sequence import open_table as open_sequence
from tests.cogs.helpers import buttons, components, part, table_of
from tests.cogs.live.pages import Socket, offered
from tests.waiting import until, until_sync

ROOT = Path(__file__).resolve().parents[3]
GUILD = 6 << 22  # a server on shard 0 of 2
ALICE = 1001


@pytest.fixture
def settings(settings, postgres_url):
    """The SimCord bot of the Discord test on PostgreSQL, the database the other shares."""
    return replace(settings, database_url=postgres_url)


class Process:
    """One bot process (tests/bot/live_runner.py), driven through stdin; its stdout lines
    kept as they come."""

    def __init__(self, url: str, shard: int) -> None:
        self.shard = shard
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.bot.live_runner", url, str(shard)],
            cwd=ROOT,
            env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.lines: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        self.asked = 0
        threading.Thread(target=self._read, daemon=True).start()
        self.first(lambda line: line.get("ready") == shard, f"shard {shard} to start")

    def _read(self) -> None:
        assert self.process.stdout is not None
        for text in self.process.stdout:
            with self.lock:
                self.lines.append(json.loads(text))

    def first(self, wanted: Any, what: str) -> dict[str, Any]:
        def found() -> dict[str, Any] | None:
            with self.lock:
                return next((line for line in self.lines if wanted(line)), None)

        return until_sync(found, what)

    def ask(self, **command: Any) -> dict[str, Any]:
        self.asked += 1
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"ask": self.asked, **command}) + "\n")
        self.process.stdin.flush()
        number = self.asked
        answer = self.first(lambda line: line.get("answer") == number, f"answer {number}")
        assert "refused" not in answer, answer
        return answer

    def deliveries(self, match: int) -> list[dict[str, Any]]:
        with self.lock:
            return [line for line in self.lines if line.get("delivery") == match]

    def delivered(self, match: int, version: int) -> list[dict[str, Any]]:
        """The match's changes this process's follower got, once it has `version`."""
        return until_sync(
            lambda: (
                [d for d in self.deliveries(match) if d["version"] >= version]
                and self.deliveries(match)
            ),
            f"shard {self.shard}'s follower to get version {version}",
        )

    def fired(self, match: int, version: int) -> dict[str, Any]:
        """The change nobody clicked (an AI move) this process made at `version`."""
        return self.first(
            lambda line: line.get("fired") == match and line.get("version") == version,
            f"shard {self.shard} to make version {version} itself",
        )

    def stop(self) -> None:
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            self.process.wait(20)


async def _saved_events(url: str, match: int, after: int) -> list[list[Any]]:
    """The match's events saved after version `after`, in order, as the followers got them."""
    db = await asyncpg.connect(url)
    try:
        rows = await db.fetch(
            "SELECT kind, data FROM match_events WHERE match_id = $1 AND version > $2 "
            "ORDER BY version, seq",
            match,
            after,
        )
    finally:
        await db.close()
    return [[row["kind"], json.loads(row["data"])] for row in rows]


def _followed(deliveries: list[dict[str, Any]]) -> tuple[int, list[int], list[list[Any]]]:
    """A follower's deliveries: the snapshot's version, then the versions and the events
    after it. Only the first may be a snapshot, and the versions only go up."""
    first, *rest = deliveries
    assert first["snapshot"] and not any(d["snapshot"] for d in rest), deliveries
    versions = [d["version"] for d in rest]
    assert versions == sorted(set(versions)) and all(v > first["version"] for v in versions)
    return first["version"], versions, [event for d in rest for event in d["events"]]


async def test_i47_1_a_match_is_followed_and_played_from_the_process_that_does_not_serve_it(
    postgres_url,
):
    assert shard_of(GUILD, 2) == 0
    owner, other = Process(postgres_url, 0), Process(postgres_url, 1)
    try:
        opened = owner.ask(op="open", guild=GUILD, user=ALICE)
        match, version = opened["match"], opened["version"]
        other.ask(op="follow", match=match)
        owner.ask(op="follow", match=match)
        for _ in range(3):  # alice moves, and the owner's AI answers on its timer
            version = owner.ask(op="play", match=match, user=ALICE)["version"]
            owner.fired(match, version + 1)
            version += 1
        since, versions, events = _followed(other.delivered(match, version))
        assert since >= opened["version"] and versions[-1] == version
        saved = await _saved_events(postgres_url, match, since)
        assert events == saved  # no gap, no repeat

        # Alice plays from a page served by the other process: it saves, times nothing.
        made = other.ask(op="play", match=match, user=ALICE)["version"]
        assert made == version + 1
        assert other.ask(op="stand", match=match)["timer"] is None
        # The owner hears of it: its AI answers from that state, on the owner's own timer.
        owner.fired(match, made + 1)
        stands = owner.ask(op="stand", match=match)
        assert stands["held"] == stands["latest"] == made + 1
        assert stands["timer"] == [made + 1, "remind"]  # alice's turn is timed again
        for process in (owner, other):
            since, versions, events = _followed(process.delivered(match, made + 1))
            assert made in versions and versions[-1] == made + 1
            assert events == await _saved_events(postgres_url, match, since)

        # Both go on: the other process's copy follows the owner's moves too.
        version = owner.ask(op="play", match=match, user=ALICE)["version"]
        owner.fired(match, version + 1)
        other.delivered(match, version + 1)
        assert other.ask(op="play", match=match, user=ALICE)["version"] == version + 2
        owner.fired(match, version + 3)
        for process in (owner, other):
            since, versions, events = _followed(process.delivered(match, version + 3))
            assert events == await _saved_events(postgres_url, match, since)
        assert owner.ask(op="stand", match=match)["timer"] == [version + 3, "remind"]
        assert other.ask(op="stand", match=match)["timer"] is None
    finally:
        other.stop()
        owner.stop()


async def _listening(url: str) -> tuple[asyncpg.Connection, list[str]]:
    db = await asyncpg.connect(url)
    heard: list[str] = []
    await db.add_listener(CHANNEL, lambda _db, _pid, _channel, text: heard.append(text))
    return db, heard


async def test_i47_1_a_save_notifies_its_match_version_and_server_once_committed(postgres_url):
    storage = await PostgresStorage.open(postgres_url)
    db, heard = await _listening(postgres_url)
    try:
        record = await open_lobby(storage)
        record.version = 1
        await storage.save(record, expected_version=0, now=1001.0)
        await until(lambda: heard, "the move's notification")
        assert heard == [f"{record.id}:1:1"] == [payload(record.id, 1, record.guild_id)]
        assert parse(heard[0]) == (record.id, 1, record.guild_id)
        with pytest.raises(StaleMatch):  # refused, rolled back: nobody is told
            await storage.save(record, expected_version=0, now=1002.0)
        record.status, record.version = (
            MatchStatus.FINISHED,
            2,
        )  # the save with results, in a transaction
        results = [
            ResultRow(100, 0, 10, True, "Ann", team=0, place=1),
            ResultRow(200, 1, 5, False, "Bo", team=1, place=2),
        ]
        await storage.save(record, expected_version=1, now=1003.0, results=results)
        await until(lambda: len(heard) == 2, "the end's notification")
        assert heard == [f"{record.id}:1:1", f"{record.id}:2:1"]
        malformed = ("7", "7:1", "x:1:1", "1::1", "-1:2:1", "1:2:3:4", "")
        assert [parse(text) for text in malformed] == [None] * len(malformed)
    finally:
        await db.close()
        await storage.close()


@pytest.fixture
async def store(postgres_url):
    storage = await PostgresStorage.open(postgres_url)
    yield storage
    await storage.close()


@pytest.fixture
async def service(store):
    settings = Settings(token="t", ai_delay=0, ai_workers=0)
    matches = MatchService(doors_of(store), settings, lambda: 1000.0)
    await matches.restore()
    yield matches
    await matches.stop()


async def test_i47_1_a_notification_for_no_match_here_publishes_nothing(
    service, postgres_url, caplog
):
    caplog.set_level(logging.WARNING, "bot.storage.postgres.changes_relay")
    db = await asyncpg.connect(postgres_url)
    try:
        await db.execute(f"NOTIFY {CHANNEL}, 'not a change'")  # told once, then ignored
        await db.execute(f"NOTIFY {CHANNEL}, 'nonsense'")
        await db.execute(f"NOTIFY {CHANNEL}, '424242:3:1'")  # no such match in this database
        await until(lambda: service.heard_count == 1, "the notification")
        await service.settled()
        assert service.latest_change(424242) is None
        assert service.held(424242) is None
        strange = [r for r in caplog.records if "names no change" in r.getMessage()]
        assert len(strange) == 1
    finally:
        await db.close()


def _shard(shard: int) -> Settings:
    return Settings(
        token="t", ai_delay=0, ai_workers=0, turn_timeout=600, shard_count=2, shard_ids=(shard,)
    )


async def _nim_of_two(service: MatchService) -> int:
    record = await service.open_lobby(
        LobbyRequest(
            guild_id=GUILD, channel_id=5, game="nim", host_id=ALICE, host_name="alice", options={}
        )
    )
    await service.act_in_lobby(record.id, ALICE + 1, "bob", "join", quiet)
    await service.act_in_lobby(record.id, ALICE, "alice", "start", quiet)
    return record.id


async def _take_one(service: MatchService, match: int) -> int:
    async with service.session(match):
        record, game = await service.current(match)
        assert game is not None
        user, stamp = record.seats[game.to_act()[0]].user_id, game.epoch()
    change = await service.play(match, user or 0, stamp, "take1", quiet)
    return change.record.version


async def test_i47_1_a_process_reads_back_only_the_matches_it_follows_holds_or_serves(
    postgres_url,
):
    """Every process hears every save. One that neither follows, holds nor serves the
    match reads nothing of it, until someone follows it there."""
    stores = [await PostgresStorage.open(postgres_url) for _ in range(2)]
    owner, other = (
        MatchService(doors_of(store), _shard(n), time.time) for n, store in enumerate(stores)
    )
    try:
        for service in (owner, other):
            await service.restore()
        match = await _nim_of_two(owner)  # a lobby, a join, a start: two saves heard
        await until(lambda: other.heard_count >= 2, "the other process to hear them")
        await other.settled()
        assert other.latest_change(match) is None and other.held(match) is None
        following = await other.follow(match)
        assert following is not None
        first = await following.next()
        assert first is not None and first.snapshot
        made = await _take_one(owner, match)
        delivery = await asyncio.wait_for(following.next(), 60)
        assert delivery is not None and delivery.change.version == made
        assert not delivery.snapshot and [e.kind for e in delivery.change.events] == ["took"]
    finally:
        for service, store in zip((owner, other), stores, strict=True):
            await service.stop()
            await store.close()


async def test_i47_1_a_lost_feed_connects_again_and_reads_back_what_it_missed(
    service, store, postgres_url, monkeypatch
):
    """The feed's connection is cut; a change saved meanwhile is never heard, so once the
    feed is back the follower is given it from the database."""
    storage = store
    match = (await open_lobby(storage)).id
    following = await service.follow(match)
    assert following is not None
    assert (await following.next()).change.version == 0
    asked, allowed = asyncio.Event(), asyncio.Event()
    listen = storage.listen

    async def gated(heard, lost):  # the reconnection waits until the change is saved
        asked.set()
        await allowed.wait()
        return await listen(heard, lost)

    monkeypatch.setattr(storage, "listen", gated)
    monkeypatch.setattr(relay_module, "RETRY_AFTER", (0.0,))
    admin = await asyncpg.connect(postgres_url)
    elsewhere = await PostgresStorage.open(postgres_url)
    try:
        cut = await admin.fetchval(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE application_name = 'tabletop-bot changes'"
        )
        assert cut == 1
        await until(asked.is_set, "the relay to connect again")
        record = await elsewhere.get_match(match)
        record.version = 1
        await elsewhere.save(record, expected_version=0, now=1001.0)
        allowed.set()
        delivery = await asyncio.wait_for(following.next(), 60)
        assert delivery is not None and delivery.change.version == 1
        assert not delivery.snapshot
        # Heard again from then on.
        record.version = 2
        await elsewhere.save(record, expected_version=1, now=1002.0)
        delivery = await asyncio.wait_for(following.next(), 60)
        assert delivery is not None and delivery.change.version == 2
    finally:
        await elsewhere.close()
        await admin.close()


async def other_process(world, settings, owner: MatchService) -> MatchService:
    """The match service of another process on the same database, serving the other shard
    (so not the world's server), as a live table's page may reach it."""
    shards = dict(shard_count=2, shard_ids=(1 - shard_of(world.guild.id, 2),))
    storage = await PostgresStorage.open(settings.database_url)
    elsewhere = MatchService(doors_of(storage), replace(settings, **shards), owner.clock)
    _stores[id(elsewhere)] = storage
    await elsewhere.restore()
    return elsewhere


_stores: dict[int, PostgresStorage] = {}  # each other process's store, closed with it


async def closed(service: MatchService) -> None:
    await service.stop()
    await _stores.pop(id(service)).close()


async def test_i47_1_a_move_saved_by_another_process_shows_on_the_owners_table(world, settings):
    """The SimCord bot serves every server; another process (a live table's page reached
    it) plays the acting member's move. The bot's Discord table shows that move, its
    timer runs for the new turn, and the next click in Discord plays on from it."""
    env, channel, people = world.env, world.channel, world.people
    await first_turn(world)
    owner: MatchService = env.bot.matches
    match = (await env.bot.storage.open_match_in_channel(channel.id)).id
    elsewhere = await other_process(world, settings, owner)
    try:
        async with elsewhere.session(match):
            record, game = await elsewhere.current(match)
            assert game is not None
            seat = game.to_act()[0]
            user, stamp = record.seats[seat].user_id, game.epoch()
            code = game.decision(seat).options[0].code
        change = await elsewhere.play(match, user, stamp, code, elsewhere.publish)
        assert elsewhere.due(match) is None  # not its server's match
        made = change.published
        assert made is not None

        def shown() -> list[str]:
            seen = table_of(channel, people["alice"])
            ids = [getattr(c, "custom_id", "") or "" for c in components(seen)]
            return [i for i in ids if i.startswith(("mv:", "ms:")) and f":{made.epoch()}:" in i]

        await until(shown, "the owner's table to show the move made elsewhere")
        due = await until(
            lambda: (pending := owner.due(match)) and pending.version == made.version and pending,
            "the owner's timer for the new turn",
        )
        assert due.kind == "remind"
        assert owner.latest_change(match).version == made.version
        await play_one(channel, people)  # the next click, in Discord, plays on from it
        assert owner.latest_change(match).version == made.version + 1
        await until(
            lambda: elsewhere.latest_change(match).version == made.version + 1,
            "the other process to hear of the click",
        )
    finally:
        await closed(elsewhere)


async def test_i47_1_a_match_played_to_its_end_elsewhere_gets_its_result_in_discord(
    world, settings
):
    """Every move of a Flip 7 match, from its first turn to its end, is made in another
    process; the bot's Discord channel gets its result, and the bot times it no more."""
    env, channel, people = world.env, world.channel, world.people
    await first_turn(world)
    owner: MatchService = env.bot.matches
    match = (await env.bot.storage.open_match_in_channel(channel.id)).id
    elsewhere = await other_process(world, settings, owner)
    info = GAMES["flip7"]
    try:
        for _move in range(2000):
            async with elsewhere.session(match):
                record, game = await elsewhere.current(match)
                assert game is not None
                seat = game.to_act()[0]
                user, stamp = record.seats[seat].user_id, game.epoch()
                code = info.choose_ai(game, seat, info.ai_levels[-1]).code
            change = await elsewhere.play(match, user, stamp, code, elsewhere.publish)
            if not change.record.is_open:
                break
        assert change.record.status == MatchStatus.FINISHED

        def result() -> discord.Message | None:
            last = channel.history(viewer=people["alice"])[-1]
            return last if "Rematch" in buttons(last) else None

        final = await until(result, "the result in the bot's channel")
        assert "win" in part(final, Part.HEADING)
        assert len(part(final, Part.RESULT).split("\n")) == 3
        await until(lambda: owner.due(match) is None, "the timer to end")
    finally:
        await closed(elsewhere)


async def test_i47_1_a_step_made_elsewhere_redraws_the_members_open_hand(world, settings):
    """Alice has her Sequence Numbers hand open in the bot's Discord; her next step is
    made in another process. Her open hand is redrawn for the step after it."""
    env, channel, people = world.env, world.channel, world.people
    alice = people["alice"]
    await open_sequence(channel, people)
    match = (await env.bot.storage.open_match_in_channel(channel.id)).id
    owner: MatchService = env.bot.matches
    async with owner.session(match):
        record, game = await owner.current(match)
        assert game is not None
        seat = game.to_act()[0]
    person = people["alice"] if record.seats[seat].user_id == alice.id else people["bob"]
    hand = await open_hand(channel, person)
    elsewhere = await other_process(world, settings, owner)
    try:
        async with elsewhere.session(match):
            _record, game = await elsewhere.current(match)
            assert game is not None
            action = choose_sequence(game, seat, "strong")
            code = action.code if isinstance(action, Exchange | Pass) else f"c.{action.card}"
            stamp = game.epoch()
        change = await elsewhere.play(match, person.id, stamp, code, elsewhere.publish)
        made = change.published
        assert made is not None and made.epoch() != stamp

        def redrawn() -> list[str]:
            shown = fresh(channel, person, hand.id)
            ids = [getattr(c, "custom_id", "") or "" for c in components(shown)]
            return [i for i in ids if f":{made.epoch()}:" in i]

        await until(redrawn, "the member's open hand to show the step after the one made elsewhere")
    finally:
        await closed(elsewhere)


async def test_i47_1_a_page_on_another_process_follows_and_plays_the_match(world, settings):
    """A member's live page reached a process that does not serve the match's server (its
    own live table on the same database): the page gets the match as it stands, plays the
    member's move from there, and the serving process's Discord table shows it; a click in
    Discord then reaches the page."""
    env, channel, people = world.env, world.channel, world.people
    await first_turn(world)
    owner: MatchService = env.bot.matches
    match = (await env.bot.storage.open_match_in_channel(channel.id)).id
    elsewhere = await other_process(world, settings, owner)
    languages = Languages(env.bot, elsewhere.scoped, elsewhere.failures)
    renderers = desk_of_bot(env.bot).renderers
    server = TableServer(elsewhere, renderers, languages, "127.0.0.1", 0, None, "a-secret")
    await server.start()
    page = None
    try:
        standing = await elsewhere.stand(match)
        assert standing is not None
        seat = standing.to_act()[0]
        user = standing.record.seats[seat].user_id
        assert user is not None
        page = await Socket.open(server, server.links.member(match, user, "en"))
        first = await page.table_at(standing.version)
        assert first["snapshot"] and first["seat"] == seat
        code, stamp = offered(first)[0]
        await page.move(code, stamp)
        moved = await page.table_at(standing.version + 1)
        assert moved["v"] == standing.version + 1
        await until(
            lambda: (latest := owner.latest_change(match)) and latest.version == moved["v"],
            "the serving process to hear of the page's move",
        )
        epoch = owner.latest_change(match).epoch()

        def shown() -> bool:
            seen = table_of(channel, people["alice"])
            ids = [getattr(c, "custom_id", "") or "" for c in components(seen)]
            return any(i.startswith(("mv:", "ms:")) and f":{epoch}:" in i for i in ids)

        await until(shown, "the Discord table to show the move made on the page")
        await play_one(channel, people)  # a click in Discord, in the serving process
        clicked = await page.table_at(moved["v"] + 1)
        assert clicked["v"] == moved["v"] + 1 and not clicked["snapshot"]
    finally:
        if page is not None:
            await page.close()
        await server.stop()
        await closed(elsewhere)
