"""Clicks with Discord's delays put back (bench.discord_delays): how long until each answer?

    python -m bench.click_delays [--moves 40] [--round-trip 0.1] [--jitter 0.2] [--postgresql]

Per game (Flip 7 with three members, Sink or Swim with three members picking from their open
hands), `--moves` clicks, each a real click through discord.py's machinery with every REST
and webhook call taking `--round-trip` seconds (± `--jitter` of it) and Discord's buckets in
force. Printed per game: the time from the press to the clicker's own answer (p50/p99), the
time the match lock was held per move (p50/p99), the save of the move (the store's write of
it, p50/p99) and the lock held beyond the save (lock minus save, p50/p99: the figure "lock
held ≤ save + 2 ms at p99"), and the calls per move by route. Then lobbies played in threads
(the default), `--moves` / 2 of them: two members Join, the host Starts; the same figures
per Join and per Start ("lobby join", "lobby start"). Then five members of a Sink or Swim
table pick at the same moment: the time until all five are decided (each answered), and how
many of them Discord would have failed (no first callback within 3 s).
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from collections import Counter
from pathlib import Path

from bench.discord_delays import (
    DelayedDiscord,
    Delays,
    delayed_discord,
    press_together,
    watch_locks,
    watch_saves,
)
from bench.harness import p50_p99, positive, simulated
from bench.pg import throwaway_postgres
from bot.core.settings import Settings
from bot.storage import MatchStatus
from cogs.desk.threads import TABLES_WHERE
from tests.cogs.games import test_flip7 as flip7
from tests.cogs.games import test_sink_or_swim as sink
from tests.cogs.helpers import moves_open, table_of
from tests.cogs.players import click_id, public_table

NAMES = ("alice", "bob", "carol", "dave", "erin")


class _World:
    """What the tests' helpers read: a channel, its members, the match they play."""

    def __init__(self, env, guild, names: tuple[str, ...]) -> None:
        self.env, self.guild = env, guild
        self.channel = guild.create_text_channel("games")
        self.people = {name: guild.add_member(env.create_user(name)) for name in names}
        self.match = 0


async def _world(env, bot, names) -> _World:
    guild = env.create_guild()
    await TABLES_WHERE.write(bot.storage, guild.id, "channel")
    return _World(env, guild, names)


class _Marks:
    """Where the harness's logs stood before a press, to measure the press alone."""

    def __init__(self, harness: DelayedDiscord) -> None:
        self.calls, self.holds = len(harness.calls), len(harness.lock_holds)
        self.saves = len(harness.saves)


def _measure(harness: DelayedDiscord, marks: _Marks, made: list) -> None:
    """The last press: its time to answer, the lock held, the save, its calls by route."""
    made.append(
        (
            harness.presses[-1].to_answer,
            sum(harness.lock_holds[marks.holds :]),
            sum(harness.saves[marks.saves :]),
            harness.since(marks.calls),
        )
    )


async def _flip7(env, bot, harness: DelayedDiscord, moves: int) -> list:
    world = await _world(env, bot, NAMES[:3])
    made: list = []
    await flip7.open_table(world.channel, world.people, goal=1000)
    while len(made) < moves:
        if not moves_open(table_of(world.channel, world.people["alice"])):
            await flip7.open_table(world.channel, world.people, goal=1000)
        marks = _Marks(harness)
        await flip7.play_one(world.channel, world.people)
        _measure(harness, marks, made)
    return made


async def _sink(env, bot, harness: DelayedDiscord, moves: int) -> list:
    world = await _world(env, bot, NAMES[:3])
    made: list = []
    await sink.open_table(world)
    while len(made) < moves:
        record, game = await sink.state(world)
        if record.status == MatchStatus.FINISHED:
            await sink.open_table(world)
            continue
        hands = {}
        for seat in game.to_act():  # every member's hand open, as a trick's players have
            hands[seat] = await sink.open_hand(world, sink.seat_user(world, record, seat))
        for seat, hand in hands.items():
            member = sink.seat_user(world, record, seat)
            card = sink.card_button(hand, game.hand(seat)[0]).custom_id
            marks = _Marks(harness)
            await member.click(hand, custom_id=card)
            _measure(harness, marks, made)
    return made[:moves]


async def _lobbies(env, harness: DelayedDiscord, count: int) -> tuple[list, list]:
    """`count` Flip 7 lobbies in threads of their own (each in a channel of its own): two
    members Join, the host Starts; each Join and each Start measured."""
    guild = env.create_guild()
    joins: list = []
    starts: list = []
    for _ in range(count):
        world = _World(env, guild, NAMES[:3])
        host, *guests = world.people.values()
        await host.slash(world.channel, "flip7 start", goal=1000)
        for guest in guests:
            marks = _Marks(harness)
            await click_id(guest, public_table(world.channel, host), ":join")
            _measure(harness, marks, joins)
        marks = _Marks(harness)
        await click_id(host, public_table(world.channel, host), ":start")
        _measure(harness, marks, starts)
        if not world.channel.threads:
            raise RuntimeError("the match did not move to a thread of its own")
    return joins, starts


async def _five_at_once(env, bot, harness: DelayedDiscord) -> tuple[float, int]:
    world = await _world(env, bot, NAMES)
    await sink.open_table(world, names=NAMES)
    record, game = await sink.state(world)
    members = [sink.seat_user(world, record, seat) for seat in range(len(NAMES))]
    hands = [await sink.open_hand(world, member) for member in members]
    clicks = [
        (
            lambda m=member, h=hand, s=seat: m.click(
                h, custom_id=sink.card_button(h, game.hand(s)[0]).custom_id
            )
        )
        for seat, (member, hand) in enumerate(zip(members, hands, strict=True))
    ]
    await press_together(env, clicks)
    _record, game = await sink.state(world)
    if game.trick != 2:
        raise RuntimeError("the five picks did not all count")
    presses = harness.presses[-len(NAMES) :]
    return max(p.to_answer for p in presses), sum(p.late for p in presses)


def report(game: str, made: list, what: str = "moves") -> None:
    answers = [m[0] * 1000 for m in made]
    holds = [m[1] * 1000 for m in made]
    saves = [m[2] * 1000 for m in made]
    beyond = [(m[1] - m[2]) * 1000 for m in made]
    calls: Counter[str] = Counter()
    for *_, routes in made:
        calls.update(routes)
    one = what.rstrip("s")
    a50, a99 = p50_p99(answers)
    h50, h99 = p50_p99(holds)
    s50, s99 = p50_p99(saves)
    b50, b99 = p50_p99(beyond)
    print(f"{game}: {len(made)} {what}; click to answer p50 {a50:.0f} ms, p99 {a99:.0f} ms")
    print(f"{game}: lock held per {one} p50 {h50:.0f} ms, p99 {h99:.0f} ms")
    print(f"{game}: save per {one} p50 {s50:.1f} ms, p99 {s99:.1f} ms")
    print(f"{game}: lock held beyond the save p50 {b50:.1f} ms, p99 {b99:.1f} ms")
    print(f"{game}: calls per {one} {sum(calls.values()) / len(made):.2f}")
    for route, count in calls.most_common():
        print(f"  {count / len(made):.2f}  {route}")


async def run(args: argparse.Namespace, url: str | None = None) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-"))
    settings = Settings(
        token="bench",
        database_path=folder / "bench.sqlite3",
        database_url=url,
        ai_delay=0,
        turn_timeout=3600,
    )
    delays = Delays(round_trip=args.round_trip, jitter=args.jitter)
    async with simulated(settings) as (bot, env):
        with delayed_discord(env, delays) as harness:
            watch_locks(harness, bot.matches)
            watch_saves(harness, bot.storage)
            report("flip7", await _flip7(env, bot, harness, args.moves))
            report("sinkorswim", await _sink(env, bot, harness, args.moves))
            joins, starts = await _lobbies(env, harness, max(1, args.moves // 2))
            report("lobby join", joins, "clicks")
            report("lobby start", starts, "clicks")
            seconds, late = await _five_at_once(env, bot, harness)
    print(f"five simultaneous Sink or Swim picks: all decided after {seconds:.2f} s; late: {late}")
    print(f"round trip {args.round_trip * 1000:.0f} ms ± {args.jitter * 100:.0f} %")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=positive, default=40, help="clicks per game")
    parser.add_argument("--round-trip", type=float, default=0.1, help="seconds per call")
    parser.add_argument("--jitter", type=float, default=0.2, help="share of the round trip")
    parser.add_argument("--postgresql", action="store_true", help="on a PostgreSQL server")
    args = parser.parse_args()
    if not args.postgresql:
        asyncio.run(run(args))
        return
    with throwaway_postgres() as url:
        asyncio.run(run(args, url))


if __name__ == "__main__":
    main()
