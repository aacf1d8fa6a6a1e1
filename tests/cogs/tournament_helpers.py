"""A server where tournaments are played: members, a moderator, the sign-up message, the
tables of a round found in their threads, and points computed from announced places."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord

from tests.cogs.helpers import components
from tests.cogs.players import play_to_end
from tests.waiting import until


def tournament_world(env: Any, count: int, locale: str = "en-US") -> SimpleNamespace:
    """A server (in `locale`) with a tournaments channel, a moderator and `count` members."""
    guild = env.create_guild(preferred_locale=locale)
    channel = guild.create_text_channel("tournaments")
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    people = [guild.add_member(env.create_user(f"p{n:02d}")) for n in range(count)]
    return SimpleNamespace(env=env, guild=guild, channel=channel, mod=mod, people=people)


def _id(item: Any) -> str:
    return getattr(item, "custom_id", "") or ""


def signup(channel: Any, viewer: Any) -> discord.Message:
    """The tournament's message (the newest with its buttons)."""
    for message in reversed(channel.history(viewer=viewer)):
        if any(_id(item).startswith("tour:") for item in components(message)):
            return message
    raise AssertionError("no tournament message")


async def press(person: Any, channel: Any, action: str) -> Any:
    message = signup(channel, person)
    item = next(i for i in components(message) if _id(i).startswith(f"tour:{action}:"))
    return await person.click(message, custom_id=item.custom_id)


def points(places: list[int]) -> list[float]:
    """60 · (n − p) / (n − 1) per seat, places shared equally, as docs/TOURNAMENTS.md says."""
    n = len(places)
    scale = [60 * (n - p) / (n - 1) for p in range(1, n + 1)]
    shares = []
    for place in places:
        tied = places.count(place)
        shares.append(sum(scale[place - 1 : place - 1 + tied]) / tied)
    return shares


async def round_tables(env: Any, tournament_id: int, round_number: int) -> list[Any]:
    matches = await env.bot.storage.tournament_matches(tournament_id)
    return [m for m in matches if m.extra.table is not None and m.extra.table.round == round_number]


def thread_of(channel: Any, thread_id: int) -> Any:
    return next(t for t in channel.threads if t.id == thread_id)


async def opened_round(env: Any, tournament_id: int, round_number: int) -> list[Any]:
    """The round's tables once the bot has opened each in its thread: it saves a round when
    the last table of the one before ends, then opens the threads."""

    async def opened() -> list[Any] | None:
        tables = await round_tables(env, tournament_id, round_number)
        return tables if tables and all(t.thread_id is not None for t in tables) else None

    return await until(opened, f"round {round_number}'s tables, each in its thread")


async def next_round(env: Any, tournament_id: int, round_number: int) -> list[Any]:
    """Round `round_number`'s tables once opened in their threads, or [] once the tournament
    has ended instead (the round before was its last)."""

    async def decided() -> tuple[list[Any]] | None:
        tables = await round_tables(env, tournament_id, round_number)
        if tables and all(t.thread_id is not None for t in tables):
            return (tables,)
        record = await env.bot.storage.get_tournament(tournament_id)
        return ([],) if record.state in ("finished", "cancelled") else None

    (tables,) = await until(decided, f"round {round_number} to open or the tournament to end")
    return tables


async def ended(env: Any, tournament_id: int) -> Any:
    """The tournament once the bot has ended it (after its last table's result)."""

    async def over() -> Any:
        record = await env.bot.storage.get_tournament(tournament_id)
        return record if record.state in ("finished", "cancelled") else None

    return await until(over, "the tournament to end")


async def play_round(world: SimpleNamespace, tournament_id: int, round_number: int) -> None:
    for match in await opened_round(world.env, tournament_id, round_number):
        seated = {s.user_id for s in match.seats}
        people = [p for p in world.people if p.id in seated]
        await play_to_end(world.env, thread_of(world.channel, match.thread_id), people)
